-- TRUNCATE of cart_lines empties the buyers' cart line counts.
CREATE OR REPLACE FUNCTION "cart_line_counts_clear"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cart_line_counts;
  RETURN NULL;
END
$$;
