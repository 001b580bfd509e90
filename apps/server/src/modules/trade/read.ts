/**
 * Order read model (SPEC §3 Order, Order line; §7 pageTradeOrderForBuyer, query counts,
 * detail): turns rows into what the buyer sees, with the operation list computed from state.
 */
import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  POSTPONE_LIMIT,
  SITES,
  type Currency,
  type Language,
  type OrderDetail,
  type OrderLine,
  type OrderListBody,
  type OrderSummary,
  type OrderTab,
  type OrderTimespan,
  type SiteCode,
} from '@mall/contracts';
import {
  REVERSE_FINAL_STATUSES,
  serviceCodesSummary,
  serviceUnitsLeftMilli,
  allocate,
  displayStatus,
  vatAppliesTo,
  type InvoiceStatus,
  fromMilli,
  lineAfterSalesQty,
  money,
  OPERATION_UPPERCASE,
  operationList,
  tabOf,
  toMilli,
  ORDER_STATUSES,
  type OrderStatus,
  slotsLeft,
} from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  contractMerges,
  items,
  paymentRecords,
  refunds,
  reverseTradeOrders,
  shippingMethods,
  tradeContracts,
  tradeOrderLineCoupons,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import type { OrderScope } from './scope.js';
import { localizeShippingMethod } from '../catalog/service.js';
import { maskServiceCode } from '../service-codes/codes.js';

type OrderRow = typeof tradeOrders.$inferSelect;
type ContractRow = typeof tradeContracts.$inferSelect;
/** What a list row needs of its contract (the whole row carries the large payload and preview). */
export const listContractColumns = {
  id: tradeContracts.id,
  masterStatus: tradeContracts.masterStatus,
  balanceStartAt: tradeContracts.balanceStartAt,
  balanceEndAt: tradeContracts.balanceEndAt,
  depositMinor: tradeContracts.depositMinor,
};
export type ListContract = Pick<ContractRow, keyof typeof listContractColumns>;
export type LineRow = typeof tradeOrderLines.$inferSelect & { itemBusinessType: string };
const FINAL_REVERSE = REVERSE_FINAL_STATUSES;

/** "1.500" -> "1.5", "2.000" -> "2". */
export const qtyOut = (q: string) => String(Number(q));

/**
 * The display status in SQL: the function order_display_status (db/functions), the SQL copy of
 * `displayStatus`. One expression, so the planner inlines it (no call per row). Both copies are
 * held together by display-status.test.ts, which compares them for every input.
 */
const displaySql = sql`order_display_status(${tradeOrders.status}, ${tradeOrders.tradeType}, ${tradeOrders.payChannel})`;

/** The displays a stored status can have: its own, or what displayStatus makes of it when paid on terms. */
const displaysOf = (s: OrderStatus) => [
  displayStatus({ status: s, tradeType: '', payChannel: null }),
  displayStatus({ status: s, tradeType: 'NET_B2B', payChannel: null }),
];

/**
 * What one list tab reads, for its two SQL forms (tabFilter here, tabSql in list-page.ts): the
 * display statuses it shows, the stored statuses that can show as one of them (index-backed), and
 * whether the display rule must be checked too (only where a stored status can show outside the
 * tab: PENDING_PAY paid on terms). display-status.test.ts checks both forms for every input.
 */
export function tabScope(tab: Exclude<OrderTab, 'ALL_ORDER'>): {
  shown: OrderStatus[];
  stored: OrderStatus[];
  mapped: boolean;
} {
  const shown = ORDER_STATUSES.filter((s) => tabOf(s) === tab);
  const stored = ORDER_STATUSES.filter((s) => displaysOf(s).some((d) => shown.includes(d)));
  return { shown, stored, mapped: stored.some((s) => displaysOf(s).some((d) => !shown.includes(d))) };
}

/** The filter of one list tab: stored statuses first (index-backed), then the display mapping. */
export function tabFilter(tab: OrderTab): SQL | undefined {
  if (tab === 'ALL_ORDER') return undefined;
  const { shown, stored, mapped } = tabScope(tab);
  // Only the tabs that meet PENDING_PAY need the display mapping (it also misleads the planner's estimates).
  return mapped
    ? and(inArray(tradeOrders.status, stored), inArray(displaySql, shown))
    : inArray(tradeOrders.status, stored);
}

