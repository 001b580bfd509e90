CREATE TABLE "shop_tax_profiles" (
	"shop_id" bigint PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"vat_id" text NOT NULL,
	"country" text NOT NULL,
	"address" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_sequences" (
	"shop_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_number_sequences_shop_id_year_pk" PRIMARY KEY("shop_id","year")
);
--> statement-breakpoint
CREATE TABLE "vat_invoice_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"status" text NOT NULL,
	"company_name" text NOT NULL,
	"vat_id" text NOT NULL,
	"country" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"credits_document_id" bigint,
	"refund_id" bigint,
	"issued_at" timestamp with time zone NOT NULL,
	"supply_date" date NOT NULL,
	"currency" text NOT NULL,
	"net_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"last_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_tax_profiles" ADD CONSTRAINT "shop_tax_profiles_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_sequences" ADD CONSTRAINT "invoice_number_sequences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_invoice_requests" ADD CONSTRAINT "vat_invoice_requests_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_invoice_requests" ADD CONSTRAINT "vat_invoice_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_invoice_requests" ADD CONSTRAINT "vat_invoice_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_request_id_vat_invoice_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vat_invoice_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_invoice_requests_order" ON "vat_invoice_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vat_invoice_requests_shop" ON "vat_invoice_requests" USING btree ("shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number" ON "invoice_documents" USING btree ("shop_id","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_one_invoice" ON "invoice_documents" USING btree ("request_id") WHERE kind = 'INVOICE';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_refund" ON "invoice_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_order" ON "invoice_documents" USING btree ("order_id");
--> statement-breakpoint
-- The order list and detail show the invoice status and its operations: a change bumps the buyer's order version (migration 0026).
CREATE CONSTRAINT TRIGGER "vat_invoice_requests_buyer_version" AFTER INSERT OR UPDATE OR DELETE ON "vat_invoice_requests"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_order_version_by_buyer();--> statement-breakpoint
CREATE TRIGGER "vat_invoice_requests_buyer_version_truncate" AFTER TRUNCATE ON "vat_invoice_requests" FOR EACH STATEMENT EXECUTE FUNCTION buyer_order_versions_bump_all();
