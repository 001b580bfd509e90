-- Checkout submit, one round trip per group of orders. A group's transaction took three
-- (BEGIN with the key locks, the write, the stock with COMMIT), each waiting for a busy event loop
-- and CPU: the write stage was most of a submit's p99. Sent as one simple query the group was
-- slower (its text parsed and planned each time); as functions called in autocommit by a
-- prepared statement, every plan here is made once per connection and kept.
--
-- place_orders_write: the contracts, trade orders (one per shop) and lines of one or more orders,
-- with one insert per table for all of them (0036 had it as a prepared statement in the app).
-- `plans` a JSON array of [contract, orders, lines] per order: the orders with trade_order_code
-- their number in the contract, the lines by shop, each main line followed by its DIY parts and
-- gifts (parent_n: the main line's n). `code_date` starts the order codes (the date, the contract
-- id, the number). Ids are drawn first, in the order given (contracts, orders by number, lines by
-- n), so orders and lines can name theirs. Each order's contract id and its orders as
-- "id:shop id", in the order given.
CREATE OR REPLACE FUNCTION place_orders_write(plans jsonb, code_date text) RETURNS TABLE (id text, orders text[])
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH x AS MATERIALIZED (
    SELECT e.n, e.p, nextval('trade_contracts_id_seq') AS contract_id
    FROM (SELECT * FROM jsonb_array_elements(plans) WITH ORDINALITY AS e(p, n) ORDER BY n) e
  ), c AS (
    INSERT INTO trade_contracts (id, buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, level_amt_minor, shipping_amt_minor,
    tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
    pay_deadline, selected_address, billing_address, presale_stage, deposit_minor, balance_start_at, balance_end_at, payload, preview)
    SELECT x.contract_id, r.buyer_id, r.idempotency_key, r.site, r.currency, r.trade_type, r.status, r.sku_amt_minor, r.discount_amt_minor, r.level_amt_minor, r.shipping_amt_minor, r.tax_amt_minor, r.points_discount_minor, r.need_pay_amt_minor, r.used_points, r.redeem_points, r.earn_points, r.is_free_trade, r.pay_unique_key, r.payment_order_id, r.pay_deadline, r.selected_address, r.billing_address, r.presale_stage, r.deposit_minor, r.balance_start_at, r.balance_end_at, r.payload, r.preview FROM x CROSS JOIN LATERAL jsonb_populate_record(null::trade_contracts, x.p->0) r
  ), o AS MATERIALIZED (
    SELECT y.*, nextval('trade_orders_id_seq') AS id FROM (
      SELECT x.n, x.contract_id, r.trade_order_code AS nth, r.buyer_id, r.shop_id, r.seller_id, r.status, r.trade_type, r.currency, r.trade_order_type, r.sku_amt_minor, r.level_amt_minor, r.discount_amt_minor, r.shipping_amt_minor, r.tax_amt_minor, r.tax_rate, r.need_pay_amt_minor, r.paid_amt_minor, r.points_discount_minor, r.used_points, r.shipping_method_id, r.shipping_method_code, r.pick_up_store_id, r.pick_up_store_snapshot, r.remark, r.pay_deadline, r.paid_at
      FROM x CROSS JOIN LATERAL jsonb_populate_recordset(null::trade_orders, x.p->1) r ORDER BY x.n, r.trade_order_code::int
    ) y
  ), oi AS (
    INSERT INTO trade_orders (id, trade_order_code, contract_id, buyer_id, shop_id, seller_id, status, trade_type, currency, trade_order_type, sku_amt_minor, level_amt_minor,
    discount_amt_minor, shipping_amt_minor, tax_amt_minor, tax_rate, need_pay_amt_minor, paid_amt_minor, points_discount_minor, used_points,
    shipping_method_id, shipping_method_code, pick_up_store_id, pick_up_store_snapshot, remark, pay_deadline, paid_at)
    SELECT o.id, code_date || lpad(o.contract_id::text, greatest(8, length(o.contract_id::text)), '0') || o.nth, o.contract_id, o.buyer_id, o.shop_id, o.seller_id, o.status, o.trade_type, o.currency, o.trade_order_type, o.sku_amt_minor, o.level_amt_minor, o.discount_amt_minor, o.shipping_amt_minor, o.tax_amt_minor, o.tax_rate, o.need_pay_amt_minor, o.paid_amt_minor, o.points_discount_minor, o.used_points, o.shipping_method_id, o.shipping_method_code, o.pick_up_store_id, o.pick_up_store_snapshot, o.remark, o.pay_deadline, o.paid_at FROM o
  ), l AS MATERIALIZED (
    SELECT y.*, nextval('trade_order_lines_id_seq') AS id FROM (
      SELECT x.n AS contract_n, j.* FROM x CROSS JOIN LATERAL jsonb_to_recordset(x.p->2) AS j(n int, parent_n int, shop_id bigint, sku_id bigint, item_id bigint,
        line_group_type text, qty numeric, unit_amt_minor bigint, sku_amt_minor bigint, discount_amt_minor bigint, need_pay_amt_minor bigint, points int, snapshot jsonb)
      ORDER BY x.n, j.n
    ) y
  ), li AS (
    INSERT INTO trade_order_lines (id, order_id, parent_line_id, sku_id, item_id, line_group_type, qty, unit_amt_minor, sku_amt_minor, discount_amt_minor, need_pay_amt_minor, points, snapshot)
    SELECT l.id, o.id, p.id, l.sku_id, l.item_id, l.line_group_type, l.qty, l.unit_amt_minor, l.sku_amt_minor, l.discount_amt_minor, l.need_pay_amt_minor, l.points, l.snapshot
    FROM l JOIN o ON o.n = l.contract_n AND o.shop_id = l.shop_id LEFT JOIN l p ON p.contract_n = l.contract_n AND p.n = l.parent_n
  )
  SELECT x.contract_id::text AS id, ARRAY(SELECT o.id::text || ':' || o.shop_id::text FROM o WHERE o.n = x.n) AS orders FROM x ORDER BY x.n;
END $$;
