/**
 * Shipment packages and tracking (SPEC §3 Shipment package; §7 listPackage, carriers, waybill
 * query) and the seller's side of it: ship lines in packages, add tracking events, decide cancel requests.
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  RECEIPT_DEADLINE_DAYS,
  trackingNumberSchema,
  type Currency,
  type ShipmentPackage,
  type SellerOrder,
  type TrackEntry,
} from '@mall/contracts';
import { money } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  carriers,
  reverseTradeOrderLines,
  reverseTradeOrders,
  shipmentPackageLines,
  shipmentPackages,
  shippingMethods,
  shops,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  trackingEvents,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { likeEscape, qtyOut } from '../trade/read.js';
import { orderScope } from '../trade/scope.js';
import { visibleOrder } from '../trade/service.js';
import { moveOrders, type Tx } from '../trade/transitions.js';
import { assertGroupShippable, notWaitingForGroup } from '../group-buy/service.js';

/** The carrier code of pickup orders' packages (the pickup code is their tracking number). */
export const STORE_PICKUP = 'STORE_PICKUP';

const fmt = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const trackOut = (e: typeof trackingEvents.$inferSelect): TrackEntry => ({
  originTime: e.happenedAt.toISOString(),
  formatTime: fmt(e.happenedAt),
  context: e.context,
  areaName: e.areaName,
  operaterType: e.operaterType,
});

/** Packages of some orders, newest tracking first, as listPackage returns them. */
async function packagesOf(
  db: Db | Tx,
  orderIds: bigint[],
  viewerIsBuyer: (orderId: bigint) => boolean,
  orderStatus: (orderId: bigint) => string,
): Promise<Map<bigint, ShipmentPackage[]>> {
  const out = new Map<bigint, ShipmentPackage[]>();
  if (!orderIds.length) return out;
  const pk = await db
    .select({ p: shipmentPackages, carrier: carriers })
    .from(shipmentPackages)
    .innerJoin(carriers, eq(carriers.id, shipmentPackages.carrierId))
    .where(inArray(shipmentPackages.orderId, orderIds))
    .orderBy(shipmentPackages.id);
  if (!pk.length) return out;
  const ids = pk.map((r) => r.p.id);
  const [lines, events] = await Promise.all([
    db
      .select({ pl: shipmentPackageLines, line: tradeOrderLines })
      .from(shipmentPackageLines)
      .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, shipmentPackageLines.orderLineId))
      .where(inArray(shipmentPackageLines.packageId, ids))
      .orderBy(shipmentPackageLines.id),
    db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.packageId, ids))
      .orderBy(desc(trackingEvents.happenedAt), desc(trackingEvents.id)),
  ]);
  for (const { p, carrier } of pk) {
    const canSign =
      p.status === 'SEND_DELIVERY' && viewerIsBuyer(p.orderId) && orderStatus(p.orderId) === 'UN_RECEIVED';
    const list = out.get(p.orderId) ?? [];
    list.push({
      id: String(p.id),
      fulfillmentProgressStatus: p.status,
      fulfillmentProgressLineList: lines
        .filter((l) => l.pl.packageId === p.id)
        .map(({ pl, line }) => {
          const snap = line.snapshot as { itemName: string; skuName: string; image: string; unit?: string | null };
          return {
            actualExecuteQty: qtyOut(pl.qty),
            tradeOrderLine: {
              id: String(line.id),
              name: snap.itemName,
              skuName: snap.skuName,
              image: snap.image,
              unitName: snap.unit ?? null,
            },
          };
        }),
      operationList: canSign ? ['confirm'] : [],
      fulfillmentServiceProvider: { id: String(carrier.id), entityName: carrier.entityName, code: carrier.code },
      serviceCode: p.serviceCode,
      logisticsList: events.filter((e) => e.packageId === p.id).map(trackOut),
      createdAt: p.createdAt.toISOString(),
      signedAt: p.signedAt?.toISOString() ?? null,
    });
    out.set(p.orderId, list);
  }
  return out;
}

