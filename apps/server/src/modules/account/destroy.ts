/**
 * Delete account (PUT /auth/{provider}/user/user-destroy, with an email code or the SMS
 * variant). Refused while a payment is still charging or an after-sales is open. Otherwise, in
 * one transaction: every session ends; saved cards, addresses, certificates, the cart, codes and
 * third-party sign-ins are deleted; the profile is emptied; the user row keeps its id (orders,
 * invoices, after-sales and reviews point at it) but loses email, phone and password and is
 * renamed "Deleted user", as are the names on its order addresses. The email and phone can sign
 * up again. Saved cards are detached at the payment provider after commit (idempotent).
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, ERROR_CODES, phoneDestination, type SendCodeResult } from '@mall/contracts';
import { REVERSE_FINAL_STATUSES } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  addresses, cards, cartLines, loginFailures, paymentRecords, reverseTradeOrders, sessions, thirdPartyIdentities, tradeContracts, userCertificates, userProfiles, users, verificationCodes,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { checkCode, sendCode } from './codes.js';
import type { RequestContext } from './password.js';
import { ensureProfile } from './profile.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const notOwn = () => new AppError(400, ERROR_CODES.destroyNotOwnAddress, "This is not your account's email or phone number");

/** What keeps an account from being deleted: money still moving, or an after-sales the seller is working. */
async function assertDeletable(tx: Tx, userId: bigint): Promise<void> {
  const [charging] = await tx.select({ id: paymentRecords.id }).from(paymentRecords).where(and(eq(paymentRecords.buyerId, userId), eq(paymentRecords.status, 'PAY_PENDING'))).limit(1);
  if (charging) throw new AppError(409, ERROR_CODES.destroyPaymentPending, 'A payment of yours is still being processed; please wait for its result before deleting your account');
  const [open] = await tx.select({ id: reverseTradeOrders.id }).from(reverseTradeOrders)
    .where(and(eq(reverseTradeOrders.buyerId, userId), notInArray(reverseTradeOrders.status, [...REVERSE_FINAL_STATUSES]))).limit(1);
  if (open) throw new AppError(409, ERROR_CODES.destroyAfterSalesOpen, 'You have an after-sales request in progress; wait until it is finished or withdraw it before deleting your account');
}

export async function sendDestroyEmailCode(db: Db, user: UserRow, email: string, ctx: RequestContext): Promise<SendCodeResult> {
  if (!user.email || user.email !== email) throw notOwn();
  await assertDeletable(db, user.id);
  return db.transaction((tx) => sendCode(tx, { purpose: 'deleteAccount', channel: 'email', destination: email, userId: user.id, ...ctx }));
}

export async function sendDestroySmsCode(db: Db, user: UserRow, prefix: string, mobile: string, ctx: RequestContext): Promise<SendCodeResult> {
  const destination = phoneDestination(prefix, mobile);
  if (!user.phone || !user.phonePrefix || phoneDestination(user.phonePrefix, user.phone) !== destination) throw notOwn();
  await assertDeletable(db, user.id);
  return db.transaction((tx) => sendCode(tx, { purpose: 'deleteAccount', channel: 'sms', destination, userId: user.id, ...ctx }));
}

/** Name, email and phone on an order address snapshot replaced; the rest (the seller still ships to it, the books keep it) stays. */
const ANONYMOUS_ADDRESS = sql`jsonb_build_object('firstName', ${DELETED_USER_NAME}::text, 'lastName', '', 'personName', ${DELETED_USER_NAME}::text, 'email', '', 'personPhone', '', 'areaCode', null)`;

export async function destroyAccount(db: Db, user: UserRow, input: { email?: string; emailCode?: string; mobile?: string; prefix?: string; smsCode?: string }, detach: (token: string) => Promise<void>): Promise<{ destroyed: true }> {
  let destination: string;
  if (input.email !== undefined && input.emailCode !== undefined) {
    if (!user.email || user.email !== input.email) throw notOwn();
    destination = input.email;
  } else if (input.mobile !== undefined && input.prefix !== undefined && input.smsCode !== undefined) {
    destination = phoneDestination(input.prefix, input.mobile);
    if (!user.phone || !user.phonePrefix || phoneDestination(user.phonePrefix, user.phone) !== destination) throw notOwn();
  } else {
    throw new AppError(400, ERROR_CODES.invalidRequest, 'Send email and emailCode, or mobile, prefix and smsCode');
  }
  await assertDeletable(db, user.id);
  const { userId } = await checkCode(db, { purpose: 'deleteAccount', destination, code: (input.emailCode ?? input.smsCode)!, consume: true });
  if (userId !== user.id) throw new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft: 0 });

  const tokens = await db.transaction(async (tx) => {
    // The user row lock: a payment or after-sales started meanwhile is seen by the check below.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
    await assertDeletable(tx, user.id);
    const gone = await tx.delete(cards).where(eq(cards.buyerId, user.id)).returning({ token: cards.payCenterToken });
    await tx.delete(addresses).where(eq(addresses.buyerId, user.id));
    await tx.delete(userCertificates).where(eq(userCertificates.buyerId, user.id));
    await tx.delete(cartLines).where(eq(cartLines.buyerId, user.id));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, user.id));
    await tx.delete(thirdPartyIdentities).where(eq(thirdPartyIdentities.userId, user.id));
    if (user.email) await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await ensureProfile(tx, user.id);
    await tx.update(userProfiles).set({ firstName: '', lastName: '', gender: null, birthday: null, language: null, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(userProfiles.userId, user.id));
    // Orders and invoices stay for the seller and the books, under the replaced name.
    await tx.update(tradeContracts).set({
      selectedAddress: sql`${tradeContracts.selectedAddress} || ${ANONYMOUS_ADDRESS}`,
      billingAddress: sql`CASE WHEN ${tradeContracts.billingAddress} IS NULL OR jsonb_typeof(${tradeContracts.billingAddress}) <> 'object' THEN ${tradeContracts.billingAddress} ELSE ${tradeContracts.billingAddress} || ${ANONYMOUS_ADDRESS} END`,
    }).where(and(eq(tradeContracts.buyerId, user.id), sql`jsonb_typeof(${tradeContracts.selectedAddress}) = 'object'`));
    await tx.update(users).set({ email: null, phone: null, phonePrefix: null, passwordHash: null, nickname: DELETED_USER_NAME }).where(eq(users.id, user.id));
    return gone.map((c) => c.token).filter((t): t is string => !!t);
  });
  // Provider calls happen after commit (DESIGN "Providers behind interfaces"); detaching twice is harmless.
  await Promise.all(tokens.map((t) => detach(t).catch(() => undefined)));
  return { destroyed: true };
}

