-- Service use codes: who redeemed a code (the shop's seller), when a refunded unit's code was voided, and the statuses a code may have.
ALTER TABLE "trade_order_line_coupons" ADD COLUMN "used_by" bigint REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "trade_order_line_coupons" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "trade_order_line_coupons" ADD CONSTRAINT "trade_order_line_coupons_used_status_check" CHECK ("used_status" IN ('NOT_USED', 'USED', 'REFUNDED'));
