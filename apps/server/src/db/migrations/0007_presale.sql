DROP INDEX "payment_records_one_success";--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "presale_stage" text;--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "deposit_minor" bigint;--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "balance_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "balance_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "stage" text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_one_success_per_stage" ON "payment_records" USING btree ("contract_id","stage") WHERE status = 'PAY_SUCCESS';