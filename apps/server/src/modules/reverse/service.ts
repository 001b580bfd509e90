/**
 * What buyers and sellers do to a reverse order after it was applied for (SPEC §4 buyer
 * actions; the seller's audit, QC, refund and replacement shipping), and the timed rules.
 * Every status change goes through ./transitions.ts; every refund through flows/refund.ts.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  AFTER_SALES,
  ERROR_CODES,
  type Currency,
  type ExchangeSku,
  type ReturnAddress,
  type SellerReverse,
} from '@mall/contracts';
import {
  approveEvent,
  initialOrderStatus,
  isOpen,
  money,
  nextReverseStatus,
  REVERSE_FINAL_STATUSES,
  reverseEventsNow,
  toMinor,
  type ReverseStatus,
} from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  carriers,
  items,
  refunds,
  reverseShipments,
  reverseTrackingEvents,
  reverseTradeOrderLines,
  reverseTradeOrders,
  shopReturnAddresses,
  shops,
  skuPrices,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { refundRoomOf, writeRefunds } from '../../flows/refund.js';
import { moveRefunds } from '../payment/records.js';
import { STORE_PICKUP, checkTrackingNumber } from '../fulfillment/service.js';
import { likeEscape } from '../trade/read.js';
import type { Tx } from '../trade/transitions.js';
import { returnLineStock, takeStock } from '../stock/stock.js';
import { detailsOf, reverseNotFound } from './read.js';
import {
  countCancelled,
  endWithoutEffect,
  finishExchange,
  finishReissue,
  isCancelType,
  moveReverse,
  mustMoveReverse,
  reverseLines,
  settleReverseRefund,
  statusChanged,
  type ReverseRow,
} from './transitions.js';

const days = (env: string | undefined, d: number) => Number(env ?? d) * 86400_000;
export const reverseDeadlines = () => ({
  auditMs: days(process.env.REVERSE_AUDIT_DAYS, AFTER_SALES.auditDays),
  returnMs: days(process.env.REVERSE_RETURN_DAYS, AFTER_SALES.returnDays),
  confirmMs: days(process.env.REVERSE_CONFIRM_DAYS, AFTER_SALES.confirmDays),
});
const err = (status: number, code: string, message: string, details?: unknown) =>
  new AppError(status, code as never, message, details);
/** What a change did: the refunds to carry out after commit. */
export interface Outcome {
  id: string;
  reverseTradeOrderStatus: ReverseStatus;
  refundIds: bigint[];
}
const outcome = async (tx: Tx, id: bigint, refundIds: bigint[] = []): Promise<Outcome> => {
  const [r] = await tx
    .select({ status: reverseTradeOrders.status })
    .from(reverseTradeOrders)
    .where(eq(reverseTradeOrders.id, id));
  return { id: String(id), reverseTradeOrderStatus: r!.status as ReverseStatus, refundIds };
};

// ---------------- buyer ----------------

async function buyerReverse(tx: Tx, buyer: UserRow, id: bigint): Promise<ReverseRow> {
  const [r] = await tx
    .select()
    .from(reverseTradeOrders)
    .where(and(eq(reverseTradeOrders.id, id), eq(reverseTradeOrders.buyerId, buyer.id)))
    .for('update');
  if (!r) throw reverseNotFound();
  return r;
}

/** trade_CancelReverseTradeOrderForReturnOrExchangeFlow: the buyer withdraws; the lines are free again. */
export async function buyerCancel(db: Db, buyer: UserRow, id: bigint, now = new Date()): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await buyerReverse(tx, buyer, id);
    await mustMoveReverse(tx, r, 'BUYER_CANCEL', { deadlineAt: null }, now);
    await endWithoutEffect(tx, r);
    return outcome(tx, r.id);
  });
}

