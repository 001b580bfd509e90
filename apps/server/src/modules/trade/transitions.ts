/**
 * The only writers of order and package statuses: each move is checked against the transition
 * tables in packages/domain, and the UPDATE itself carries the allowed "from" statuses, so two
 * racing requests cannot both move an order.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ORDER_EVENTS, PACKAGE_EVENTS, type OrderEvent, type PackageEvent } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  couponCampaigns, items, ownerCoupons, pointLedger, shipmentPackages, skus, tradeContracts, tradeOrderLineCoupons, tradeOrderLines, tradeOrders,
} from '../../db/schema/index.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderSet = Partial<typeof tradeOrders.$inferInsert>;

/** Moves the given orders by `event`; returns the ids that moved (the others were not in a "from" status). */
export async function moveOrders(tx: Tx | Db, where: { ids?: bigint[]; contractId?: bigint }, event: OrderEvent, set: OrderSet = {}): Promise<bigint[]> {
  const t = ORDER_EVENTS[event];
  const scope = where.ids ? inArray(tradeOrders.id, where.ids) : eq(tradeOrders.contractId, where.contractId!);
  const rows = await tx.update(tradeOrders).set({ ...set, status: t.to })
    .where(and(scope, inArray(tradeOrders.status, [...t.from]))).returning({ id: tradeOrders.id });
  return rows.map((r) => r.id);
}

export async function movePackages(tx: Tx | Db, ids: bigint[], event: PackageEvent, set: Partial<typeof shipmentPackages.$inferInsert> = {}): Promise<bigint[]> {
  const t = PACKAGE_EVENTS[event];
  const rows = await tx.update(shipmentPackages).set({ ...set, status: t.to })
    .where(and(inArray(shipmentPackages.id, ids), inArray(shipmentPackages.status, [...t.from]))).returning({ id: shipmentPackages.id });
  return rows.map((r) => r.id);
}

/** Every line's quantity goes back on its SKU (main lines, DIY children and gifts alike: they were all taken). */
export async function returnStock(tx: Tx, orderIds: bigint[]): Promise<void> {
  if (!orderIds.length) return;
  // Summed per SKU and updated in one statement; the rows are locked in SKU order first, the
  // order place-order takes them in, so a close and a checkout cannot deadlock.
  const lines = tx.select({ skuId: tradeOrderLines.skuId }).from(tradeOrderLines).where(inArray(tradeOrderLines.orderId, orderIds));
  await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, lines)).orderBy(skus.id).for('update');
  await tx.execute(sql`UPDATE ${skus} SET stock = ${skus.stock} + back.qty
    FROM (SELECT sku_id, sum(qty) AS qty FROM ${tradeOrderLines} WHERE ${inArray(tradeOrderLines.orderId, orderIds)} GROUP BY sku_id) back
    WHERE ${skus.id} = back.sku_id`);
}

/**
 * An unpaid contract ends (buyer cancel or pay deadline): all its orders close together (they
 * are paid together), stock, points and coupons go back. Returns the orders that moved.
 */
export async function closeUnpaidContract(tx: Tx, contractId: bigint, event: 'BUYER_CANCEL_BEFORE_PAY' | 'PAY_DEADLINE_PASSED', now = new Date()): Promise<bigint[]> {
  const moved = await moveOrders(tx, { contractId }, event, { closedAt: now });
  if (!moved.length) return moved;
  await tx.update(tradeContracts).set({ status: 'CLOSED' }).where(and(eq(tradeContracts.id, contractId), eq(tradeContracts.status, 'PENDING_PAY')));
  await returnStock(tx, moved);
  const [spent] = await tx.select({ total: sql<number>`coalesce(-sum(${pointLedger.delta}), 0)::int` }).from(pointLedger)
    .where(and(eq(pointLedger.tradeContractId, contractId), eq(pointLedger.reason, 'ORDER')));
  if (spent && spent.total > 0) {
    const [c] = await tx.select({ buyerId: tradeContracts.buyerId }).from(tradeContracts).where(eq(tradeContracts.id, contractId));
    await tx.insert(pointLedger).values({ buyerId: c!.buyerId, delta: spent.total, reason: 'ORDER_CLOSED', tradeContractId: contractId });
  }
  await tx.update(ownerCoupons).set({ status: 'NOT_USED', usedAt: null, tradeContractId: null })
    .where(and(eq(ownerCoupons.tradeContractId, contractId), eq(ownerCoupons.status, 'USED')));
  const [c] = await tx.select({ preview: tradeContracts.preview }).from(tradeContracts).where(eq(tradeContracts.id, contractId));
  const campaignIds = ((c?.preview as { promotionCampaignIds?: string[] } | undefined)?.promotionCampaignIds ?? []).map(BigInt);
  if (campaignIds.length) {
    await tx.update(couponCampaigns).set({ usedCount: sql`GREATEST(${couponCampaigns.usedCount} - 1, 0)` }).where(inArray(couponCampaigns.id, campaignIds));
  }
  return moved;
}

