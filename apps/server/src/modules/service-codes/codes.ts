/**
 * Service use codes themselves: drawn from a cryptographic source (unique in the database),
 * masked in order reads, voided when their unit is refunded. Every status change goes through
 * SERVICE_CODE_EVENTS (packages/domain) as `UPDATE ... WHERE used_status IN (from)`.
 */
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SERVICE_CODE_EVENTS } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import { reverseTradeOrderLines, tradeOrderLineCoupons, tradeOrderLines } from '../../db/schema/index.js';

/** 32 letters and digits without the look-alikes 0/O and 1/I: a byte's low 5 bits pick one without bias. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A code of 60 random bits from the operating system's cryptographic source. */
export const newServiceCode = () => Array.from(crypto.randomBytes(CODE_LENGTH), (b) => ALPHABET[b & 31]).join('');
/** Six random digits the buyer shows with the code. */
export const newServicePassword = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** What an order read shows of a code before the buyer asks to see it: the last four characters. */
export const maskServiceCode = (code: string) => `${'•'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;

/**
 * Issues `count` codes for a paid line. The code column is unique in the database; a draw that
 * meets an existing code is dropped and drawn again.
 */
export async function issueServiceCodes(tx: Tx, orderLineId: bigint, count: number): Promise<void> {
  let left = count;
  for (let round = 0; left > 0; round += 1) {
    if (round === 5) throw new Error(`Could not draw ${left} unique service codes`);
    const rows = await tx
      .insert(tradeOrderLineCoupons)
      .values(
        Array.from({ length: left }, () => ({
          orderLineId,
          couponCode: newServiceCode(),
          couponsPassword: newServicePassword(),
        })),
      )
      .onConflictDoNothing({ target: tradeOrderLineCoupons.couponCode })
      .returning({ id: tradeOrderLineCoupons.id });
    left -= rows.length;
  }
}

/**
 * A refund of a reverse order went through: each refunded unit of a service line voids its
 * unused codes (one per use of the unit), and the line's remaining uses go down with them.
 */
export async function voidServiceCodesByRefund(tx: Tx, reverseId: bigint, now: Date): Promise<void> {
  const lines = await tx
    .select({
      lineId: reverseTradeOrderLines.orderLineId,
      qty: reverseTradeOrderLines.reverseQty,
      lineQty: tradeOrderLines.qty,
    })
    .from(reverseTradeOrderLines)
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
    .where(and(eq(reverseTradeOrderLines.reverseId, reverseId), isNotNull(tradeOrderLines.serviceRemainingTimes)));
  for (const r of lines) {
    const [all] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tradeOrderLineCoupons)
      .where(eq(tradeOrderLineCoupons.orderLineId, r.lineId));
    const perUnit = Math.max(1, Math.round(all!.n / Math.max(1, Number(r.lineQty))));
    const count = Math.floor(Number(r.qty)) * perUnit;
    if (count <= 0) continue;
    const unused = await tx
      .select({ id: tradeOrderLineCoupons.id })
      .from(tradeOrderLineCoupons)
      .where(
        and(
          eq(tradeOrderLineCoupons.orderLineId, r.lineId),
          inArray(tradeOrderLineCoupons.usedStatus, [...SERVICE_CODE_EVENTS.REFUND.from]),
        ),
      )
      .orderBy(desc(tradeOrderLineCoupons.id))
      .limit(count)
      .for('update');
    if (!unused.length) continue;
    const voided = await tx
      .update(tradeOrderLineCoupons)
      .set({ usedStatus: SERVICE_CODE_EVENTS.REFUND.to, refundedAt: now })
      .where(
        and(
          inArray(
            tradeOrderLineCoupons.id,
            unused.map((u) => u.id),
          ),
          inArray(tradeOrderLineCoupons.usedStatus, [...SERVICE_CODE_EVENTS.REFUND.from]),
        ),
      )
      .returning({ id: tradeOrderLineCoupons.id });
    await tx
      .update(tradeOrderLines)
      .set({ serviceRemainingTimes: sql`greatest(${tradeOrderLines.serviceRemainingTimes} - ${voided.length}, 0)` })
      .where(eq(tradeOrderLines.id, r.lineId));
  }
}

/** Whether a code of the order was used (a whole-order cancel would refund a used unit). */
export async function orderHasUsedServiceCode(tx: Tx | Db, orderId: bigint): Promise<boolean> {
  const [row] = await tx
    .select({ id: tradeOrderLineCoupons.id })
    .from(tradeOrderLineCoupons)
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, tradeOrderLineCoupons.orderLineId))
    .where(and(eq(tradeOrderLines.orderId, orderId), eq(tradeOrderLineCoupons.usedStatus, 'USED')))
    .limit(1);
  return !!row;
}