/** Time filters (UTC): last 3 months, this year, last year, long ago (before last year). */
export function timespanFilter(span: OrderTimespan | undefined, now = new Date()): SQL | undefined {
  if (!span) return undefined;
  const year = now.getUTCFullYear();
  const jan1 = (y: number) => new Date(Date.UTC(y, 0, 1));
  switch (span) {
    case 'LAST_3_MONTHS': {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - 3);
      return gte(tradeOrders.createdAt, d);
    }
    case 'THIS_YEAR':
      return gte(tradeOrders.createdAt, jan1(year));
    case 'LAST_YEAR':
      return and(gte(tradeOrders.createdAt, jan1(year - 1)), lt(tradeOrders.createdAt, jan1(year)));
    case 'LONG_AGO':
      return lt(tradeOrders.createdAt, jan1(year - 1));
  }
}

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const k = likeEscape(keyword);
  return sql`(${tradeOrders.tradeOrderCode} LIKE ${`${k}%`} OR EXISTS (SELECT 1 FROM ${tradeOrderLines} WHERE ${tradeOrderLines.orderId} = ${tradeOrders.id} AND ${tradeOrderLines.snapshot}->>'itemName' ILIKE ${`%${k}%`}))`;
}

/** Everything but the tab: buyers, time, keyword, trade type, pending main-account payment. */
export function listConditions(
  buyerIds: bigint[],
  body: Pick<OrderListBody, 'timeline' | 'queryParams' | 'tradeType' | 'isMainPay'>,
): SQL[] {
  const conds: (SQL | undefined)[] = [
    inArray(tradeOrders.buyerId, buyerIds.length ? buyerIds : [-1n]),
    timespanFilter(body.timeline),
    keywordFilter(body.queryParams?.keyword),
    body.tradeType ? eq(tradeOrders.tradeType, body.tradeType) : undefined,
    body.isMainPay
      ? sql`${tradeOrders.contractId} IN (SELECT ${tradeContracts.id} FROM ${tradeContracts} WHERE ${tradeContracts.masterStatus} = 'PENDING')`
      : undefined,
  ];
  return conds.filter((c): c is SQL => !!c);
}

/** What of a line can still be cancelled or reversed (after-sales) in this order status. */
const lineCan = (l: LineRow, status: OrderStatus) =>
  lineAfterSalesQty({
    orderStatus: status,
    topLevel: l.lineGroupType === 'NORMAL' || l.lineGroupType === 'DIY_MAIN',
    inOpenAfterSales: l.reverseStatus === 'PROCESSING',
    qtyMilli: toMilli(l.qty),
    deliveredMilli: toMilli(l.deliveredQty),
    cancelledMilli: toMilli(l.cancelledQty),
    reversedMilli: toMilli(l.reversedQty),
    serviceUnitsLeftMilli: serviceUnitsLeftMilli(l.serviceRemainingTimes),
  });

