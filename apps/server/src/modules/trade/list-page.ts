/**
 * The buyer's order list in ONE named prepared statement per page: the page's orders
 * with only the columns a list entry shows, their contract's few fields, the facts the operations
 * need (packages, earlier payments, open after-sales, shop name), every line's quantities with the
 * snapshot of the shown ones only (the first ORDER_LIST_MAX_LINES top-level lines and their parts),
 * and the total from the kept per-buyer counts (order_status_counts) instead of a count(*).
 *
 * Pages past the middle are read from the oldest end (the same index backwards), so the last page
 * of a buyer with 50,000 orders costs what page 1 costs; the counts table, read in the same
 * statement (same snapshot), says where the end is.
 *
 * Only for one buyer (`buyer_id = $1` keeps the index order) filtered by tab alone: enterprise
 * main accounts with sub-accounts, and the keyword / time / trade-type / main-pay filters, take
 * the general path (listQueries).
 */
import { ORDER_LIST_MAX_LINES, type OrderSummary, type OrderTab } from '@mall/contracts';
import { ORDER_STATUSES, REVERSE_FINAL_STATUSES as REVERSE_FINAL, type InvoiceStatus } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { summaryOf, tabScope, type LineRow, type ListContract, type ListOrder, type Related } from './read.js';
import type { OrderScope } from './scope.js';
import { GROUP_BUY_FACT, type GroupFact } from './read.js';

const quoted = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

/**
 * Display statuses of a tab, and the WHERE part that picks its orders: the SQL-text form of
 * tabFilter in read.ts (tabScope holds the rule; display-status.test.ts checks it for every input).
 */
export function tabSql(tab: OrderTab): { shown: readonly string[]; where: string } {
  if (tab === 'ALL_ORDER') return { shown: ORDER_STATUSES, where: 'true' };
  const { shown, stored, mapped } = tabScope(tab);
  const where = `o.status IN (${quoted(stored)})`;
  return {
    shown,
    where: mapped
      ? `${where} AND order_display_status(o.status, o.trade_type, o.pay_channel) IN (${quoted(shown)})`
      : where,
  };
}

const TOP = `('NORMAL', 'DIY_MAIN')`;

/**
 * Every line of order `o` as JSON, with what a line shows; the snapshot (names, image) only of the
 * first `shown` top-level lines and their parts when given (the list shows 3).
 */
export function linesJson(shown: number | null): string {
  const snapshot =
    shown === null
      ? 'l.snapshot'
      : `CASE WHEN coalesce(l.parent_line_id, l.id) IN (SELECT x.id FROM trade_order_lines x
      WHERE x.order_id = o.id AND x.line_group_type IN ${TOP} ORDER BY x.id LIMIT ${shown}) THEN l.snapshot END`;
  return `(SELECT json_agg(json_build_object(
      'id', l.id::text, 'skuId', l.sku_id::text, 'itemId', l.item_id::text, 'parentLineId', l.parent_line_id::text, 'lineGroupType', l.line_group_type,
      'qty', l.qty::text, 'deliveredQty', l.delivered_qty::text, 'cancelledQty', l.cancelled_qty::text, 'reversedQty', l.reversed_qty::text,
      'unitAmtMinor', l.unit_amt_minor::text, 'skuAmtMinor', l.sku_amt_minor::text, 'needPayAmtMinor', l.need_pay_amt_minor::text, 'points', l.points,
      'reverseStatus', l.reverse_status, 'serviceRemainingTimes', l.service_remaining_times, 'serviceExpiresAt', ${epochMs('l.service_expires_at')},
      'itemBusinessType', i.business_type, 'snapshot', ${snapshot}) ORDER BY l.id)
    FROM trade_order_lines l JOIN items i ON i.id = l.item_id WHERE l.order_id = o.id)`;
}

