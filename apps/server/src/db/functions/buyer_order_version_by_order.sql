-- Rows of one order: its lines and shipment packages.
CREATE OR REPLACE FUNCTION "buyer_order_version_by_order"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(o.buyer_id) FROM trade_orders o
  WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  RETURN NULL;
END
$$;