/** trade_PostBackReverseTradeOrderFlow: the buyer sent the goods back (SELF_DELIVERY) with a carrier and tracking number. */
export async function postBack(
  db: Db,
  buyer: UserRow,
  id: bigint,
  body: { serviceCode: string; carrierId: string },
  now = new Date(),
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await buyerReverse(tx, buyer, id);
    const [carrier] = await tx
      .select()
      .from(carriers)
      .where(and(eq(carriers.id, BigInt(body.carrierId)), sql`${carriers.code} <> ${STORE_PICKUP}`));
    if (!carrier) throw err(400, ERROR_CODES.carrierNotFound, 'Please enter logistics company');
    const serviceCode = checkTrackingNumber(carrier, body.serviceCode);
    await mustMoveReverse(tx, r, 'POST_BACK', { deadlineAt: null }, now);
    const [s] = await tx
      .insert(reverseShipments)
      .values({ reverseId: r.id, direction: 'RETURN', carrierId: carrier.id, serviceCode, createdAt: now })
      .returning();
    await tx.insert(reverseTrackingEvents).values({
      shipmentId: s!.id,
      context: `The buyer sent the parcel with ${carrier.entityName}`,
      operaterType: 'USER',
      happenedAt: now,
    });
    return outcome(tx, r.id);
  });
}

/** trade_ConfirmReverseTradeOrderExchangeSkuFlow: the replacement arrived. */
export async function confirmExchange(db: Db, buyer: UserRow, id: bigint, now = new Date()): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await buyerReverse(tx, buyer, id);
    if (!(await finishExchange(tx, r, now))) throw statusChanged();
    return outcome(tx, r.id);
  });
}

/** bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow: the item's SKUs a bought line can be exchanged for. */
export async function exchangeSkus(
  db: Db,
  buyer: UserRow,
  itemId: bigint,
  lineId: bigint | undefined,
): Promise<ExchangeSku[]> {
  let currency: Currency = 'USD';
  if (lineId) {
    const [l] = await db
      .select({ currency: tradeOrders.currency, itemId: tradeOrderLines.itemId })
      .from(tradeOrderLines)
      .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
      .where(and(eq(tradeOrderLines.id, lineId), eq(tradeOrders.buyerId, buyer.id)));
    if (!l || l.itemId !== itemId) throw err(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');
    currency = l.currency as Currency;
  }
  const rows = await db
    .select({ s: skus, price: skuPrices.amountMinor })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .leftJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(eq(skus.itemId, itemId))
    .orderBy(asc(skus.id));
  return rows.map(({ s, price }) => ({
    id: String(s.id),
    name: s.name,
    image: s.image,
    attributes: s.attributes,
    salePrc: money(price ?? 0n, currency),
    inStock: Number(s.stock) > 0,
  }));
}

// ---------------- seller ----------------

async function sellerReverse(tx: Tx, seller: UserRow, id: bigint): Promise<ReverseRow> {
  const [r] = await tx
    .select({ r: reverseTradeOrders })
    .from(reverseTradeOrders)
    .innerJoin(shops, eq(shops.id, reverseTradeOrders.shopId))
    .where(and(eq(reverseTradeOrders.id, id), eq(shops.sellerId, seller.id)))
    .for('update', { of: reverseTradeOrders });
  if (!r) throw reverseNotFound();
  return r.r;
}

async function orderOf(tx: Tx, r: ReverseRow) {
  const [o] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, r.orderId)).for('update');
  return o!;
}

/**
 * Audit: approve or reject (with a reason the buyer sees). An approved cancel is refunded at
 * once and its quantities never ship; an approved return or exchange waits for the goods, sent
 * to the shop's return address. Also what the audit deadline does by itself.
 */
