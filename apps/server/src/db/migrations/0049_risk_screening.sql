-- Risk screening (SPEC §7 risk check, §9 flag riskCheck): one row per screened contract, with
-- what the screener saw (email, IP, device, for the next orders' velocity), its score and
-- reasons, and the outcome. HELD orders wait in UNDER_REVIEW for the operator.
CREATE TABLE "risk_screenings" (
	"contract_id" bigint PRIMARY KEY NOT NULL REFERENCES "trade_contracts"("id"),
	"buyer_id" bigint NOT NULL REFERENCES "users"("id"),
	"site" text NOT NULL,
	"email" text,
	"ip" text,
	"device_id" text,
	"provider" text NOT NULL,
	"score" integer NOT NULL,
	"threshold" integer NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"decided_by" bigint REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_screenings_outcome_check" CHECK ("outcome" IN ('PASSED', 'HELD', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE INDEX "risk_screenings_buyer_idx" ON "risk_screenings" ("buyer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "risk_screenings_email_idx" ON "risk_screenings" ("email", "created_at");
--> statement-breakpoint
CREATE INDEX "risk_screenings_ip_idx" ON "risk_screenings" ("ip", "created_at");
--> statement-breakpoint
CREATE INDEX "risk_screenings_device_idx" ON "risk_screenings" ("device_id", "created_at") WHERE "device_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "risk_screenings_held_idx" ON "risk_screenings" ("created_at") WHERE "outcome" = 'HELD';
