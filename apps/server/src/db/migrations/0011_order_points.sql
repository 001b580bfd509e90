ALTER TABLE "trade_orders" ADD COLUMN "points_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "used_points" integer DEFAULT 0 NOT NULL;