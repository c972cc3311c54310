ALTER TABLE "cities" ADD COLUMN "fias_id" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "fias_level" integer;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "kladr_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_fias_id_idx" ON "cities" USING btree ("fias_id");