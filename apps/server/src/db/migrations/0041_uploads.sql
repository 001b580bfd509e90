-- Uploads with their owner: a review, an after-sales request or a payment may refer only
-- to files its own account uploaded; and upload quotas per account and per IP (files and bytes per
-- hour) counted here, so they hold across every app server on this database.
CREATE TABLE "uploads" (
	"url" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
-- Unlogged: a count is written by every upload, and a commit that touched only this table
-- waits for no WAL flush (concurrent uploads of one account queue on its row while a commit
-- flushes). After a crash the windows start empty, which a one-hour quota can afford.
CREATE UNLOGGED TABLE "upload_quota_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
