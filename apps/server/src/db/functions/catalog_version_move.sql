-- The item list's cache key (modules/catalog/list-cache.ts) moves: a new number and a new token,
-- once per transaction. The row and the statement trigger functions (catalog_version_bump,
-- catalog_version_bump_statement) both call it. The caches (modules/catalog/service.ts
-- catalogVersionPart) compare the number with its token: a number alone can come back (a dump
-- restored into the running database, a failover to a replica that lagged); the pair never is.
CREATE OR REPLACE FUNCTION "catalog_version_move"() RETURNS void
LANGUAGE sql AS $$
  UPDATE catalog_version SET version = version + 1, token = gen_random_uuid(), bumped_by = txid_current()
  WHERE bumped_by IS DISTINCT FROM txid_current();
$$;
