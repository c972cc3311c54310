ALTER TABLE "brands" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;