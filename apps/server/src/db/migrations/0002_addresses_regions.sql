CREATE TABLE "addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"person_phone" text NOT NULL,
	"area_code" text,
	"email" text NOT NULL,
	"country_id" bigint NOT NULL,
	"province" text,
	"province_id" text,
	"city" text NOT NULL,
	"city_id" text,
	"district_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"postal_code" text NOT NULL,
	"poi_name" text NOT NULL,
	"detail_address" text NOT NULL,
	"company" text,
	"tax_code" text,
	"address_type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"subscribe" boolean DEFAULT false NOT NULL,
	"site" text NOT NULL,
	"hear_from" text,
	"hear_from_input" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"level" integer NOT NULL,
	"region_name" text NOT NULL,
	"region_short_name" text NOT NULL,
	"code" text NOT NULL,
	"pinyin" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_regions_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_buyer_idx" ON "addresses" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_key" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_id");