ALTER TABLE "users" ADD COLUMN "need_pi" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "proof_url" text;