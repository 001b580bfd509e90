ALTER TABLE "skus" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
DROP TRIGGER "skus_catalog_version_update" ON "skus";--> statement-breakpoint
-- Every column but stock, now with texts (the checkout keeps SKUs until the version moves).
CREATE CONSTRAINT TRIGGER "skus_catalog_version_update" AFTER UPDATE ON "skus"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.item_id, OLD.name, OLD.sku_code, OLD.image, OLD.points_price, OLD.base_unit, OLD.marketing_unit, OLD.attributes, OLD.nonfixed_attributes,
       OLD.texts, OLD.adjust_step, OLD.min_qty, OLD.max_qty, OLD.qty_decimals, OLD.stock > 0)
  IS DISTINCT FROM (NEW.item_id, NEW.name, NEW.sku_code, NEW.image, NEW.points_price, NEW.base_unit, NEW.marketing_unit, NEW.attributes, NEW.nonfixed_attributes,
       NEW.texts, NEW.adjust_step, NEW.min_qty, NEW.max_qty, NEW.qty_decimals, NEW.stock > 0))
EXECUTE FUNCTION catalog_version_bump();
