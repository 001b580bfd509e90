-- Checkout's line stock as one function that fails when any SKU is short: the submit
-- sends it in the round trip of its COMMIT, so a shortage has to be an error (which turns that
-- COMMIT into a rollback), not a shorter list of rows taken. The error's DETAIL is the first short
-- SKU's id; an unknown SKU counts as short.
-- One statement locks the rows in SKU order (as everywhere stock is written, so concurrent orders
-- cannot deadlock) and takes each that has enough; only when one was short does the function look
-- for which, among the ids it did not take. (Three statements per order before 0031 were 14 % of
-- the backends' CPU under 50 connections: the look-up scanned skus, whose rows carry every
-- order's dead versions.)
-- No plan_cache_mode of its own: the app's connections plan every statement once (createDb in
-- db/client.ts), those of this function and submit_lock_and_find too.
CREATE OR REPLACE FUNCTION take_stock_or_fail(ids bigint[], qtys numeric[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  taken bigint[];
  short bigint;
BEGIN
  WITH l AS MATERIALIZED (SELECT s.id FROM skus s WHERE s.id = ANY(ids) ORDER BY s.id FOR UPDATE),
  u AS (UPDATE skus s SET stock = s.stock - w.qty FROM unnest(ids, qtys) AS w(id, qty) JOIN l ON l.id = w.id
        WHERE s.id = w.id AND s.stock >= w.qty RETURNING s.id)
  SELECT coalesce(array_agg(u.id), '{}') INTO taken FROM u;
  IF cardinality(taken) < cardinality(ids) THEN
    SELECT min(x) INTO short FROM unnest(ids) AS x WHERE x <> ALL(taken);
    RAISE EXCEPTION 'stock short' USING ERRCODE = 'MS001', DETAIL = short::text;
  END IF;
END $$;