export async function audit(
  db: Db,
  seller: UserRow | null,
  id: bigint,
  body: { approve: boolean; reason?: string },
  now = new Date(),
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = seller
      ? await sellerReverse(tx, seller, id)
      : (await tx.select().from(reverseTradeOrders).where(eq(reverseTradeOrders.id, id)).for('update'))[0];
    if (!r) throw reverseNotFound();
    if (!body.approve) {
      await mustMoveReverse(
        tx,
        r,
        'REJECT',
        { auditRejectReason: body.reason ?? 'Rejected by the seller', deadlineAt: null },
        now,
      );
      await endWithoutEffect(tx, r);
      return outcome(tx, r.id);
    }
    const event = approveEvent(r.type);
    if (event === 'APPROVE_RETURN') {
      const [a] = await tx.select().from(shopReturnAddresses).where(eq(shopReturnAddresses.shopId, r.shopId));
      if (!a)
        throw err(409, ERROR_CODES.returnAddressMissing, "Set the shop's return address before approving returns");
      const address: ReturnAddress = {
        contactName: a.contactName,
        phone: a.phone,
        detailAddress: a.detailAddress,
        districtList: a.districtList,
        postalCode: a.postalCode,
      };
      await mustMoveReverse(
        tx,
        r,
        event,
        { returnAddress: address, deadlineAt: new Date(now.getTime() + reverseDeadlines().returnMs) },
        now,
      );
      return outcome(tx, r.id);
    }
    if (event === 'APPROVE_REFUND') {
      await mustMoveReverse(tx, r, event, { deadlineAt: null }, now);
      return outcome(tx, r.id);
    }
    // A cancel: the goods stay on the shelf and the money goes back.
    await mustMoveReverse(tx, r, event, { deadlineAt: null, sellerConfirmRefundShippingAmtMinor: null }, now);
    const lines = await reverseLines(tx, r.id);
    await returnLineStock(
      tx,
      lines.map((l) => ({ lineId: l.orderLineId, qtyMilli: BigInt(Math.round(Number(l.reverseQty) * 1000)) })),
    );
    await countCancelled(tx, r, now);
    // A cancel of what is already refunded in full gives back no money; it settles at once.
    const refundIds =
      r.applyRefundAmtMinor > 0n
        ? await writeRefunds(tx, await orderOf(tx, r), r.id, { amountMinor: r.applyRefundAmtMinor })
        : [];
    if (!refundIds.length) await settleReverseRefund(tx, r.id, now);
    return outcome(tx, r.id, refundIds);
  });
}

/** Receive and quality-check the returned goods: passed goods go back on the shelf; a failed QC closes it with a reason. */
export async function qc(
  db: Db,
  seller: UserRow,
  id: bigint,
  body: { pass: boolean; reason?: string },
  now = new Date(),
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await sellerReverse(tx, seller, id);
    if (!body.pass) {
      await mustMoveReverse(
        tx,
        r,
        'QC_REJECT',
        { qcRejectReason: body.reason ?? 'The returned goods did not pass the check' },
        now,
      );
      await endWithoutEffect(tx, r);
      return outcome(tx, r.id);
    }
    await mustMoveReverse(tx, r, r.type === 'SALE_EXCHANGE' ? 'QC_PASS_EXCHANGE' : 'QC_PASS_RETURN', {}, now);
    const lines = await reverseLines(tx, r.id);
    await returnLineStock(
      tx,
      lines.map((l) => ({ lineId: l.orderLineId, qtyMilli: BigInt(Math.round(Number(l.reverseQty) * 1000)) })),
    );
    return outcome(tx, r.id);
  });
}

/** Refund a refund-only request or a checked return: up to what the buyer applied for, plus optional return shipping. */
export async function sellerRefund(
  db: Db,
  seller: UserRow,
  id: bigint,
  body: { amount: string; refundShippingAmt?: string },
  now = new Date(),
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await sellerReverse(tx, seller, id);
    const currency = r.currency as Currency;
    const amount = toMinor(body.amount, currency);
    const shipping = body.refundShippingAmt ? toMinor(body.refundShippingAmt, currency) : 0n;
    if (amount > r.applyRefundAmtMinor)
      throw err(
        400,
        ERROR_CODES.refundAmountOutOfRange,
        `At most ${money(r.applyRefundAmtMinor, currency).value} can be refunded`,
      );
    const o = await orderOf(tx, r);
    await mustMoveReverse(
      tx,
      r,
      'REFUND',
      { applyRefundAmtMinor: amount, sellerConfirmRefundShippingAmtMinor: shipping || null },
      now,
    );
    // The order's limit (what it paid, less its other refunds; shipping once) is checked where the refund is written.
    const refundIds = await writeRefunds(tx, o, r.id, { amountMinor: amount, shippingMinor: shipping });
    if (!refundIds.length) await settleReverseRefund(tx, r.id, now);
    return outcome(tx, r.id, refundIds);
  });
}

