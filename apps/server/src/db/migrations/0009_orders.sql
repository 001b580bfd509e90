CREATE TABLE "carriers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"entity_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reverse_trade_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reverse_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"reverse_qty" numeric(12, 3) NOT NULL,
	"apply_refund_amt_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reverse_trade_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reverse_trade_order_code" text NOT NULL,
	"order_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"apply_refund_amt_minor" bigint NOT NULL,
	"actual_refund_amt_minor" bigint,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_package_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"qty" numeric(12, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text NOT NULL,
	"carrier_id" bigint NOT NULL,
	"service_code" text NOT NULL,
	"signed_by" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"context" text NOT NULL,
	"area_name" text,
	"operater_type" text DEFAULT 'SELLER' NOT NULL,
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_line_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_line_id" bigint NOT NULL,
	"coupon_code" text NOT NULL,
	"coupons_password" text NOT NULL,
	"used_status" text DEFAULT 'NOT_USED' NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "trade_orders_buyer_idx";--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "delivered_qty" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "reverse_status" text DEFAULT 'NOT_REQUESTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "service_remaining_times" integer;--> statement-breakpoint
ALTER TABLE "trade_order_lines" ADD COLUMN "service_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "trade_order_type" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "business_type" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "pay_channel" text;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "receipt_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "postpone_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "invoice_url" text;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "comment_status" text DEFAULT 'NOT_EVALUATED' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reverse_trade_order_lines" ADD CONSTRAINT "reverse_trade_order_lines_reverse_id_reverse_trade_orders_id_fk" FOREIGN KEY ("reverse_id") REFERENCES "public"."reverse_trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_trade_order_lines" ADD CONSTRAINT "reverse_trade_order_lines_order_line_id_trade_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."trade_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD CONSTRAINT "reverse_trade_orders_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reverse_trade_orders" ADD CONSTRAINT "reverse_trade_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_package_lines" ADD CONSTRAINT "shipment_package_lines_package_id_shipment_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."shipment_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_package_lines" ADD CONSTRAINT "shipment_package_lines_order_line_id_trade_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."trade_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_package_id_shipment_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."shipment_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_line_coupons" ADD CONSTRAINT "trade_order_line_coupons_order_line_id_trade_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."trade_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_key" ON "carriers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reverse_trade_order_lines_reverse_idx" ON "reverse_trade_order_lines" USING btree ("reverse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_trade_orders_code_key" ON "reverse_trade_orders" USING btree ("reverse_trade_order_code");--> statement-breakpoint
CREATE INDEX "reverse_trade_orders_buyer_idx" ON "reverse_trade_orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_trade_orders_open_cancel_key" ON "reverse_trade_orders" USING btree ("order_id") WHERE type = 'SALE_CANCEL_AFTER_PAID' AND status NOT IN ('REVERSE_CANCELED','REVERSE_CLOSE');--> statement-breakpoint
CREATE INDEX "shipment_package_lines_package_idx" ON "shipment_package_lines" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "shipment_packages_order_idx" ON "shipment_packages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_packages_waybill_idx" ON "shipment_packages" USING btree ("carrier_id","service_code");--> statement-breakpoint
CREATE INDEX "tracking_events_package_idx" ON "tracking_events" USING btree ("package_id","happened_at");--> statement-breakpoint
CREATE INDEX "trade_order_line_coupons_line_idx" ON "trade_order_line_coupons" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_order_line_coupons_code_key" ON "trade_order_line_coupons" USING btree ("coupon_code");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_created_idx" ON "trade_orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_status_idx" ON "trade_orders" USING btree ("buyer_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trade_orders_shop_status_idx" ON "trade_orders" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "trade_orders_pay_deadline_idx" ON "trade_orders" USING btree ("pay_deadline") WHERE status IN ('PENDING_PAY','PENDING_DEPOSIT','PENDING_BALANCE');--> statement-breakpoint
CREATE INDEX "trade_orders_receipt_deadline_idx" ON "trade_orders" USING btree ("receipt_deadline") WHERE status = 'UN_RECEIVED';