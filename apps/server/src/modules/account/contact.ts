/**
 * Bind and change the account's email and phone (SPEC §7 account calls). Bind is for an account
 * without one; a change needs a code sent to the NEW address plus proof for the old one (a code
 * sent to it, or the password). Every call acts on the session's user: codes are sent for that
 * user and only accepted when they were.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { ERROR_CODES, phoneDestination, type CodePurpose, type SendCodeResult } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { verifyPassword } from '../identity/service.js';
import { checkCode, sendCode } from './codes.js';
import type { RequestContext } from './password.js';

const digits = (s: string) => s.replace(/\D/g, '');
const emailTaken = () => new AppError(409, ERROR_CODES.emailTaken, 'This email is already used by another account');
const mobileTaken = () =>
  new AppError(409, ERROR_CODES.mobileTaken, 'This phone number is already used by another account');
const isUniqueViolation = (e: unknown) =>
  (e as { cause?: { code?: string } })?.cause?.code === '23505' || (e as { code?: string })?.code === '23505';

async function emailUsedByOther(db: Db, userId: bigint, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return !!u;
}
async function mobileUsedByOther(db: Db, userId: bigint, prefix: string, mobile: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phonePrefix, digits(prefix)), eq(users.phone, digits(mobile)), ne(users.id, userId)));
  return !!u;
}

const send = (
  db: Db,
  user: UserRow,
  purpose: CodePurpose,
  channel: 'email' | 'sms',
  destination: string,
  ctx: RequestContext,
): Promise<SendCodeResult> =>
  db.transaction((tx) => sendCode(tx, { purpose, channel, destination, userId: user.id, ...ctx }));

/** A right code that was sent for this very account (a code sent for another account does not count). */
async function ownCode(
  db: Db,
  user: UserRow,
  purpose: CodePurpose,
  destination: string,
  code: string,
  consume = true,
): Promise<void> {
  const { userId } = await checkCode(db, { purpose, destination, code, consume });
  if (userId !== user.id) throw new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft: 0 });
}

/** The old address is proven by a code sent to it (verifyOld) or by the account password. */
async function proveOld(
  db: Db,
  user: UserRow,
  oldDestination: string,
  proof: { oldCode?: string; password?: string },
  consume: boolean,
): Promise<void> {
  if (proof.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, proof.password)))
      throw new AppError(400, ERROR_CODES.passwordIncorrect, 'The current password is not correct');
    return;
  }
  if (proof.oldCode !== undefined) return ownCode(db, user, 'verifyOld', oldDestination, proof.oldCode, consume);
  throw new AppError(
    400,
    ERROR_CODES.oldVerificationRequired,
    'Confirm the current address with its code or your password',
  );
}

// ---------- email ----------

export async function sendBindEmailCode(
  db: Db,
  user: UserRow,
  email: string,
  ctx: RequestContext,
): Promise<SendCodeResult> {
  if (user.email)
    throw new AppError(409, ERROR_CODES.emailAlreadyBound, 'This account already has an email; change it instead');
  if (await emailUsedByOther(db, user.id, email)) throw emailTaken();
  return send(db, user, 'bindEmail', 'email', email, ctx);
}

