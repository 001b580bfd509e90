/**
 * The only writer of reverse-order statuses, and what each finished move does to the order:
 * lines leave their after-sales, quantities are counted as cancelled or reversed, stock, points,
 * coupons and the order status follow. Every move is `UPDATE ... WHERE status IN (from)` built
 * from the reverse table in packages/domain, so racing requests cannot both move one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, RECEIPT_DEADLINE_DAYS } from '@mall/contracts';
import { reverseFrom, REVERSE_EVENTS, toMilli, type ReverseEvent } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  refunds,
  reverseTradeOrderLines,
  reverseTradeOrders,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { moveOrders, returnCouponsAndCodes, returnPointsInShare, type Tx } from '../trade/transitions.js';
import { endPaidServiceByRefund } from '../membership/paid-service.js';
import { voidServiceCodesByRefund } from '../service-codes/codes.js';

export type ReverseRow = typeof reverseTradeOrders.$inferSelect;
type ReverseSet = Partial<typeof reverseTradeOrders.$inferInsert>;

export const statusChanged = () =>
  new AppError(409, ERROR_CODES.reverseStatusChanged, 'This after-sales request has changed, please refresh');

/** Moves one reverse order by `event` if its type allows it from its current status; false otherwise. */
export async function moveReverse(
  tx: Tx | Db,
  rev: Pick<ReverseRow, 'id' | 'type'>,
  event: ReverseEvent,
  set: ReverseSet = {},
  now = new Date(),
): Promise<boolean> {
  const from = reverseFrom(rev.type, event);
  if (!from.length) return false;
  const rows = await tx
    .update(reverseTradeOrders)
    .set({ ...set, status: REVERSE_EVENTS[event].to, updatedAt: now })
    .where(and(eq(reverseTradeOrders.id, rev.id), inArray(reverseTradeOrders.status, [...from])))
    .returning({ id: reverseTradeOrders.id });
  return rows.length === 1;
}

/** As moveReverse, but a move that is not allowed (any more) is a 409 the client can show. */
export async function mustMoveReverse(
  tx: Tx,
  rev: Pick<ReverseRow, 'id' | 'type'>,
  event: ReverseEvent,
  set: ReverseSet = {},
  now = new Date(),
): Promise<void> {
  if (!(await moveReverse(tx, rev, event, set, now))) throw statusChanged();
}

const CANCEL_TYPES = ['SALE_CANCEL_AFTER_PAID', 'SALE_CANCEL_BEFORE_DELIVERY'];
export const isCancelType = (type: string) => CANCEL_TYPES.includes(type);

/** The order lines' reverseStatus after their after-sales ended: DONE once something went back, else free again. */
async function releaseLines(tx: Tx, reverseId: bigint): Promise<bigint[]> {
  const lines = await tx
    .update(reverseTradeOrderLines)
    .set({ isOpen: false })
    .where(and(eq(reverseTradeOrderLines.reverseId, reverseId), eq(reverseTradeOrderLines.isOpen, true)))
    .returning({ lineId: reverseTradeOrderLines.orderLineId });
  const ids = lines.map((l) => l.lineId);
  if (ids.length) {
    await tx
      .update(tradeOrderLines)
      .set({
        reverseStatus: sql`CASE WHEN ${tradeOrderLines.cancelledQty} + ${tradeOrderLines.reversedQty} > 0 THEN 'DONE' ELSE 'NOT_REQUESTED' END`,
      })
      .where(inArray(tradeOrderLines.id, ids));
  }
  return ids;
}

/** Rejected, closed or withdrawn: the lines are free for another after-sales; a rejected whole-order cancel goes back to delivery. */
export async function endWithoutEffect(tx: Tx, rev: ReverseRow): Promise<void> {
  await releaseLines(tx, rev.id);
  if (rev.type === 'SALE_CANCEL_AFTER_PAID') await moveOrders(tx, { ids: [rev.orderId] }, 'CANCEL_REJECTED');
}

export async function reverseLines(tx: Tx | Db, reverseId: bigint) {
  return tx
    .select()
    .from(reverseTradeOrderLines)
    .where(eq(reverseTradeOrderLines.reverseId, reverseId))
    .orderBy(reverseTradeOrderLines.id);
}

/**
 * A cancel was approved: its quantities will never ship. When nothing is left to ship and some
 * parcels already left, the order waits for their receipt.
 */
