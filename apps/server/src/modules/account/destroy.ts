/**
 * Delete account (PUT /auth/{provider}/user/user-destroy, with an email code or the SMS
 * variant). Refused while a payment is still charging, an after-sales is open or a paid order
 * has not shipped. Otherwise, in one transaction, the account's personal data is erased or
 * pseudonymised everywhere (erase.ts; docs/privacy.md says what is kept and why): the user row
 * keeps its id (orders, invoices, after-sales and reviews point at it) but loses email, phone and
 * password and is renamed "Deleted user". The email and phone can sign up again. After commit the
 * account's uploaded files are deleted and saved cards detached at the payment provider (both
 * idempotent).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { ERROR_CODES, phoneDestination, type SendCodeResult } from '@mall/contracts';
import { REVERSE_FINAL_STATUSES } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { paymentRecords, reverseTradeOrders, tradeOrders, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import type { FileStorage } from '../../lib/storage.js';
import { checkCode, sendCode } from './codes.js';
import { erasePersonalData } from './erase.js';
import type { RequestContext } from './password.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const notOwn = () =>
  new AppError(400, ERROR_CODES.destroyNotOwnAddress, "This is not your account's email or phone number");

/** Paid (in full or a deposit) and not shipped yet: the seller still needs the buyer's address. */
const TO_SHIP_STATUSES = ['UN_DELIVERY', 'PENDING_BALANCE', 'PROCESSING'];

/** What keeps an account from being deleted: money still moving, an after-sales the seller is working, or goods still to send. */
async function assertDeletable(tx: Tx, userId: bigint): Promise<void> {
  const [charging] = await tx
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.buyerId, userId), eq(paymentRecords.status, 'PAY_PENDING')))
    .limit(1);
  if (charging)
    throw new AppError(
      409,
      ERROR_CODES.destroyPaymentPending,
      'A payment of yours is still being processed; please wait for its result before deleting your account',
    );
  const [open] = await tx
    .select({ id: reverseTradeOrders.id })
    .from(reverseTradeOrders)
    .where(
      and(eq(reverseTradeOrders.buyerId, userId), notInArray(reverseTradeOrders.status, [...REVERSE_FINAL_STATUSES])),
    )
    .limit(1);
  if (open)
    throw new AppError(
      409,
      ERROR_CODES.destroyAfterSalesOpen,
      'You have an after-sales request in progress; wait until it is finished or withdraw it before deleting your account',
    );
  const [toShip] = await tx
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.buyerId, userId), inArray(tradeOrders.status, TO_SHIP_STATUSES)))
    .limit(1);
  if (toShip)
    throw new AppError(
      409,
      ERROR_CODES.destroyOrdersToShip,
      'You have paid orders that have not shipped yet; wait until they ship or cancel them before deleting your account',
    );
}

export async function sendDestroyEmailCode(
  db: Db,
  user: UserRow,
  email: string,
  ctx: RequestContext,
): Promise<SendCodeResult> {
  if (!user.email || user.email !== email) throw notOwn();
  await assertDeletable(db, user.id);
  return db.transaction((tx) =>
    sendCode(tx, { purpose: 'deleteAccount', channel: 'email', destination: email, userId: user.id, ...ctx }),
  );
}

export async function sendDestroySmsCode(
  db: Db,
  user: UserRow,
  prefix: string,
  mobile: string,
  ctx: RequestContext,
): Promise<SendCodeResult> {
  const destination = phoneDestination(prefix, mobile);
  if (!user.phone || !user.phonePrefix || phoneDestination(user.phonePrefix, user.phone) !== destination)
    throw notOwn();
  await assertDeletable(db, user.id);
  return db.transaction((tx) =>
    sendCode(tx, { purpose: 'deleteAccount', channel: 'sms', destination, userId: user.id, ...ctx }),
  );
}

export interface DestroyDeps {
  /** Detaches a saved card at the payment provider. */
  detach: (card: { provider: string; token: string }) => Promise<void>;
  /** Where the account's uploads are stored. */
  storage: FileStorage;
  /** Told about a file or card that could not be removed after commit. */
  warn?: (what: object, message: string) => void;
}

export async function destroyAccount(
  db: Db,
  user: UserRow,
  input: { email?: string; emailCode?: string; mobile?: string; prefix?: string; smsCode?: string },
  deps: DestroyDeps,
): Promise<{ destroyed: true }> {
  let destination: string;
  if (input.email !== undefined && input.emailCode !== undefined) {
    if (!user.email || user.email !== input.email) throw notOwn();
    destination = input.email;
  } else if (input.mobile !== undefined && input.prefix !== undefined && input.smsCode !== undefined) {
    destination = phoneDestination(input.prefix, input.mobile);
    if (!user.phone || !user.phonePrefix || phoneDestination(user.phonePrefix, user.phone) !== destination)
      throw notOwn();
  } else {
    throw new AppError(400, ERROR_CODES.invalidRequest, 'Send email and emailCode, or mobile, prefix and smsCode');
  }
  await assertDeletable(db, user.id);
  const { userId } = await checkCode(db, {
    purpose: 'deleteAccount',
    destination,
    code: (input.emailCode ?? input.smsCode)!,
    consume: true,
  });
  if (userId !== user.id) throw new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft: 0 });

  const erased = await db.transaction(async (tx) => {
    // The user row lock: a payment or after-sales started meanwhile is seen by the check below, and
    // the email and phone erased are the row's as it is now (not the session's earlier read).
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    await assertDeletable(tx, user.id);
    return erasePersonalData(tx, locked!);
  });
  // Files and provider calls only after commit (DESIGN "Providers behind interfaces"): a rollback keeps them; doing either twice is harmless.
  await Promise.all([
    ...erased.files.map((key) =>
      deps.storage.delete(key).catch((err: unknown) => deps.warn?.({ key, err }, 'deleted account: file not removed')),
    ),
    ...erased.cardTokens.map((t) =>
      deps.detach(t).catch((err: unknown) => deps.warn?.({ err }, 'deleted account: card not detached')),
    ),
  ]);
  return { destroyed: true };
}
