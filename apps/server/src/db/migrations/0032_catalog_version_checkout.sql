-- The checkout keeps what it prices from in memory (modules/checkout/catalog-cache.ts, issue 14):
-- the SKUs with their item, shop, price and parts, and the shops' shipping methods and pickup
-- stores, under the catalog version (0025). So the version now moves with every change to any
-- of those, not only with what the item list shows. Stock still moves it only when a SKU sells
-- out or comes back (the list shows that): the checkout reads stock itself for every preview
-- and submit, and every order takes stock.
DROP TRIGGER "items_catalog_version_update" ON "items";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "items_catalog_version_update" AFTER UPDATE ON "items"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
DROP TRIGGER "shops_catalog_version_update" ON "shops";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shops_catalog_version_update" AFTER UPDATE ON "shops"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
DROP TRIGGER "skus_catalog_version_update" ON "skus";
--> statement-breakpoint
-- Every column but stock (checkout.test.ts checks that a new column is named here).
CREATE CONSTRAINT TRIGGER "skus_catalog_version_update" AFTER UPDATE ON "skus"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.item_id, OLD.name, OLD.sku_code, OLD.image, OLD.points_price, OLD.base_unit, OLD.marketing_unit, OLD.attributes, OLD.nonfixed_attributes,
       OLD.adjust_step, OLD.min_qty, OLD.max_qty, OLD.qty_decimals, OLD.stock > 0)
  IS DISTINCT FROM (NEW.item_id, NEW.name, NEW.sku_code, NEW.image, NEW.points_price, NEW.base_unit, NEW.marketing_unit, NEW.attributes, NEW.nonfixed_attributes,
       NEW.adjust_step, NEW.min_qty, NEW.max_qty, NEW.qty_decimals, NEW.stock > 0))
EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipping_methods_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "shipping_methods"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pickup_stores_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "pickup_stores"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER "shipping_methods_catalog_version_truncate" AFTER TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
--> statement-breakpoint
CREATE TRIGGER "pickup_stores_catalog_version_truncate" AFTER TRUNCATE ON "pickup_stores" FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_statement();
