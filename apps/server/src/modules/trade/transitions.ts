/**
 * The only writers of order and package statuses: each move is checked against the transition
 * tables in packages/domain, and the UPDATE itself carries the allowed "from" statuses, so two
 * racing requests cannot both move an order.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ORDER_EVENTS, PACKAGE_EVENTS, type OrderEvent, type PackageEvent } from '@mall/domain';
import { clientOf, type Db, type Tx } from '../../db/client.js';

export type { Tx };
import {
  couponCampaigns,
  items,
  ownerCoupons,
  shipmentPackages,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import { activatePaidServices } from '../membership/paid-service.js';
import { issueServiceCodes } from '../service-codes/codes.js';
import { contractPoints, refundPoints, reverseEarned } from '../points/ledger.js';
import { takeGrowth } from '../membership/growth.js';
import { groupOrdersPaid, releaseGroupSlots } from '../group-buy/service.js';
import { moveContract } from './contract-moves.js';

type OrderSet = Partial<typeof tradeOrders.$inferInsert>;

/** Moves the given orders by `event`; returns the ids that moved (the others were not in a "from" status). */
export async function moveOrders(
  tx: Tx | Db,
  where: { ids?: bigint[]; contractId?: bigint },
  event: OrderEvent,
  set: OrderSet = {},
): Promise<bigint[]> {
  const t = ORDER_EVENTS[event];
  const scope = where.ids ? inArray(tradeOrders.id, where.ids) : eq(tradeOrders.contractId, where.contractId!);
  const rows = await tx
    .update(tradeOrders)
    .set({ ...set, status: t.to })
    .where(and(scope, inArray(tradeOrders.status, [...t.from])))
    .returning({ id: tradeOrders.id });
  return rows.map((r) => r.id);
}

export async function movePackages(
  tx: Tx | Db,
  ids: bigint[],
  event: PackageEvent,
  set: Partial<typeof shipmentPackages.$inferInsert> = {},
): Promise<bigint[]> {
  const t = PACKAGE_EVENTS[event];
  const rows = await tx
    .update(shipmentPackages)
    .set({ ...set, status: t.to })
    .where(and(inArray(shipmentPackages.id, ids), inArray(shipmentPackages.status, [...t.from])))
    .returning({ id: shipmentPackages.id });
  return rows.map((r) => r.id);
}

/** Every line's quantity goes back on its SKU (main lines, DIY children and gifts alike: they were all taken). */
export async function returnStock(tx: Tx, orderIds: bigint[]): Promise<void> {
  if (!orderIds.length) return;
  // Summed per SKU and updated in one statement; the rows are locked in SKU order first, the
  // order place-order takes them in, so a close and a checkout cannot deadlock.
  const lines = tx
    .select({ skuId: tradeOrderLines.skuId })
    .from(tradeOrderLines)
    .where(inArray(tradeOrderLines.orderId, orderIds));
  await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, lines)).orderBy(skus.id).for('update');
  await tx.execute(sql`UPDATE ${skus} SET stock = ${skus.stock} + back.qty
    FROM (SELECT sku_id, sum(qty) AS qty FROM ${tradeOrderLines} WHERE ${inArray(tradeOrderLines.orderId, orderIds)} GROUP BY sku_id) back
    WHERE ${skus.id} = back.sku_id`);
}

/**
 * An unpaid contract ends (buyer cancel, pay deadline, or the operator cancels a held one): all its orders close together (they
 * are paid together), stock, points and coupons go back. Returns the orders that moved.
 */
export async function closeUnpaidContract(
  tx: Tx,
  contractId: bigint,
  event: 'BUYER_CANCEL_BEFORE_PAY' | 'PAY_DEADLINE_PASSED' | 'RISK_REJECT',
  now = new Date(),
): Promise<bigint[]> {
  const moved = await moveOrders(tx, { contractId }, event, { closedAt: now });
  if (!moved.length) return moved;
  await moveContract(tx, contractId, 'CLOSE');
  await returnStock(tx, moved);
  await releaseGroupSlots(tx, moved, now);
  const spent = -(await contractPoints(tx, contractId, ['ORDER']));
  if (spent > 0) {
    const [c] = await tx
      .select({ buyerId: tradeContracts.buyerId })
      .from(tradeContracts)
      .where(eq(tradeContracts.id, contractId));
    await refundPoints(tx, { buyerId: c!.buyerId, points: spent, reason: 'ORDER_CLOSED', tradeContractId: contractId });
  }
  await returnCouponsAndCodes(tx, contractId);
  return moved;
}

