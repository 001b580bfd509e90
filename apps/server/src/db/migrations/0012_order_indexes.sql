DROP INDEX "trade_orders_buyer_status_idx";--> statement-breakpoint
CREATE INDEX "reverse_trade_orders_order_idx" ON "reverse_trade_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_status_idx" ON "trade_orders" USING btree ("buyer_id","status","created_at" DESC NULLS LAST,"trade_type","pay_channel");