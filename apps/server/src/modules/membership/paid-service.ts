/**
 * Super member, the paid service (SPEC §7 Membership: bbc_item_RenderItemByPaidServicePeriodCodeFunc,
 * customer_QueryOnePaidServiceBOBuiltInFunc). It is sold as a service item through the real
 * checkout and payment; the payment activates or renews it (onOrdersPaid), an after-sales refund
 * of it ends it (settleReverseRefund), both in their own transaction. Its status is written only
 * here, through PAID_SERVICE_EVENTS.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  SUPER_MEMBER_BENEFITS,
  type Language,
  type PaidService,
  type PaidServiceItem,
  type PaidServicePeriodCode,
  type PaidServiceStatus,
  type Site,
} from '@mall/contracts';
import {
  applyPurchase,
  money,
  PAID_SERVICE_EVENTS,
  PAID_SERVICE_INITIAL_STATUS,
  PAID_SERVICE_MONTHS,
  paidServiceInForce,
  paidServicePeriodEnd,
  type PaidServiceEvent,
} from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  items,
  paidServiceItems,
  paidServicePurchases,
  paidServices,
  reverseTradeOrderLines,
  skuPrices,
  skus,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { localizeItem, localizeSku } from '../catalog/service.js';

type ServiceRow = typeof paidServices.$inferSelect;

/** The one writer of paid_services.status: `UPDATE ... WHERE status IN (from)` from the table. */
async function movePaidService(
  tx: Tx | Db,
  buyerId: bigint,
  event: PaidServiceEvent,
  set: Partial<typeof paidServices.$inferInsert>,
  now: Date,
  guard?: SQL,
): Promise<boolean> {
  const t = PAID_SERVICE_EVENTS[event];
  const rows = await tx
    .update(paidServices)
    .set({ ...set, status: t.to, updatedAt: now })
    .where(and(eq(paidServices.buyerId, buyerId), inArray(paidServices.status, [...t.from]), guard))
    .returning({ id: paidServices.buyerId });
  return rows.length === 1;
}

/** The service item and SKU selling `periodCode` on `site`, priced in the site's currency. */
export async function renderPaidServiceItem(
  db: Db,
  site: Site,
  periodCode: PaidServicePeriodCode,
  lang: Language,
): Promise<PaidServiceItem> {
  const [row] = await db
    .select({ item: items, sku: skus, price: skuPrices.amountMinor })
    .from(paidServiceItems)
    .innerJoin(items, eq(items.id, paidServiceItems.itemId))
    .innerJoin(skus, eq(skus.id, paidServiceItems.skuId))
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, site.currency)))
    .where(and(eq(paidServiceItems.site, site.code), eq(paidServiceItems.periodCode, periodCode)));
  if (!row) throw new AppError(404, ERROR_CODES.skuNotFound, 'This product is not available');
  const item = localizeItem(row.item, lang);
  return {
    itemId: String(item.id),
    skuId: String(row.sku.id),
    itemName: item.itemName,
    skuName: localizeSku(row.sku, lang).name,
    image: row.sku.image,
    periodCode,
    periodMonths: PAID_SERVICE_MONTHS[periodCode],
    price: money(row.price, site.currency),
    site: site.code,
  };
}

/**
 * Paid service SKUs are not listed in the catalog; the checkout sells them only on their own
 * site (their price is in that site's currency). Returns the ids among `skuIds` it may sell.
 */
export async function sellablePaidServiceSkus(db: Tx | Db, skuIds: bigint[], site: Site): Promise<Set<bigint>> {
  if (!skuIds.length) return new Set();
  const rows = await db
    .select({ id: paidServiceItems.skuId })
    .from(paidServiceItems)
    .where(and(inArray(paidServiceItems.skuId, skuIds), eq(paidServiceItems.site, site.code)));
  return new Set(rows.map((r) => r.id));
}

const benefitsOut = () => ({
  discountPercent: Math.round(Number(SUPER_MEMBER_BENEFITS.discountRate) * 100),
  freeShipping: SUPER_MEMBER_BENEFITS.freeShippingMinor === 0n,
});

export function paidServiceOut(row: ServiceRow | undefined, now: Date): PaidService {
  if (!row)
    return { status: 'NONE', active: false, periodCode: null, startTime: null, endTime: null, benefits: benefitsOut() };
  const active = paidServiceInForce(row, now);
  // A service past its end reads as EXPIRED even before the sweep has written it.
  const status: PaidServiceStatus = row.status === 'ACTIVE' && !active ? 'EXPIRED' : row.status;
  return {
    status,
    active,
    periodCode: row.periodCode,
    startTime: row.startAt.toISOString(),
    endTime: row.endAt.toISOString(),
    benefits: benefitsOut(),
  };
}

