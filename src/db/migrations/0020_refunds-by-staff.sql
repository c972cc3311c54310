DROP INDEX "payment_refunds_payment_idx";--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "delivery_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "author" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_after_cancel_idx" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."reason" = 'paid-after-cancel';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_idx" ON "payment_refunds" USING btree ("order_id","request_key","payment_id") WHERE "payment_refunds"."request_key" is not null;--> statement-breakpoint
CREATE INDEX "payment_refunds_by_payment_idx" ON "payment_refunds" USING btree ("payment_id");