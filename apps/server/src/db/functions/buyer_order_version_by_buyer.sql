-- Rows that name their buyer: trade orders, contracts, payment records, reverse orders.
CREATE OR REPLACE FUNCTION "buyer_order_version_by_buyer"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM buyer_order_version_bump(OLD.buyer_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.buyer_id IS DISTINCT FROM OLD.buyer_id) THEN PERFORM buyer_order_version_bump(NEW.buyer_id); END IF;
  RETURN NULL;
END
$$;
