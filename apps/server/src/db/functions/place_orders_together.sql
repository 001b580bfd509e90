-- place_orders_together: a group of orders that use no coupon, promotion code or points, in the
-- one transaction of its statement. Takes the key locks (as submit_lock_and_find, in the order
-- given), fails with MS002 if a key already has a contract (the app then places each order on
-- its own, where that order's retry finds it), writes the orders, takes the bought lines out of
-- their buyers' carts and takes the stock (lines, DIY parts and gifts; MS001 when one is short).
CREATE OR REPLACE FUNCTION place_orders_together(buyers bigint[], keys text[], plans jsonb, code_date text, cart jsonb, stock_ids bigint[], stock_qtys numeric[])
RETURNS TABLE (id text, orders text[]) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  -- Key by key, with submit_lock_and_find's look-up (one buyer and key on the unique index): a
  -- join of all the keys with the contracts kept the plan it got on a near-empty table (a hash
  -- join over every contract) until the next ANALYZE.
  FOR i IN 1 .. cardinality(buyers) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('submit:' || buyers[i] || ':' || keys[i]));
    PERFORM FROM trade_contracts c WHERE c.buyer_id = buyers[i] AND c.idempotency_key = keys[i];
    IF FOUND THEN
      RAISE EXCEPTION 'placed before' USING ERRCODE = 'MS002';
    END IF;
  END LOOP;
  RETURN QUERY SELECT * FROM place_orders_write(plans, code_date);
  PERFORM cart_lines_bought(cart);
  PERFORM take_stock_or_fail(stock_ids, stock_qtys);
END $$;
