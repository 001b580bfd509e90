-- The buyer's order reads' cache key (modules/trade/read-cache.ts): bumped once per transaction
-- that changes anything the order list, tab counts or detail of that buyer show. The triggers
-- calling it (buyer_order_version_by_*) are deferred to the commit like catalog_version's, so the
-- buyer's row is locked only at the very end and the bump is visible together with the change. A
-- buyer without a row has never had an order: its version reads as 0 and the first order makes it 1.
CREATE OR REPLACE FUNCTION "buyer_order_version_bump"(buyer bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO buyer_order_versions AS v (buyer_id, version, bumped_by)
  SELECT buyer, 1, txid_current() WHERE buyer IS NOT NULL
  ON CONFLICT (buyer_id) DO UPDATE SET version = v.version + 1, bumped_by = EXCLUDED.bumped_by
  WHERE v.bumped_by IS DISTINCT FROM EXCLUDED.bumped_by
$$;
