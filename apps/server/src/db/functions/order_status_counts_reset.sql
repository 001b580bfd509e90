-- TRUNCATE of trade_orders empties the buyers' tab counts (order_status_counts).
CREATE OR REPLACE FUNCTION "order_status_counts_reset"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END
$$;
