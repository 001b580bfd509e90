-- Reissue: the order (business type REVERSE_REISSUE) a seller settled an after-sales with; at most one per after-sales, and an order settles at most one.
ALTER TABLE "reverse_trade_orders" ADD COLUMN "reissue_order_id" bigint REFERENCES "trade_orders"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "reverse_trade_orders_reissue_order_key" ON "reverse_trade_orders" ("reissue_order_id") WHERE "reissue_order_id" IS NOT NULL;