/** The contract's coupons are unused again and its promotion codes count one use less. */
export async function returnCouponsAndCodes(tx: Tx, contractId: bigint): Promise<void> {
  await tx
    .update(ownerCoupons)
    .set({ status: 'NOT_USED', usedAt: null, tradeContractId: null })
    .where(and(eq(ownerCoupons.tradeContractId, contractId), eq(ownerCoupons.status, 'USED')));
  const [c] = await tx
    .select({ preview: tradeContracts.preview })
    .from(tradeContracts)
    .where(eq(tradeContracts.id, contractId));
  const campaignIds = ((c?.preview as { promotionCampaignIds?: string[] } | undefined)?.promotionCampaignIds ?? []).map(
    BigInt,
  );
  if (campaignIds.length) {
    await tx
      .update(couponCampaigns)
      .set({ usedCount: sql`GREATEST(${couponCampaigns.usedCount} - 1, 0)` })
      .where(inArray(couponCampaigns.id, campaignIds));
  }
}

/**
 * Part of some lines goes back on the shelf (after-sales: a cancel before delivery, a return
 * that passed QC, an exchanged item). DIY parts and gifts go back with their main line, in the
 * same proportion. Rows are locked in SKU order, as everywhere stock is written.
 */
export async function returnLineStock(tx: Tx, parts: { lineId: bigint; qtyMilli: bigint }[]): Promise<void> {
  if (!parts.length) return;
  const ids = parts.map((p) => p.lineId);
  const lines = await tx
    .select()
    .from(tradeOrderLines)
    .where(or(inArray(tradeOrderLines.id, ids), inArray(tradeOrderLines.parentLineId, ids)));
  const back = new Map<bigint, number>();
  for (const p of parts) {
    const main = lines.find((l) => l.id === p.lineId);
    if (!main) continue;
    const fraction = Number(p.qtyMilli) / 1000 / Number(main.qty);
    for (const l of lines.filter((x) => x.id === main.id || x.parentLineId === main.id)) {
      const q = l.id === main.id ? Number(p.qtyMilli) / 1000 : Number(l.qty) * fraction;
      back.set(l.skuId, (back.get(l.skuId) ?? 0) + q);
    }
  }
  const skuIds = [...back.keys()].sort((a, b) => (a < b ? -1 : 1));
  await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, skuIds)).orderBy(skus.id).for('update');
  for (const id of skuIds)
    await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} + ${back.get(id)!.toFixed(3)}::numeric` })
      .where(eq(skus.id, id));
}

const TAKE_STOCK = {
  name: 'take_stock',
  // $1 SKU ids, $2 quantities. The rows are locked in SKU order first (as everywhere stock is
  // written), then each one is taken only if it has enough; the ids taken come back.
  text: `WITH w AS (SELECT * FROM unnest($1::bigint[], $2::numeric[]) AS w(id, qty)),
l AS MATERIALIZED (SELECT s.id FROM skus s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id FOR UPDATE)
UPDATE skus s SET stock = s.stock - w.qty FROM w JOIN l ON l.id = w.id WHERE s.id = w.id AND s.stock >= w.qty RETURNING s.id::text AS id`,
};

/**
 * Checkout: takes the quantities of several SKUs (distinct ids) in one statement; returns the
 * ids that had enough (the others are left as they were).
 */
export async function takeStockOf(tx: Tx, wanted: { skuId: string; qty: string }[]): Promise<Set<string>> {
  if (!wanted.length) return new Set();
  const { rows } = await clientOf(tx).query<{ id: string }>({
    ...TAKE_STOCK,
    values: [wanted.map((w) => w.skuId), wanted.map((w) => w.qty)],
  });
  return new Set(rows.map((r) => r.id));
}

/**
 * Checkout's line stock, taken all or nothing by `take_stock_or_fail` (db/functions), as plain
 * SQL the submit sends together with its COMMIT (db/client.ts transactionBetween). Ids and
 * quantities become literals, so they are checked to be numbers first.
 */
export function takeStockOrFailSql(wanted: { skuId: string; qty: string }[]): string {
  for (const w of wanted) {
    if (!/^\d+$/.test(w.skuId) || !/^\d+(\.\d+)?$/.test(w.qty))
      throw new Error(`not a stock quantity: ${w.skuId} ${w.qty}`);
  }
  return `SELECT take_stock_or_fail('{${wanted.map((w) => w.skuId).join(',')}}'::bigint[], '{${wanted.map((w) => w.qty).join(',')}}'::numeric[])`;
}

/** The SKU a failed `take_stock_or_fail` was short of, or null for any other error. */
export function stockShortOf(err: unknown): string | null {
  const e = err as { code?: string; detail?: string };
  return e?.code === 'MS001' ? (e.detail ?? '') : null;
}

/** Takes stock for an exchange's replacement; false when there is not enough. */
export async function takeStock(tx: Tx, skuId: bigint, qty: string): Promise<boolean> {
  const rows = await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} - ${qty}::numeric` })
    .where(and(eq(skus.id, skuId), sql`${skus.stock} >= ${qty}::numeric`))
    .returning({ id: skus.id });
  return rows.length === 1;
}

