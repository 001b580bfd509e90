/**
 * Bulk ("exceed") order requests (SPEC §2 Exceed variant, Merchant shopping guide; §4 Exceed
 * flow): a pre-trade request is split into one request per shop concerned; the shop's seller
 * and the buyer talk on it, the seller quotes (exclusive unit prices, shipping, validity date)
 * and may revise while it is not accepted; accepting makes one BULK trade order through the
 * checkout's own write (place_orders_write) and stock path (take_stock_or_fail), once.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BULK_RETURN_DAYS_DEFAULT,
  ERROR_CODES,
  SITES,
  type Address,
  type BulkOrderDetail,
  type BulkQuoteBody,
  type BulkRequestSummary,
  type BulkRequestView,
  type Currency,
  type PreviewResult,
  type SiteCode,
} from '@mall/contracts';
import {
  bulkGuideStep,
  bulkQuoteTotals,
  bulkRequestStatusAt,
  BULK_REQUEST_EVENTS,
  initialOrderStatus,
  lineAmount,
  money,
  nextBulkRequestStatus,
  PAID_STATUSES,
  toMinor,
  type BulkRequestEvent,
  type BulkRequestStatus,
  type OrderStatus,
} from '@mall/domain';
import { clientOf, type Db, type Tx } from '../../db/client.js';
import {
  addresses,
  bulkRequestMessages,
  bulkRequests,
  regions,
  shops,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
  type BulkLineSnapshot,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Caller, UserRow } from '../../lib/session.js';
import { resolveAddress } from '../checkout/preview.js';
import { orderNotFound } from '../trade/service.js';
import { stockShortOf, takeStockOrFailSql } from '../stock/stock.js';
import { NEGOTIATED_ORDER_POINTS } from '../points/ledger.js';
import { notifyParty, type BulkNoticeLinks } from './notify.js';

type Row = typeof bulkRequests.$inferSelect;
type Viewer = { kind: 'BUYER'; userId: bigint } | { kind: 'SELLER'; userId: bigint };

const notFound = () => new AppError(404, ERROR_CODES.bulkRequestNotExist, 'This order request does not exist');
const changed = () =>
  new AppError(409, ERROR_CODES.bulkStatusChanged, 'This order request has changed, please refresh');

/** Splits a stored pre-trade request into one bulk request per shop of its preview (same transaction). */
export async function splitPreTradeRequest(
  tx: Tx | Db,
  preTradeId: bigint,
  buyerId: bigint,
  site: SiteCode,
  body: { requirements?: string; remark?: string },
  preview: PreviewResult,
): Promise<void> {
  const currency = SITES[site].currency;
  const rows = preview.renderTradeOrderTOList.map((o) => {
    const method =
      o.shippingMethods.find((m) => m.shippingMethodId === o.selectedShippingMethodId) ??
      o.shippingMethods.find((m) => m.canSelect) ??
      o.shippingMethods[0] ??
      null;
    const lines: BulkLineSnapshot[] = o.lines.map((l) => ({
      skuId: l.skuId,
      itemId: l.item.id,
      itemName: l.item.itemName,
      skuName: l.sku.name,
      image: l.sku.image,
      unit: l.sku.marketingUnit.unitName,
      urlKey: l.item.urlKey,
      businessType: l.item.businessTypeDict,
      attributes: l.sku.attributes,
      lineGroupType: l.lineGroupTypeDict,
      qty: l.qty,
      listUnitMinor: String(toMinor(l.unitPrice.value, currency)),
      diy: l.diyChildren.map((p) => ({
        skuId: p.sku.id,
        itemId: p.itemId,
        itemName: p.itemName,
        skuName: p.sku.name,
        image: p.sku.image,
        unit: p.sku.marketingUnit.unitName,
        attributes: p.sku.attributes,
        qty: p.qty,
        unitMinor: String(toMinor(p.sku.salePrc.value, currency)),
      })),
    }));
    return {
      preTradeRequestId: preTradeId,
      buyerId,
      shopId: BigInt(o.shopId),
      sellerId: BigInt(o.sellerId),
      site,
      currency,
      tradeType: preview.tradeType,
      requirements: body.requirements ?? null,
      remark: body.remark ?? null,
      shippingAddress: preview.selectedAddress,
      lines,
      shippingMethodId: method ? BigInt(method.shippingMethodId) : null,
      shippingMethodCode: method?.shippingMethodCode ?? null,
      taxRate: o.taxRate,
      taxDisplay: preview.taxDisplay,
    };
  });
  if (rows.length) await tx.insert(bulkRequests).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------- reading

async function messagesOf(db: Db | Tx, ids: bigint[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(bulkRequestMessages)
    .where(inArray(bulkRequestMessages.requestId, ids))
    .orderBy(asc(bulkRequestMessages.id));
}

async function ordersOf(db: Db | Tx, ids: bigint[]) {
  if (!ids.length) return new Map<string, typeof tradeOrders.$inferSelect>();
  const rows = await db.select().from(tradeOrders).where(inArray(tradeOrders.id, ids));
  return new Map(rows.map((o) => [String(o.id), o]));
}

function actionsOf(
  viewer: Viewer,
  status: BulkRequestStatus,
  order: typeof tradeOrders.$inferSelect | undefined,
): BulkRequestView['actions'] {
  const may = (e: BulkRequestEvent) => nextBulkRequestStatus(status, e) !== null;
  const out: BulkRequestView['actions'] = [];
  const open = status !== 'ACCEPTED' && status !== 'DECLINED';
  if (viewer.kind === 'SELLER') {
    if (may('QUOTE')) out.push('quote');
    if (may('REVISE')) out.push('revise');
  } else {
    if (may('ACCEPT')) out.push('accept');
    if (may('DECLINE')) out.push('decline');
    if (order && order.status === 'PENDING_PAY') out.push('pay');
  }
  if (open || status === 'ACCEPTED') out.push('message');
  return out;
}

function viewOf(
  r: Row,
  extra: {
    shopName: string;
    buyerName: string;
    messages: (typeof bulkRequestMessages.$inferSelect)[];
    order?: typeof tradeOrders.$inferSelect;
  },
  viewer: Viewer,
  now: Date,
): BulkRequestView {
  const cur = r.currency as Currency;
  const status = bulkRequestStatusAt(r.status, r.validUntil, now);
  const q = r.quote;
  const quotedUnits = q ? q.unitMinor.map(BigInt) : null;
  const totals = quotedUnits
    ? bulkQuoteTotals(
        r.lines.map((l, i) => ({ unitMinor: quotedUnits[i]!, qty: l.qty })),
        BigInt(q!.shippingMinor),
        r.taxRate,
        r.taxDisplay,
      )
    : null;
  const paid = !!extra.order && (PAID_STATUSES as readonly string[]).includes(extra.order.status);
  return {
    id: String(r.id),
    status,
    guideStep: bulkGuideStep(status, paid),
    site: r.site,
    shop: { id: String(r.shopId), name: extra.shopName },
    buyerName: extra.buyerName,
    requirements: r.requirements,
    shippingAddress: (r.shippingAddress as Address | null) ?? null,
    listAmt: money(
      r.lines.reduce((a, l) => a + lineAmount(BigInt(l.listUnitMinor), l.qty), 0n),
      cur,
    ),
    lines: r.lines.map((l, i) => ({
      skuId: l.skuId,
      itemId: l.itemId,
      itemName: l.itemName,
      skuName: l.skuName,
      image: l.image,
      unit: l.unit,
      qty: l.qty,
      listUnitPrice: money(BigInt(l.listUnitMinor), cur),
      quotedUnitPrice: quotedUnits ? money(quotedUnits[i]!, cur) : null,
      quotedAmt: totals ? money(totals.lines[i]!, cur) : null,
      diyChildren: l.diy.map((d) => ({ skuId: d.skuId, itemName: d.itemName, skuName: d.skuName, qty: d.qty })),
    })),
    quote:
      q && totals
        ? {
            version: r.quoteVersion,
            goodsAmt: money(totals.goodsMinor, cur),
            shippingAmt: money(totals.shippingMinor, cur),
            taxAmt: money(totals.taxMinor, cur),
            taxDisplay: r.taxDisplay,
            needPayAmt: money(totals.needPayMinor, cur),
            validUntil: r.validUntil!.toISOString(),
            quotedAt: r.quotedAt!.toISOString(),
            note: q.note,
            returnDays: q.returnDays ?? BULK_RETURN_DAYS_DEFAULT,
          }
        : null,
    order: extra.order
      ? {
          id: String(extra.order.id),
          tradeOrderCode: extra.order.tradeOrderCode,
          contractId: String(extra.order.contractId),
          status: extra.order.status,
          paid,
        }
      : null,
    messages: extra.messages.map((m) => ({
      id: String(m.id),
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    createdAt: r.createdAt.toISOString(),
    actions: actionsOf(viewer, status, extra.order),
  };
}

async function viewsOf(db: Db | Tx, rows: Row[], viewer: Viewer, withMessages: boolean): Promise<BulkRequestView[]> {
  if (!rows.length) return [];
  const shopRows = await db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(inArray(shops.id, [...new Set(rows.map((r) => r.shopId))]));
  const buyerRows = await db
    .select({ id: users.id, nickname: users.nickname, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.buyerId))]));
  const messages = withMessages
    ? await messagesOf(
        db,
        rows.map((r) => r.id),
      )
    : [];
  const orders = await ordersOf(
    db,
    rows.map((r) => r.orderId).filter((x): x is bigint => x !== null),
  );
  const now = new Date();
  return rows.map((r) => {
    const b = buyerRows.find((u) => u.id === r.buyerId);
    const address = r.shippingAddress as Address | null;
    return viewOf(
      r,
      {
        shopName: shopRows.find((s) => s.id === r.shopId)?.name ?? '',
        buyerName: b?.nickname || address?.company || address?.personName || b?.email || 'Guest',
        messages: messages.filter((m) => m.requestId === r.id),
        order: r.orderId === null ? undefined : orders.get(String(r.orderId)),
      },
      viewer,
      now,
    );
  });
}

const summaryOf = (v: BulkRequestView): BulkRequestSummary => {
  const { messages: _m, lines, ...rest } = v;
  return { ...rest, lineCount: lines.length, firstItemName: lines[0]?.itemName ?? '' };
};

/** The buyer's requests, newest first. */
export async function buyerRequests(db: Db, user: UserRow | null): Promise<BulkRequestSummary[]> {
  if (!user) return [];
  const rows = await db
    .select()
    .from(bulkRequests)
    .where(eq(bulkRequests.buyerId, user.id))
    .orderBy(desc(bulkRequests.id))
    .limit(100);
  return (await viewsOf(db, rows, { kind: 'BUYER', userId: user.id }, false)).map(summaryOf);
}

/** The requests of the seller's shops (only those: the shop is never taken from the client), newest first. */
export async function sellerRequests(
  db: Db,
  seller: UserRow,
  status?: BulkRequestStatus,
): Promise<BulkRequestSummary[]> {
  const rows = await db
    .select({ r: bulkRequests })
    .from(bulkRequests)
    .innerJoin(shops, eq(shops.id, bulkRequests.shopId))
    .where(
      and(eq(shops.sellerId, seller.id), status && status !== 'EXPIRED' ? eq(bulkRequests.status, status) : undefined),
    )
    .orderBy(desc(bulkRequests.id))
    .limit(200);
  const views = (
    await viewsOf(
      db,
      rows.map((x) => x.r),
      { kind: 'SELLER', userId: seller.id },
      false,
    )
  ).map(summaryOf);
  return status ? views.filter((v) => v.status === status) : views;
}

/** One request as its buyer or its shop's seller sees it; anyone else gets 404. */
async function ownRow(db: Db | Tx, viewer: Viewer, id: bigint, lock = false): Promise<Row> {
  const base =
    viewer.kind === 'BUYER'
      ? db
          .select({ r: bulkRequests })
          .from(bulkRequests)
          .where(and(eq(bulkRequests.id, id), eq(bulkRequests.buyerId, viewer.userId)))
      : db
          .select({ r: bulkRequests })
          .from(bulkRequests)
          .innerJoin(shops, eq(shops.id, bulkRequests.shopId))
          .where(and(eq(bulkRequests.id, id), eq(shops.sellerId, viewer.userId)));
  const [row] = lock ? await base.for('update', { of: bulkRequests }) : await base;
  if (!row) throw notFound();
  return row.r;
}

export async function requestView(db: Db | Tx, viewer: Viewer, id: bigint): Promise<BulkRequestView> {
  const row = await ownRow(db, viewer, id);
  return (await viewsOf(db, [row], viewer, true))[0]!;
}

export const buyerViewer = (user: UserRow | null): Viewer => {
  if (!user) throw notFound();
  return { kind: 'BUYER', userId: user.id };
};
export const sellerViewer = (user: UserRow): Viewer => ({ kind: 'SELLER', userId: user.id });

// ---------------------------------------------------------------- acting

/** A message on the thread; the other party is emailed (at most once per interval, notify.ts). */
export async function postMessage(
  db: Db,
  viewer: Viewer,
  id: bigint,
  body: string,
  links?: BulkNoticeLinks,
): Promise<BulkRequestView> {
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, viewer, id);
    if (row.status === 'DECLINED') throw changed();
    await tx
      .insert(bulkRequestMessages)
      .values({ requestId: row.id, author: viewer.kind, authorId: viewer.userId, body });
    await tx.update(bulkRequests).set({ updatedAt: new Date() }).where(eq(bulkRequests.id, row.id));
    await notifyParty(tx, row, viewer.kind === 'BUYER' ? 'SELLER' : 'BUYER', 'message', links);
  });
  return requestView(db, viewer, id);
}

