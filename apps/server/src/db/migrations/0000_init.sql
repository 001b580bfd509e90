CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text,
	"password_hash" text,
	"nickname" text DEFAULT '' NOT NULL,
	"user_type" text NOT NULL,
	"role" text DEFAULT 'BUYER' NOT NULL,
	"merchant_audit_status" text DEFAULT 'none' NOT NULL,
	"enterprise_id" bigint,
	"is_enterprise_main" boolean DEFAULT false NOT NULL,
	"enterprise_status" text DEFAULT 'ENABLED' NOT NULL,
	"order_amt_minor" bigint DEFAULT 0 NOT NULL,
	"remaining_amt_minor" bigint DEFAULT 0 NOT NULL,
	"credit_amt_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"part_sku_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"qty" numeric(12, 3) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"url_key" text NOT NULL,
	"item_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"main_image" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"business_type" text NOT NULL,
	"commerce_type" text DEFAULT 'B2C' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"is_exceed" boolean DEFAULT false NOT NULL,
	"presale_deposit_rate" numeric(5, 4),
	"deposit_end_at" timestamp with time zone,
	"balance_start_at" timestamp with time zone,
	"balance_end_at" timestamp with time zone,
	"service_uses" integer,
	"service_valid_days" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"site_address" text DEFAULT '' NOT NULL,
	"shop_channel_type" text DEFAULT 'SELF' NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "sku_prices" (
	"sku_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "sku_prices_sku_id_currency_pk" PRIMARY KEY("sku_id","currency")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sku_code" text NOT NULL,
	"image" text NOT NULL,
	"points_price" integer,
	"base_unit" text DEFAULT 'pc' NOT NULL,
	"marketing_unit" text DEFAULT 'pc' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nonfixed_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adjust_step" numeric(12, 3) DEFAULT '1' NOT NULL,
	"min_qty" numeric(12, 3) DEFAULT '1' NOT NULL,
	"max_qty" numeric(12, 3) DEFAULT '10' NOT NULL,
	"qty_decimals" integer DEFAULT 0 NOT NULL,
	"stock" numeric(14, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_parts" ADD CONSTRAINT "item_parts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_parts" ADD CONSTRAINT "item_parts_part_sku_id_skus_id_fk" FOREIGN KEY ("part_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_prices" ADD CONSTRAINT "sku_prices_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_email_at_idx" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_enterprise_idx" ON "users" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "item_parts_item_idx" ON "item_parts" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_url_key_key" ON "items" USING btree ("url_key");--> statement-breakpoint
CREATE INDEX "items_shop_idx" ON "items" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_sku_code_key" ON "skus" USING btree ("sku_code");--> statement-breakpoint
CREATE INDEX "skus_item_idx" ON "skus" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_buyer_sku_key" ON "cart_lines" USING btree ("buyer_id","sku_id");--> statement-breakpoint
CREATE INDEX "cart_lines_buyer_idx" ON "cart_lines" USING btree ("buyer_id");