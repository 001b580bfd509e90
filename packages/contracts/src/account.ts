/**
 * Account security (SPEC §7 Account calls): verification codes, captcha, password
 * reset and change. Shared by the server (validation + OpenAPI) and the web app.
 */
import { z } from 'zod';
import { MAX_LEN, PASSWORD_MIN } from './constants.js';
import { Email } from './schemas.js';

export { IDENTITY_PROVIDER } from './constants.js';

/** What a verification code is for; a code only works for the purpose it was sent for. */
export const CODE_PURPOSES = [
  'resetPassword',
  'bindEmail',
  'bindPhone',
  'changeEmail',
  'changePhone',
  'verifyOld',
  'deleteAccount',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** Code rules: 6 digits, 10 minutes, 5 tries, 60 s between sends, 5 an hour per destination (the other caps: CodeSendLimits in the server config). */
export const CODE_RULES = {
  length: 6,
  ttlSeconds: 600,
  maxTries: 5,
  resendSeconds: 60,
  perDestinationPerHour: 5,
} as const;
/** A verified reset code is exchanged for a single-use reset token that lives this long. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

export const VerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Account.codeFormat');
export const Password = z.string().min(PASSWORD_MIN).max(MAX_LEN.password);
/** Mobile number without the country prefix (digits, spaces and dashes allowed, stored as digits). */
export const Mobile = z
  .string()
  .trim()
  .max(MAX_LEN.phone)
  .regex(/^[0-9][0-9 -]{3,}$/, 'Account.mobileFormat');
/** Country calling code, with or without "+": "+1", "49". */
export const MobilePrefix = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'Account.mobileFormat');

/**
 * The §7 calls' `captcha, token` pair: `captcha` is the ALTCHA payload the widget produces
 * (base64 JSON of challenge + solution), `token` the challenge id (its `parameters.nonce`)
 * from GET /api/captcha/challenge. Each solved challenge is accepted once and for 5 minutes.
 */
export const CaptchaFields = {
  captcha: z.string().min(1).max(4000).describe('ALTCHA payload (base64 JSON) from the widget'),
  token: z.string().min(1).max(200).describe("Challenge id: the challenge's parameters.nonce"),
};

/** Answer to every "send code" call: when the next send is allowed and how long the code lives. */
export const SendCodeResult = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendCodeResult = z.infer<typeof SendCodeResult>;

// ---------- password reset by email ----------
export const ResetSendEmailCodeBody = z.strictObject({ email: Email, ...CaptchaFields });
export type ResetSendEmailCodeBody = z.infer<typeof ResetSendEmailCodeBody>;
export const ResetEmailCodeVerifyBody = z.strictObject({ email: Email, code: VerificationCode });
export type ResetEmailCodeVerifyBody = z.infer<typeof ResetEmailCodeVerifyBody>;
export const ResetTokenResult = z.object({ token: z.string(), expiresInSeconds: z.number().int() });
export type ResetTokenResult = z.infer<typeof ResetTokenResult>;
export const ResetByTokenBody = z.strictObject({ token: z.string().min(20).max(200), password: Password });
export type ResetByTokenBody = z.infer<typeof ResetByTokenBody>;

// ---------- password reset by SMS ----------
export const ResetSendSmsBody = z.strictObject({ mobile: Mobile, mobilePrefix: MobilePrefix, ...CaptchaFields });
export type ResetSendSmsBody = z.infer<typeof ResetSendSmsBody>;
export const ResetCheckSmsCodeBody = z.strictObject({
  mobile: Mobile,
  mobilePrefix: MobilePrefix,
  code: VerificationCode,
});
export type ResetCheckSmsCodeBody = z.infer<typeof ResetCheckSmsCodeBody>;
/** POST /api/user/web/mobile/reset: the token from check-sms-code and the new password. */
export const ResetBySmsBody = ResetByTokenBody;
export type ResetBySmsBody = ResetByTokenBody;

// ---------- change password ----------
export const ChangePasswordBody = z.strictObject({
  oldPassword: z.string().min(1).max(MAX_LEN.password),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const OkResult = z.object({ ok: z.literal(true) });

// ---------- dev mailbox ----------
export const DevMailboxMessage = z.object({
  id: z.string(),
  channel: z.enum(CODE_CHANNELS),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type DevMailboxMessage = z.infer<typeof DevMailboxMessage>;
export const DevMailboxList = z.object({ messages: z.array(DevMailboxMessage) });
export type DevMailboxList = z.infer<typeof DevMailboxList>;

/** Normalised phone destination used for codes and uniqueness: "+<prefix><digits>". */
export function phoneDestination(prefix: string, mobile: string): string {
  return `+${prefix.replace(/\D/g, '')}${mobile.replace(/\D/g, '')}`;
}
