/**
 * SPEC §7 subscriptions: the check by email or mobile, subscribe by email (source CHECK_OUT_NOW
 * at checkout) and by SMS (the US site), and the confirm and unsubscribe links. Which channels a
 * site offers comes from its feature flags (§9 sms and email subscribe).
 */
import { z } from 'zod';
import { MAX_LEN } from './constants.js';
import { Email } from './schemas.js';

export const SUBSCRIPTION_SOURCES = ['CHECK_OUT_NOW', 'ACCOUNT', 'FOOTER'] as const;
export const SubscriptionSource = z.enum(SUBSCRIPTION_SOURCES);
/** A phone as the buyer typed it, with its international prefix ("+1" and the number, or "+14155550100"). */
const Phone = z
  .string()
  .trim()
  .min(4)
  .max(MAX_LEN.phone + 6)
  .regex(/^\+?[0-9(][0-9 ().-]{3,}$/, 'Account.mobileFormat');

export const SubscriptionCheckBody = z
  .strictObject({ email: Email.optional(), mobile: Phone.optional() })
  .refine((b) => !!b.email !== !!b.mobile, { message: 'Give an email or a mobile number' });
export type SubscriptionCheckBody = z.infer<typeof SubscriptionCheckBody>;
/** `value`: that address is subscribed (or waiting for its confirmation) on this site. */
export const SubscriptionCheckResult = z.object({ value: z.boolean() });

export const EmailSubscribeBody = z.strictObject({
  email: Email,
  name: z.string().trim().max(100).optional(),
  source: SubscriptionSource,
  subscribe: z.boolean(),
  country: z.string().trim().length(2).optional(),
  /** Ask the newsletter provider to send its own confirmation (when one is configured); the shop sends one otherwise. */
  mailchimpSendEmail: z.boolean().optional(),
});
export type EmailSubscribeBody = z.infer<typeof EmailSubscribeBody>;

/** SPEC §7 spells the flag `subscrible`. */
export const SmsSubscribeBody = z.strictObject({
  email: Email.optional(),
  mobile: Phone,
  subscrible: z.boolean(),
  source: SubscriptionSource,
  country: z.string().trim().length(2).optional(),
  /** Send the welcome message with the STOP and HELP notice (default true). */
  sendPhoneMessage: z.boolean().optional(),
});
export type SmsSubscribeBody = z.infer<typeof SmsSubscribeBody>;

export const SUBSCRIPTION_STATUSES = ['PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export const SubscriptionResult = z.object({ status: z.enum(SUBSCRIPTION_STATUSES) });
export type SubscriptionResult = z.infer<typeof SubscriptionResult>;

/** The secret of a confirm or unsubscribe link. */
export const SubscriptionTokenBody = z.strictObject({ token: z.string().trim().min(20).max(100) });
export const SubscriptionLinkResult = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  channel: z.enum(['EMAIL', 'SMS']),
  address: z.string(),
});
export type SubscriptionLinkResult = z.infer<typeof SubscriptionLinkResult>;

/**
 * The consent texts as the shop records them with each consent (English; the page shows the
 * same text in the buyer's language, and the language is recorded with it).
 */
export const CONSENT_TEXTS = {
  EMAIL: 'Email me news, offers and new arrivals. I can unsubscribe at any time with the link in every email.',
  SMS: 'Text me offers and order news. Message frequency varies; message and data rates may apply. Reply STOP to unsubscribe, HELP for help. Consent is not a condition of purchase.',
} as const;
