-- cart_lines_bought: the bought lines leave their buyers' carts, whichever way the order was
-- placed (place_orders_together below, or an order placed on its own, flows/place-order.ts).
-- `bought` a JSON array of {buyer_id, id}: only each buyer's own lines go (the ids came from the
-- request).
CREATE OR REPLACE FUNCTION cart_lines_bought(bought jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(bought) > 0 THEN
    DELETE FROM cart_lines c USING jsonb_to_recordset(bought) AS b(buyer_id bigint, id bigint) WHERE c.buyer_id = b.buyer_id AND c.id = b.id;
  END IF;
END $$;
