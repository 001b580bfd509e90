-- The status the buyer sees, the same rule as displayStatus in packages/domain: net-terms and
-- invoice-me orders show PENDING_PAY as UN_DELIVERY. modules/trade/display-status.test.ts checks
-- this copy against displayStatus for every input.
CREATE OR REPLACE FUNCTION "order_display_status"(status text, trade_type text, pay_channel text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'PENDING_PAY' AND (trade_type = 'NET_B2B' OR pay_channel = 'INVOICE_ME') THEN 'UN_DELIVERY' ELSE status END
$$;
