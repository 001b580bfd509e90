-- A truncate (tests, resets) moves every buyer's version.
CREATE OR REPLACE FUNCTION "buyer_order_versions_bump_all"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE buyer_order_versions SET version = version + 1, bumped_by = txid_current();
  RETURN NULL;
END
$$;