function lineOut(
  o: Pick<OrderRow, 'shopId' | 'sellerId'>,
  l: LineRow,
  currency: Currency,
  status: OrderStatus,
  children: LineRow[],
  coupons: (typeof tradeOrderLineCoupons.$inferSelect)[],
  presale: OrderLine['presale'],
): OrderLine {
  const snap = l.snapshot as {
    itemName: string;
    skuName: string;
    image: string;
    attributes?: { attrKey: string; attrVal: string }[];
    urlKey?: string;
    unit?: string | null;
  };
  const can = lineCan(l, status);
  const canCancel = fromMilli(can.canCancelMilli);
  const canReverse = fromMilli(can.canReverseMilli);
  const paid = ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'PROCESSING'].includes(status);
  const businessType =
    l.lineGroupType === 'DIY_CHILD' ? 'DIY_SLAVE' : l.lineGroupType === 'GIFT_CHILD' ? 'GIFT' : l.itemBusinessType;
  const child = (kind: string) =>
    children
      .filter((c) => c.parentLineId === l.id && c.lineGroupType === kind)
      .map((c) => lineOut(o, c, currency, status, [], [], null));
  return {
    id: String(l.id),
    tradeOrderLineCode: `L${String(l.id).padStart(10, '0')}`,
    tradeQty: qtyOut(l.qty),
    deliveredQty: qtyOut(l.deliveredQty),
    canCancelQty: String(canCancel),
    canReverseQty: String(canReverse),
    lineGroupTypeDict: l.lineGroupType,
    itemBusinessType: businessType,
    reverseStatus: l.reverseStatus,
    sku: {
      id: String(l.skuId),
      name: snap.skuName,
      image: snap.image,
      attributes: snap.attributes ?? [],
      unitName: snap.unit ?? null,
      item: { id: String(l.itemId), urlKey: snap.urlKey ?? null, itemName: snap.itemName },
    },
    shopId: String(o.shopId),
    sellerId: String(o.sellerId),
    tradeOrderLinePrice: {
      displayUnitAmt: money(l.unitAmtMinor, currency),
      skuAmt: money(l.skuAmtMinor, currency),
      needPaySkuAmt: money(l.needPayAmtMinor, currency),
      paidAmt: money(paid ? l.needPayAmtMinor : 0n, currency),
      actualNeedPayPoints: l.points,
    },
    diySkuLineList: child('DIY_CHILD'),
    giftLineList: child('GIFT_CHILD'),
    // Masked: the buyer reads the codes through checkVerifyCode (service-codes module).
    tradeOrderLineCouponsBOList: coupons
      .filter((c) => c.orderLineId === l.id)
      .map((c) => ({
        couponCode: maskServiceCode(c.couponCode),
        couponsPassword: '',
        usedStatus: c.usedStatus,
        usedTime: c.usedAt?.toISOString() ?? null,
      })),
    serviceRemainingTimes: l.serviceRemainingTimes,
    expirationTime: l.serviceExpiresAt?.toISOString() ?? null,
    presale,
  };
}

/** What the order's service lines' use codes allow (toUse, checkVerifyCode); undefined without service lines. */
const serviceCodesOf = (top: LineRow[]) => {
  const service = top.filter((l) => l.itemBusinessType === 'SERVICE');
  if (!service.length) return undefined;
  return (
    serviceCodesSummary(
      service.map((l) => ({
        qtyMilli: toMilli(l.qty),
        cancelledMilli: toMilli(l.cancelledQty),
        reversedMilli: toMilli(l.reversedQty),
        remaining: l.serviceRemainingTimes,
        expiresAt: l.serviceExpiresAt,
      })),
      new Date(),
    ) ?? { usable: 0, shown: 0, used: false }
  );
};

export interface Related {
  lines: LineRow[];
  packages: Map<bigint, { total: number; open: number }>;
  paidBefore: Set<bigint>;
  reverseOpen: Set<bigint>;
  shopNames: Map<bigint, string>;
  coupons: (typeof tradeOrderLineCoupons.$inferSelect)[];
  /** VAT invoice status per order (no entry: not requested). */
  invoiceStatus: Map<bigint, InvoiceStatus>;
  /** The group-buy group of each group order (GROUP_BUY_FACT). */
  groups?: Map<bigint, GroupFact>;
}

/** A group order's group as the order reads show it. */
export interface GroupFact {
  groupId: string;
  status: 'OPEN' | 'FILLED' | 'FAILED';
  size: number;
  members: number;
  expiresAt: string;
}
/** SQL of one order's group (json, GroupFact) or null; `orderId` is the order id column. */
export const GROUP_BUY_FACT = (orderId: string) =>
  `(SELECT json_build_object('groupId', g.id::text, 'status', g.status, 'size', g.size, 'members', g.members, 'expiresAt', g.expires_at) FROM group_buy_members gm JOIN group_buy_groups g ON g.id = gm.group_id WHERE gm.order_id = ${orderId})`;

