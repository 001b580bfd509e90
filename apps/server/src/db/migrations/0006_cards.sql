CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"status" text NOT NULL,
	"pay_center_token" text,
	"tail_number" text,
	"bank_net_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_save" boolean DEFAULT true NOT NULL,
	"holder" jsonb NOT NULL,
	"setup_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mockpay_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"status" text NOT NULL,
	"token" text,
	"card_tail" text,
	"brand" text,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_buyer_idx" ON "cards" USING btree ("buyer_id");