CREATE TABLE "paid_service_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"period_code" text NOT NULL,
	"item_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paid_services" (
	"buyer_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"period_code" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paid_service_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"period_code" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paid_service_items" ADD CONSTRAINT "paid_service_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_service_items" ADD CONSTRAINT "paid_service_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_services" ADD CONSTRAINT "paid_services_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_service_purchases" ADD CONSTRAINT "paid_service_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_service_purchases" ADD CONSTRAINT "paid_service_purchases_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_service_purchases" ADD CONSTRAINT "paid_service_purchases_order_line_id_trade_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."trade_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paid_service_items_site_period_key" ON "paid_service_items" USING btree ("site","period_code");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_service_items_sku_key" ON "paid_service_items" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "paid_services_active_end_idx" ON "paid_services" USING btree ("end_at") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "paid_service_purchases_line_key" ON "paid_service_purchases" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "paid_service_purchases_order_idx" ON "paid_service_purchases" USING btree ("order_id");
