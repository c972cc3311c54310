CREATE TABLE "exchange_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"session_id" bigint,
	"sent_at" timestamp with time zone,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_session_id_exchange_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exchange_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_orders_session_idx" ON "exchange_orders" USING btree ("session_id");