/** Moves a request by its transition table: UPDATE ... WHERE status IN (from), so racing requests cannot both move it. */
async function move(
  tx: Tx,
  id: bigint,
  event: BulkRequestEvent,
  set: Partial<typeof bulkRequests.$inferInsert>,
): Promise<boolean> {
  const t = BULK_REQUEST_EVENTS[event];
  const rows = await tx
    .update(bulkRequests)
    .set({ ...set, status: t.to, updatedAt: new Date() })
    .where(and(eq(bulkRequests.id, id), inArray(bulkRequests.status, [...t.from])))
    .returning({ id: bulkRequests.id });
  return rows.length === 1;
}

/** The seller quotes, or revises the quote while it is not accepted; the buyer is emailed. */
export async function quote(
  db: Db,
  seller: UserRow,
  id: bigint,
  body: BulkQuoteBody,
  now = new Date(),
  links?: BulkNoticeLinks,
): Promise<BulkRequestView> {
  const viewer = sellerViewer(seller);
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, viewer, id, true);
    const cur = row.currency as Currency;
    if (body.unitPrices.length !== row.lines.length)
      throw new AppError(400, ERROR_CODES.bulkQuoteInvalid, 'Please price every line of the request', {
        lines: row.lines.length,
      });
    let units: bigint[];
    let shipping: bigint;
    try {
      units = body.unitPrices.map((p) => toMinor(p, cur));
      shipping = toMinor(body.shipping, cur);
    } catch {
      throw new AppError(400, ERROR_CODES.bulkQuoteInvalid, 'A price has more decimals than the currency allows');
    }
    if (units.some((u) => u <= 0n))
      throw new AppError(400, ERROR_CODES.bulkQuoteInvalid, 'Unit prices must be above zero');
    const validUntil = new Date(`${body.validUntil}T23:59:59.999Z`);
    if (Number.isNaN(validUntil.getTime()) || validUntil.getTime() <= now.getTime())
      throw new AppError(400, ERROR_CODES.bulkQuoteInvalid, 'The quote must be valid until today or later');
    const event: BulkRequestEvent = row.status === 'WAITING_QUOTE' ? 'QUOTE' : 'REVISE';
    const ok = await move(tx, row.id, event, {
      quote: {
        unitMinor: units.map(String),
        shippingMinor: String(shipping),
        note: body.note || null,
        returnDays: body.returnDays ?? BULK_RETURN_DAYS_DEFAULT,
      },
      quoteVersion: sql`${bulkRequests.quoteVersion} + 1` as unknown as number,
      quotedAt: now,
      validUntil,
    });
    if (!ok) throw changed();
    await notifyParty(tx, row, 'BUYER', 'quote', links, now);
  });
  return requestView(db, viewer, id);
}

