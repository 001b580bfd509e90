ALTER TABLE "items" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "tax_rate" numeric(7, 5);