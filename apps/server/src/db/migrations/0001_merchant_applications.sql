CREATE TABLE "merchant_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'audit' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_user_key" ON "merchant_applications" USING btree ("user_id");