export async function decline(
  db: Db,
  user: UserRow | null,
  id: bigint,
  links?: BulkNoticeLinks,
): Promise<BulkRequestView> {
  const viewer = buyerViewer(user);
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, viewer, id, true);
    if (row.status === 'DECLINED') return;
    if (!(await move(tx, row.id, 'DECLINE', {}))) throw changed();
    await notifyParty(tx, row, 'SELLER', 'declined', links);
  });
  return requestView(db, viewer, id);
}

/**
 * The buyer accepts the quote: one BULK trade order with the quoted prices. The request row is
 * locked first, so a double click or a retry waits and then gets the same order.
 */
export async function accept(
  db: Db,
  user: UserRow | null,
  id: bigint,
  now = new Date(),
  links?: BulkNoticeLinks,
): Promise<{ orderId: string; contractId: string }> {
  const viewer = buyerViewer(user);
  try {
    return await db.transaction(async (tx) => {
      const row = await ownRow(tx, viewer, id, true);
      if (row.orderId !== null && row.contractId !== null)
        return { orderId: String(row.orderId), contractId: String(row.contractId) };
      if (bulkRequestStatusAt(row.status, row.validUntil, now) === 'EXPIRED') {
        throw new AppError(
          409,
          ERROR_CODES.bulkQuoteExpired,
          'This quote has expired. Please ask the seller for a new one',
        );
      }
      if (nextBulkRequestStatus(row.status, 'ACCEPT') === null || !row.quote) throw changed();
      const written = await acceptLocked(tx, row, now);
      // Only the accept that made the order tells the seller; a retry returned above.
      await notifyParty(tx, row, 'SELLER', 'accepted', links, now);
      return { orderId: String(written.orderId), contractId: String(written.contractId) };
    });
  } catch (err) {
    const short = stockShortOf(err);
    if (short !== null) throw new AppError(409, ERROR_CODES.itemSoldOut, 'item solt out', { skuId: short });
    throw err;
  }
}

