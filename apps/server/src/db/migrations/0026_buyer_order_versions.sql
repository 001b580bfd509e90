CREATE TABLE "buyer_order_versions" (
	"buyer_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"bumped_by" bigint
);
--> statement-breakpoint
-- The buyer's order reads' cache key (modules/trade/read-cache.ts): bumped once per transaction
-- that changes anything the order list, tab counts or detail of that buyer show. The triggers
-- below are deferred to the commit like catalog_version's (0025), so the buyer's row is locked
-- only at the very end and the bump is visible together with the change. A buyer without a row
-- has never had an order: its version reads as 0 and the first order makes it 1.
CREATE FUNCTION "buyer_order_version_bump"(buyer bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO buyer_order_versions AS v (buyer_id, version, bumped_by)
  SELECT buyer, 1, txid_current() WHERE buyer IS NOT NULL
  ON CONFLICT (buyer_id) DO UPDATE SET version = v.version + 1, bumped_by = EXCLUDED.bumped_by
  WHERE v.bumped_by IS DISTINCT FROM EXCLUDED.bumped_by
$$;
--> statement-breakpoint
-- Rows that name their buyer: trade orders, contracts, payment records, reverse orders.
CREATE FUNCTION "buyer_order_version_by_buyer"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM buyer_order_version_bump(OLD.buyer_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.buyer_id IS DISTINCT FROM OLD.buyer_id) THEN PERFORM buyer_order_version_bump(NEW.buyer_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows of one order: its lines and shipment packages.
CREATE FUNCTION "buyer_order_version_by_order"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(o.buyer_id) FROM trade_orders o
  WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows of one contract: refunds.
CREATE FUNCTION "buyer_order_version_by_contract"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(c.buyer_id) FROM trade_contracts c
  WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.contract_id ELSE NEW.contract_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows of one order line: its service coupons (codes shown on the detail).
CREATE FUNCTION "buyer_order_version_by_line"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(o.buyer_id) FROM trade_order_lines l JOIN trade_orders o ON o.id = l.order_id
  WHERE l.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_line_id ELSE NEW.order_line_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_orders_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "trade_orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();
--> statement-breakpoint
-- A contract is inserted before its orders (whose insert bumps); later changes (master pay, presale balance, addresses) bump.
CREATE CONSTRAINT TRIGGER "trade_contracts_buyer_version" AFTER UPDATE OR DELETE ON "trade_contracts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payment_records_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "payment_records"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reverse_trade_orders_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "reverse_trade_orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();
--> statement-breakpoint
-- Lines are inserted with their order (whose insert bumps); deliveries, cancels and returns update them.
CREATE CONSTRAINT TRIGGER "trade_order_lines_buyer_version" AFTER UPDATE OR DELETE ON "trade_order_lines"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipment_packages_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "shipment_packages"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "refunds"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_contract();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_order_line_coupons_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "trade_order_line_coupons"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_line();
--> statement-breakpoint
-- A truncate (tests, resets) moves every buyer's version.
CREATE FUNCTION "buyer_order_versions_bump_all"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buyer_order_versions SET version = version + 1, bumped_by = txid_current();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trade_orders_buyer_version_truncate" AFTER TRUNCATE ON "trade_orders" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "trade_contracts_buyer_version_truncate" AFTER TRUNCATE ON "trade_contracts" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "payment_records_buyer_version_truncate" AFTER TRUNCATE ON "payment_records" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "reverse_trade_orders_buyer_version_truncate" AFTER TRUNCATE ON "reverse_trade_orders" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "trade_order_lines_buyer_version_truncate" AFTER TRUNCATE ON "trade_order_lines" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "shipment_packages_buyer_version_truncate" AFTER TRUNCATE ON "shipment_packages" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "refunds_buyer_version_truncate" AFTER TRUNCATE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
--> statement-breakpoint
CREATE TRIGGER "trade_order_line_coupons_buyer_version_truncate" AFTER TRUNCATE ON "trade_order_line_coupons" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
