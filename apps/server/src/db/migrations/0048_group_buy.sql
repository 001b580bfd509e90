-- Group-buy: a shop's campaign on one SKU (group price in one currency, group size, hours to fill, its own stock
-- of units), the groups buyers start on it, and each group's member orders (one unit each).
CREATE TABLE "group_buy_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" bigint NOT NULL REFERENCES "shops"("id"),
	"sku_id" bigint NOT NULL REFERENCES "skus"("id"),
	"currency" text NOT NULL,
	"group_price_minor" bigint NOT NULL CHECK ("group_price_minor" > 0),
	"group_size" integer NOT NULL CHECK ("group_size" BETWEEN 2 AND 100),
	"hours" integer NOT NULL CHECK ("hours" BETWEEN 1 AND 720),
	"stock" integer NOT NULL CHECK ("stock" >= 0),
	"stock_left" integer NOT NULL CHECK ("stock_left" >= 0 AND "stock_left" <= "stock"),
	"status" text DEFAULT 'ACTIVE' NOT NULL CHECK ("status" IN ('ACTIVE', 'ENDED')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "group_buy_campaigns_sku_idx" ON "group_buy_campaigns" ("sku_id") WHERE "status" = 'ACTIVE';
--> statement-breakpoint
CREATE INDEX "group_buy_campaigns_shop_idx" ON "group_buy_campaigns" ("shop_id");
--> statement-breakpoint
-- members: slots taken (a member holds its slot from its order until the order closes unpaid); paid: members who paid.
CREATE TABLE "group_buy_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL REFERENCES "group_buy_campaigns"("id"),
	"leader_id" bigint NOT NULL REFERENCES "users"("id"),
	"status" text DEFAULT 'OPEN' NOT NULL CHECK ("status" IN ('OPEN', 'FILLED', 'FAILED')),
	"size" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL CHECK ("members" >= 0 AND "members" <= "size"),
	"paid" integer DEFAULT 0 NOT NULL CHECK ("paid" >= 0 AND "paid" <= "members"),
	"expires_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "group_buy_groups_campaign_idx" ON "group_buy_groups" ("campaign_id", "status");
--> statement-breakpoint
CREATE INDEX "group_buy_groups_open_expiry_idx" ON "group_buy_groups" ("expires_at") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE TABLE "group_buy_members" (
	"order_id" bigint PRIMARY KEY NOT NULL REFERENCES "trade_orders"("id"),
	"group_id" bigint NOT NULL REFERENCES "group_buy_groups"("id"),
	"buyer_id" bigint NOT NULL REFERENCES "users"("id"),
	"paid_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A buyer holds one slot of a group at a time.
CREATE UNIQUE INDEX "group_buy_members_one_per_buyer" ON "group_buy_members" ("group_id", "buyer_id") WHERE "released_at" IS NULL;
--> statement-breakpoint
-- Members' order reads show the group (slots left, status): a change of the group is a change of each member's orders.
CREATE FUNCTION "buyer_order_version_by_group"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(m.buyer_id) FROM group_buy_members m WHERE m.group_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_buy_groups_buyer_version" AFTER UPDATE ON "group_buy_groups"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_group();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_buy_members_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "group_buy_members"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();