/** Accepts a quoted request whose row the caller holds locked: the order, the ACCEPT move and the stock (also the demo data's way). */
export async function acceptLocked(tx: Tx, row: Row, now: Date): Promise<{ orderId: bigint; contractId: bigint }> {
  const written = await writeBulkOrder(tx, row, now);
  if (!(await move(tx, row.id, 'ACCEPT', { orderId: written.orderId, contractId: written.contractId })))
    throw changed();
  // The lines' stock, all or nothing, through checkout's own function (a short SKU fails it all).
  await clientOf(tx).query(takeStockOrFailSql(written.stock));
  return written;
}

/** The contract, its one BULK order and lines at the quoted prices, written by checkout's place_orders_write. */
async function writeBulkOrder(
  tx: Tx,
  r: Row,
  now: Date,
): Promise<{ contractId: bigint; orderId: bigint; stock: { skuId: string; qty: string }[] }> {
  const site = SITES[r.site as SiteCode];
  const q = r.quote!;
  const units = q.unitMinor.map(BigInt);
  const totals = bulkQuoteTotals(
    r.lines.map((l, i) => ({ unitMinor: units[i]!, qty: l.qty })),
    BigInt(q.shippingMinor),
    r.taxRate,
    r.taxDisplay,
  );
  // Pay within the quote's validity, and never less than the site's usual window.
  const payDeadline = new Date(Math.max(r.validUntil!.getTime(), now.getTime() + site.payDeadlineMinutes * 60_000));
  const address = r.shippingAddress as Address | null;
  const contract = {
    buyer_id: String(r.buyerId),
    idempotency_key: `bulk-request-${r.id}`,
    site: r.site,
    currency: r.currency,
    trade_type: r.tradeType,
    status: 'PENDING_PAY',
    sku_amt_minor: String(totals.goodsMinor),
    discount_amt_minor: '0',
    level_amt_minor: '0',
    shipping_amt_minor: String(totals.shippingMinor),
    tax_amt_minor: String(totals.taxMinor),
    points_discount_minor: '0',
    need_pay_amt_minor: String(totals.needPayMinor),
    // A negotiated price earns and redeems no points: the points module's rule.
    used_points: NEGOTIATED_ORDER_POINTS.usedPoints,
    redeem_points: NEGOTIATED_ORDER_POINTS.redeemPoints,
    earn_points: NEGOTIATED_ORDER_POINTS.earnPoints,
    is_free_trade: false,
    pay_unique_key: crypto.randomUUID(),
    payment_order_id: `PO${now.getTime()}${crypto.randomInt(1000, 9999)}`,
    pay_deadline: payDeadline,
    selected_address: address,
    billing_address: null,
    payload: {
      bulkRequestId: String(r.id),
      remark: r.remark,
      ...(address?.email && { notifyInfo: { notifyType: 'email', contactInfo: address.email } }),
    },
    preview: {
      bulkRequestId: String(r.id),
      quoteVersion: r.quoteVersion,
      taxRate: r.taxRate,
      taxDisplay: r.taxDisplay,
    },
  };
  const order = {
    trade_order_code: '1',
    buyer_id: String(r.buyerId),
    shop_id: String(r.shopId),
    seller_id: String(r.sellerId),
    status: initialOrderStatus({ freeTrade: false, presale: false }),
    trade_type: r.tradeType,
    currency: r.currency,
    trade_order_type: 'BULK',
    sku_amt_minor: String(totals.goodsMinor),
    level_amt_minor: '0',
    discount_amt_minor: '0',
    shipping_amt_minor: String(totals.shippingMinor),
    tax_amt_minor: String(totals.taxMinor),
    tax_rate: r.taxRate,
    need_pay_amt_minor: String(totals.needPayMinor),
    paid_amt_minor: '0',
    points_discount_minor: '0',
    used_points: NEGOTIATED_ORDER_POINTS.usedPoints,
    shipping_method_id: r.shippingMethodId === null ? null : String(r.shippingMethodId),
    shipping_method_code: r.shippingMethodCode,
    pick_up_store_id: null,
    pick_up_store_snapshot: null,
    remark: r.remark,
    pay_deadline: payDeadline,
    paid_at: null,
  };
  const lines: Record<string, unknown>[] = [];
  const stock = new Map<string, bigint>();
  const take = (skuId: string, qty: string) =>
    stock.set(skuId, (stock.get(skuId) ?? 0n) + BigInt(Math.round(Number(qty) * 1000)));
  r.lines.forEach((l, i) => {
    const main = lines.length;
    lines.push({
      n: main,
      parent_n: null,
      shop_id: String(r.shopId),
      sku_id: l.skuId,
      item_id: l.itemId,
      line_group_type: l.lineGroupType,
      qty: l.qty,
      unit_amt_minor: String(units[i]),
      sku_amt_minor: String(totals.lines[i]),
      discount_amt_minor: '0',
      need_pay_amt_minor: String(totals.lines[i]),
      points: NEGOTIATED_ORDER_POINTS.earnPoints,
      snapshot: {
        itemName: l.itemName,
        skuName: l.skuName,
        image: l.image,
        attributes: l.attributes,
        urlKey: l.urlKey,
        unit: l.unit,
        businessType: l.businessType,
      },
    });
    take(l.skuId, l.qty);
    for (const d of l.diy) {
      const qty = (Number(d.qty) * Number(l.qty)).toFixed(3);
      lines.push({
        n: lines.length,
        parent_n: main,
        shop_id: String(r.shopId),
        sku_id: d.skuId,
        item_id: d.itemId,
        line_group_type: 'DIY_CHILD',
        qty,
        unit_amt_minor: d.unitMinor,
        sku_amt_minor: String(lineAmount(BigInt(d.unitMinor), qty)),
        discount_amt_minor: '0',
        need_pay_amt_minor: '0',
        points: NEGOTIATED_ORDER_POINTS.earnPoints,
        snapshot: { itemName: d.itemName, skuName: d.skuName, image: d.image, attributes: d.attributes, unit: d.unit },
      });
      take(d.skuId, qty);
    }
  });
  const { rows } = await (clientOf(tx) as pg.PoolClient).query<{ id: string; orders: string[] }>({
    name: 'place_orders_write',
    text: 'SELECT * FROM place_orders_write($1::jsonb, $2::text)',
    values: [JSON.stringify([[contract, [order], lines]]), now.toISOString().slice(0, 10).replace(/-/g, '')],
  });
  const w = rows[0]!;
  return {
    contractId: BigInt(w.id),
    orderId: BigInt(w.orders[0]!.split(':')[0]!),
    stock: [...stock].map(([skuId, t]) => ({ skuId, qty: (Number(t) / 1000).toFixed(3) })),
  };
}

