-- Checkout submit, less PostgreSQL CPU per order (issue 14). A perf profile of the backends
-- under 50 connections (dwarf call graphs) showed these costs:
-- 1. submit_lock_and_find's RETURN QUERY was planned again on every call (4.7 % of the backends'
--    CPU): the plan cache kept choosing a custom plan for the buyer and key it is given. The
--    generic plan uses trade_contracts_buyer_key just as well.
ALTER FUNCTION submit_lock_and_find(bigint, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- 2. take_stock_or_fail ran three statements per order (lock the rows, look for a short one,
--    update), 14 % of the backends' CPU under load: the look-up scanned skus, whose rows carry
--    every order's dead versions. Now one statement locks the rows in SKU order (as everywhere
--    stock is written, so orders cannot deadlock) and takes each that has enough; only when one
--    was short does the function look for which, among the ids it did not take.
CREATE OR REPLACE FUNCTION take_stock_or_fail(ids bigint[], qtys numeric[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
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
