CREATE TABLE "mockpay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"payment_record_id" bigint NOT NULL,
	"reverse_id" bigint,
	"buyer_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"failed_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reverse_shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reverse_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"carrier_id" bigint NOT NULL,
	"service_code" text NOT NULL,
	"return_mode" text DEFAULT 'SELF_DELIVERY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reverse_tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"context" text NOT NULL,
	"area_name" text,
	"operater_type" text NOT NULL,
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_return_addresses" (
	"shop_id" bigint PRIMARY KEY NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"detail_address" text NOT NULL,
	"district_list" jsonb NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "cancelled_qty" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "reversed_qty" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "reverse_trade_order_lines" ADD COLUMN "exchange_sku_id" bigint;--> statement-breakpoint
ALTER TABLE "reverse_trade_order_lines" ADD COLUMN "is_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "seller_id" bigint;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "seller_confirm_refund_shipping_amt_minor" bigint;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "actual_refund_shipping_amt_minor" bigint;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "reason" text DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "reverse_text" text;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "audit_reject_reason" text;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "qc_reject_reason" text;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "return_address" jsonb;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_contract_id_trade_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."trade_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_record_id_payment_records_id_fk" FOREIGN KEY ("payment_record_id") REFERENCES "public"."payment_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reverse_id_reverse_trade_orders_id_fk" FOREIGN KEY ("reverse_id") REFERENCES "public"."reverse_trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_shipments" ADD CONSTRAINT "reverse_shipments_reverse_id_reverse_trade_orders_id_fk" FOREIGN KEY ("reverse_id") REFERENCES "public"."reverse_trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_shipments" ADD CONSTRAINT "reverse_shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_tracking_events" ADD CONSTRAINT "reverse_tracking_events_shipment_id_reverse_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."reverse_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_return_addresses" ADD CONSTRAINT "shop_return_addresses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mockpay_refunds_idempotency_key" ON "mockpay_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_contract_idx" ON "refunds" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "refunds_reverse_idx" ON "refunds" USING btree ("reverse_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("updated_at") WHERE status = 'REFUND_PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_not_captured" ON "refunds" USING btree ("payment_record_id") WHERE reason = 'NOT_CAPTURED';--> statement-breakpoint
CREATE INDEX "reverse_shipments_reverse_idx" ON "reverse_shipments" USING btree ("reverse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_shipments_one_per_direction" ON "reverse_shipments" USING btree ("reverse_id","direction");--> statement-breakpoint
CREATE INDEX "reverse_tracking_events_shipment_idx" ON "reverse_tracking_events" USING btree ("shipment_id","happened_at");--> statement-breakpoint
-- Lines of finished reverse orders are not open; existing reverse orders learn their seller.
UPDATE "reverse_trade_order_lines" SET "is_open" = false WHERE "reverse_id" IN (SELECT "id" FROM "reverse_trade_orders" WHERE "status" IN ('REFUND_DONE','REVERSE_DONE','REVERSE_CANCELED','REVERSE_CLOSE'));--> statement-breakpoint
UPDATE "reverse_trade_orders" r SET "seller_id" = o."seller_id" FROM "trade_orders" o WHERE o."id" = r."order_id";--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_trade_order_lines_one_open" ON "reverse_trade_order_lines" USING btree ("order_line_id") WHERE is_open;--> statement-breakpoint
CREATE INDEX "reverse_trade_orders_shop_status_idx" ON "reverse_trade_orders" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "reverse_trade_orders_deadline_idx" ON "reverse_trade_orders" USING btree ("deadline_at") WHERE deadline_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_trade_orders_idempotency_key" ON "reverse_trade_orders" USING btree ("buyer_id","idempotency_key") WHERE idempotency_key IS NOT NULL;