// ---------------------------------------------------------------- the bulk order

async function ownOrder(db: Db | Tx, user: UserRow | null, orderId: bigint) {
  if (!user) throw orderNotFound();
  const [row] = await db
    .select({ o: tradeOrders, c: tradeContracts, shopName: shops.name })
    .from(tradeOrders)
    .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
    .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.buyerId, user.id)));
  if (!row) throw orderNotFound();
  return row;
}

/** §7 order detail by bulk order id: the confirm-pay view's address, lines and summary. */
export async function bulkOrderDetail(db: Db | Tx, user: UserRow | null, orderId: bigint): Promise<BulkOrderDetail> {
  const { o, c, shopName } = await ownOrder(db, user, orderId);
  const cur = o.currency as Currency;
  const lines = await db
    .select()
    .from(tradeOrderLines)
    .where(eq(tradeOrderLines.orderId, o.id))
    .orderBy(asc(tradeOrderLines.id));
  const [req] = await db
    .select({ id: bulkRequests.id, taxDisplay: bulkRequests.taxDisplay })
    .from(bulkRequests)
    .where(eq(bulkRequests.orderId, o.id));
  const taxDisplay = req?.taxDisplay ?? SITES[c.site as SiteCode]?.taxDisplay ?? 'EXCLUSIVE';
  return {
    orderId: String(o.id),
    tradeOrderCode: o.tradeOrderCode,
    contractId: String(c.id),
    requestId: req ? String(req.id) : null,
    status: o.status,
    shopName,
    shippingAddress: (c.selectedAddress as Address | null) ?? null,
    billingAddress: (c.billingAddress as Address | null) ?? null,
    lines: lines.map((l) => {
      const s = l.snapshot as { itemName?: string; skuName?: string; image?: string; unit?: string };
      return {
        id: String(l.id),
        parentId: l.parentLineId === null ? null : String(l.parentLineId),
        lineGroupType: l.lineGroupType,
        itemName: s.itemName ?? '',
        skuName: s.skuName ?? '',
        image: s.image ?? '',
        unit: s.unit ?? null,
        qty: String(Number(l.qty)),
        unitPrice: money(l.unitAmtMinor, cur),
        amount: money(l.skuAmtMinor, cur),
      };
    }),
    skuAmt: money(o.skuAmtMinor, cur),
    shippingAmt: money(o.shippingAmtMinor, cur),
    taxAmt: money(o.taxAmtMinor, cur),
    taxDisplay,
    needPayAmt: money(o.needPayAmtMinor, cur),
    billingEditable:
      c.status === 'PENDING_PAY' && (o.status as OrderStatus) === 'PENDING_PAY' && c.masterStatus === null,
  };
}