export async function countCancelled(tx: Tx, rev: ReverseRow, now: Date): Promise<void> {
  await addReverseQty(tx, rev.id, 'cancelled_qty');
  if (rev.type !== 'SALE_CANCEL_BEFORE_DELIVERY') return;
  const top = await tx
    .select()
    .from(tradeOrderLines)
    .where(
      and(eq(tradeOrderLines.orderId, rev.orderId), inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN'])),
    );
  const toShip = top.some((l) => toMilli(l.qty) - toMilli(l.deliveredQty) - toMilli(l.cancelledQty) > 0n);
  const shipped = top.some((l) => toMilli(l.deliveredQty) > 0n);
  if (!toShip && shipped)
    await moveOrders(tx, { ids: [rev.orderId] }, 'ALL_SHIPPED', {
      receiptDeadline: new Date(now.getTime() + RECEIPT_DEADLINE_DAYS * 86400_000),
    });
}

/** A refund, return or exchange went through: its quantities count as reversed (no second after-sales on them). */
async function countReversed(tx: Tx, reverseId: bigint): Promise<void> {
  await addReverseQty(tx, reverseId, 'reversed_qty');
}

/** Adds a reverse order's quantities to its order lines' cancelled or reversed quantity, in one statement. */
async function addReverseQty(tx: Tx, reverseId: bigint, column: 'cancelled_qty' | 'reversed_qty'): Promise<void> {
  await tx.execute(sql`UPDATE ${tradeOrderLines} SET ${sql.raw(column)} = ${tradeOrderLines}.${sql.raw(column)} + r.reverse_qty
    FROM ${reverseTradeOrderLines} r WHERE r.reverse_id = ${reverseId} AND r.order_line_id = ${tradeOrderLines.id}`);
}

/** Buyer (or the deadline) confirmed the replacement of an exchange. */
export async function finishExchange(tx: Tx, rev: ReverseRow, now: Date): Promise<boolean> {
  if (!(await moveReverse(tx, rev, 'CONFIRM_EXCHANGE', { deadlineAt: null }, now))) return false;
  await countReversed(tx, rev.id);
  await releaseLines(tx, rev.id);
  return true;
}

/** The seller settled a checked return or exchange with a reissue order: its quantities count as reversed, nothing is refunded. */
export async function finishReissue(tx: Tx, rev: ReverseRow, reissueOrderId: bigint, now: Date): Promise<boolean> {
  if (!(await moveReverse(tx, rev, 'REISSUE', { deadlineAt: null, reissueOrderId }, now))) return false;
  await countReversed(tx, rev.id);
  await releaseLines(tx, rev.id);
  return true;
}

/**
 * Called whenever a refund of a reverse order settles. When all its refunds are done (or it had
 * nothing to refund, e.g. a points-only order), it is REFUND_DONE and the order follows: lines
 * done, points back in share, and a fully refunded order is CANCEL_ALL with its coupons back.
 * When one failed and none is pending, it is REFUND_FAIL (the seller can retry).
 */
export async function settleReverseRefund(tx: Tx, reverseId: bigint, now = new Date()): Promise<void> {
  const [rev] = await tx.select().from(reverseTradeOrders).where(eq(reverseTradeOrders.id, reverseId)).for('update');
  if (!rev || rev.status !== 'REFUND_PENDING') return;
  const mine = await tx.select().from(refunds).where(eq(refunds.reverseId, rev.id));
  if (mine.some((r) => r.status === 'REFUND_PENDING')) return;
  if (mine.some((r) => r.status === 'REFUND_FAIL')) {
    await moveReverse(tx, rev, 'REFUND_FAILED', {}, now);
    return;
  }
  const total = mine.reduce((s, r) => s + r.amountMinor, 0n);
  const shipping = rev.sellerConfirmRefundShippingAmtMinor ?? 0n;
  if (
    !(await moveReverse(
      tx,
      rev,
      'REFUND_SUCCEEDED',
      {
        actualRefundAmtMinor: total - shipping,
        actualRefundShippingAmtMinor: rev.sellerConfirmRefundShippingAmtMinor,
        deadlineAt: null,
      },
      now,
    ))
  )
    return;
  if (!isCancelType(rev.type)) await countReversed(tx, rev.id);
  await releaseLines(tx, rev.id);
  // A refunded super member purchase ends the buyer's service, in this same transaction.
  await endPaidServiceByRefund(tx, rev.id, now);
  // Refunded units of a service can no longer be used: their codes are void.
  await voidServiceCodesByRefund(tx, rev.id, now);

  const [o] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, rev.orderId)).for('update');
  if (!o) return;
  // Points redeemed by the refunded quantities come back with them.
  const lines = await tx
    .select({ l: tradeOrderLines, q: reverseTradeOrderLines.reverseQty })
    .from(reverseTradeOrderLines)
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
    .where(eq(reverseTradeOrderLines.reverseId, rev.id));
  const redeemed = lines.reduce((s, { l, q }) => s + Math.floor((l.points * Number(q)) / Number(l.qty)), 0);
  await returnPointsInShare(tx, o, total, redeemed);

  const [all] = await tx
    .select({ n: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .innerJoin(reverseTradeOrders, eq(reverseTradeOrders.id, refunds.reverseId))
    .where(and(eq(reverseTradeOrders.orderId, o.id), eq(refunds.status, 'REFUND_DONE')));
  const top = await tx
    .select()
    .from(tradeOrderLines)
    .where(and(eq(tradeOrderLines.orderId, o.id), inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN'])));
  const nothingLeft = top.every((l) => toMilli(l.cancelledQty) + toMilli(l.reversedQty) >= toMilli(l.qty));
  if (BigInt(all!.n) >= o.paidAmtMinor && nothingLeft) {
    const moved = await moveOrders(
      tx,
      { ids: [o.id] },
      o.status === 'PROCESSING' ? 'CANCEL_REFUNDED' : 'ALL_REFUNDED',
      { closedAt: now },
    );
    if (moved.length) {
      // Coupons and promotion codes are whole: they come back once every order of the checkout is refunded.
      const [open] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tradeOrders)
        .where(
          and(
            eq(tradeOrders.contractId, o.contractId),
            sql`${tradeOrders.status} NOT IN ('CANCEL_ALL','CANCELED','CLOSED')`,
          ),
        );
      if (open!.n === 0) await returnCouponsAndCodes(tx, o.contractId);
    }
  }
}
