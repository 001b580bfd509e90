-- A held order nobody decided on is cancelled by itself after RISK_REVIEW_HOURS (packages/domain
-- risk.ts); its screening is then EXPIRED.
ALTER TABLE "risk_screenings" DROP CONSTRAINT "risk_screenings_outcome_check";--> statement-breakpoint
ALTER TABLE "risk_screenings" ADD CONSTRAINT "risk_screenings_outcome_check" CHECK ("outcome" IN ('PASSED', 'HELD', 'APPROVED', 'REJECTED', 'EXPIRED'));