async function related(db: Db, orders: OrderRow[], withCoupons: boolean): Promise<Related> {
  const ids = orders.map((o) => o.id);
  if (!ids.length)
    return {
      lines: [],
      packages: new Map(),
      paidBefore: new Set(),
      reverseOpen: new Set(),
      shopNames: new Map(),
      coupons: [],
      invoiceStatus: new Map(),
    };
  // Two statements for any number of orders: their lines, and one row of facts per order
  // (each statement is a round trip, which is most of a list request's cost).
  const [lines, facts] = await Promise.all([
    db
      .select({ line: tradeOrderLines, itemBusinessType: items.businessType })
      .from(tradeOrderLines)
      .innerJoin(items, eq(items.id, tradeOrderLines.itemId))
      .where(inArray(tradeOrderLines.orderId, ids))
      .orderBy(tradeOrderLines.id),
    // Written out in SQL: drizzle leaves column names unqualified inside a selection, which a subquery would misread.
    db
      .select({
        id: tradeOrders.id,
        contractId: tradeOrders.contractId,
        shopId: tradeOrders.shopId,
        total: sql<number>`(SELECT count(*) FROM shipment_packages p WHERE p.order_id = trade_orders.id AND p.status <> 'CANCEL')::int`,
        open: sql<number>`(SELECT count(*) FROM shipment_packages p WHERE p.order_id = trade_orders.id AND p.status = 'SEND_DELIVERY')::int`,
        paidBefore: sql<boolean>`EXISTS (SELECT 1 FROM payment_records r WHERE r.contract_id = trade_orders.contract_id)`,
        reverseOpen: sql<boolean>`EXISTS (SELECT 1 FROM reverse_trade_orders v WHERE v.order_id = trade_orders.id AND v.status NOT IN (${sql.join(
          FINAL_REVERSE.map((x) => sql`${x}`),
          sql`, `,
        )}))`,
        shopName: sql<string>`(SELECT s.name FROM shops s WHERE s.id = trade_orders.shop_id)`,
        invoiceStatus: sql<InvoiceStatus | null>`(SELECT q.status FROM vat_invoice_requests q WHERE q.order_id = trade_orders.id)`,
        groupBuy: sql<GroupFact | null>`${sql.raw(GROUP_BUY_FACT('trade_orders.id'))}`,
      })
      .from(tradeOrders)
      .where(inArray(tradeOrders.id, ids)),
  ]);
  const lineRows = lines.map((r) => ({ ...r.line, itemBusinessType: r.itemBusinessType }));
  const coupons =
    withCoupons && lineRows.length
      ? await db
          .select()
          .from(tradeOrderLineCoupons)
          .where(
            inArray(
              tradeOrderLineCoupons.orderLineId,
              lineRows.map((l) => l.id),
            ),
          )
          .orderBy(tradeOrderLineCoupons.id)
      : [];
  return {
    lines: lineRows,
    packages: new Map(facts.map((f) => [f.id, { total: f.total, open: f.open }])),
    paidBefore: new Set(facts.filter((f) => f.paidBefore).map((f) => f.contractId)),
    reverseOpen: new Set(facts.filter((f) => f.reverseOpen).map((f) => f.id)),
    shopNames: new Map(facts.map((f) => [f.shopId, f.shopName])),
    coupons,
    invoiceStatus: new Map(facts.filter((f) => f.invoiceStatus).map((f) => [f.id, f.invoiceStatus!])),
    groups: new Map(facts.filter((f) => f.groupBuy).map((f) => [f.id, f.groupBuy!])),
  };
}

/** The order columns a list entry shows (the detail reads the whole row). */
export type ListOrder = Pick<
  OrderRow,
  | 'id'
  | 'tradeOrderCode'
  | 'contractId'
  | 'buyerId'
  | 'shopId'
  | 'sellerId'
  | 'status'
  | 'tradeType'
  | 'currency'
  | 'needPayAmtMinor'
  | 'paidAmtMinor'
  | 'shippingMethodCode'
  | 'payDeadline'
  | 'paidAt'
  | 'tradeOrderType'
  | 'businessType'
  | 'payChannel'
  | 'depositPaidAt'
  | 'receiptDeadline'
  | 'postponeCount'
  | 'invoiceUrl'
  | 'commentStatus'
  | 'createdAt'
>;

