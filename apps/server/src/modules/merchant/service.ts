/**
 * Merchant entry (SPEC §2 /merchant/apply, /merchant/audit; §4 "Merchant link"; §6 states):
 * applications move by APPLICATION_EVENTS, sellers by MERCHANT_STATE_EVENTS (packages/domain);
 * each move is one `UPDATE ... WHERE status IN (from)`, so racing reviews cannot both win.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ERROR_CODES,
  type MerchantApplyBody,
  type MerchantStatus,
  type OperatorApplication,
  type OperatorSeller,
} from '@mall/contracts';
import {
  APPLICATION_EVENTS,
  MERCHANT_STATE_EVENTS,
  merchantStateEvents,
  type ApplicationEvent,
  type MerchantStateEvent,
} from '@mall/domain';
import type { Db } from '../../db/client.js';
import type { ReadPart } from '../../db/rows.js';
import { items, merchantApplications, shops, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import type { Tx } from '../trade/transitions.js';

export async function merchantStatus(db: Db, user: UserRow): Promise<z.infer<typeof MerchantStatus>> {
  const [application] = await db.select().from(merchantApplications).where(eq(merchantApplications.userId, user.id));
  const own = await db
    .select({ id: shops.id, name: shops.name, itemCount: count(items.id) })
    .from(shops)
    .leftJoin(items, eq(items.shopId, shops.id))
    .where(eq(shops.sellerId, user.id))
    .groupBy(shops.id);
  return {
    auditStatus: user.role === 'SELLER' ? ('pass' as const) : (application?.status ?? 'none'),
    application: application
      ? {
          shopName: application.shopName,
          contactName: application.contactName,
          createdAt: application.createdAt.toISOString(),
          rejectReason: application.rejectReason,
          reviewedAt: application.reviewedAt?.toISOString() ?? null,
        }
      : null,
    merchantState: user.role === 'SELLER' ? user.merchantState : null,
    shops: own.map((s) => ({ id: String(s.id), name: s.name, itemCount: s.itemCount })),
  };
}

/** Applies, or corrects a pending application, or applies again after a rejection. */
export async function apply(db: Db, user: UserRow, body: MerchantApplyBody): Promise<void> {
  if (user.role !== 'BUYER') throw new AppError(409, ERROR_CODES.applicationAlreadyPassed, 'You are already a seller');
  const move = APPLICATION_EVENTS.RESUBMIT;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(merchantApplications)
      .values({ userId: user.id, ...body })
      .onConflictDoNothing()
      .returning({ id: merchantApplications.id });
    if (!created) {
      const [moved] = await tx
        .update(merchantApplications)
        .set({
          ...body,
          status: move.to,
          rejectReason: null,
          reviewedAt: null,
          reviewedBy: null,
          createdAt: new Date(),
        })
        .where(and(eq(merchantApplications.userId, user.id), inArray(merchantApplications.status, [...move.from])))
        .returning({ id: merchantApplications.id });
      if (!moved) throw new AppError(409, ERROR_CODES.applicationAlreadyPassed, 'This application has already passed');
    }
    await tx.update(users).set({ merchantAuditStatus: 'audit' }).where(eq(users.id, user.id));
  });
}

/**
 * Sellers (of the given ids) whose items cannot be bought now: frozen or cleared (SPEC §6).
 * Every checkout preview and submit asks, within its one statement of facts (checkout/preview.ts).
 */
export const sellersNotSellingPart: ReadPart<{ sellers: string }, Set<bigint>> = {
  columns: (p) =>
    `ARRAY(SELECT id::text FROM users WHERE id = ANY(${p.sellers}) AND merchant_state <> 'seller') AS sellers_not_selling`,
  read: (row) => new Set((row.sellers_not_selling as string[]).map(BigInt)),
};

// ---------- the platform operator ----------

export async function listApplications(
  db: Db,
  status: 'audit' | 'pass' | 'reject' | 'all',
): Promise<OperatorApplication[]> {
  const rows = await db
    .select({ a: merchantApplications, email: users.email, nickname: users.nickname })
    .from(merchantApplications)
    .innerJoin(users, eq(users.id, merchantApplications.userId))
    .where(status === 'all' ? undefined : eq(merchantApplications.status, status))
    .orderBy(status === 'audit' ? asc(merchantApplications.createdAt) : desc(merchantApplications.createdAt))
    .limit(200);
  return rows.map(({ a, email, nickname }) => ({
    id: String(a.id),
    status: a.status,
    shopName: a.shopName,
    contactName: a.contactName,
    phone: a.phone,
    applicant: { id: String(a.userId), email: email ?? '', nickname },
    createdAt: a.createdAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    rejectReason: a.rejectReason,
    shopId: a.shopId === null ? null : String(a.shopId),
  }));
}

