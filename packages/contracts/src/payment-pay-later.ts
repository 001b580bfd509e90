/** SPEC §7 "Payment": /api/payments/v1/sessions, the pay-later provider's session for the browser's widget. */
import { z } from 'zod';
import { Id } from './schemas.js';

export const PayLaterSessionBody = z.strictObject({
  /** The pay-later provider: its channel (KLARNA) or its name (klarna). */
  type: z.string().min(1).max(40),
  /** Whose attempt: the caller's latest pending pay-later attempt of this contract (else of any contract of the caller). */
  contractId: Id.optional(),
});
export const PayLaterSession = z.object({
  /** What Klarna.Payments.init takes. */
  client_token: z.string(),
  session_id: z.string(),
  paymentRecordId: Id,
  payment_method_categories: z.array(z.object({ identifier: z.string(), name: z.string() })),
});
export type PayLaterSession = z.infer<typeof PayLaterSession>;

/**
 * The widget's result: Klarna.Payments.authorize gave the browser an authorization_token for the
 * attempt's session; the shop places the order with it and answers the pay result.
 */
export const PayLaterAuthorizationBody = z.strictObject({
  contractId: Id,
  authorization_token: z.string().min(1).max(200),
});
