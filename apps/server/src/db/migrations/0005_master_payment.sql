ALTER TABLE "trade_contracts" ADD COLUMN "master_status" text;--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD COLUMN "master_submitted_at" timestamp with time zone;