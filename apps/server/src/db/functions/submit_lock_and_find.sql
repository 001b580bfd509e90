-- Checkout submit: the key lock and the earlier contract with that key. Sent with BEGIN
-- as plain SQL with literals, each submit's text was new to the planner (about 0.3 ms of
-- PostgreSQL CPU per order); as a function its query is planned once per connection and kept.
CREATE OR REPLACE FUNCTION submit_lock_and_find(buyer bigint, key text)
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
