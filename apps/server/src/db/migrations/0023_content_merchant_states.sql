CREATE TABLE "article_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"parent_id" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "article_categories_site_code_key" ON "article_categories" USING btree ("site","code");--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"kind" text NOT NULL,
	"category_id" bigint,
	"policy_kind" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"pin_sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_site_kind_idx" ON "articles" USING btree ("site","kind","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_site_policy_key" ON "articles" USING btree ("site","policy_kind");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merchant_state" text DEFAULT 'seller' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "shop_id" bigint;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_applications_status_idx" ON "merchant_applications" USING btree ("status","created_at");