/** A refund the provider refused: tried again with a fresh idempotency key. */
export async function retryRefund(db: Db, seller: UserRow, id: bigint, now = new Date()): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await sellerReverse(tx, seller, id);
    await mustMoveReverse(tx, r, 'RETRY_REFUND', {}, now);
    const failed = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.reverseId, r.id), eq(refunds.status, 'REFUND_FAIL')));
    for (const f of failed)
      await moveRefunds(tx, [f.id], 'RETRY', {
        idempotencyKey: `${f.idempotencyKey}-retry${f.attempts}`,
        failedReason: null,
      });
    return outcome(
      tx,
      r.id,
      failed.map((f) => f.id),
    );
  });
}

/** Ship the replacement of an exchange: its stock is taken, the buyer gets a tracking number and a confirm deadline. */
export async function shipExchange(
  db: Db,
  seller: UserRow,
  id: bigint,
  body: { carrierId: string; serviceCode: string },
  now = new Date(),
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const r = await sellerReverse(tx, seller, id);
    const [carrier] = await tx
      .select()
      .from(carriers)
      .where(and(eq(carriers.id, BigInt(body.carrierId)), sql`${carriers.code} <> ${STORE_PICKUP}`));
    if (!carrier) throw err(400, ERROR_CODES.carrierNotFound, 'Please enter logistics company');
    const serviceCode = checkTrackingNumber(carrier, body.serviceCode);
    await mustMoveReverse(
      tx,
      r,
      'SHIP_EXCHANGE',
      { deadlineAt: new Date(now.getTime() + reverseDeadlines().confirmMs) },
      now,
    );
    for (const l of await reverseLines(tx, r.id)) {
      const [line] = await tx
        .select({ skuId: tradeOrderLines.skuId })
        .from(tradeOrderLines)
        .where(eq(tradeOrderLines.id, l.orderLineId));
      if (!(await takeStock(tx, l.exchangeSkuId ?? line!.skuId, l.reverseQty)))
        throw err(409, ERROR_CODES.itemSoldOut, 'The replacement is out of stock');
    }
    const [s] = await tx
      .insert(reverseShipments)
      .values({ reverseId: r.id, direction: 'EXCHANGE', carrierId: carrier.id, serviceCode, createdAt: now })
      .returning();
    await tx.insert(reverseTrackingEvents).values({
      shipmentId: s!.id,
      context: `The seller handed the replacement to ${carrier.entityName}`,
      operaterType: 'SELLER',
      happenedAt: now,
    });
    return outcome(tx, r.id);
  });
}

/**
 * Settle a checked return or exchange by sending the goods again: one reissue order (business
 * type REVERSE_REISSUE) to the buyer's original address, priced 0 and needing no payment, ready
 * to ship through the usual fulfilment; its stock is taken here (an exchange sends the chosen
 * SKU). The after-sales is done, nothing is refunded. A second call returns the same order.
 */
