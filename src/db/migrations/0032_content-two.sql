ALTER TABLE "landing_pages" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turbo_recipes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "eco_points" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "b2b_events" ADD COLUMN "speaker" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "b2b_events" ADD COLUMN "published" boolean DEFAULT true NOT NULL;