/**
 * Refunds, across payments and after-sales. A refund is decided inside the business
 * transaction (a REFUND_PENDING row with an idempotency key) and carried out after commit by
 * the refund job, which calls the channel's provider with that key until it answers; the answer
 * (or the provider's signed refund webhook, whichever comes first) settles it exactly once.
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { ERROR_CODES, type Currency } from '@mall/contracts';
import { money, planRefund, refundRoom, type OrderRefunds, type RefundRefusal, type RefundRoom } from '@mall/domain';
import type { Db, Tx } from '../db/client.js';
import { contractMerges, paymentRecords, refunds, tradeOrders } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { Jobs } from '../lib/jobs.js';
import { moveRefunds } from '../modules/payment/records.js';
import type { PaymentRegistry } from '../modules/payment/providers/registry.js';
import type { ProviderEvent, RefundAnswer } from '../modules/payment/providers/types.js';
import { settleReverseRefund } from '../modules/reverse/transitions.js';
import { creditRefund } from '../modules/invoice/service.js';

type OrderRow = typeof tradeOrders.$inferSelect;
export const REFUND_QUEUE = 'refund-execute';

/** An order's refunds so far and what it paid: the input of the one refund limit (refundRoom). */
async function orderRefunds(tx: Tx | Db, orderIds: bigint[]): Promise<Map<bigint, OrderRefunds>> {
  if (!orderIds.length) return new Map();
  // Plain SQL: in a one-table select Drizzle writes columns unqualified, and inside the subquery
  // "id" would be the refund's own id.
  const res = await tx.execute<{
    id: string;
    paid: string;
    shipping: string;
    refunded: string;
    refunded_shipping: string;
  }>(sql`
    SELECT o.id, o.paid_amt_minor AS paid, o.shipping_amt_minor AS shipping,
      coalesce((SELECT sum(f.amount_minor) FROM refunds f WHERE f.order_id = o.id), 0) AS refunded,
      coalesce((SELECT sum(f.shipping_minor) FROM refunds f WHERE f.order_id = o.id), 0) AS refunded_shipping
    FROM trade_orders o WHERE o.id IN (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = res.rows.map((r) => ({
    id: BigInt(r.id),
    paid: BigInt(r.paid),
    shipping: BigInt(r.shipping),
    refunded: r.refunded,
    refundedShipping: r.refunded_shipping,
  }));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        paidMinor: r.paid,
        shippingPaidMinor: r.shipping,
        refundedMinor: BigInt(r.refunded),
        refundedShippingMinor: BigInt(r.refundedShipping),
      },
    ]),
  );
}

/** What of each order can still be refunded (goods, shipping): what the seller's refund dialog shows. */
export async function refundRoomOf(tx: Tx | Db, orderIds: bigint[]): Promise<Map<bigint, RefundRoom>> {
  const all = await orderRefunds(tx, orderIds);
  return new Map([...all].map(([id, o]) => [id, refundRoom(o)]));
}

/**
 * The only way money is given back for an order: writes the refunds of `amountMinor` (plus
 * `shippingMinor` of shipping) for one of its after-sales, spread over the contract's successful
 * payments, each giving back at most what it has not given back yet. Refused when it would take
 * the order's refunds past what the order paid (goods and shipping apart, `planRefund`) or when
 * it gives back nothing of an order that paid money. The contract's lock makes the check and the
 * write one step for every refund of every order paid together. Returns the new ids.
 */
export async function writeRefunds(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'contractId' | 'buyerId' | 'currency'>,
  reverseId: bigint,
  ask: { amountMinor: bigint; shippingMinor?: bigint },
): Promise<bigint[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`refund:${order.contractId}`}))`);
  const o = (await orderRefunds(tx, [order.id])).get(order.id)!;
  const currency = order.currency as Currency;
  // An order paid with points or coupons alone gives back no money (its points come back).
  if (o.paidMinor === 0n && ask.amountMinor === 0n && !ask.shippingMinor) return [];
  const room = refundRoom(o);
  const plan = planRefund(room, { amountMinor: ask.amountMinor, shippingMinor: ask.shippingMinor ?? 0n });
  if (!plan.ok) throw refusal(plan.refusal, room, currency);
  // The contract's own payments, or the merged payment that paid it with other contracts (each
  // order still gives back at most what it paid: planRefund above).
  const merged = tx
    .select({ id: contractMerges.mergeContractId })
    .from(contractMerges)
    .where(eq(contractMerges.contractId, order.contractId));
  const records = await tx
    .select({
      r: paymentRecords,
      given: sql<string>`coalesce((SELECT sum(f.amount_minor) FROM refunds f WHERE f.payment_record_id = ${sql.raw('"payment_records"."id"')}), 0)`,
    })
    .from(paymentRecords)
    .where(
      and(
        or(eq(paymentRecords.contractId, order.contractId), inArray(paymentRecords.contractId, merged)),
        eq(paymentRecords.status, 'PAY_SUCCESS'),
      ),
    )
    .orderBy(asc(paymentRecords.id));
  const [{ n: seq } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.reverseId, reverseId));
  let left = plan.totalMinor;
  let shippingLeft = plan.shippingMinor;
  const ids: bigint[] = [];
  for (const { r, given } of records) {
    if (left <= 0n) break;
    const room = r.amountMinor - BigInt(given);
    if (room <= 0n) continue;
    const amount = room < left ? room : left;
    const shipping = shippingLeft < amount ? shippingLeft : amount;
    const [row] = await tx
      .insert(refunds)
      .values({
        contractId: order.contractId,
        orderId: order.id,
        paymentRecordId: r.id,
        reverseId,
        buyerId: order.buyerId,
        channel: r.channel,
        reason: 'AFTER_SALES',
        amountMinor: amount,
        shippingMinor: shipping,
        currency: r.currency,
        status: 'REFUND_PENDING',
        idempotencyKey: `rev${reverseId}-pay${r.id}-${seq + ids.length + 1}`,
      })
      .returning({ id: refunds.id });
    ids.push(row!.id);
    left -= amount;
    shippingLeft -= shipping;
  }
  // The payment has less left than the order may give back (it was given back some other way).
  if (left > 0n)
    throw new AppError(409, ERROR_CODES.refundFailed, 'The refund is larger than what is left of the payment');
  return ids;
}

