-- The bought lines leave their buyers' carts in one place, whichever way the order was placed:
-- place_orders_together (0037) had its own copy of the delete that an order placed on its own
-- sent from the app (flows/place-order.ts). `bought` a JSON array of {buyer_id, id}: only each
-- buyer's own lines go (the ids came from the request).
CREATE FUNCTION cart_lines_bought(bought jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(bought) > 0 THEN
    DELETE FROM cart_lines c USING jsonb_to_recordset(bought) AS b(buyer_id bigint, id bigint) WHERE c.buyer_id = b.buyer_id AND c.id = b.id;
  END IF;
END $$;
--> statement-breakpoint
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