export async function reissue(
  db: Db,
  seller: UserRow,
  id: bigint,
  now = new Date(),
): Promise<Outcome & { reissueOrderId: string }> {
  return db.transaction(async (tx) => {
    const r = await sellerReverse(tx, seller, id);
    if (r.reissueOrderId !== null) return { ...(await outcome(tx, r.id)), reissueOrderId: String(r.reissueOrderId) };
    if (!nextReverseStatus(r.type, r.status as ReverseStatus, 'REISSUE')) throw statusChanged();
    const o = await orderOf(tx, r);
    const [c] = await tx.select().from(tradeContracts).where(eq(tradeContracts.id, o.contractId));
    const rows = await tx
      .select({ rl: reverseTradeOrderLines, l: tradeOrderLines })
      .from(reverseTradeOrderLines)
      .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
      .where(eq(reverseTradeOrderLines.reverseId, r.id))
      .orderBy(reverseTradeOrderLines.id);
    const [contract] = await tx
      .insert(tradeContracts)
      .values({
        buyerId: o.buyerId,
        idempotencyKey: `reissue-${r.id}`,
        site: c!.site,
        currency: o.currency,
        tradeType: o.tradeType,
        status: 'PAID',
        skuAmtMinor: 0n,
        discountAmtMinor: 0n,
        shippingAmtMinor: 0n,
        taxAmtMinor: 0n,
        pointsDiscountMinor: 0n,
        needPayAmtMinor: 0n,
        isFreeTrade: true,
        payUniqueKey: crypto.randomUUID(),
        paymentOrderId: `RI${r.reverseTradeOrderCode}`,
        selectedAddress: c!.selectedAddress,
        payload: { reissueOf: { id: String(r.id), reverseTradeOrderCode: r.reverseTradeOrderCode } },
        preview: {},
        createdAt: now,
      })
      .returning({ id: tradeContracts.id });
    const [order] = await tx
      .insert(tradeOrders)
      .values({
        // The checkout's numbering: date, contract id, the order's place in it.
        tradeOrderCode: `${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(contract!.id).padStart(8, '0')}1`,
        contractId: contract!.id,
        buyerId: o.buyerId,
        shopId: o.shopId,
        sellerId: o.sellerId,
        status: initialOrderStatus({ freeTrade: true, presale: false }),
        tradeType: o.tradeType,
        currency: o.currency,
        skuAmtMinor: 0n,
        discountAmtMinor: 0n,
        shippingAmtMinor: 0n,
        taxAmtMinor: 0n,
        needPayAmtMinor: 0n,
        shippingMethodId: o.shippingMethodId,
        shippingMethodCode: o.shippingMethodCode,
        pickUpStoreId: o.pickUpStoreId,
        pickUpStoreSnapshot: o.pickUpStoreSnapshot,
        paidAt: now,
        businessType: 'REVERSE_REISSUE',
        createdAt: now,
      })
      .returning({ id: tradeOrders.id });
    const exchangeIds = rows.map((x) => x.rl.exchangeSkuId).filter((x): x is bigint => x !== null);
    const replacements = exchangeIds.length ? await tx.select().from(skus).where(inArray(skus.id, exchangeIds)) : [];
    for (const { rl, l } of rows) {
      const skuId = rl.exchangeSkuId ?? l.skuId;
      const ex = replacements.find((x) => x.id === rl.exchangeSkuId);
      const snap = l.snapshot as Record<string, unknown>;
      await tx.insert(tradeOrderLines).values({
        orderId: order!.id,
        skuId,
        itemId: l.itemId,
        lineGroupType: 'NORMAL',
        qty: rl.reverseQty,
        unitAmtMinor: 0n,
        skuAmtMinor: 0n,
        discountAmtMinor: 0n,
        needPayAmtMinor: 0n,
        snapshot: ex ? { ...snap, skuName: ex.name, image: ex.image, attributes: ex.attributes } : snap,
      });
      // Through the same guarded decrement as an exchange's replacement: never below zero.
      if (!(await takeStock(tx, skuId, rl.reverseQty)))
        throw err(409, ERROR_CODES.itemSoldOut, 'The goods to reissue are out of stock', { skuId: String(skuId) });
    }
    if (!(await finishReissue(tx, r, order!.id, now))) throw statusChanged();
    return { ...(await outcome(tx, r.id)), reissueOrderId: String(order!.id) };
  });
}

