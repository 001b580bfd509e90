-- Kept in the statement's own transaction (immediate row triggers): a buyer's cart changes one
-- request at a time, so the lock on the buyer's count row costs nothing, and the count is right
-- the moment the change is visible. An add of a SKU already in the cart is an UPDATE (ON
-- CONFLICT) and moves nothing; adopting a guest's cart at login inserts and deletes lines.
CREATE OR REPLACE FUNCTION "cart_line_counts_track"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE cart_line_counts SET lines = lines - 1 WHERE buyer_id = OLD.buyer_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO cart_line_counts AS c (buyer_id, lines) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET lines = c.lines + 1;
  END IF;
  RETURN NULL;
END
$$;
