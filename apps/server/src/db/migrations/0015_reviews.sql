CREATE TABLE "comment_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"comment_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"comment_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"top_id" bigint,
	"buyer_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"rate" integer,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'PUBLISHED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_order_line_id_trade_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."trade_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_replies_one_per_comment" ON "comment_replies" USING btree ("comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_one_open" ON "comment_reports" USING btree ("comment_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_first_per_line" ON "comments" USING btree ("order_line_id") WHERE top_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_follow_up" ON "comments" USING btree ("top_id") WHERE top_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_buyer_idx" ON "comments" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_item_idx" ON "comments" USING btree ("item_id","created_at" DESC NULLS LAST) WHERE top_id IS NULL AND status = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "comments_shop_idx" ON "comments" USING btree ("shop_id","created_at" DESC NULLS LAST);