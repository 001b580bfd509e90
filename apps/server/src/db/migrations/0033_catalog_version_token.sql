-- A new token at every bump: the caches (modules/catalog/service.ts catalogVersionPart) compare
-- the number with its token. A number alone can come back: a dump restored into the running
-- database, or a failover to a replica that lagged, counts up again to a number a server kept
-- rows under while the rows say something else. The pair is never made twice.
ALTER TABLE "catalog_version" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
-- The move itself, once: the row and the statement trigger functions below both call it.
CREATE FUNCTION "catalog_version_move"() RETURNS void
LANGUAGE sql AS $$
  UPDATE catalog_version SET version = version + 1, token = gen_random_uuid(), bumped_by = txid_current()
  WHERE bumped_by IS DISTINCT FROM txid_current();
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_version_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_version_move();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_version_bump_statement"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_version_move();
  RETURN NULL;
END
$$;
