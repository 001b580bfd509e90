-- The kept per-buyer counts move at commit (issue 14): as immediate row triggers, the first
-- order a transaction wrote locked the buyer's (buyer, status) row until the commit, so every
-- other order of that buyer (an enterprise buying in parallel, a retry) waited for the whole
-- rest of the transaction. Deferred, the row is locked only while the transaction commits.
-- The deltas are the same (each trigger sees the row as it was at its event).
DROP TRIGGER "trade_orders_counts_insert_delete" ON "trade_orders";
--> statement-breakpoint
DROP TRIGGER "trade_orders_counts_update" ON "trade_orders";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_orders_counts_insert_delete" AFTER INSERT OR DELETE ON "trade_orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_status_counts_track();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_orders_counts_update" AFTER UPDATE OF buyer_id, status, trade_type, pay_channel ON "trade_orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id
  OR order_display_status(OLD.status, OLD.trade_type, OLD.pay_channel) IS DISTINCT FROM order_display_status(NEW.status, NEW.trade_type, NEW.pay_channel))
EXECUTE FUNCTION order_status_counts_track();