/** Paid orders record the channel, get their invoice, and issue the codes of their service items. */
export async function onOrdersPaid(tx: Tx, contractId: bigint, payChannel: string, now: Date): Promise<void> {
  const orders = await tx.update(tradeOrders).set({ payChannel, invoiceUrl: sql`'/api/orders/' || ${tradeOrders.id} || '/invoice'` }).where(and(eq(tradeOrders.contractId, contractId), isNull(tradeOrders.payChannel)))
    .returning({ id: tradeOrders.id });
  if (!orders.length) return;
  const service = await tx.select({ id: tradeOrderLines.id, qty: tradeOrderLines.qty, uses: items.serviceUses, days: items.serviceValidDays })
    .from(tradeOrderLines).innerJoin(items, eq(items.id, tradeOrderLines.itemId))
    .where(and(inArray(tradeOrderLines.orderId, orders.map((o) => o.id)), eq(items.businessType, 'SERVICE')));
  for (const l of service) {
    const count = Math.max(1, Math.floor(Number(l.qty)));
    await tx.update(tradeOrderLines).set({
      serviceRemainingTimes: (l.uses ?? 1) * count,
      serviceExpiresAt: l.days ? new Date(now.getTime() + l.days * 86400_000) : null,
    }).where(eq(tradeOrderLines.id, l.id));
    await tx.insert(tradeOrderLineCoupons).values(Array.from({ length: count }, () => ({
      orderLineId: l.id, couponCode: crypto.randomBytes(6).toString('hex').toUpperCase(), couponsPassword: String(crypto.randomInt(100000, 999999)),
    })));
  }
}

/** Unpaid contracts whose deadline has passed (net-terms orders are not paid by the buyer, so they never expire). */
export async function expiredContracts(db: Db | Tx, now: Date): Promise<bigint[]> {
  const rows = await db.selectDistinct({ id: tradeOrders.contractId }).from(tradeOrders)
    .where(and(inArray(tradeOrders.status, ['PENDING_PAY', 'PENDING_DEPOSIT', 'PENDING_BALANCE']), lt(tradeOrders.payDeadline, now), sql`${tradeOrders.tradeType} <> 'NET_B2B'`))
    .limit(500);
  return rows.map((r) => r.id);
}

/**
 * A paid order refunded in full: the points it spent (redeemed lines and its share of the
 * deduction) come back, and the points it earned are taken back.
 */
export async function returnOrderPoints(tx: Tx, order: typeof tradeOrders.$inferSelect): Promise<void> {
  const [redeemed] = await tx.select({ n: sql<number>`coalesce(sum(${tradeOrderLines.points}), 0)::int` }).from(tradeOrderLines).where(eq(tradeOrderLines.orderId, order.id));
  const spent = redeemed!.n + order.usedPoints;
  const [c] = await tx.select().from(tradeContracts).where(eq(tradeContracts.id, order.contractId));
  const [earned] = await tx.select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` }).from(pointLedger)
    .where(and(eq(pointLedger.tradeContractId, order.contractId), eq(pointLedger.reason, 'EARN')));
  const share = c!.needPayAmtMinor === 0n ? 1 : Number(order.needPayAmtMinor) / Number(c!.needPayAmtMinor);
  const earnBack = Math.min(earned!.n, Math.ceil(earned!.n * share));
  if (spent > 0) await tx.insert(pointLedger).values({ buyerId: order.buyerId, delta: spent, reason: 'ORDER_REFUNDED', tradeContractId: order.contractId });
  if (earnBack > 0) await tx.insert(pointLedger).values({ buyerId: order.buyerId, delta: -earnBack, reason: 'EARN_REVERSED', tradeContractId: order.contractId });
}
