-- Rows of one order line: its service coupons (codes shown on the detail).
CREATE OR REPLACE FUNCTION "buyer_order_version_by_line"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(o.buyer_id) FROM trade_order_lines l JOIN trade_orders o ON o.id = l.order_id
  WHERE l.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_line_id ELSE NEW.order_line_id END;
  RETURN NULL;
END
$$;