/** listPackage for a buyer (or an enterprise main account looking at a sub-account order). */
export async function listPackages(db: Db, user: UserRow, orderId: bigint): Promise<ShipmentPackage[]> {
  const scope = await orderScope(db, user);
  const { o } = await visibleOrder(db, scope, orderId);
  return (
    (
      await packagesOf(
        db,
        [o.id],
        () => o.buyerId === user.id,
        () => o.status,
      )
    ).get(o.id) ?? []
  );
}

/** Packages of an order found by guest lookup (read-only). */
export async function packagesForGuest(db: Db, orderId: bigint): Promise<ShipmentPackage[]> {
  return (
    (
      await packagesOf(
        db,
        [orderId],
        () => false,
        () => '',
      )
    ).get(orderId) ?? []
  );
}

/** Waybill query: the timeline of a package the caller may see (buyer of the order, or its seller). */
export async function trackWaybill(
  db: Db,
  user: UserRow | null,
  carrierCode: string,
  waybill: string,
): Promise<TrackEntry[]> {
  if (!user) throw new AppError(404, ERROR_CODES.packageNotExist, 'No tracking information yet');
  const scope = await orderScope(db, user);
  const rows = await db
    .select({ p: shipmentPackages, buyerId: tradeOrders.buyerId, sellerId: tradeOrders.sellerId })
    .from(shipmentPackages)
    .innerJoin(carriers, eq(carriers.id, shipmentPackages.carrierId))
    .innerJoin(tradeOrders, eq(tradeOrders.id, shipmentPackages.orderId))
    .where(and(eq(carriers.code, carrierCode), eq(shipmentPackages.serviceCode, waybill)));
  const mine = rows.filter((r) => scope.buyers.has(r.buyerId) || r.sellerId === user.id);
  if (!mine.length) throw new AppError(404, ERROR_CODES.packageNotExist, 'No tracking information yet');
  const events = await db
    .select()
    .from(trackingEvents)
    .where(
      inArray(
        trackingEvents.packageId,
        mine.map((r) => r.p.id),
      ),
    )
    .orderBy(desc(trackingEvents.happenedAt), desc(trackingEvents.id));
  return events.map(trackOut);
}

export async function listCarriers(db: Db) {
  const rows = await db.select().from(carriers).where(ne(carriers.code, STORE_PICKUP)).orderBy(carriers.entityName);
  return rows.map((c) => ({ id: String(c.id), entityName: c.entityName, code: c.code }));
}

// ---------------- seller side ----------------

/** Pickup orders are collected at the store: the seller sees which one. */
function pickupLabel(store: unknown): string {
  const s = store as { storeName?: string; storeAddress?: string; storeCity?: string } | null;
  return [s?.storeName, s?.storeAddress, s?.storeCity].filter(Boolean).join(', ');
}

/**
 * A carrier's tracking number in its format where the carrier has a known one (UPS 1Z…, DHL 10
 * digits…), letters and digits otherwise; the same schema as the browser forms. Returns it
 * trimmed and upper-cased.
 */
export function checkTrackingNumber(carrier: { code: string; entityName: string }, serviceCode: string): string {
  const parsed = trackingNumberSchema(carrier.code).safeParse(serviceCode);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const params = (issue as { params?: { issue?: string; example?: string | null } }).params;
  throw new AppError(
    400,
    params?.issue === 'CARRIER_FORMAT' ? ERROR_CODES.trackingNumberFormat : ERROR_CODES.invalidRequest,
    issue.message,
    {
      carrier: carrier.entityName,
      carrierCode: carrier.code,
      example: params?.example ?? null,
      path: '/serviceCode',
    },
  );
}

/** The seller gate lives with the merchant states (SPEC §6); re-exported for the seller routes. */
export { requireSeller } from '../merchant/guard.js';

const SELLER_TABS = {
  TO_SHIP: ['UN_DELIVERY'],
  SHIPPED: ['UN_RECEIVED', 'COMPLETE'],
  CANCEL_REQUESTS: ['PROCESSING'],
  ALL: [
    'UN_DELIVERY',
    'UN_RECEIVED',
    'COMPLETE',
    'PROCESSING',
    'CANCEL_ALL',
    'PENDING_PAY',
    'PENDING_DEPOSIT',
    'PENDING_BALANCE',
    'CLOSED',
    'CANCELED',
  ],
} as const;

