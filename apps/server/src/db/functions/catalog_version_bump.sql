-- Row trigger of everything the item list shows (items, shops, skus, sku_prices, item_parts,
-- shipping_methods, pickup_stores): bumped once per transaction that changes it. The triggers are
-- deferred to the commit, so the version row is locked only at the very end (a transaction taking
-- stock never waits on it while it holds SKU rows another one wants).
CREATE OR REPLACE FUNCTION "catalog_version_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_version_move();
  RETURN NULL;
END
$$;
