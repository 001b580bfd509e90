CREATE TABLE "coupon_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"shop_id" bigint,
	"type" text NOT NULL,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount_value" numeric(4, 2),
	"min_spend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"use_limit" boolean DEFAULT false NOT NULL,
	"code" text,
	"total_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"status" text DEFAULT 'NOT_USED' NOT NULL,
	"used_at" timestamp with time zone,
	"trade_contract_id" bigint
);
--> statement-breakpoint
CREATE TABLE "pickup_stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"store_name" text NOT NULL,
	"store_address" text NOT NULL,
	"store_city" text NOT NULL,
	"store_state" text DEFAULT '' NOT NULL,
	"store_zip_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"business_hours" text DEFAULT '' NOT NULL,
	"support_pick_up" boolean DEFAULT true NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"trade_contract_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_trade_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"site" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"requirements" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"free_over" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"site" text NOT NULL,
	"currency" text NOT NULL,
	"trade_type" text NOT NULL,
	"status" text NOT NULL,
	"sku_amt_minor" bigint NOT NULL,
	"discount_amt_minor" bigint NOT NULL,
	"shipping_amt_minor" bigint NOT NULL,
	"tax_amt_minor" bigint NOT NULL,
	"points_discount_minor" bigint NOT NULL,
	"need_pay_amt_minor" bigint NOT NULL,
	"used_points" integer DEFAULT 0 NOT NULL,
	"redeem_points" integer DEFAULT 0 NOT NULL,
	"earn_points" integer DEFAULT 0 NOT NULL,
	"is_free_trade" boolean DEFAULT false NOT NULL,
	"pay_unique_key" text NOT NULL,
	"payment_order_id" text NOT NULL,
	"pay_deadline" timestamp with time zone,
	"selected_address" jsonb NOT NULL,
	"billing_address" jsonb,
	"payload" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"parent_line_id" bigint,
	"line_group_type" text NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"unit_amt_minor" bigint NOT NULL,
	"sku_amt_minor" bigint NOT NULL,
	"discount_amt_minor" bigint NOT NULL,
	"need_pay_amt_minor" bigint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_order_code" text NOT NULL,
	"contract_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"status" text NOT NULL,
	"trade_type" text NOT NULL,
	"currency" text NOT NULL,
	"sku_amt_minor" bigint NOT NULL,
	"discount_amt_minor" bigint NOT NULL,
	"shipping_amt_minor" bigint NOT NULL,
	"tax_amt_minor" bigint NOT NULL,
	"need_pay_amt_minor" bigint NOT NULL,
	"paid_amt_minor" bigint DEFAULT 0 NOT NULL,
	"shipping_method_id" bigint,
	"shipping_method_code" text,
	"pick_up_store_id" bigint,
	"pick_up_store_snapshot" jsonb,
	"remark" text,
	"pay_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_campaigns" ADD CONSTRAINT "coupon_campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_coupons" ADD CONSTRAINT "owner_coupons_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_coupons" ADD CONSTRAINT "owner_coupons_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_stores" ADD CONSTRAINT "pickup_stores_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_trade_requests" ADD CONSTRAINT "pre_trade_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD CONSTRAINT "trade_contracts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD CONSTRAINT "trade_order_lines_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_contract_id_trade_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."trade_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_campaigns_code_key" ON "coupon_campaigns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "owner_coupons_buyer_idx" ON "owner_coupons" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "point_ledger_buyer_idx" ON "point_ledger" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_trade_requests_buyer_key" ON "pre_trade_requests" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shipping_methods_shop_idx" ON "shipping_methods" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_contracts_buyer_key" ON "trade_contracts" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trade_order_lines_order_idx" ON "trade_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_code_key" ON "trade_orders" USING btree ("trade_order_code");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_idx" ON "trade_orders" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "trade_orders_contract_idx" ON "trade_orders" USING btree ("contract_id");