ALTER TABLE "coupons" ADD COLUMN "per_buyer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_buyer_positive" CHECK ("coupons"."per_buyer_limit" is null or "coupons"."per_buyer_limit" >= 1);