export function summaryOf(
  o: ListOrder,
  c: ListContract,
  rel: Related,
  scope: OrderScope,
  maxLines: number | null,
): OrderSummary {
  const currency = o.currency as Currency;
  const status = o.status as OrderStatus;
  const own = rel.lines.filter((l) => l.orderId === o.id);
  const top = own.filter((l) => l.lineGroupType === 'NORMAL' || l.lineGroupType === 'DIY_MAIN');
  const children = own.filter((l) => l.parentLineId !== null);
  const presale =
    c.balanceStartAt && c.balanceEndAt
      ? {
          balancePaymentStartTime: c.balanceStartAt.toISOString(),
          balancePaymentEndTime: c.balanceEndAt.toISOString(),
          depositAmt: money(c.depositMinor ?? 0n, currency),
        }
      : null;
  const linePresale = (l: LineRow): OrderLine['presale'] =>
    presale && c.depositMinor !== null
      ? {
          balancePaymentStartTime: presale.balancePaymentStartTime,
          balancePaymentEndTime: presale.balancePaymentEndTime,
          preSaleUnitAmount: money(c.depositMinor / BigInt(Math.max(1, Math.round(Number(l.qty)))), currency),
          balanceSaleUnitAmount: money(
            l.unitAmtMinor - c.depositMinor / BigInt(Math.max(1, Math.round(Number(l.qty)))),
            currency,
          ),
        }
      : null;
  // Only the shown lines are built (a list shows the first maxLines); the operations look at all.
  const lines = (maxLines === null ? top : top.slice(0, maxLines)).map((l) =>
    lineOut(o, l, currency, status, children, rel.coupons, linePresale(l)),
  );
  const can = top.map((l) => lineCan(l, status));
  const pk = rel.packages.get(o.id) ?? { total: 0, open: 0 };
  const viewerIsBuyer = o.buyerId === scope.viewerId;
  const group = rel.groups?.get(o.id);
  const ops = operationList({
    status,
    tradeType: o.tradeType,
    payChannel: o.payChannel,
    notFirstTime: rel.paidBefore.has(c.id),
    viewerIsBuyer,
    masterPending: c.masterStatus === 'PENDING',
    packageCount: pk.total,
    openPackageCount: pk.open,
    postponeCount: o.postponeCount,
    postponeLimit: POSTPONE_LIMIT,
    hasInvoiceUrl: !!o.invoiceUrl,
    evaluated: o.commentStatus === 'EVALUATED',
    hasServiceItems: top.some((l) => l.itemBusinessType === 'SERVICE'),
    serviceCodes: serviceCodesOf(top),
    reversible: can.some((x) => x.canReverseMilli > 0n),
    cancelable: can.some((x) => x.canCancelMilli > 0n),
    reverseInProgress: rel.reverseOpen.has(o.id),
    isReissue: o.businessType === 'REVERSE_REISSUE',
    isPoints: o.tradeType === 'NORMAL_POINT_REDEEM',
    invoiceStatus: rel.invoiceStatus.get(o.id) ?? 'NOT_REQUESTED',
    vatApplies: vatAppliesTo(currency),
    isBulk: o.tradeOrderType === 'BULK',
    groupStatus: group?.status,
  });
  const pending = ['PENDING_PAY', 'PENDING_DEPOSIT', 'PENDING_BALANCE'].includes(status);
  return {
    id: String(o.id),
    tradeOrderCode: o.tradeOrderCode,
    displayStatus: displayStatus({ status, tradeType: o.tradeType, payChannel: o.payChannel }),
    operationList: ops,
    operationCodes: [...new Set(ops.map((op) => OPERATION_UPPERCASE[op] ?? op.toUpperCase()))],
    tradeType: o.tradeType,
    tradeOrderType: o.tradeOrderType,
    tradeOrderBusinessType: o.businessType,
    payChannel: o.payChannel,
    fulfillmentType: o.shippingMethodCode === 'PICKUP' ? 'PICKUP' : 'DELIVERY',
    timeline: {
      orderedTime: o.createdAt.toISOString(),
      paidTime: o.paidAt?.toISOString() ?? null,
      depositPaidTime: o.depositPaidAt?.toISOString() ?? null,
    },
    shop: { id: String(o.shopId), siteName: rel.shopNames.get(o.shopId) ?? '' },
    buyer: { id: String(o.buyerId) },
    enterpriseUser:
      scope.isMain && !viewerIsBuyer ? { id: String(o.buyerId), username: scope.buyers.get(o.buyerId) ?? '' } : null,
    isMainPay: c.masterStatus === 'PAID',
    masterPending: c.masterStatus === 'PENDING',
    needPayAmt: money(o.needPayAmtMinor, currency),
    paidAmt: money(o.paidAmtMinor, currency),
    actualNeedPayPoints: top.reduce((a, l) => a + l.points, 0),
    skuTotalCount: top.reduce((a, l) => a + (l.itemBusinessType === 'WEIGHT' ? 1 : Math.round(Number(l.qty))), 0),
    payDeadlineMillis: pending && o.payDeadline ? o.payDeadline.getTime() : null,
    receiptDeadlineMillis: status === 'UN_RECEIVED' && o.receiptDeadline ? o.receiptDeadline.getTime() : null,
    tradeContract: { id: String(c.id), notFirstTime: rel.paidBefore.has(c.id) },
    presale,
    tradeOrderLineList: lines,
    lineCount: top.length,
    isInGroup: !!group,
    groupBuy: group
      ? {
          groupId: group.groupId,
          status: group.status,
          size: group.size,
          members: group.members,
          slotsLeft: slotsLeft(group),
          expiresAt: new Date(group.expiresAt).toISOString(),
        }
      : null,
  };
}

