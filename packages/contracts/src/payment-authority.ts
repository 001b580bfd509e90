/**
 * SPEC §7 Payment: `authority` (what an embedded widget needs before paying: Adyen's Drop-in
 * session, Braintree's client token) and `adyenDetails` (finishing a payment that needed a
 * redirect or 3-D Secure). Declared like firstPay and payResult in payment.ts.
 */
import { z } from 'zod';
import { Id, SiteCodeSchema } from './schemas.js';

/** The channels `authority` answers for (SPEC §7). */
export const AUTHORITY_CHANNELS = ['ADYEN_PC', 'BRAINTREE'] as const;
/** SPEC §9: an authority without an amount is for 100 minor units. */
export const DEFAULT_AUTHORITY_AMOUNT_MINOR = 100;

const Decimal = z
  .string()
  .max(20)
  .regex(/^\d+(\.\d+)?$/, 'invalid amount');

export const AuthorityBody = z.strictObject({
  channel: z.enum(AUTHORITY_CHANNELS),
  authCode: z.string().max(200).optional(),
  /** The amount to authorise: `type` its currency (the site's when absent), `value` in major units. */
  tradeAmt: z.strictObject({ type: z.string().max(10).optional(), value: Decimal }).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  site: SiteCodeSchema.optional(),
  /** Minor units (SPEC §9: x100, x1 for JPY); wins over tradeAmt. */
  amount: z
    .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,15}$/)])
    .optional(),
  content: z.string().max(2000).optional(),
});
export type AuthorityBody = z.infer<typeof AuthorityBody>;

export const AuthorityResult = z.object({
  /** ADYEN_PC: the Drop-in's session (SPEC spells the environment `enviroment`). */
  redirectInfo: z
    .object({ sessionData: z.string(), sessionId: z.string(), clientKey: z.string(), enviroment: z.string() })
    .nullable(),
  /** BRAINTREE: the client token of the hosted fields. */
  channelToken: z.string().nullable(),
});
export type AuthorityResult = z.infer<typeof AuthorityResult>;

export const AdyenDetailsBody = z.strictObject({
  /** The Drop-in's state.data.details, or the redirect's query (redirectResult). */
  details: z
    .record(z.string().max(100), z.string().max(20_000))
    .refine((d) => Object.keys(d).length > 0 && Object.keys(d).length <= 20, 'details required'),
  paymentData: z.string().max(20_000).optional(),
  site: SiteCodeSchema.optional(),
});
export type AdyenDetailsBody = z.infer<typeof AdyenDetailsBody>;

/**
 * BRAINTREE: the hosted fields tokenized the card; the nonce pays the caller's pending Braintree
 * attempt of this contract (the sale is made once per attempt). Answers the pay result.
 */
export const BraintreeNonceBody = z.strictObject({
  contractId: Id,
  paymentMethodNonce: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid nonce'),
  /** Braintree's device data for its fraud tools, when the page collected it. */
  deviceData: z.string().max(4000).optional(),
});
export type BraintreeNonceBody = z.infer<typeof BraintreeNonceBody>;
