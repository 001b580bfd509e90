ALTER TABLE "webhook_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "outcome" text;--> statement-breakpoint
-- Events stored before this were stored and applied in one transaction.
UPDATE "webhook_events" SET "processed_at" = "received_at", "outcome" = 'applied';--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "provider" text DEFAULT 'mockpay' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "customer_ref" text;--> statement-breakpoint
CREATE INDEX "webhook_events_unprocessed" ON "webhook_events" USING btree ("received_at") WHERE processed_at IS NULL;
