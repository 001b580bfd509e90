-- The checkout's write (flows/place-order.ts): the contract, its trade orders (one per shop) and
-- their lines, as one function, so several buyers' orders are written by one statement
-- (place_orders_write: one call per order, in one transaction, issue 14). c_json the contract,
-- o_json the orders (trade_order_code: the order's number in the contract; the code is the date
-- p_order_date, the contract id and that number), l_json the lines by shop, each main line followed
-- by its DIY parts and gifts (parent_n: the main line's n). Lines take their ids in that order,
-- so a part can name its main line.
CREATE FUNCTION place_order_write(c_json jsonb, o_json jsonb, l_json jsonb, p_order_date text)
RETURNS TABLE (id text, orders text[])
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
RETURN QUERY
WITH c AS (
  INSERT INTO trade_contracts (buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, level_amt_minor, shipping_amt_minor,
  tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
  pay_deadline, selected_address, billing_address, presale_stage, deposit_minor, balance_start_at, balance_end_at, payload, preview) SELECT buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, level_amt_minor, shipping_amt_minor,
  tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
  pay_deadline, selected_address, billing_address, presale_stage, deposit_minor, balance_start_at, balance_end_at, payload, preview FROM jsonb_populate_record(null::trade_contracts, c_json)
  RETURNING id
), o AS (
  INSERT INTO trade_orders (trade_order_code, contract_id, buyer_id, shop_id, seller_id, status, trade_type, currency, trade_order_type, sku_amt_minor, level_amt_minor,
  discount_amt_minor, shipping_amt_minor, tax_amt_minor, tax_rate, need_pay_amt_minor, paid_amt_minor, points_discount_minor, used_points,
  shipping_method_id, shipping_method_code, pick_up_store_id, pick_up_store_snapshot, remark, pay_deadline, paid_at)
  SELECT p_order_date || lpad(c.id::text, greatest(8, length(c.id::text)), '0') || x.trade_order_code, c.id, x.buyer_id, x.shop_id, x.seller_id, x.status, x.trade_type, x.currency, x.trade_order_type, x.sku_amt_minor, x.level_amt_minor, x.discount_amt_minor, x.shipping_amt_minor, x.tax_amt_minor, x.tax_rate, x.need_pay_amt_minor, x.paid_amt_minor, x.points_discount_minor, x.used_points, x.shipping_method_id, x.shipping_method_code, x.pick_up_store_id, x.pick_up_store_snapshot, x.remark, x.pay_deadline, x.paid_at
  FROM c, jsonb_populate_recordset(null::trade_orders, o_json) x ORDER BY x.trade_order_code::int
  RETURNING id, shop_id
), l AS (
  SELECT x.*, nextval('trade_order_lines_id_seq') AS id
  FROM (SELECT * FROM jsonb_to_recordset(l_json) AS x(n int, parent_n int, shop_id bigint, sku_id bigint, item_id bigint, line_group_type text, qty numeric, unit_amt_minor bigint, sku_amt_minor bigint,
  discount_amt_minor bigint, need_pay_amt_minor bigint, points int, snapshot jsonb) ORDER BY n) x
), w AS (
  INSERT INTO trade_order_lines (id, order_id, parent_line_id, sku_id, item_id, line_group_type, qty, unit_amt_minor, sku_amt_minor, discount_amt_minor, need_pay_amt_minor, points, snapshot)
  SELECT l.id, o.id, p.id, l.sku_id, l.item_id, l.line_group_type, l.qty, l.unit_amt_minor, l.sku_amt_minor, l.discount_amt_minor, l.need_pay_amt_minor, l.points, l.snapshot
  FROM l JOIN o ON o.shop_id = l.shop_id LEFT JOIN l p ON p.n = l.parent_n
)
SELECT c.id::text AS id, ARRAY(SELECT o.id::text || ':' || o.shop_id::text FROM o) AS orders FROM c;
END $fn$;