export async function summaries(
  db: Db,
  rows: { o: OrderRow; c: ListContract }[],
  scope: OrderScope,
  maxLines: number | null,
): Promise<OrderSummary[]> {
  const rel = await related(
    db,
    rows.map((r) => r.o),
    false,
  );
  return rows.map(({ o, c }) => summaryOf(o, c, rel, scope, maxLines));
}

/** What the detail shows beyond a list entry, read by detailOf or by the one statement of orderDetailRead. */
export interface DetailExtras {
  methodName: string | null;
  records: { status: string; channel: string; stage: string; amountMinor: bigint; currency: string; createdAt: Date }[];
  siblings: { id: bigint; code: string; needPay: bigint }[];
  refunds: Pick<
    typeof refunds.$inferSelect,
    'status' | 'reason' | 'channel' | 'amountMinor' | 'currency' | 'createdAt'
  >[];
}
/** The contract fields the detail shows (not the 12 KB preview). */
export type DetailContract = ListContract &
  Pick<
    ContractRow,
    'site' | 'payload' | 'selectedAddress' | 'billingAddress' | 'paymentOrderId' | 'needPayAmtMinor' | 'earnPoints'
  >;

/** One order with every section of SPEC §2 detail; null when the viewer may not see it. */
export async function detailOf(
  db: Db,
  o: OrderRow,
  c: ContractRow,
  scope: OrderScope,
  lang: Language,
): Promise<OrderDetail> {
  const rel = await related(db, [o], true);
  const [method] = o.shippingMethodId
    ? await db
        .select({ name: shippingMethods.name, description: shippingMethods.description, texts: shippingMethods.texts })
        .from(shippingMethods)
        .where(eq(shippingMethods.id, o.shippingMethodId))
    : [];
  const [records, siblings] = await Promise.all([
    // The checkout's own attempts, and the merged payment that paid it together with other checkouts.
    db
      .select()
      .from(paymentRecords)
      .where(
        or(
          eq(paymentRecords.contractId, c.id),
          and(
            eq(paymentRecords.status, 'PAY_SUCCESS'),
            inArray(
              paymentRecords.contractId,
              db
                .select({ id: contractMerges.mergeContractId })
                .from(contractMerges)
                .where(eq(contractMerges.contractId, c.id)),
            ),
          ),
        ),
      )
      .orderBy(paymentRecords.id),
    db
      .select({ id: tradeOrders.id, code: tradeOrders.tradeOrderCode, needPay: tradeOrders.needPayAmtMinor })
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, c.id))
      .orderBy(tradeOrders.id),
  ]);
  // Money given back: this order's after-sales refunds, and charges of the checkout that were not kept.
  const refundRows = await db
    .select({ f: refunds })
    .from(refunds)
    .leftJoin(reverseTradeOrders, eq(reverseTradeOrders.id, refunds.reverseId))
    .where(
      and(
        eq(refunds.contractId, c.id),
        sql`(${refunds.reason} = 'NOT_CAPTURED' OR ${reverseTradeOrders.orderId} = ${o.id})`,
      ),
    )
    .orderBy(refunds.id);
  return buildDetail(o, c, scope, rel, {
    methodName: method ? localizeShippingMethod(method, lang).name : null,
    records,
    siblings,
    refunds: refundRows.map((r) => r.f),
  });
}

/** The order columns the detail shows. */
export type DetailOrder = ListOrder &
  Pick<
    OrderRow,
    | 'skuAmtMinor'
    | 'shippingAmtMinor'
    | 'discountAmtMinor'
    | 'pointsDiscountMinor'
    | 'taxAmtMinor'
    | 'taxRate'
    | 'remark'
    | 'pickUpStoreSnapshot'
  >;

