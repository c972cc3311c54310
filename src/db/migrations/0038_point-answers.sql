CREATE TABLE "point_answers" (
	"source" text NOT NULL,
	"city_code" text NOT NULL,
	"points_json" text NOT NULL,
	"pay_points_json" text NOT NULL,
	"points" integer NOT NULL,
	"pay_points" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_answers_source_city_code_pk" PRIMARY KEY("source","city_code")
);
--> statement-breakpoint
-- ADR 211: any change of a city's points deletes its stored answer in the same transaction; the
-- refresh and the own-point edits then write it again, any other writer leaves it to the next read.
CREATE FUNCTION "forget_carrier_point_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		DELETE FROM "point_answers" a USING (SELECT DISTINCT "carrier", "city_code" FROM new_rows) n
		WHERE a."source" = 'carrier:' || n."carrier" AND a."city_code" = n."city_code";
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		DELETE FROM "point_answers" a USING (SELECT DISTINCT "carrier", "city_code" FROM old_rows) o
		WHERE a."source" = 'carrier:' || o."carrier" AND a."city_code" = o."city_code";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "forget_service_point_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		DELETE FROM "point_answers" a USING (SELECT DISTINCT "service_id", "city_code" FROM new_rows) n
		WHERE a."source" = 'service:' || n."service_id" AND a."city_code" = n."city_code";
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		DELETE FROM "point_answers" a USING (SELECT DISTINCT "service_id", "city_code" FROM old_rows) o
		WHERE a."source" = 'service:' || o."service_id" AND a."city_code" = o."city_code";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "carrier_points_forget_answers_insert" AFTER INSERT ON "carrier_points" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_carrier_point_answers"();
--> statement-breakpoint
CREATE TRIGGER "carrier_points_forget_answers_update" AFTER UPDATE ON "carrier_points" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_carrier_point_answers"();
--> statement-breakpoint
CREATE TRIGGER "carrier_points_forget_answers_delete" AFTER DELETE ON "carrier_points" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_carrier_point_answers"();
--> statement-breakpoint
CREATE TRIGGER "pickup_points_forget_answers_insert" AFTER INSERT ON "pickup_points" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_service_point_answers"();
--> statement-breakpoint
CREATE TRIGGER "pickup_points_forget_answers_update" AFTER UPDATE ON "pickup_points" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_service_point_answers"();
--> statement-breakpoint
CREATE TRIGGER "pickup_points_forget_answers_delete" AFTER DELETE ON "pickup_points" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_service_point_answers"();
