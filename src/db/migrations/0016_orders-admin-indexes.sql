ALTER TABLE "orders" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (case
      when length(regexp_replace(phone, '[^0-9]', '', 'g')) = 11 and left(regexp_replace(phone, '[^0-9]', '', 'g'), 1) = '8'
        then '7' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2)
      when length(regexp_replace(phone, '[^0-9]', '', 'g')) = 10 then '7' || regexp_replace(phone, '[^0-9]', '', 'g')
      else regexp_replace(phone, '[^0-9]', '', 'g') end) STORED;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_location_idx" ON "orders" USING btree ("location_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_delivery_idx" ON "orders" USING btree ("delivery_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree (upper("coupon_code")) WHERE "orders"."coupon_code" is not null;--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin ("phone_digits" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_buyer_name_trgm_idx" ON "orders" USING gin ("buyer_name" gin_trgm_ops) WITH (fastupdate=false);