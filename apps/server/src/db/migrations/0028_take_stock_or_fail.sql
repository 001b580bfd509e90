-- Checkout's line stock as one function that fails when any SKU is short (issue 14): the submit
-- sends it in the round trip of its COMMIT, so a shortage has to be an error (which turns that
-- COMMIT into a rollback), not a shorter list of rows taken. Rows are locked in SKU order, as
-- everywhere stock is written, so concurrent orders cannot deadlock. The error's DETAIL is the
-- first short SKU's id; an unknown SKU counts as short.
CREATE FUNCTION take_stock_or_fail(ids bigint[], qtys numeric[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  short bigint;
BEGIN
  PERFORM 1 FROM skus WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  SELECT w.id INTO short FROM unnest(ids, qtys) AS w(id, qty) LEFT JOIN skus s ON s.id = w.id
  WHERE s.id IS NULL OR s.stock < w.qty ORDER BY w.id LIMIT 1;
  IF short IS NOT NULL THEN
    RAISE EXCEPTION 'stock short' USING ERRCODE = 'MS001', DETAIL = short::text;
  END IF;
  UPDATE skus s SET stock = s.stock - w.qty FROM unnest(ids, qtys) AS w(id, qty) WHERE s.id = w.id;
END $$;
