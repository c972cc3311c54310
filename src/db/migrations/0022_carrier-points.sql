CREATE TABLE "carrier_cities" (
	"carrier" text NOT NULL,
	"city_code" text NOT NULL,
	"carrier_city_code" text,
	"points_refreshed_at" timestamp with time zone,
	"refresh_claimed_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	CONSTRAINT "carrier_cities_carrier_city_code_pk" PRIMARY KEY("carrier","city_code")
);
--> statement-breakpoint
CREATE TABLE "carrier_points" (
	"carrier" text NOT NULL,
	"code" text NOT NULL,
	"city_code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"address_full" text DEFAULT '' NOT NULL,
	"address_comment" text DEFAULT '' NOT NULL,
	"work_time" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"have_cash" boolean DEFAULT false NOT NULL,
	"have_cashless" boolean DEFAULT false NOT NULL,
	"allowed_cod" boolean DEFAULT false NOT NULL,
	"weight_min_grams" integer DEFAULT 0 NOT NULL,
	"weight_max_grams" integer,
	"active" boolean DEFAULT true NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_points_carrier_code_pk" PRIMARY KEY("carrier","code")
);
--> statement-breakpoint
CREATE INDEX "carrier_points_city_idx" ON "carrier_points" USING btree ("carrier","city_code","active");