/** The seller's orders: only its own shops' orders, paid ones to ship first. */
export async function sellerOrders(
  db: Db,
  seller: UserRow,
  body: { pageNo?: number; pageSize?: number; status?: keyof typeof SELLER_TABS; keyword?: string },
) {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 10;
  const where = and(
    eq(tradeOrders.sellerId, seller.id),
    inArray(tradeOrders.status, [...SELLER_TABS[body.status ?? 'TO_SHIP']]),
    body.keyword ? sql`${tradeOrders.tradeOrderCode} LIKE ${`${likeEscape(body.keyword)}%`}` : undefined,
    // A group order is not to ship before its group has filled.
    (body.status ?? 'TO_SHIP') === 'TO_SHIP' ? notWaitingForGroup : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        o: tradeOrders,
        c: tradeContracts,
        shopName: shops.name,
        buyer: users.nickname,
        email: users.email,
        method: shippingMethods.name,
      })
      .from(tradeOrders)
      .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
      .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
      .innerJoin(users, eq(users.id, tradeOrders.buyerId))
      .leftJoin(shippingMethods, eq(shippingMethods.id, tradeOrders.shippingMethodId))
      // Orders to ship: the longest-waiting first; every other tab: newest first.
      .where(where)
      .orderBy(
        ...((body.status ?? 'TO_SHIP') === 'TO_SHIP'
          ? [sql`${tradeOrders.paidAt} ASC NULLS LAST`, tradeOrders.id]
          : [sql`${tradeOrders.createdAt} DESC`, sql`${tradeOrders.id} DESC`]),
      )
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(tradeOrders).where(where),
  ]);
  const ids = rows.map((r) => r.o.id);
  const [lines, reverses] = ids.length
    ? await Promise.all([
        db.select().from(tradeOrderLines).where(inArray(tradeOrderLines.orderId, ids)).orderBy(tradeOrderLines.id),
        db
          .select()
          .from(reverseTradeOrders)
          .where(and(inArray(reverseTradeOrders.orderId, ids), eq(reverseTradeOrders.type, 'SALE_CANCEL_AFTER_PAID')))
          .orderBy(desc(reverseTradeOrders.id)),
      ])
    : [[], []];
  const status = new Map(rows.map((r) => [r.o.id, r.o.status]));
  const packages = await packagesOf(
    db,
    ids,
    () => false,
    (id) => status.get(id) ?? '',
  );
  const data: SellerOrder[] = rows.map(({ o, c, shopName, buyer, email, method }) => {
    const a = c.selectedAddress as {
      personName?: string;
      firstName?: string;
      lastName?: string;
      poiName?: string;
      detailAddress?: string;
      city?: { name?: string } | string;
      postalCode?: string;
    };
    const city = typeof a.city === 'string' ? a.city : a.city?.name;
    const rev = reverses.find((r) => r.orderId === o.id);
    return {
      id: String(o.id),
      tradeOrderCode: o.tradeOrderCode,
      status: o.status as SellerOrder['status'],
      tradeType: o.tradeType,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      shopName,
      buyerName: buyer || email || 'Guest',
      shipTo:
        o.shippingMethodCode === 'PICKUP'
          ? pickupLabel(o.pickUpStoreSnapshot)
          : [
              a.personName ?? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(),
              a.poiName,
              a.detailAddress,
              city,
              a.postalCode,
            ]
              .filter(Boolean)
              .join(', '),
      shippingMethod: method ?? null,
      fulfillmentType: o.shippingMethodCode === 'PICKUP' ? 'PICKUP' : 'DELIVERY',
      needPayAmt: money(o.needPayAmtMinor, o.currency as Currency),
      lines: lines
        .filter((l) => l.orderId === o.id && (l.lineGroupType === 'NORMAL' || l.lineGroupType === 'DIY_MAIN'))
        .map((l) => {
          const snap = l.snapshot as { itemName: string; skuName: string; image: string; unit?: string | null };
          return {
            id: String(l.id),
            name: snap.itemName,
            skuName: snap.skuName,
            image: snap.image,
            tradeQty: qtyOut(l.qty),
            shippedQty: qtyOut(l.deliveredQty),
            unitName: snap.unit ?? null,
            lineGroupTypeDict: l.lineGroupType,
          };
        }),
      packages: packages.get(o.id) ?? [],
      reissueOf:
        o.businessType === 'REVERSE_REISSUE'
          ? ((c.payload as { reissueOf?: { id: string; reverseTradeOrderCode: string } }).reissueOf ?? null)
          : null,
      cancelRequest: rev
        ? {
            id: String(rev.id),
            code: rev.reverseTradeOrderCode,
            status: rev.status,
            createdAt: rev.createdAt.toISOString(),
          }
        : null,
    };
  });
  return { data, total: total!.n };
}

