DROP INDEX "shipment_packages_waybill_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_packages_waybill_key" ON "shipment_packages" USING btree ("carrier_id","service_code");