export async function bindEmail(db: Db, user: UserRow, email: string, code: string): Promise<UserRow> {
  if (user.email)
    throw new AppError(409, ERROR_CODES.emailAlreadyBound, 'This account already has an email; change it instead');
  await ownCode(db, user, 'bindEmail', email, code);
  try {
    const [u] = await db
      .update(users)
      .set({ email })
      .where(and(eq(users.id, user.id), isNull(users.email)))
      .returning();
    if (!u)
      throw new AppError(409, ERROR_CODES.emailAlreadyBound, 'This account already has an email; change it instead');
    return u;
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
}

/** Change email, step 1: a code to the current email (target old) or to the new one (target new). */
export async function sendChangeEmailCode(
  db: Db,
  user: UserRow,
  input: { target: 'old' | 'new'; email?: string },
  ctx: RequestContext,
): Promise<SendCodeResult> {
  if (!user.email)
    throw new AppError(409, ERROR_CODES.noEmailToChange, 'This account has no email yet; bind one first');
  if (input.target === 'old') return send(db, user, 'verifyOld', 'email', user.email, ctx);
  if (!input.email) throw new AppError(400, ERROR_CODES.invalidRequest, 'The new email is required');
  if (input.email === user.email) throw new AppError(400, ERROR_CODES.invalidRequest, 'This is already your email');
  if (await emailUsedByOther(db, user.id, input.email)) throw emailTaken();
  return send(db, user, 'changeEmail', 'email', input.email, ctx);
}

/** Change email, optional step: check the current email's code before asking for the new address (it stays usable). */
export async function checkOldEmailCode(db: Db, user: UserRow, code: string): Promise<{ valid: true }> {
  if (!user.email)
    throw new AppError(409, ERROR_CODES.noEmailToChange, 'This account has no email yet; bind one first');
  await ownCode(db, user, 'verifyOld', user.email, code, false);
  return { valid: true };
}

export async function changeEmail(
  db: Db,
  user: UserRow,
  input: { email: string; emailCode: string; oldCode?: string; password?: string },
): Promise<UserRow> {
  if (!user.email)
    throw new AppError(409, ERROR_CODES.noEmailToChange, 'This account has no email yet; bind one first');
  // Old proof checked, then the new code used, then the old code used: a failed step spends neither.
  await proveOld(db, user, user.email, input, false);
  await ownCode(db, user, 'changeEmail', input.email, input.emailCode);
  await proveOld(db, user, user.email, input, true);
  try {
    const [u] = await db.update(users).set({ email: input.email }).where(eq(users.id, user.id)).returning();
    return u!;
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
}

// ---------- phone ----------

export async function sendBindMobileCode(
  db: Db,
  user: UserRow,
  prefix: string,
  mobile: string,
  ctx: RequestContext,
): Promise<SendCodeResult> {
  if (user.phone)
    throw new AppError(
      409,
      ERROR_CODES.mobileAlreadyBound,
      'This account already has a phone number; change it instead',
    );
  if (await mobileUsedByOther(db, user.id, prefix, mobile)) throw mobileTaken();
  return send(db, user, 'bindPhone', 'sms', phoneDestination(prefix, mobile), ctx);
}

async function setMobile(db: Db, user: UserRow, prefix: string, mobile: string, onlyIfNone: boolean): Promise<UserRow> {
  try {
    const [u] = await db
      .update(users)
      .set({ phonePrefix: digits(prefix), phone: digits(mobile) })
      .where(onlyIfNone ? and(eq(users.id, user.id), isNull(users.phone)) : eq(users.id, user.id))
      .returning();
    if (!u)
      throw new AppError(
        409,
        ERROR_CODES.mobileAlreadyBound,
        'This account already has a phone number; change it instead',
      );
    return u;
  } catch (e) {
    if (isUniqueViolation(e)) throw mobileTaken();
    throw e;
  }
}

export async function bindMobile(
  db: Db,
  user: UserRow,
  prefix: string,
  mobile: string,
  code: string,
): Promise<UserRow> {
  if (user.phone)
    throw new AppError(
      409,
      ERROR_CODES.mobileAlreadyBound,
      'This account already has a phone number; change it instead',
    );
  await ownCode(db, user, 'bindPhone', phoneDestination(prefix, mobile), code);
  return setMobile(db, user, prefix, mobile, true);
}

const currentPhone = (user: UserRow) => {
  if (!user.phone || !user.phonePrefix)
    throw new AppError(409, ERROR_CODES.noMobileToChange, 'This account has no phone number yet; bind one first');
  return phoneDestination(user.phonePrefix, user.phone);
};

export async function sendChangeMobileCode(
  db: Db,
  user: UserRow,
  input: { target: 'old' | 'new'; mobile?: string; mobilePrefix?: string },
  ctx: RequestContext,
): Promise<SendCodeResult> {
  const old = currentPhone(user);
  if (input.target === 'old') return send(db, user, 'verifyOld', 'sms', old, ctx);
  if (!input.mobile || !input.mobilePrefix)
    throw new AppError(400, ERROR_CODES.invalidRequest, 'The new phone number is required');
  const next = phoneDestination(input.mobilePrefix, input.mobile);
  if (next === old) throw new AppError(400, ERROR_CODES.invalidRequest, 'This is already your phone number');
  if (await mobileUsedByOther(db, user.id, input.mobilePrefix, input.mobile)) throw mobileTaken();
  return send(db, user, 'changePhone', 'sms', next, ctx);
}

export async function changeMobile(
  db: Db,
  user: UserRow,
  input: { mobile: string; mobilePrefix: string; smsCode: string; oldCode?: string; password?: string },
): Promise<UserRow> {
  const old = currentPhone(user);
  await proveOld(db, user, old, input, false);
  await ownCode(db, user, 'changePhone', phoneDestination(input.mobilePrefix, input.mobile), input.smsCode);
  await proveOld(db, user, old, input, true);
  return setMobile(db, user, input.mobilePrefix, input.mobile, false);
}