export function buildDetail(
  o: DetailOrder,
  c: DetailContract,
  scope: OrderScope,
  rel: Related,
  x: DetailExtras,
): OrderDetail {
  const s = summaryOf(o, c, rel, scope, null);
  const currency = o.currency as Currency;
  const site = SITES[c.site as SiteCode];
  const payload = c.payload as {
    reissueOf?: { id: string; reverseTradeOrderCode: string };
    notifyInfo?: { notifyType: string; contactInfo: string };
    shippingTimeInfo?: { deliveryDay?: string; deliveryTime?: string };
  };
  const { records, siblings } = x;
  // One payment covers the whole checkout: each attempt is shown as this order's share of it.
  const own = siblings.findIndex((y) => y.id === o.id);
  const shareOf = (amount: bigint) =>
    siblings.length < 2 || own < 0
      ? amount
      : allocate(
          amount,
          siblings.map((y) => y.needPay),
        )[own]!;
  const reissue = o.businessType === 'REVERSE_REISSUE';
  const share = c.needPayAmtMinor === 0n ? 1 : Number(o.needPayAmtMinor) / Number(c.needPayAmtMinor);
  return {
    ...s,
    selectedAddress: c.selectedAddress as never,
    billingAddress: (c.billingAddress ?? null) as never,
    pickUpStoreInfo: (o.pickUpStoreSnapshot ?? null) as never,
    shippingTimeInfo: {
      shippingMethod: x.methodName,
      shippingMethodCode: o.shippingMethodCode,
      deliveryDay: payload.shippingTimeInfo?.deliveryDay ?? null,
      deliveryTime: payload.shippingTimeInfo?.deliveryTime ?? null,
    },
    remark: o.remark,
    notifyInfo: payload.notifyInfo
      ? { notifyType: payload.notifyInfo.notifyType, contactInfo: payload.notifyInfo.contactInfo }
      : null,
    reissueOf: reissue ? (payload.reissueOf ?? null) : null,
    invoice: reissue
      ? null
      : {
          status: o.invoiceUrl ? 'ISSUED' : 'NOT_ISSUED',
          invoiceUrl: o.invoiceUrl,
          vatInvoiceStatus: rel.invoiceStatus.get(o.id) ?? 'NOT_REQUESTED',
        },
    paymentInfo: reissue
      ? null
      : {
          payChannel: o.payChannel,
          paymentOrderId: c.paymentOrderId,
          records: records.map((r) => ({
            recordStatus: r.status,
            payChannel: r.channel,
            stage: r.stage,
            amount: money(shareOf(r.amountMinor), r.currency as Currency),
            contractAmount: money(r.amountMinor, r.currency as Currency),
            createdAt: r.createdAt.toISOString(),
          })),
          togetherWith: siblings
            .filter((y) => y.id !== o.id)
            .map((y) => ({ id: String(y.id), tradeOrderCode: y.code })),
          contractAmount: money(c.needPayAmtMinor, currency),
          refunds: x.refunds.map((f) => ({
            status: f.status,
            reason: f.reason,
            payChannel: f.channel,
            amount: money(f.amountMinor, f.currency as Currency),
            createdAt: f.createdAt.toISOString(),
          })),
        },
    bill: {
      skuAmt: money(o.skuAmtMinor, currency),
      shippingAmt: money(o.shippingAmtMinor, currency),
      orderDiscountAmt: money(o.discountAmtMinor, currency),
      pointDiscountAmount: money(o.pointsDiscountMinor, currency),
      taxAmt: money(o.taxAmtMinor, currency),
      taxRate: Number(o.taxRate ?? site.taxRate),
      taxDisplay: site.taxDisplay,
      needPayAmt: money(o.needPayAmtMinor, currency),
      paidAmt: money(o.paidAmtMinor, currency),
      actualPaidPoints: ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'PROCESSING'].includes(o.status)
        ? s.actualNeedPayPoints
        : 0,
    },
    earnPoints: Math.ceil(c.earnPoints * share),
    postponeCount: o.postponeCount,
    postponeLimit: POSTPONE_LIMIT,
    packageCount: rel.packages.get(o.id)?.total ?? 0,
    tradeOrderCommentStatus: o.commentStatus,
  };
}
