CREATE TABLE "order_status_counts" (
	"buyer_id" bigint NOT NULL,
	"display_status" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_pkey" PRIMARY KEY("buyer_id","display_status")
);
--> statement-breakpoint
-- The status the buyer sees, the same rule as displayStatus in packages/domain: net-terms and
-- invoice-me orders show PENDING_PAY as UN_DELIVERY. modules/trade/display-status.test.ts checks
-- this copy against displayStatus for every input.
CREATE FUNCTION "order_display_status"(status text, trade_type text, pay_channel text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'PENDING_PAY' AND (trade_type = 'NET_B2B' OR pay_channel = 'INVOICE_ME') THEN 'UN_DELIVERY' ELSE status END
$$;
--> statement-breakpoint
-- One order leaves its old (buyer, display status) and joins its new one. Both rows are written
-- in one statement in (buyer, status) order, so two transactions moving one buyer's orders take
-- the row locks in the same order and cannot deadlock on them.
CREATE FUNCTION "order_status_counts_track"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts AS c (buyer_id, display_status, quantity)
  SELECT v.buyer_id, v.display_status, sum(v.delta)::int
  FROM (
    SELECT OLD.buyer_id, order_display_status(OLD.status, OLD.trade_type, OLD.pay_channel), -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.buyer_id, order_display_status(NEW.status, NEW.trade_type, NEW.pay_channel), 1 WHERE TG_OP <> 'DELETE'
  ) v(buyer_id, display_status, delta)
  GROUP BY v.buyer_id, v.display_status
  HAVING sum(v.delta) <> 0
  ORDER BY v.buyer_id, v.display_status
  ON CONFLICT (buyer_id, display_status) DO UPDATE SET quantity = c.quantity + EXCLUDED.quantity;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trade_orders_counts_insert_delete" AFTER INSERT OR DELETE ON "trade_orders"
FOR EACH ROW EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER "trade_orders_counts_update" AFTER UPDATE OF buyer_id, status, trade_type, pay_channel ON "trade_orders"
FOR EACH ROW WHEN (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id
  OR order_display_status(OLD.status, OLD.trade_type, OLD.pay_channel) IS DISTINCT FROM order_display_status(NEW.status, NEW.trade_type, NEW.pay_channel))
EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_reset"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trade_orders_counts_truncate" AFTER TRUNCATE ON "trade_orders"
FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_reset();
--> statement-breakpoint
-- Orders already there (an existing shop upgrading).
INSERT INTO "order_status_counts" (buyer_id, display_status, quantity)
SELECT buyer_id, order_display_status(status, trade_type, pay_channel), count(*)::int FROM "trade_orders" GROUP BY 1, 2;
