ALTER TABLE "refunds" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shipping_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
-- Refunds written before this knew their order only through their reverse order; the return
-- shipping a seller confirmed is counted on the first refund of that reverse order.
UPDATE "refunds" f SET "order_id" = r."order_id" FROM "reverse_trade_orders" r WHERE r."id" = f."reverse_id";--> statement-breakpoint
UPDATE "refunds" f SET "shipping_minor" = LEAST(f."amount_minor", r."seller_confirm_refund_shipping_amt_minor")
  FROM "reverse_trade_orders" r
  WHERE r."id" = f."reverse_id" AND r."seller_confirm_refund_shipping_amt_minor" > 0
    AND f."id" = (SELECT min(x."id") FROM "refunds" x WHERE x."reverse_id" = r."id");