/**
 * §7 update billing address of a trade order: the buyer's own order, while unpaid (and not
 * handed to the main account). A saved address of the buyer or one typed for this order.
 */
export async function updateBillingAddress(
  db: Db,
  caller: Caller,
  orderId: bigint,
  choice: unknown,
): Promise<BulkOrderDetail> {
  const user = caller.user;
  await db.transaction(async (tx) => {
    const { c } = await ownOrder(tx, user, orderId);
    const [locked] = await tx
      .select({ status: tradeContracts.status, masterStatus: tradeContracts.masterStatus })
      .from(tradeContracts)
      .where(eq(tradeContracts.id, c.id))
      .for('update');
    if (locked!.status !== 'PENDING_PAY' || locked!.masterStatus !== null) {
      throw new AppError(
        409,
        ERROR_CODES.bulkOrderNotEditable,
        'The billing address can only be changed before the order is paid',
      );
    }
    const id =
      choice && typeof choice === 'object' && 'id' in choice && /^\d{1,18}$/.test(String(choice.id))
        ? BigInt(String(choice.id))
        : null;
    const saved = new Map<
      string,
      { a: typeof addresses.$inferSelect; c: typeof regions.$inferSelect; state: string | null }
    >();
    if (id !== null && user) {
      const rows = await tx
        .select({ a: addresses, c: regions })
        .from(addresses)
        .innerJoin(regions, eq(regions.id, addresses.countryId))
        .where(and(eq(addresses.id, id), eq(addresses.buyerId, user.id)));
      for (const r of rows) saved.set(String(r.a.id), { a: r.a, c: r.c, state: null });
    }
    const resolved = await resolveAddress(
      tx,
      { ...caller, site: SITES[c.site as SiteCode] ?? caller.site },
      choice,
      'BILLING',
      saved,
    );
    await tx.update(tradeContracts).set({ billingAddress: resolved.dto }).where(eq(tradeContracts.id, c.id));
  });
  return bulkOrderDetail(db, user, orderId);
}