async function sellerOrder(tx: Tx, seller: UserRow, orderId: bigint) {
  const [o] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.sellerId, seller.id)))
    .for('update');
  if (!o) throw new AppError(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');
  return o;
}

/**
 * Ship some quantity of some lines in one package. The order row is locked, so two clicks
 * cannot ship more than was bought; when everything has left, the order waits for receipt.
 */
export async function createPackage(
  db: Db,
  seller: UserRow,
  orderId: bigint,
  body: { carrierId?: string; serviceCode?: string; lines: { tradeOrderLineId: string; qty: string }[] },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const o = await sellerOrder(tx, seller, orderId);
    if (o.status !== 'UN_DELIVERY')
      throw new AppError(409, ERROR_CODES.operationNotAllowed, 'Only paid orders waiting for delivery can be shipped');
    await assertGroupShippable(tx, o.id);
    // Pickup orders are handed over in the store: the package gets a pickup code instead of a waybill.
    const pickup = o.shippingMethodCode === 'PICKUP';
    if (!pickup && !body.carrierId)
      throw new AppError(400, ERROR_CODES.carrierNotFound, 'Please enter logistics company');
    if (!pickup && !body.serviceCode)
      throw new AppError(400, ERROR_CODES.invalidRequest, 'Please enter tracking number');
    const [carrier] = await tx
      .select()
      .from(carriers)
      .where(
        pickup
          ? eq(carriers.code, STORE_PICKUP)
          : and(eq(carriers.id, BigInt(body.carrierId!)), ne(carriers.code, STORE_PICKUP)),
      );
    if (!carrier) throw new AppError(400, ERROR_CODES.carrierNotFound, 'Please enter logistics company');
    const serviceCode = pickup
      ? (body.serviceCode ?? `PU${crypto.randomInt(10_000_000, 99_999_999)}`)
      : checkTrackingNumber(carrier, body.serviceCode!);
    const lines = (
      await tx
        .select({ line: tradeOrderLines, decimals: skus.qtyDecimals })
        .from(tradeOrderLines)
        .innerJoin(skus, eq(skus.id, tradeOrderLines.skuId))
        .where(and(eq(tradeOrderLines.orderId, o.id), inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN'])))
    ).map((r) => ({ ...r.line, decimals: r.decimals }));
    const wanted = new Map<bigint, number>();
    for (const l of body.lines)
      wanted.set(BigInt(l.tradeOrderLineId), (wanted.get(BigInt(l.tradeOrderLineId)) ?? 0) + Number(l.qty));
    for (const [id, qty] of wanted) {
      const line = lines.find((l) => l.id === id);
      if (!line)
        throw new AppError(400, ERROR_CODES.invalidShipment, 'This line is not part of the order', {
          tradeOrderLineId: String(id),
        });
      // Only weight items (decimals allowed by their SKU) ship in fractions.
      if (Math.abs(qty * 10 ** line.decimals - Math.round(qty * 10 ** line.decimals)) > 1e-6) {
        throw new AppError(400, ERROR_CODES.invalidShipment, 'This item ships in whole units', {
          tradeOrderLineId: String(id),
        });
      }
      const left = Number(line.qty) - Number(line.deliveredQty) - Number(line.cancelledQty);
      if (!(qty > 0) || qty > left + 1e-9)
        throw new AppError(400, ERROR_CODES.invalidShipment, `At most ${left} can still be shipped for this line`, {
          tradeOrderLineId: String(id),
          left: String(left),
        });
    }
    const cancelling = await tx
      .select({ id: reverseTradeOrderLines.orderLineId })
      .from(reverseTradeOrderLines)
      .innerJoin(reverseTradeOrders, eq(reverseTradeOrders.id, reverseTradeOrderLines.reverseId))
      .where(
        and(
          inArray(reverseTradeOrderLines.orderLineId, [...wanted.keys()]),
          eq(reverseTradeOrderLines.isOpen, true),
          eq(reverseTradeOrders.type, 'SALE_CANCEL_BEFORE_DELIVERY'),
        ),
      );
    if (cancelling.length)
      throw new AppError(
        409,
        ERROR_CODES.operationNotAllowed,
        'The buyer asked to cancel this line; decide the request in after-sales first',
        { tradeOrderLineId: String(cancelling[0]!.id) },
      );
    const [pkg] = await tx
      .insert(shipmentPackages)
      .values({ orderId: o.id, status: 'SEND_DELIVERY', carrierId: carrier.id, serviceCode, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!pkg)
      throw new AppError(
        409,
        ERROR_CODES.trackingNumberUsed,
        'This tracking number is already used for another package',
        { serviceCode },
      );
    for (const [id, qty] of wanted) {
      await tx.insert(shipmentPackageLines).values({ packageId: pkg.id, orderLineId: id, qty: qty.toFixed(3) });
      await tx
        .update(tradeOrderLines)
        .set({ deliveredQty: sql`${tradeOrderLines.deliveredQty} + ${qty.toFixed(3)}::numeric` })
        .where(eq(tradeOrderLines.id, id));
      // DIY parts and gifts travel with their main line, in the same proportion.
      const main = lines.find((l) => l.id === id)!;
      await tx
        .update(tradeOrderLines)
        .set({
          deliveredQty: sql`round(${tradeOrderLines.qty} * ${((Number(main.deliveredQty) + qty) / Number(main.qty)).toFixed(6)}::numeric, 3)`,
        })
        .where(eq(tradeOrderLines.parentLineId, id));
    }
    const store = o.pickUpStoreSnapshot as { storeName?: string; storeCity?: string } | null;
    await tx.insert(trackingEvents).values({
      packageId: pkg.id,
      operaterType: 'SELLER',
      happenedAt: now,
      context: pickup
        ? `Ready for pickup at ${store?.storeName ?? 'the store'}; show pickup code ${serviceCode}`
        : `The seller handed the parcel to ${carrier.entityName}`,
      areaName: pickup ? (store?.storeCity ?? null) : null,
    });
    const allShipped = lines.every(
      (l) => Number(l.qty) - Number(l.deliveredQty) - Number(l.cancelledQty) - (wanted.get(l.id) ?? 0) <= 1e-9,
    );
    const receiptDeadline = new Date(now.getTime() + RECEIPT_DEADLINE_DAYS * 86400_000);
    if (allShipped) await moveOrders(tx, { ids: [o.id] }, 'ALL_SHIPPED', { receiptDeadline });
    return {
      packageId: String(pkg.id),
      orderStatus: allShipped ? 'UN_RECEIVED' : 'UN_DELIVERY',
      receiptDeadline: allShipped ? receiptDeadline : null,
    };
  });
}

export async function addTrackingEvent(
  db: Db,
  seller: UserRow,
  packageId: bigint,
  body: { context: string; areaName?: string },
) {
  const [p] = await db
    .select({ id: shipmentPackages.id, status: shipmentPackages.status })
    .from(shipmentPackages)
    .innerJoin(tradeOrders, eq(tradeOrders.id, shipmentPackages.orderId))
    .where(and(eq(shipmentPackages.id, packageId), eq(tradeOrders.sellerId, seller.id)));
  if (!p) throw new AppError(404, ERROR_CODES.packageNotExist, 'This package does not exist');
  if (p.status === 'CANCEL') throw new AppError(409, ERROR_CODES.operationNotAllowed, 'This package was canceled');
  const [e] = await db
    .insert(trackingEvents)
    .values({ packageId, context: body.context, areaName: body.areaName ?? null, operaterType: 'SELLER' })
    .returning();
  return trackOut(e!);
}
