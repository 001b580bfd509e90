ALTER TABLE "bulk_requests" ADD COLUMN "buyer_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_requests" ADD COLUMN "seller_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bulk_requests_quoted_valid" ON "bulk_requests" USING btree ("valid_until") WHERE status = 'QUOTED';
