/**
 * The only writers of order and package statuses: each move is checked against the transition
 * tables in packages/domain, and the UPDATE itself carries the allowed "from" statuses, so two
 * racing requests cannot both move an order.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ORDER_EVENTS, PACKAGE_EVENTS, type OrderEvent, type PackageEvent } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';

export type { Tx };
import {
  couponCampaigns,
  items,
  ownerCoupons,
  shipmentPackages,
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
import { returnStock } from '../stock/stock.js';

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

/**
 * An unpaid contract ends (buyer cancel, pay deadline, or the operator cancels a held one): all its orders close together (they
 * are paid together), stock, points and coupons go back. Returns the orders that moved.
 */
export async function closeUnpaidContract(
  tx: Tx,
  contractId: bigint,
  event: 'BUYER_CANCEL_BEFORE_PAY' | 'PAY_DEADLINE_PASSED' | 'RISK_REJECT' | 'RISK_REVIEW_EXPIRED',
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