export async function addShipmentEvent(
  db: Db,
  seller: UserRow,
  shipmentId: bigint,
  body: { context: string; areaName?: string },
) {
  const [s] = await db
    .select({ id: reverseShipments.id })
    .from(reverseShipments)
    .innerJoin(reverseTradeOrders, eq(reverseTradeOrders.id, reverseShipments.reverseId))
    .innerJoin(shops, eq(shops.id, reverseTradeOrders.shopId))
    .where(and(eq(reverseShipments.id, shipmentId), eq(shops.sellerId, seller.id)));
  if (!s) throw err(404, ERROR_CODES.packageNotExist, 'This shipment does not exist');
  const [e] = await db
    .insert(reverseTrackingEvents)
    .values({ shipmentId, context: body.context, areaName: body.areaName ?? null, operaterType: 'SELLER' })
    .returning();
  return {
    originTime: e!.happenedAt.toISOString(),
    formatTime: e!.happenedAt.toISOString().replace('T', ' ').slice(0, 19),
    context: e!.context,
    areaName: e!.areaName,
    operaterType: e!.operaterType,
  };
}

const SELLER_TABS: Record<string, ReverseStatus[]> = {
  TO_AUDIT: ['AS_APPLIED', 'WAITING_FOR_AUDIT_BY_SELLER'],
  TO_RECEIVE: ['WAITING_FOR_BUYER_RETURN', 'WAITING_FOR_QC_DONE'],
  TO_REFUND: ['WAITING_FOR_REFUND', 'REFUND_PENDING', 'REFUND_FAIL'],
  TO_SHIP: ['WAITING_FOR_SELLER_SHIP', 'WAITING_FOR_BUYER_CONFIRMED'],
};

/** The seller console's after-sales: only its own shops', with the actions each allows now. */
export async function sellerReverseList(
  db: Db,
  seller: UserRow,
  body: { pageNo?: number; pageSize?: number; status?: string; keyword?: string },
) {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 10;
  const tab = SELLER_TABS[body.status ?? 'TO_AUDIT'];
  const where = and(
    inArray(reverseTradeOrders.shopId, db.select({ id: shops.id }).from(shops).where(eq(shops.sellerId, seller.id))),
    tab ? inArray(reverseTradeOrders.status, tab) : undefined,
    body.keyword ? sql`${reverseTradeOrders.reverseTradeOrderCode} LIKE ${`${likeEscape(body.keyword)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reverseTradeOrders)
      .where(where)
      .orderBy(desc(reverseTradeOrders.createdAt), desc(reverseTradeOrders.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(reverseTradeOrders).where(where),
  ]);
  const [details, room] = await Promise.all([
    detailsOf(db, rows, false),
    refundRoomOf(db, [...new Set(rows.map((r) => r.orderId))]),
  ]);
  const buyers = rows.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((r) => r.buyerId),
          ),
        )
    : [];
  const data: SellerReverse[] = details.map((d, i) => {
    const r = rows[i]!;
    const b = buyers.find((x) => x.id === r.buyerId);
    const ops = reverseEventsNow(r.type, r.status as ReverseStatus).flatMap((e) => {
      switch (e) {
        case 'APPROVE_CANCEL':
        case 'APPROVE_REFUND':
        case 'APPROVE_RETURN':
          return ['audit'];
        case 'QC_PASS_RETURN':
        case 'QC_PASS_EXCHANGE':
          return ['qc'];
        case 'REFUND':
          return ['refund'];
        case 'RETRY_REFUND':
          return ['retryRefund'];
        case 'SHIP_EXCHANGE':
          return ['shipExchange'];
        case 'REISSUE':
          return ['reissue'];
        default:
          return [];
      }
    });
    if (d.fulfillmentProgressList.some((s) => s.direction === 'EXCHANGE') && isOpen(r.status as ReverseStatus))
      ops.push('addEvent');
    const currency = r.currency as Currency;
    const left = room.get(r.orderId) ?? { goodsMinor: 0n, shippingMinor: 0n };
    // The most this request may give back: what the buyer applied for, within what the order has left.
    const max =
      r.applyRefundAmtMinor < left.goodsMinor + left.shippingMinor
        ? r.applyRefundAmtMinor
        : left.goodsMinor + left.shippingMinor;
    return {
      ...d,
      buyerName: b?.nickname || b?.email || 'Guest',
      sellerOperations: [...new Set(ops)],
      maxRefundAmt: money(max, currency),
      refundableGoodsAmt: money(left.goodsMinor, currency),
      refundableShippingAmt: money(left.shippingMinor, currency),
    };
  });
  return { data, total: total!.n };
}

