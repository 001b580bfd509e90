CREATE TABLE "bulk_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pre_trade_request_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"site" text NOT NULL,
	"currency" text NOT NULL,
	"trade_type" text NOT NULL,
	"status" text DEFAULT 'WAITING_QUOTE' NOT NULL,
	"requirements" text,
	"remark" text,
	"shipping_address" jsonb,
	"lines" jsonb NOT NULL,
	"shipping_method_id" bigint,
	"shipping_method_code" text,
	"tax_rate" text NOT NULL,
	"tax_display" text NOT NULL,
	"quote" jsonb,
	"quote_version" integer DEFAULT 0 NOT NULL,
	"quoted_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"order_id" bigint,
	"contract_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_request_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"author" text NOT NULL,
	"author_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_requests" ADD CONSTRAINT "bulk_requests_pre_trade_request_id_pre_trade_requests_id_fk" FOREIGN KEY ("pre_trade_request_id") REFERENCES "public"."pre_trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_requests" ADD CONSTRAINT "bulk_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_requests" ADD CONSTRAINT "bulk_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_request_messages" ADD CONSTRAINT "bulk_request_messages_request_id_bulk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bulk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_requests_pre_trade_shop" ON "bulk_requests" USING btree ("pre_trade_request_id","shop_id");--> statement-breakpoint
CREATE INDEX "bulk_requests_buyer" ON "bulk_requests" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "bulk_requests_shop" ON "bulk_requests" USING btree ("shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_requests_order" ON "bulk_requests" USING btree ("order_id") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bulk_request_messages_request" ON "bulk_request_messages" USING btree ("request_id","id");