/** A timestamp as JSON milliseconds (what a Date from the driver holds). */
export const epochMs = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)::bigint`;

/** The facts of order `o` its operations need, as columns. */
export const ORDER_FACTS = `(SELECT count(*) FROM shipment_packages p WHERE p.order_id = o.id AND p.status <> 'CANCEL')::int AS packages,
  (SELECT count(*) FROM shipment_packages p WHERE p.order_id = o.id AND p.status = 'SEND_DELIVERY')::int AS open_packages,
  EXISTS (SELECT 1 FROM payment_records r WHERE r.contract_id = o.contract_id) AS paid_before,
  EXISTS (SELECT 1 FROM reverse_trade_orders v WHERE v.order_id = o.id AND v.status NOT IN (${REVERSE_FINAL.map((x) => `'${x}'`).join(', ')})) AS reverse_open,
  (SELECT s.name FROM shops s WHERE s.id = o.shop_id) AS shop_name,
  (SELECT q.status FROM vat_invoice_requests q WHERE q.order_id = o.id) AS invoice_status,
  ${GROUP_BUY_FACT('o.id')} AS group_buy`;

/** The order columns of a list entry (ListOrder), as listOrderOf reads them. */
export const LIST_ORDER_COLUMNS = `o.id, o.trade_order_code, o.contract_id, o.buyer_id, o.shop_id, o.seller_id, o.status, o.trade_type, o.currency,
  o.need_pay_amt_minor, o.paid_amt_minor, o.shipping_method_code, o.pay_deadline, o.paid_at, o.trade_order_type, o.business_type, o.pay_channel,
  o.deposit_paid_at, o.receipt_deadline, o.postpone_count, o.invoice_url, o.comment_status, o.created_at,
  c.master_status, c.balance_start_at, c.balance_end_at, c.deposit_minor`;

/**
 * One row of LIST_ORDER_COLUMNS as pg returns it: bigint columns as strings (read as BigInt
 * here), timestamps as Dates; the other columns as ListOrder and ListContract hold them.
 */
export interface ListOrderRow {
  id: string;
  trade_order_code: ListOrder['tradeOrderCode'];
  contract_id: string;
  buyer_id: string;
  shop_id: string;
  seller_id: string;
  status: ListOrder['status'];
  trade_type: ListOrder['tradeType'];
  currency: ListOrder['currency'];
  need_pay_amt_minor: string;
  paid_amt_minor: string;
  shipping_method_code: ListOrder['shippingMethodCode'];
  pay_deadline: ListOrder['payDeadline'];
  paid_at: ListOrder['paidAt'];
  trade_order_type: ListOrder['tradeOrderType'];
  business_type: ListOrder['businessType'];
  pay_channel: ListOrder['payChannel'];
  deposit_paid_at: ListOrder['depositPaidAt'];
  receipt_deadline: ListOrder['receiptDeadline'];
  postpone_count: ListOrder['postponeCount'];
  invoice_url: ListOrder['invoiceUrl'];
  comment_status: ListOrder['commentStatus'];
  created_at: ListOrder['createdAt'];
  master_status: ListContract['masterStatus'];
  balance_start_at: ListContract['balanceStartAt'];
  balance_end_at: ListContract['balanceEndAt'];
  deposit_minor: string | null;
}

/** The columns of ORDER_FACTS and of linesJson (`lines`) in a row, as addRelated reads them. */
export interface OrderFactsRow {
  packages: number;
  open_packages: number;
  paid_before: boolean;
  reverse_open: boolean;
  shop_name: string;
  invoice_status: InvoiceStatus | null;
  group_buy: GroupFact | null;
  lines: LineJson[] | null;
}

export function listOrderOf(r: ListOrderRow): { o: ListOrder; c: ListContract } {
  const o: ListOrder = {
    id: BigInt(r.id),
    tradeOrderCode: r.trade_order_code,
    contractId: BigInt(r.contract_id),
    buyerId: BigInt(r.buyer_id),
    shopId: BigInt(r.shop_id),
    sellerId: BigInt(r.seller_id),
    status: r.status,
    tradeType: r.trade_type,
    currency: r.currency,
    needPayAmtMinor: BigInt(r.need_pay_amt_minor),
    paidAmtMinor: BigInt(r.paid_amt_minor),
    shippingMethodCode: r.shipping_method_code,
    payDeadline: r.pay_deadline,
    paidAt: r.paid_at,
    tradeOrderType: r.trade_order_type,
    businessType: r.business_type,
    payChannel: r.pay_channel,
    depositPaidAt: r.deposit_paid_at,
    receiptDeadline: r.receipt_deadline,
    postponeCount: r.postpone_count,
    invoiceUrl: r.invoice_url,
    commentStatus: r.comment_status,
    createdAt: r.created_at,
  };
  return {
    o,
    c: {
      id: o.contractId,
      masterStatus: r.master_status,
      balanceStartAt: r.balance_start_at,
      balanceEndAt: r.balance_end_at,
      depositMinor: big(r.deposit_minor),
    },
  };
}

/** Adds one row's facts and lines (ORDER_FACTS, linesJson) to `rel`. */
export function addRelated(rel: Related, o: ListOrder, r: OrderFactsRow): void {
  rel.packages.set(o.id, { total: r.packages, open: r.open_packages });
  if (r.paid_before) rel.paidBefore.add(o.contractId);
  if (r.reverse_open) rel.reverseOpen.add(o.id);
  rel.shopNames.set(o.shopId, r.shop_name);
  if (r.invoice_status) rel.invoiceStatus.set(o.id, r.invoice_status);
  if (r.group_buy) (rel.groups ??= new Map()).set(o.id, r.group_buy);
  for (const l of r.lines ?? []) {
    rel.lines.push({
      id: BigInt(l.id),
      orderId: o.id,
      skuId: BigInt(l.skuId),
      itemId: BigInt(l.itemId),
      parentLineId: big(l.parentLineId),
      lineGroupType: l.lineGroupType as LineRow['lineGroupType'],
      qty: l.qty,
      deliveredQty: l.deliveredQty,
      cancelledQty: l.cancelledQty,
      reversedQty: l.reversedQty,
      unitAmtMinor: BigInt(l.unitAmtMinor),
      skuAmtMinor: BigInt(l.skuAmtMinor),
      discountAmtMinor: 0n,
      needPayAmtMinor: BigInt(l.needPayAmtMinor),
      points: l.points,
      reverseStatus: l.reverseStatus as LineRow['reverseStatus'],
      serviceRemainingTimes: l.serviceRemainingTimes,
      serviceExpiresAt: l.serviceExpiresAt === null ? null : new Date(l.serviceExpiresAt),
      snapshot: l.snapshot,
      itemBusinessType: l.itemBusinessType,
    });
  }
}

export const emptyRelated = (): Related => ({
  lines: [],
  packages: new Map(),
  paidBefore: new Set(),
  reverseOpen: new Set(),
  shopNames: new Map(),
  coupons: [],
  invoiceStatus: new Map(),
});

function listSql(tab: OrderTab): string {
  const t = tabSql(tab);
  const newest = 'ORDER BY o.created_at DESC NULLS LAST, o.id DESC NULLS LAST';
  const oldest = 'ORDER BY o.created_at ASC NULLS FIRST, o.id ASC NULLS FIRST';
  // $1 buyer, $2 page size, $3 offset from the newest.
  return `WITH total AS (
  SELECT coalesce(sum(quantity), 0)::int AS n FROM order_status_counts WHERE buyer_id = $1 AND display_status IN (${quoted(t.shown)})
), page AS (
  (SELECT o.id, o.created_at FROM trade_orders o WHERE o.buyer_id = $1 AND ${t.where} AND $3::int * 2 <= (SELECT n FROM total)
   ${newest} LIMIT $2 OFFSET $3)
  UNION ALL
  (SELECT o.id, o.created_at FROM trade_orders o WHERE o.buyer_id = $1 AND ${t.where} AND $3::int * 2 > (SELECT n FROM total)
   ${oldest} LIMIT greatest(least($2::int, (SELECT n FROM total) - $3::int), 0) OFFSET greatest((SELECT n FROM total) - $3::int - $2::int, 0))
)
SELECT total.n AS total, ${LIST_ORDER_COLUMNS},
  ${ORDER_FACTS},
  ${linesJson(ORDER_LIST_MAX_LINES)} AS lines