/**
 * Points of an order refunded in part by after-sales: the points its refunded lines redeemed and
 * its share of the points deduction come back; the earned points are taken back in the same share,
 * and the refunded money leaves the buyer's growth (membership level).
 */
export async function returnPointsInShare(
  tx: Tx,
  order: typeof tradeOrders.$inferSelect,
  refundedMinor: bigint,
  redeemedBack: number,
): Promise<void> {
  const share = order.paidAmtMinor > 0n ? Number(refundedMinor) / Number(order.paidAmtMinor) : 1;
  const spentBack = redeemedBack + Math.floor(order.usedPoints * Math.min(1, share));
  const [c] = await tx
    .select({ needPay: tradeContracts.needPayAmtMinor, site: tradeContracts.site })
    .from(tradeContracts)
    .where(eq(tradeContracts.id, order.contractId));
  const earned = await contractPoints(tx, order.contractId, ['EARN']);
  const orderShare = !c || c.needPay === 0n ? 1 : Number(order.needPayAmtMinor) / Number(c.needPay);
  const earnBack = Math.min(earned, Math.ceil(earned * orderShare * Math.min(1, share)));
  const ref = { buyerId: order.buyerId, tradeContractId: order.contractId, tradeOrderId: order.id };
  await refundPoints(tx, { ...ref, points: spentBack, reason: 'REFUND' });
  await reverseEarned(tx, { ...ref, points: earnBack });
  // Growth follows the money: what after-sales refunded no longer counts toward the level.
  await takeGrowth(tx, { buyerId: order.buyerId, site: c?.site ?? null, amountMinor: refundedMinor });
}

/** Paid orders record the channel, get their invoice, and issue the codes of their service items. */
export async function onOrdersPaid(tx: Tx, contractId: bigint, payChannel: string, now: Date): Promise<void> {
  const orders = await tx
    .update(tradeOrders)
    .set({ payChannel, invoiceUrl: sql`'/api/orders/' || ${tradeOrders.id} || '/invoice'` })
    .where(and(eq(tradeOrders.contractId, contractId), isNull(tradeOrders.payChannel)))
    .returning({ id: tradeOrders.id });
  if (!orders.length) return;
  // A group order counts in its group; the last slot paid fills the group.
  await groupOrdersPaid(
    tx,
    orders.map((o) => o.id),
    now,
  );
  // Super member: a paid service line activates (or renews) the buyer's service from this payment.
  await activatePaidServices(
    tx,
    orders.map((o) => o.id),
    now,
  );
  const service = await tx
    .select({ id: tradeOrderLines.id, qty: tradeOrderLines.qty, uses: items.serviceUses, days: items.serviceValidDays })
    .from(tradeOrderLines)
    .innerJoin(items, eq(items.id, tradeOrderLines.itemId))
    // Use codes are for services given by the shop (a number of uses); a plan such as super member has none.
    .where(
      and(
        inArray(
          tradeOrderLines.orderId,
          orders.map((o) => o.id),
        ),
        eq(items.businessType, 'SERVICE'),
        isNotNull(items.serviceUses),
      ),
    );
  for (const l of service) {
    // One code per use: the seller redeems one each time the service is given.
    const count = Math.max(1, Math.floor(Number(l.qty))) * Math.max(1, l.uses ?? 1);
    await tx
      .update(tradeOrderLines)
      .set({
        serviceRemainingTimes: count,
        serviceExpiresAt: l.days ? new Date(now.getTime() + l.days * 86400_000) : null,
      })
      .where(eq(tradeOrderLines.id, l.id));
    await issueServiceCodes(tx, l.id, count);
  }
}

/** Unpaid contracts whose deadline has passed (net-terms orders are not paid by the buyer, so they never expire). */
export async function expiredContracts(db: Db | Tx, now: Date): Promise<bigint[]> {
  const rows = await db
    .selectDistinct({ id: tradeOrders.contractId })
    .from(tradeOrders)
    .where(
      and(
        inArray(tradeOrders.status, ['PENDING_PAY', 'PENDING_DEPOSIT', 'PENDING_BALANCE']),
        lt(tradeOrders.payDeadline, now),
        sql`${tradeOrders.tradeType} <> 'NET_B2B'`,
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
}
