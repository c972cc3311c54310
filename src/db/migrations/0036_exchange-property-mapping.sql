CREATE TABLE "exchange_properties" (
	"external_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value_type" text DEFAULT '' NOT NULL,
	"filter_property_id" integer
);
--> statement-breakpoint
ALTER TABLE "exchange_property_values" ADD COLUMN "option_id" integer;--> statement-breakpoint
ALTER TABLE "exchange_properties" ADD CONSTRAINT "exchange_properties_filter_property_id_filter_properties_id_fk" FOREIGN KEY ("filter_property_id") REFERENCES "public"."filter_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_property_values" ADD CONSTRAINT "exchange_property_values_option_id_filter_property_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."filter_property_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 1С properties imported before this migration: their names were kept as 'property Ид/' in exchange_property_values.
INSERT INTO "exchange_properties" ("external_id", "name")
SELECT left("key", length("key") - 1), "value" FROM "exchange_property_values"
WHERE position('/' in "key") = length("key") AND length("key") > 1
ON CONFLICT DO NOTHING;
