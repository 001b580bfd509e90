-- Marketing consent (email newsletter with double opt-in, SMS on the US site) and its proof:
-- one row per channel, address and site for where it stands, and an append-only log of every
-- consent given or withdrawn (what, when, source, IP, the text shown).
CREATE TABLE "marketing_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"site" text NOT NULL,
	"user_id" bigint,
	"name" text,
	"country" text,
	"status" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_address_uq" ON "marketing_consents" USING btree ("channel","address","site");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_token_uq" ON "marketing_consents" USING btree ("token");--> statement-breakpoint
CREATE TABLE "marketing_consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consent_id" bigint NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"language" text,
	"text_shown" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_consent_id_marketing_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."marketing_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_events_consent_idx" ON "marketing_consent_events" USING btree ("consent_id","created_at");