FROM total LEFT JOIN (page JOIN trade_orders o ON o.id = page.id JOIN trade_contracts c ON c.id = o.contract_id) ON true
${newest}`;
}

const statements = new Map<OrderTab, { name: string; text: string }>();
const statementOf = (tab: OrderTab) => {
  let st = statements.get(tab);
  if (!st) statements.set(tab, (st = { name: `order_list_${tab.toLowerCase()}`, text: listSql(tab) }));
  return st;
};

type LineJson = Record<
  | 'id'
  | 'skuId'
  | 'itemId'
  | 'lineGroupType'
  | 'qty'
  | 'deliveredQty'
  | 'cancelledQty'
  | 'reversedQty'
  | 'unitAmtMinor'
  | 'skuAmtMinor'
  | 'needPayAmtMinor'
  | 'reverseStatus'
  | 'itemBusinessType',
  string
> & {
  parentLineId: string | null;
  points: number;
  serviceRemainingTimes: number | null;
  serviceExpiresAt: number | null;
  snapshot: unknown;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** One list page of one buyer's orders, newest first, with its total. */
export async function buyerListPage(
  db: Db,
  scope: OrderScope,
  buyerId: bigint,
  tab: OrderTab,
  pageNo: number,
  pageSize: number,
): Promise<{ data: OrderSummary[]; total: number }> {
  // With an empty page, one row of the total alone (the order columns are null).
  const { rows } = await db.$client.query<{ total: number } & ({ id: null } | (ListOrderRow & OrderFactsRow))>({
    ...statementOf(tab),
    values: [String(buyerId), pageSize, (pageNo - 1) * pageSize],
  });
  const total = rows[0]?.total ?? 0;
  const rel = emptyRelated();
  const entries: { o: ListOrder; c: ListContract }[] = [];
  for (const r of rows) {
    if (r.id === null) continue; // the page is empty: only the total came back
    const entry = listOrderOf(r);
    entries.push(entry);
    addRelated(rel, entry.o, r);
  }
  return { data: entries.map(({ o, c }) => summaryOf(o, c, rel, scope, ORDER_LIST_MAX_LINES)), total };
}