async function moveApplication(
  tx: Tx,
  id: bigint,
  event: ApplicationEvent,
  operator: UserRow,
  extra: { rejectReason?: string } = {},
) {
  const move = APPLICATION_EVENTS[event];
  const [row] = await tx
    .update(merchantApplications)
    .set({ status: move.to, reviewedAt: new Date(), reviewedBy: operator.id, rejectReason: extra.rejectReason ?? null })
    .where(and(eq(merchantApplications.id, id), inArray(merchantApplications.status, [...move.from])))
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(eq(merchantApplications.id, id));
  if (!exists) throw notFound(ERROR_CODES.applicationNotExist, 'This application does not exist');
  throw new AppError(409, ERROR_CODES.applicationStatusChanged, 'This application has already been reviewed');
}

/** Pass: the applicant becomes a seller with a new shop named as applied for. */
export async function passApplication(db: Db, operator: UserRow, id: bigint): Promise<OperatorApplication> {
  await db.transaction(async (tx) => {
    const app = await moveApplication(tx, id, 'PASS', operator);
    const [shop] = await tx
      .insert(shops)
      .values({ name: app.shopName, sellerId: app.userId })
      .returning({ id: shops.id });
    await tx.update(merchantApplications).set({ shopId: shop!.id }).where(eq(merchantApplications.id, id));
    await tx
      .update(users)
      .set({ role: 'SELLER', merchantAuditStatus: 'pass', merchantState: 'seller' })
      .where(eq(users.id, app.userId));
  });
  return (await applicationById(db, id))!;
}

/** Reject with a reason the applicant sees at the 'review result' step; it may apply again. */
export async function rejectApplication(
  db: Db,
  operator: UserRow,
  id: bigint,
  reason: string,
): Promise<OperatorApplication> {
  await db.transaction(async (tx) => {
    const app = await moveApplication(tx, id, 'REJECT', operator, { rejectReason: reason });
    // Audit status 'none' sends the merchant link to /merchant/apply (SPEC §4), which shows the result.
    await tx.update(users).set({ merchantAuditStatus: 'none' }).where(eq(users.id, app.userId));
  });
  return (await applicationById(db, id))!;
}

async function applicationById(db: Db, id: bigint) {
  return (await listApplications(db, 'all')).find((a) => a.id === String(id));
}

export async function listSellers(db: Db): Promise<OperatorSeller[]> {
  const rows = await db
    .select({ u: users, shopId: shops.id, shopName: shops.name })
    .from(users)
    .leftJoin(shops, eq(shops.sellerId, users.id))
    .where(eq(users.role, 'SELLER'))
    .orderBy(asc(users.id), asc(shops.id));
  const out = new Map<bigint, OperatorSeller>();
  for (const r of rows) {
    const s = out.get(r.u.id) ?? {
      id: String(r.u.id),
      email: r.u.email ?? '',
      nickname: r.u.nickname,
      merchantState: r.u.merchantState,
      shops: [],
      events: merchantStateEvents(r.u.merchantState),
    };
    if (r.shopId !== null) s.shops.push({ id: String(r.shopId), name: r.shopName! });
    out.set(r.u.id, s);
  }
  return [...out.values()];
}

/** Freeze, clear or restore a seller through the transition table. */
export async function moveSeller(db: Db, sellerId: bigint, event: MerchantStateEvent): Promise<OperatorSeller> {
  const move = MERCHANT_STATE_EVENTS[event];
  const [row] = await db
    .update(users)
    .set({ merchantState: move.to })
    .where(and(eq(users.id, sellerId), eq(users.role, 'SELLER'), inArray(users.merchantState, [...move.from])))
    .returning({ id: users.id });
  if (!row) {
    const [exists] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sellerId), eq(users.role, 'SELLER')));
    if (!exists) throw notFound(ERROR_CODES.notSeller, 'This seller does not exist');
    throw new AppError(409, ERROR_CODES.merchantStateChanged, `A seller in this state cannot be moved by ${event}`);
  }
  return (await listSellers(db)).find((s) => s.id === String(sellerId))!;
}
