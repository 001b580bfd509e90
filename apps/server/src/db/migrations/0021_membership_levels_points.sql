ALTER TABLE "point_ledger" ADD COLUMN "trade_order_id" bigint;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD COLUMN "earn_year" integer;--> statement-breakpoint
UPDATE "point_ledger" SET "earn_year" = extract(year FROM "created_at")::int WHERE "delta" > 0;--> statement-breakpoint
DROP INDEX IF EXISTS "point_ledger_buyer_idx";--> statement-breakpoint
CREATE INDEX "point_ledger_buyer_idx" ON "point_ledger" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_once_per_contract" ON "point_ledger" USING btree ("trade_contract_id","reason") WHERE "point_ledger"."reason" IN ('EARN', 'ORDER', 'ORDER_CLOSED');--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_expiry_once" ON "point_ledger" USING btree ("buyer_id","earn_year") WHERE "point_ledger"."reason" = 'EXPIRY';--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "level_amt_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "level_amt_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "point_balances" (
	"buyer_id" bigint PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "point_balances" ("buyer_id", "balance") SELECT "buyer_id", GREATEST(sum("delta"), 0) FROM "point_ledger" GROUP BY "buyer_id";--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"rank" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"threshold_minor" bigint NOT NULL,
	"discount_rate" numeric(5, 4) DEFAULT '0' NOT NULL,
	"points_multiplier" numeric(4, 2) DEFAULT '1' NOT NULL,
	"free_shipping_minor" bigint,
	"monthly_coupon_minor" bigint,
	"monthly_coupon_min_spend_minor" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_site_rank_key" ON "member_levels" USING btree ("site","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_site_code_key" ON "member_levels" USING btree ("site","code");--> statement-breakpoint
CREATE TABLE "member_growth" (
	"buyer_id" bigint NOT NULL,
	"site" text NOT NULL,
	"growth_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_growth_buyer_id_site_pk" PRIMARY KEY("buyer_id","site"),
	CONSTRAINT "member_growth_not_negative" CHECK ("member_growth"."growth_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_growth" ADD CONSTRAINT "member_growth_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "member_coupon_campaigns" (
	"level_id" bigint NOT NULL,
	"month" text NOT NULL,
	"campaign_id" bigint NOT NULL,
	CONSTRAINT "member_coupon_campaigns_level_id_month_pk" PRIMARY KEY("level_id","month")
);
--> statement-breakpoint
ALTER TABLE "member_coupon_campaigns" ADD CONSTRAINT "member_coupon_campaigns_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon_campaigns" ADD CONSTRAINT "member_coupon_campaigns_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "member_coupon_grants" (
	"buyer_id" bigint NOT NULL,
	"site" text NOT NULL,
	"month" text NOT NULL,
	"owner_coupon_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_coupon_grants_buyer_id_site_month_pk" PRIMARY KEY("buyer_id","site","month")
);
--> statement-breakpoint
ALTER TABLE "member_coupon_grants" ADD CONSTRAINT "member_coupon_grants_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon_grants" ADD CONSTRAINT "member_coupon_grants_owner_coupon_id_owner_coupons_id_fk" FOREIGN KEY ("owner_coupon_id") REFERENCES "public"."owner_coupons"("id") ON DELETE cascade ON UPDATE no action;
