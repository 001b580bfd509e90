CREATE TABLE "third_party_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_auth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"mode" text NOT NULL,
	"user_id" bigint,
	"target" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_party_identities" ADD CONSTRAINT "third_party_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_auth_states" ADD CONSTRAINT "oidc_auth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_identity_key" ON "third_party_identities" USING btree ("provider","issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_user_provider_key" ON "third_party_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oidc_auth_states_expires_idx" ON "oidc_auth_states" USING btree ("expires_at");
