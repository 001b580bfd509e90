/**
 * Password reset (by email or SMS code) and change (SPEC §7 Account calls). A reset goes:
 * send code -> verify code -> short-lived single-use reset token -> new password; the new
 * password signs out every session of the account, a change every other session. Both email
 * the owner a "password changed" notice through the outbox.
 */
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  RESET_TOKEN_TTL_SECONDS,
  phoneDestination,
  type ResetTokenResult,
  type SendCodeResult,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { enqueueEmail } from '../../lib/outbox.js';
import type { UserRow } from '../../lib/session.js';
import { hashPassword, verifyPassword } from '../identity/service.js';
import { checkCode, sendCode } from './codes.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the request came from: the IP for the caps, language and site for the message. */
export interface RequestContext {
  ip: string;
  lang: string;
  site: string;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const registeredByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.userType, 'REGISTERED')))
  )[0];

const registeredByPhone = async (db: Db, prefix: string, mobile: string) =>
  (
    await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.phonePrefix, prefix.replace(/\D/g, '')),
          eq(users.phone, mobile.replace(/\D/g, '')),
          eq(users.userType, 'REGISTERED'),
        ),
      )
  )[0];

/** Reset code by email. An unknown email gets the same answer and work, and nothing is sent. */
export async function sendResetEmailCode(db: Db, email: string, ctx: RequestContext): Promise<SendCodeResult> {
  const user = await registeredByEmail(db, email);
  return db.transaction((tx) =>
    sendCode(tx, {
      purpose: 'resetPassword',
      channel: 'email',
      destination: email,
      userId: user?.id ?? null,
      requesterId: null,
      deliver: !!user,
      ...ctx,
    }),
  );
}

/** Reset code by SMS, to the phone bound to an account (same answer for an unknown number). */
export async function sendResetSmsCode(
  db: Db,
  prefix: string,
  mobile: string,
  ctx: RequestContext,
): Promise<SendCodeResult> {
  const user = await registeredByPhone(db, prefix, mobile);
  const destination = phoneDestination(prefix, mobile);
  return db.transaction((tx) =>
    sendCode(tx, {
      purpose: 'resetPassword',
      channel: 'sms',
      destination,
      userId: user?.id ?? null,
      requesterId: null,
      deliver: !!user,
      ...ctx,
    }),
  );
}

/** A right reset code (used up) is exchanged for a reset token (15 minutes, single use, stored hashed). */
export async function issueResetToken(db: Db, destination: string, code: string): Promise<ResetTokenResult> {
  const { userId } = await checkCode(db, { purpose: 'resetPassword', destination, code, consume: true });
  // A code stored for an unknown address was never sent, so it cannot be right; guard anyway.
  if (!userId) throw new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft: 0 });
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000) });
  return { token, expiresInSeconds: RESET_TOKEN_TTL_SECONDS };
}

export const resetDestinationForSms = (prefix: string, mobile: string) => phoneDestination(prefix, mobile);

async function noticePasswordChanged(tx: Tx, user: Pick<UserRow, 'email'>, ctx: RequestContext): Promise<void> {
  if (user.email)
    await enqueueEmail(tx, { to: user.email, template: 'passwordChanged', lang: ctx.lang, site: ctx.site });
}

/** Sets the new password with a reset token; every session of the account ends, the login counter is cleared. */
export async function resetByToken(db: Db, token: string, password: string, ctx: RequestContext): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          sql`${passwordResetTokens.usedAt} IS NULL`,
          sql`${passwordResetTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used)
      throw new AppError(
        400,
        ERROR_CODES.resetTokenInvalid,
        'This reset link has expired or was already used; please start again',
      );
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    if (user?.email) await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
    if (user) await noticePasswordChanged(tx, user, ctx);
  });
}

/** Change with the current password; the session making the change stays, every other one ends. */
export async function changePassword(
  db: Db,
  user: UserRow,
  currentSessionId: string | null,
  oldPassword: string,
  newPassword: string,
  ctx: RequestContext,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, oldPassword)))
    throw new AppError(400, ERROR_CODES.passwordIncorrect, 'The current password is not correct');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .delete(sessions)
      .where(
        currentSessionId
          ? and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId))
          : eq(sessions.userId, user.id),
      );
    await noticePasswordChanged(tx, user, ctx);
  });
}
