/**
 * Refunds, across payments and after-sales. A refund is decided inside the business
 * transaction (a REFUND_PENDING row with an idempotency key) and carried out after commit by
 * the refund job, which calls the channel's provider with that key until it answers; the answer
 * (or the provider's signed refund webhook, whichever comes first) settles it exactly once.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { ERROR_CODES, type MockpayEvent } from '@mall/contracts';
import type { Db, Tx } from '../db/client.js';
import { paymentRecords, refunds, tradeOrders, webhookEvents } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { Jobs } from '../lib/jobs.js';
import { moveRefunds } from '../modules/payment/records.js';
import type { PaymentProviders, RefundAnswer } from '../modules/payment/provider.js';
import { settleReverseRefund } from '../modules/reverse/transitions.js';

type OrderRow = typeof tradeOrders.$inferSelect;
export const REFUND_QUEUE = 'refund-execute';

/**
 * Writes the refunds of `amountMinor` for an order's after-sales: spread over the contract's
 * successful payments, each giving back at most what it has not given back yet. Returns the new ids.
 */
export async function writeRefunds(tx: Tx, order: OrderRow, reverseId: bigint, amountMinor: bigint): Promise<bigint[]> {
  if (amountMinor <= 0n) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`refund:${order.contractId}`}))`);
  const records = await tx.select({
    r: paymentRecords,
    given: sql<string>`coalesce((SELECT sum(${refunds.amountMinor}) FROM ${refunds} WHERE ${refunds.paymentRecordId} = ${paymentRecords.id}), 0)`,
  }).from(paymentRecords).where(and(eq(paymentRecords.contractId, order.contractId), eq(paymentRecords.status, 'PAY_SUCCESS'))).orderBy(asc(paymentRecords.id));
  const [{ n: seq } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.reverseId, reverseId));
  let left = amountMinor;
  const ids: bigint[] = [];
  for (const { r, given } of records) {
    if (left <= 0n) break;
    const room = r.amountMinor - BigInt(given);
    if (room <= 0n) continue;
    const amount = room < left ? room : left;
    const [row] = await tx.insert(refunds).values({
      contractId: order.contractId, paymentRecordId: r.id, reverseId, buyerId: order.buyerId, channel: r.channel, reason: 'AFTER_SALES',
      amountMinor: amount, currency: r.currency, status: 'REFUND_PENDING', idempotencyKey: `rev${reverseId}-pay${r.id}-${seq + ids.length + 1}`,
    }).returning({ id: refunds.id });
    ids.push(row!.id);
    left -= amount;
  }
  if (left > 0n) throw new AppError(409, ERROR_CODES.refundFailed, 'The refund is larger than what was paid');
  return ids;
}

/** An approved charge the contract did not keep (it was paid by another attempt): refunded in full, once. */
export async function refundNotCaptured(tx: Tx, record: typeof paymentRecords.$inferSelect, amountMinor: number): Promise<void> {
  await tx.insert(refunds).values({
    contractId: record.contractId, paymentRecordId: record.id, buyerId: record.buyerId, channel: record.channel, reason: 'NOT_CAPTURED',
    amountMinor: BigInt(amountMinor), currency: record.currency, status: 'REFUND_PENDING', idempotencyKey: `notkept-pay${record.id}`,
  }).onConflictDoNothing();
}

/** Settles one refund with the provider's answer; false when it was already settled (a replay). */
export async function applyRefundAnswer(tx: Tx, refundId: bigint, answer: RefundAnswer, now = new Date()): Promise<boolean> {
  const moved = answer.status === 'succeeded'
    ? await moveRefunds(tx, [refundId], 'SUCCEEDED', { providerRefundId: answer.providerRefundId, failedReason: null })
    : await moveRefunds(tx, [refundId], 'FAILED', { failedReason: answer.reason });
  if (!moved.length) return false;
  const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (r?.reverseId) await settleReverseRefund(tx, r.reverseId, now);
  return true;
}

/** MOCKPAY's signed refund webhook: handled once per event, and settles the refund once. */
export async function applyRefundEvent(db: Db, provider: string, event: MockpayEvent): Promise<'duplicate' | 'applied' | 'ignored'> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(webhookEvents).values({ provider, eventId: event.id, payload: event }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (!inserted.length) return 'duplicate';
    const [r] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, event.data.merchantReference)).for('update');
    if (!r) return 'ignored';
    const answer: RefundAnswer = event.type === 'refund.succeeded'
      ? { status: 'succeeded', providerRefundId: event.data.refundId ?? '' } : { status: 'failed', reason: event.data.reason ?? 'refund_failed' };
    return (await applyRefundAnswer(tx, r.id, answer)) ? 'applied' : 'ignored';
  });
}

/**
 * Carries out pending refunds after commit: by a pg-boss job (retried with backoff until the
 * provider answers) or, without jobs (API tests), in-process with a few retries. A sweep every
 * minute picks up any refund whose job was lost (a crash between commit and send).
 */
export class Refunder {
  constructor(private db: Db, private providers: PaymentProviders, private jobs?: Jobs) {}

  dispatch(ids: bigint[]): void {
    for (const id of ids) {
      if (this.jobs) void this.jobs.send(REFUND_QUEUE, { refundId: String(id) }, { retryLimit: 30, retryDelay: 2, retryBackoff: true, singletonKey: `refund-${id}` });
      else setImmediate(() => void this.runInProcess(id));
    }
  }

  private async runInProcess(id: bigint, attempt = 1): Promise<void> {
    try { await this.execute(id); } catch {
      if (attempt < 5) setTimeout(() => void this.runInProcess(id, attempt + 1), 100 * attempt);
    }
  }

  /** Every refund still pending and not touched for `olderThanMs`. */
  async sweep(olderThanMs = 60_000): Promise<number> {
    const rows = await this.db.select({ id: refunds.id }).from(refunds)
      .where(and(eq(refunds.status, 'REFUND_PENDING'), lt(refunds.updatedAt, new Date(Date.now() - olderThanMs)))).limit(100);
    this.dispatch(rows.map((r) => r.id));
    return rows.length;
  }

  /** All pending refunds now (after a webhook created some). */
  async kick(): Promise<void> { await this.sweep(0); }

  /** One attempt at the provider; throws when it cannot be reached (the caller retries). */
  async execute(id: bigint): Promise<'settled' | 'skipped'> {
    const [row] = await this.db.select({ f: refunds, r: paymentRecords }).from(refunds).innerJoin(paymentRecords, eq(paymentRecords.id, refunds.paymentRecordId))
      .where(eq(refunds.id, id));
    if (!row || row.f.status !== 'REFUND_PENDING') return 'skipped';
    await this.db.update(refunds).set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() }).where(eq(refunds.id, id));
    const provider = this.providers[row.f.channel];
    const answer: RefundAnswer = provider
      ? await provider.refund({ idempotencyKey: row.f.idempotencyKey, providerPaymentId: row.r.providerPaymentId, payerId: row.r.buyerId, amountMinor: row.f.amountMinor, currency: row.f.currency })
      : { status: 'failed', reason: 'channel_unavailable' };
    await this.db.transaction((tx) => applyRefundAnswer(tx, id, answer));
    return 'settled';
  }
}

/** Refunds an order's payment info shows (after-sales refunds and charges that were not kept). */
export async function refundsOfContracts(db: Db, contractIds: bigint[]) {
  if (!contractIds.length) return [];
  return db.select().from(refunds).where(inArray(refunds.contractId, contractIds)).orderBy(asc(refunds.id));
}