function refusal(why: RefundRefusal, room: RefundRoom, currency: Currency): AppError {
  const m = (x: bigint) => money(x, currency).value;
  const details = {
    refundableGoodsAmt: money(room.goodsMinor, currency),
    refundableShippingAmt: money(room.shippingMinor, currency),
  };
  switch (why) {
    case 'ZERO':
      return new AppError(
        400,
        ERROR_CODES.refundAmountZero,
        'Enter an amount above zero: a refund must give something back',
        details,
      );
    case 'NEGATIVE':
      return new AppError(400, ERROR_CODES.refundAmountOutOfRange, 'A refund cannot be negative', details);
    case 'SHIPPING_OVER':
      return new AppError(
        400,
        ERROR_CODES.refundAmountOutOfRange,
        `At most ${m(room.shippingMinor)} of shipping can still be refunded for this order`,
        details,
      );
    case 'OVER':
      return new AppError(
        400,
        ERROR_CODES.refundAmountOutOfRange,
        `At most ${m(room.goodsMinor + room.shippingMinor)} can still be refunded for this order`,
        details,
      );
  }
}

/**
 * An approved charge the contract did not keep (it was paid by another attempt): refunded in
 * full, once, and never more than the charge has left (the same payment limit as writeRefunds).
 */
export async function refundNotCaptured(
  tx: Tx,
  record: typeof paymentRecords.$inferSelect,
  amountMinor: bigint,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`refund:${record.contractId}`}))`);
  const [{ given } = { given: '0' }] = await tx
    .select({ given: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(eq(refunds.paymentRecordId, record.id));
  const left = record.amountMinor - BigInt(given);
  const amount = amountMinor < left ? amountMinor : left;
  if (amount <= 0n) return;
  await tx
    .insert(refunds)
    .values({
      contractId: record.contractId,
      paymentRecordId: record.id,
      buyerId: record.buyerId,
      channel: record.channel,
      reason: 'NOT_CAPTURED',
      amountMinor: amount,
      currency: record.currency,
      status: 'REFUND_PENDING',
      idempotencyKey: `notkept-pay${record.id}`,
    })
    .onConflictDoNothing();
}

/**
 * Settles one refund with the provider's answer; false when it was already settled (a replay).
 * A pending answer (the provider decides later, by webhook) keeps the refund pending with the
 * provider's id, so the webhook can find it.
 */
export async function applyRefundAnswer(
  tx: Tx,
  refundId: bigint,
  answer: RefundAnswer,
  now = new Date(),
): Promise<boolean> {
  if (answer.status === 'pending') {
    await tx
      .update(refunds)
      .set({ providerRefundId: answer.providerRefundId, updatedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'REFUND_PENDING')));
    return false;
  }
  const moved =
    answer.status === 'succeeded'
      ? await moveRefunds(tx, [refundId], 'SUCCEEDED', {
          providerRefundId: answer.providerRefundId,
          failedReason: null,
        })
      : await moveRefunds(tx, [refundId], 'FAILED', { failedReason: answer.reason });
  if (!moved.length) return false;
  const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (r?.reverseId) await settleReverseRefund(tx, r.reverseId, now);
  // Money given back on an order whose VAT invoice is issued gets its credit note.
  if (r && answer.status === 'succeeded') await creditRefund(tx, r, now);
  return true;
}

/** A provider's refund webhook: settles the refund it is about (by the shop's key, else the provider's refund id) once. */
export async function applyRefundEvent(tx: Tx, event: ProviderEvent): Promise<'applied' | 'ignored'> {
  if (event.type !== 'refund.succeeded' && event.type !== 'refund.failed') return 'ignored';
  const [r] = await tx
    .select()
    .from(refunds)
    .where(
      event.refundKey
        ? eq(refunds.idempotencyKey, event.refundKey)
        : eq(refunds.providerRefundId, event.providerRefundId),
    )
    .for('update');
  if (!r) return 'ignored';
  const answer: RefundAnswer =
    event.type === 'refund.succeeded'
      ? { status: 'succeeded', providerRefundId: event.providerRefundId }
      : { status: 'failed', reason: event.reason };
  return (await applyRefundAnswer(tx, r.id, answer)) ? 'applied' : 'ignored';
}

/**
 * Carries out pending refunds after commit: by a pg-boss job (retried with backoff until the
 * provider answers) or, without jobs (API tests), in-process with a few retries. A sweep every
 * minute picks up any refund whose job was lost (a crash between commit and send).
 */
export class Refunder {
  constructor(
    private db: Db,
    private providers: Pick<PaymentRegistry, 'forChannel'>,
    private jobs?: Jobs,
  ) {}

  dispatch(ids: bigint[]): void {
    for (const id of ids) {
      if (this.jobs)
        void this.jobs.send(
          REFUND_QUEUE,
          { refundId: String(id) },
          { retryLimit: 30, retryDelay: 2, retryBackoff: true, singletonKey: `refund-${id}` },
        );
      else setImmediate(() => void this.runInProcess(id));
    }
  }

  private async runInProcess(id: bigint, attempt = 1): Promise<void> {
    try {
      await this.execute(id);
    } catch {
      if (attempt < 5) setTimeout(() => void this.runInProcess(id, attempt + 1), 100 * attempt);
    }
  }

  /** Every refund still pending and not touched for `olderThanMs`. */
  async sweep(olderThanMs = 60_000): Promise<number> {
    const rows = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'REFUND_PENDING'), lt(refunds.updatedAt, new Date(Date.now() - olderThanMs))))
      .limit(100);
    this.dispatch(rows.map((r) => r.id));
    return rows.length;
  }

  /** All pending refunds now (after a webhook created some). */
  async kick(): Promise<void> {
    await this.sweep(0);
  }

  /** One attempt at the provider; throws when it cannot be reached (the caller retries). */
  async execute(id: bigint): Promise<'settled' | 'skipped'> {
    const [row] = await this.db
      .select({ f: refunds, r: paymentRecords })
      .from(refunds)
      .innerJoin(paymentRecords, eq(paymentRecords.id, refunds.paymentRecordId))
      .where(eq(refunds.id, id));
    if (!row || row.f.status !== 'REFUND_PENDING') return 'skipped';
    await this.db
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
      .where(eq(refunds.id, id));
    const provider = this.providers.forChannel(row.f.channel);
    const answer: RefundAnswer = provider
      ? await provider.refund({
          idempotencyKey: row.f.idempotencyKey,
          providerPaymentId: row.r.providerPaymentId,
          payerId: row.r.buyerId,
          amountMinor: row.f.amountMinor,
          currency: row.f.currency,
        })
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
