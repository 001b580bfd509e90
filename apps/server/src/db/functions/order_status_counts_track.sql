-- One order leaves its old (buyer, display status) and joins its new one. Both rows are written
-- in one statement in (buyer, status) order, so two transactions moving one buyer's orders take
-- the row locks in the same order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION "order_status_counts_track"() RETURNS trigger
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
