/** Risk screening (SPEC §7 risk check, §9 riskCheck): orders held for the operator, and its decision. */
import { z } from 'zod';
import { Id, Money } from './schemas.js';

export const RiskReasonSchema = z.enum([
  'NEW_ACCOUNT_AMOUNT',
  'COUNTRY_MISMATCH',
  'DISPOSABLE_EMAIL',
  'ORDER_VELOCITY',
  'CARD_VELOCITY',
  'ADDRESS_VELOCITY',
]);
export const RiskOutcomeSchema = z.enum(['PASSED', 'HELD', 'APPROVED', 'REJECTED', 'EXPIRED']);

/** One screened contract as the operator sees it: who, how much, the score and why. */
export const HeldOrder = z.object({
  contractId: Id,
  tradeOrderIds: z.array(Id),
  tradeOrderCodes: z.array(z.string()),
  site: z.string(),
  buyer: z.object({ id: Id, email: z.string().nullable(), nickname: z.string() }),
  amount: Money,
  score: z.number().int(),
  threshold: z.number().int(),
  /** Reason codes with their points; a provider's own codes pass through as they are. */
  reasons: z.array(z.object({ code: z.string(), points: z.number() })),
  provider: z.string(),
  outcome: RiskOutcomeSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type HeldOrder = z.infer<typeof HeldOrder>;

export const HeldOrdersQuery = z.strictObject({ outcome: z.enum(['HELD', 'DECIDED']).default('HELD') });
export const RiskDecisionBody = z.strictObject({ decision: z.enum(['APPROVE', 'REJECT']) });
export type RiskDecisionBody = z.infer<typeof RiskDecisionBody>;
