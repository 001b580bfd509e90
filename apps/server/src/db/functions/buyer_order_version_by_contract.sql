-- Rows of one contract: refunds.
CREATE OR REPLACE FUNCTION "buyer_order_version_by_contract"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(c.buyer_id) FROM trade_contracts c
  WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.contract_id ELSE NEW.contract_id END;
  RETURN NULL;
END
$$;