export async function returnAddresses(db: Db, seller: UserRow) {
  const rows = await db
    .select({ shopId: shops.id, shopName: shops.name, a: shopReturnAddresses })
    .from(shops)
    .leftJoin(shopReturnAddresses, eq(shopReturnAddresses.shopId, shops.id))
    .where(eq(shops.sellerId, seller.id))
    .orderBy(shops.id);
  return rows.map(({ shopId, shopName, a }) => ({
    shopId: String(shopId),
    shopName,
    address: a
      ? {
          contactName: a.contactName,
          phone: a.phone,
          detailAddress: a.detailAddress,
          districtList: a.districtList,
          postalCode: a.postalCode,
        }
      : null,
  }));
}

export async function saveReturnAddress(
  db: Db,
  seller: UserRow,
  shopId: bigint,
  body: ReturnAddress,
): Promise<ReturnAddress> {
  const [shop] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.sellerId, seller.id)));
  if (!shop) throw err(404, ERROR_CODES.notFound, 'This shop does not exist');
  const values = { shopId, ...body, updatedAt: new Date() };
  await db
    .insert(shopReturnAddresses)
    .values(values)
    .onConflictDoUpdate({ target: shopReturnAddresses.shopId, set: values });
  return body;
}

// ---------------- timed rules ----------------

/**
 * The deadlines (pg-boss runs this every minute and at each deadline): an application the seller
 * did not audit is approved; goods not sent back close it; a replacement not confirmed is confirmed.
 */
export async function sweepReverseDeadlines(
  db: Db,
  now = new Date(),
): Promise<{ approved: number; closed: number; confirmed: number; refundIds: bigint[] }> {
  const due = await db
    .select()
    .from(reverseTradeOrders)
    .where(
      and(
        lt(reverseTradeOrders.deadlineAt, now),
        sql`${reverseTradeOrders.status} NOT IN ${sql.raw(`('${REVERSE_FINAL_STATUSES.join("','")}')`)}`,
      ),
    )
    .limit(200);
  const done = { approved: 0, closed: 0, confirmed: 0, refundIds: [] as bigint[] };
  for (const r of due) {
    try {
      if (r.status === 'WAITING_FOR_AUDIT_BY_SELLER' || r.status === 'AS_APPLIED') {
        const o = await audit(db, null, r.id, { approve: true }, now);
        done.approved += 1;
        done.refundIds.push(...o.refundIds);
      } else if (r.status === 'WAITING_FOR_BUYER_RETURN') {
        await db.transaction(async (tx) => {
          if (await moveReverse(tx, r, 'RETURN_DEADLINE_PASSED', { deadlineAt: null }, now)) {
            await endWithoutEffect(tx, r);
            done.closed += 1;
          }
        });
      } else if (r.status === 'WAITING_FOR_BUYER_CONFIRMED') {
        await db.transaction(async (tx) => {
          if (await finishExchange(tx, r, now)) done.confirmed += 1;
        });
      }
    } catch (e) {
      // A return without a return address cannot be approved by itself: it waits for the seller.
      if (e instanceof AppError && e.code === ERROR_CODES.returnAddressMissing) {
        await db.update(reverseTradeOrders).set({ deadlineAt: null }).where(eq(reverseTradeOrders.id, r.id));
      } else throw e;
    }
  }
  return done;
}

export { isCancelType };
