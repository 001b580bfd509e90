CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"bumped_by" bigint,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_version" (id, version) VALUES (1, 1);
--> statement-breakpoint
-- The item list's cache key (modules/catalog/list-cache.ts): bumped once per transaction that
-- changes what the list shows. The triggers below are deferred to the commit, so the version
-- row is locked only at the very end (a transaction taking stock never waits on it while it
-- holds SKU rows another one wants).
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1, bumped_by = txid_current()
  WHERE bumped_by IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "items_catalog_version_insert_delete" AFTER INSERT OR DELETE ON "items"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "items_catalog_version_update" AFTER UPDATE ON "items"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.item_name, OLD.texts, OLD.main_image, OLD.business_type, OLD.listed, OLD.sort, OLD.shop_id, OLD.url_key)
  IS DISTINCT FROM (NEW.item_name, NEW.texts, NEW.main_image, NEW.business_type, NEW.listed, NEW.sort, NEW.shop_id, NEW.url_key))
EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shops_catalog_version_insert_delete" AFTER INSERT OR DELETE ON "shops"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shops_catalog_version_update" AFTER UPDATE ON "shops"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.name, OLD.seller_id) IS DISTINCT FROM (NEW.name, NEW.seller_id))
EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "skus_catalog_version_insert_delete" AFTER INSERT OR DELETE ON "skus"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
-- Stock moves with every order; the list shows only whether there is any.
CREATE CONSTRAINT TRIGGER "skus_catalog_version_update" AFTER UPDATE ON "skus"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.item_id, OLD.points_price, OLD.stock > 0) IS DISTINCT FROM (NEW.item_id, NEW.points_price, NEW.stock > 0))
EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sku_prices_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "sku_prices"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "item_parts_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "item_parts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump_statement"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1, bumped_by = txid_current()
  WHERE bumped_by IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_catalog_version_truncate" AFTER TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
--> statement-breakpoint
CREATE TRIGGER "shops_catalog_version_truncate" AFTER TRUNCATE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
--> statement-breakpoint
CREATE TRIGGER "skus_catalog_version_truncate" AFTER TRUNCATE ON "skus" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
--> statement-breakpoint
CREATE TRIGGER "sku_prices_catalog_version_truncate" AFTER TRUNCATE ON "sku_prices" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
--> statement-breakpoint
CREATE TRIGGER "item_parts_catalog_version_truncate" AFTER TRUNCATE ON "item_parts" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
