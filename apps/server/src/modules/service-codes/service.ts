/**
 * Service items' use codes (SPEC §3 tradeOrderLineCouponsBOList, serviceRemainingTimes; §4
 * checkVerifyCode): the buyer sees them through checkVerifyCode, the shop's seller redeems them.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type Language, type RedeemedServiceCode, type VerifyCodes } from '@mall/contracts';
import { SERVICE_CODE_EVENTS, nextServiceCodeStatus, redeemProblem, type RedeemProblem } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { tradeOrderLineCoupons, tradeOrderLines, tradeOrders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { orderDetail } from '../trade/service.js';

const couponOut = (c: typeof tradeOrderLineCoupons.$inferSelect) => ({
  couponCode: c.couponCode,
  couponsPassword: c.couponsPassword,
  usedStatus: c.usedStatus,
  usedTime: c.usedAt?.toISOString() ?? null,
});

/** checkVerifyCode: the buyer's codes in full, exactly when the order's operation list offers it. */
export async function buyerVerifyCodes(db: Db, buyer: UserRow, orderId: bigint, lang: Language): Promise<VerifyCodes> {
  const order = await orderDetail(db, buyer, orderId, lang);
  if (!order.operationList.includes('checkVerifyCode'))
    throw new AppError(409, ERROR_CODES.operationNotAllowed, 'This order has no use codes to show');
  const rows = await db
    .select({ c: tradeOrderLineCoupons, l: tradeOrderLines })
    .from(tradeOrderLineCoupons)
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, tradeOrderLineCoupons.orderLineId))
    .where(eq(tradeOrderLines.orderId, orderId))
    .orderBy(asc(tradeOrderLines.id), asc(tradeOrderLineCoupons.id));
  const lines = new Map<bigint, VerifyCodes['lines'][number]>();
  for (const { c, l } of rows) {
    let line = lines.get(l.id);
    if (!line) {
      const snap = l.snapshot as { itemName?: string };
      const shown = order.tradeOrderLineList.find((x) => x.id === String(l.id));
      line = {
        tradeOrderLineId: String(l.id),
        itemName: shown?.sku.item.itemName ?? snap.itemName ?? '',
        serviceRemainingTimes: l.serviceRemainingTimes,
        expirationTime: l.serviceExpiresAt?.toISOString() ?? null,
        tradeOrderLineCouponsBOList: [],
      };
      lines.set(l.id, line);
    }
    line.tradeOrderLineCouponsBOList.push(couponOut(c));
  }
  return { tradeOrderId: String(orderId), lines: [...lines.values()] };
}

const REFUSALS: Record<RedeemProblem, () => AppError> = {
  USED: () => new AppError(409, ERROR_CODES.serviceCodeUsed, 'This code was already used'),
  REFUNDED: () => new AppError(409, ERROR_CODES.serviceCodeRefunded, 'This code was refunded and is no longer valid'),
  EXPIRED: () => new AppError(409, ERROR_CODES.serviceCodeExpired, 'This code has expired'),
  ORDER_NOT_PAID: () =>
    new AppError(409, ERROR_CODES.serviceCodeOrderNotPaid, 'The order of this code is not paid or was canceled'),
  IN_AFTER_SALES: () =>
    new AppError(
      409,
      ERROR_CODES.serviceCodeInAfterSales,
      'This service is in an after-sales request; redeem it once that has ended',
    ),
};
const codeNotFound = () => new AppError(404, ERROR_CODES.serviceCodeNotFound, 'There is no such code for your shop');

const samePassword = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The seller redeems a code of one of its own orders. The order, the code and its line are
 * locked in that order (the order first, as an after-sales request on it does), so two
 * redemptions of one code make one, and a refund request cannot slip in between.
 */
export async function redeemServiceCode(
  db: Db,
  seller: UserRow,
  body: { couponCode: string; couponsPassword: string },
  now = new Date(),
): Promise<RedeemedServiceCode> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: tradeOrderLineCoupons.id, orderId: tradeOrders.id, sellerId: tradeOrders.sellerId })
      .from(tradeOrderLineCoupons)
      .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, tradeOrderLineCoupons.orderLineId))
      .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
      .where(eq(tradeOrderLineCoupons.couponCode, body.couponCode));
    // Another shop's code is answered as unknown: a seller learns nothing about other shops' orders.
    if (!found || found.sellerId !== seller.id) throw codeNotFound();
    const [o] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, found.orderId)).for('update');
    const [c] = await tx
      .select()
      .from(tradeOrderLineCoupons)
      .where(eq(tradeOrderLineCoupons.id, found.id))
      .for('update');
    const [l] = await tx.select().from(tradeOrderLines).where(eq(tradeOrderLines.id, c!.orderLineId)).for('update');
    if (!samePassword(c!.couponsPassword, body.couponsPassword))
      throw new AppError(400, ERROR_CODES.serviceCodeWrongPassword, 'The password does not match this code');
    const problem = redeemProblem({
      status: c!.usedStatus,
      orderStatus: o!.status,
      expiresAt: l!.serviceExpiresAt,
      lineInAfterSales: l!.reverseStatus === 'PROCESSING',
      now,
    });
    if (problem) throw REFUSALS[problem]();
    const to = nextServiceCodeStatus(c!.usedStatus, 'REDEEM')!;
    const moved = await tx
      .update(tradeOrderLineCoupons)
      .set({ usedStatus: to, usedAt: now, usedBy: seller.id })
      .where(
        and(
          eq(tradeOrderLineCoupons.id, c!.id),
          inArray(tradeOrderLineCoupons.usedStatus, [...SERVICE_CODE_EVENTS.REDEEM.from]),
        ),
      )
      .returning({ id: tradeOrderLineCoupons.id });
    if (!moved.length) throw REFUSALS.USED();
    const [line] = await tx
      .update(tradeOrderLines)
      .set({ serviceRemainingTimes: sql`greatest(coalesce(${tradeOrderLines.serviceRemainingTimes}, 0) - 1, 0)` })
      .where(eq(tradeOrderLines.id, l!.id))
      .returning({ remaining: tradeOrderLines.serviceRemainingTimes });
    const snap = l!.snapshot as { itemName?: string };
    return {
      couponCode: c!.couponCode,
      usedStatus: 'USED',
      usedTime: now.toISOString(),
      tradeOrderId: String(o!.id),
      tradeOrderCode: o!.tradeOrderCode,
      itemName: snap.itemName ?? '',
      serviceRemainingTimes: line!.remaining ?? 0,
    };
  });
}
