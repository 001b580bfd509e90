/**
 * Account settings of SPEC §7 "Account calls" beyond sign-in and passwords: profile
 * (user-info), enterprise notice emails, bind / change email and phone, delete account
 * (user-destroy) and the invitation code. Every call acts on the session's own account.
 */
import { z } from 'zod';
import { GENDERS } from './address.js';
import { CaptchaFields, Mobile, MobilePrefix, VerificationCode } from './account.js';
import { MAX_LEN } from './constants.js';
import { Email, Id, LanguageSchema } from './schemas.js';

// ---------- profile (PUT/GET /auth/{provider}/user/user-info) ----------
export const Birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'validation.date',
  )
  .refine((s) => s >= '1900-01-01' && Date.parse(`${s}T00:00:00Z`) <= Date.now(), 'validation.date');
export const ProfileBody = z.strictObject({
  nickname: z.string().trim().min(1, 'validation.required').max(MAX_LEN.nickname),
  firstName: z.string().trim().max(MAX_LEN.name).default(''),
  lastName: z.string().trim().max(MAX_LEN.name).default(''),
  gender: z.enum(GENDERS).nullable().default(null),
  birthday: Birthday.nullable().default(null),
  language: LanguageSchema.nullable().default(null),
});
export type ProfileBody = z.input<typeof ProfileBody>;
export const Profile = z.object({
  id: Id,
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  mobilePrefix: z.string().nullable(),
  nickname: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  language: LanguageSchema.nullable(),
  /** This account's own code to give to friends. */
  invitationCode: z.string(),
  /** Whether this account already entered someone's code (once per account). */
  invitedFilled: z.boolean(),
  isEnterpriseMain: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

// ---------- enterprise notice emails (main account only) ----------
export const NOTICE_EMAIL_MAX = 10;
export const NoticeEmail = z.object({ id: Id, email: z.string(), createdAt: z.string() });
export type NoticeEmail = z.infer<typeof NoticeEmail>;
export const NoticeEmailList = z.object({ data: z.array(NoticeEmail), max: z.number().int() });
export const NoticeEmailQueryBody = z.strictObject({}).optional();
export const NoticeEmailCreateBody = z.strictObject({ email: Email });
export const NoticeEmailUpdateBody = z.strictObject({ id: Id, email: Email });
export const NoticeEmailDeleteBody = z.strictObject({ id: Id });

// ---------- bind / change email and phone ----------
export const BindEmailSendBody = z.strictObject({ email: Email });
export const BindEmailBody = z.strictObject({ email: Email, emailCode: VerificationCode });
export const BindMobileSendBody = z.strictObject({ mobile: Mobile, mobilePrefix: MobilePrefix });
export const BindMobileBody = z.strictObject({ mobile: Mobile, mobilePrefix: MobilePrefix, smsCode: VerificationCode });
/** Change: the old address is proven by a code sent to it, or by the password. */
export const OldProof = {
  oldCode: VerificationCode.optional(),
  password: z.string().min(1).max(MAX_LEN.password).optional(),
};
export const ChangeEmailSendBody = z.strictObject({
  email: Email.optional(),
  target: z.enum(['old', 'new']).default('new'),
});
export const ChangeEmailBody = z.strictObject({ email: Email, emailCode: VerificationCode, ...OldProof });
export const CheckEmailCodeBody = z.strictObject({ emailCode: VerificationCode });
export const ChangeMobileSendBody = z.strictObject({
  mobile: Mobile.optional(),
  mobilePrefix: MobilePrefix.optional(),
  target: z.enum(['old', 'new']).default('new'),
});
export const ChangeMobileBody = z.strictObject({
  mobile: Mobile,
  mobilePrefix: MobilePrefix,
  smsCode: VerificationCode,
  ...OldProof,
});
export const AccountContact = z.object({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  mobilePrefix: z.string().nullable(),
});
export const CodeChecked = z.object({ valid: z.literal(true) });

// ---------- delete account ----------
export const DestroySendEmailBody = z.strictObject({ ...CaptchaFields, email: Email });
export const DestroySendSmsBody = z.strictObject({ ...CaptchaFields, mobile: Mobile, prefix: MobilePrefix });
/** The email code, or for a phone-only account the SMS code (smsCode). */
export const DestroyBody = z.strictObject({
  email: Email.optional(),
  emailCode: VerificationCode.optional(),
  mobile: Mobile.optional(),
  prefix: MobilePrefix.optional(),
  smsCode: VerificationCode.optional(),
});
export const Destroyed = z.object({ destroyed: z.literal(true) });
/** What the buyer's name becomes on orders, invoices and after-sales the books keep. */
export const DELETED_USER_NAME = 'Deleted user';

// ---------- invitation code ----------
export const INVITATION_CODE_LENGTH = 8;
export const InvitationCode = z.string().trim().toUpperCase().min(1, 'validation.required').max(MAX_LEN.inviteCode);
export const FillInvitationBody = z.strictObject({ invitationCode: InvitationCode });
export const InvitationFilled = z.object({ filled: z.literal(true), rewardPoints: z.number().int() });
/**
 * Points an accepted invitation code gives (fillInTheInvitationCodeFlow), through the points
 * ledger: the account that entered the code and the account whose code it was.
 */
export const INVITATION_REWARD_POINTS = { invitee: 100, inviter: 200 } as const;
