ALTER TABLE "brands" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "showcase_slides" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_picture_id_media_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."media_pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_slides" ADD CONSTRAINT "showcase_slides_picture_id_media_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."media_pictures"("id") ON DELETE set null ON UPDATE no action;