CREATE TABLE "enterprise_credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"enterprise_id" bigint NOT NULL REFERENCES "enterprises"("id"),
	"balance" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"payment_record_id" bigint REFERENCES "payment_records"("id"),
	"refund_id" bigint REFERENCES "refunds"("id"),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_credit_ledger_balance_check" CHECK ("balance" IN ('REMAINING', 'CREDIT')),
	CONSTRAINT "enterprise_credit_ledger_kind_check" CHECK ("kind" IN ('TAKE', 'GIVE_BACK', 'ADJUST'))
);
--> statement-breakpoint
CREATE INDEX "enterprise_credit_ledger_user_idx" ON "enterprise_credit_ledger" ("user_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_credit_ledger_take_once" ON "enterprise_credit_ledger" ("payment_record_id") WHERE "kind" = 'TAKE';
--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_credit_ledger_give_back_once" ON "enterprise_credit_ledger" ("refund_id") WHERE "kind" = 'GIVE_BACK';
--> statement-breakpoint
-- Opening entries: the balances as they stand become the ledger's first lines, so each balance
-- equals the sum of its lines from here on.
INSERT INTO "enterprise_credit_ledger" ("user_id", "enterprise_id", "balance", "kind", "amount_minor", "balance_after_minor", "note")
SELECT "id", "enterprise_id", 'REMAINING', 'ADJUST', "remaining_amt_minor", "remaining_amt_minor", 'opening balance'
FROM "users" WHERE "enterprise_id" IS NOT NULL AND "is_enterprise_main" AND "remaining_amt_minor" <> 0;
--> statement-breakpoint
INSERT INTO "enterprise_credit_ledger" ("user_id", "enterprise_id", "balance", "kind", "amount_minor", "balance_after_minor", "note")
SELECT "id", "enterprise_id", 'CREDIT', 'ADJUST', "credit_amt_minor", "credit_amt_minor", 'opening balance'
FROM "users" WHERE "enterprise_id" IS NOT NULL AND NOT "is_enterprise_main" AND "credit_amt_minor" <> 0;
