-- Cross-border orders (NORMAL_SALE_CBE): the shops that sell cross-border into a site (shipped from abroad), and each such order's customs declaration.
CREATE TABLE "cross_border_shops" (
  "shop_id" bigint NOT NULL REFERENCES "shops"("id"),
  "site" text NOT NULL,
  "origin_country" text NOT NULL,
  PRIMARY KEY ("shop_id", "site")
);
--> statement-breakpoint
CREATE TABLE "customs_declarations" (
  "order_id" bigint PRIMARY KEY REFERENCES "trade_orders"("id"),
  "contract_id" bigint NOT NULL REFERENCES "trade_contracts"("id"),
  "buyer_id" bigint NOT NULL REFERENCES "users"("id"),
  "site" text NOT NULL,
  "currency" text NOT NULL,
  "origin_country" text NOT NULL,
  "declared_value_minor" bigint NOT NULL CHECK ("declared_value_minor" >= 0),
  "shipping_minor" bigint NOT NULL CHECK ("shipping_minor" >= 0),
  "duty_minor" bigint NOT NULL CHECK ("duty_minor" >= 0),
  "import_tax_minor" bigint NOT NULL CHECK ("import_tax_minor" >= 0),
  "certificate_id" bigint REFERENCES "user_certificates"("id") ON DELETE SET NULL,
  "certificate_name" text,
  "certificate_number_masked" text,
  "lines" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "customs_declarations_contract_idx" ON "customs_declarations" ("contract_id");