export async function queryPaidService(db: Db, buyerId: bigint, now = new Date()): Promise<PaidService> {
  const [row] = await db.select().from(paidServices).where(eq(paidServices.buyerId, buyerId));
  return paidServiceOut(row, now);
}

/**
 * The super member's benefit (modules/membership/benefits.ts reads the buyer's service row with
 * the level facts): while the service is in force, an extra member discount and free shipping.
 */
export function paidServiceBenefit(row: Pick<ServiceRow, 'status' | 'endAt'> | null, now: Date) {
  if (!paidServiceInForce(row ?? undefined, now)) return null;
  return {
    source: 'SUPER_MEMBER' as const,
    discountRate: SUPER_MEMBER_BENEFITS.discountRate,
    freeShippingMinor: SUPER_MEMBER_BENEFITS.freeShippingMinor,
  };
}

/**
 * Orders just paid: each paid service line activates the buyer's service from now, or renews it
 * from its current end while it is in force. Once per order line (its purchase row is the key).
 */
export async function activatePaidServices(tx: Tx, orderIds: bigint[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  const lines = await tx
    .select({
      lineId: tradeOrderLines.id,
      orderId: tradeOrderLines.orderId,
      qty: tradeOrderLines.qty,
      buyerId: tradeOrders.buyerId,
      periodCode: paidServiceItems.periodCode,
    })
    .from(tradeOrderLines)
    .innerJoin(paidServiceItems, eq(paidServiceItems.skuId, tradeOrderLines.skuId))
    .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
    .where(inArray(tradeOrderLines.orderId, orderIds))
    .orderBy(asc(tradeOrderLines.id));
  for (const l of lines) {
    // Two payments of one buyer settling together must renew one after the other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`paid-service:${l.buyerId}`}))`);
    const [current] = await tx.select().from(paidServices).where(eq(paidServices.buyerId, l.buyerId));
    let p = applyPurchase(current ?? null, l.periodCode, now);
    // Several units of one period buy that many periods in a row.
    for (let i = 1; i < Math.max(1, Math.floor(Number(l.qty))); i++)
      p = { ...p, endAt: paidServicePeriodEnd(p.endAt, l.periodCode) };
    const bought = await tx
      .insert(paidServicePurchases)
      .values({
        buyerId: l.buyerId,
        orderId: l.orderId,
        orderLineId: l.lineId,
        periodCode: l.periodCode,
        periodStart: p.periodStart,
        periodEnd: p.endAt,
      })
      .onConflictDoNothing()
      .returning({ id: paidServicePurchases.id });
    if (!bought.length) continue;
    const set = { periodCode: l.periodCode, startAt: p.startAt, endAt: p.endAt };
    if (!current) {
      await tx
        .insert(paidServices)
        .values({ buyerId: l.buyerId, status: PAID_SERVICE_INITIAL_STATUS, ...set, updatedAt: now });
      continue;
    }
    if (p.event === 'REJOIN' && current.status === 'ACTIVE') await movePaidService(tx, l.buyerId, 'EXPIRE', {}, now);
    if (!(await movePaidService(tx, l.buyerId, p.event!, set, now)))
      throw new AppError(409, ERROR_CODES.invalidRequest, 'The paid service changed, please retry');
  }
}

/** An after-sales refund of a paid service line went through: the buyer's service ends now. */
export async function endPaidServiceByRefund(tx: Tx, reverseId: bigint, now: Date): Promise<void> {
  const [hit] = await tx
    .select({ buyerId: tradeOrders.buyerId })
    .from(reverseTradeOrderLines)
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
    .innerJoin(paidServiceItems, eq(paidServiceItems.skuId, tradeOrderLines.skuId))
    .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
    .where(eq(reverseTradeOrderLines.reverseId, reverseId))
    .limit(1);
  if (hit) await movePaidService(tx, hit.buyerId, 'END_BY_REFUND', { endAt: now }, now);
}

/** Sweep: services whose end passed are EXPIRED (benefits already stop at the end by themselves). */
export async function expirePaidServices(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ buyerId: paidServices.buyerId })
    .from(paidServices)
    .where(and(eq(paidServices.status, 'ACTIVE'), lte(paidServices.endAt, now)))
    .limit(500);
  let n = 0;
  // The end is checked again by the update: a renewal paid meanwhile keeps the service active.
  for (const d of due)
    if (await movePaidService(db, d.buyerId, 'EXPIRE', {}, now, lte(paidServices.endAt, now))) n += 1;
  return n;
}
