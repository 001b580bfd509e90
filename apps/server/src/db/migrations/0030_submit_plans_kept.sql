-- Checkout submit without planning on every order (issue 14). pg_stat_statements showed two of
-- its statements planned on each call, about 0.3 ms of PostgreSQL CPU per order:
-- 1. The key lock and the earlier contract with that key, sent with BEGIN as plain SQL with
--    literals (a round trip that takes no parameters), so each submit's text was new to the
--    planner. As a function its query is planned once per connection and kept.
-- 2. take_stock_or_fail's row lock (`id = ANY(ids)`): the plan cache kept choosing a custom plan,
--    because a custom plan knows how many SKUs the array holds. A generic plan is as good here.
CREATE FUNCTION submit_lock_and_find(buyer bigint, key text)
RETURNS TABLE (id bigint, buyer_id bigint, currency text, pay_unique_key text, payment_order_id text,
  need_pay_amt_minor bigint, points_discount_minor bigint, is_free_trade boolean, order_ids text[])
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  -- Serialises submits of one buyer and key, so two concurrent ones make one contract.
  PERFORM pg_advisory_xact_lock(hashtext('submit:' || buyer || ':' || key));
  RETURN QUERY
  SELECT c.id, c.buyer_id, c.currency, c.pay_unique_key, c.payment_order_id, c.need_pay_amt_minor, c.points_discount_minor, c.is_free_trade,
    ARRAY(SELECT o.id::text FROM trade_orders o WHERE o.contract_id = c.id ORDER BY o.id)
  FROM trade_contracts c WHERE c.buyer_id = buyer AND c.idempotency_key = key;
END $$;
--> statement-breakpoint
ALTER FUNCTION take_stock_or_fail(bigint[], numeric[]) SET plan_cache_mode = force_generic_plan;
