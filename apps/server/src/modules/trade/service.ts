/**
 * Buyer side of orders (SPEC §2 Orders, §4 Order operations, §7 Orders): list, counts, detail,
 * cancel before and after pay, postpone, guest lookup, and the timed transitions.
 */
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  ORDER_LIST_MAX_LINES,
  POSTPONE_DAYS,
  POSTPONE_LIMIT,
  type Language,
  type OrderCountBody,
  type OrderCounts,
  type OrderDetail,
  type OrderListBody,
  type OrderPage,
} from '@mall/contracts';
import { ORDER_EVENTS, ORDER_TABS, tabOf, displayStatus, type OrderStatus } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { shipmentPackages, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { detailOf, listConditions, listContractColumns, summaries, tabFilter } from './read.js';
import { orderDetailRead } from './detail-read.js';
import { buyerListPage } from './list-page.js';
import { orderScope, requestedBuyers, type OrderScope } from './scope.js';
import { closeUnpaidContract, expiredContracts, moveOrders, movePackages, type Tx } from './transitions.js';

export const orderNotFound = () => new AppError(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');
const notAllowed = (message = 'operation failed, please retry') =>
  new AppError(409, ERROR_CODES.operationNotAllowed, message);
const newest = [sql`${tradeOrders.createdAt} DESC NULLS LAST`, sql`${tradeOrders.id} DESC NULLS LAST`];

/**
 * The two queries of a list page. The page's ids come from the index alone (cheap even at a
 * deep offset), then only those rows are joined. Exported so the benchmark EXPLAINs exactly these.
 */
export function listQueries(db: Db, buyerIds: bigint[], body: OrderListBody) {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 5;
  const where = and(...listConditions(buyerIds, body), tabFilter(body.searchStatus ?? 'ALL_ORDER'));
  const page = db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(where)
    .orderBy(...newest)
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .as('page');
  return {
    rows: db
      .select({ o: tradeOrders, c: listContractColumns })
      .from(page)
      .innerJoin(tradeOrders, eq(tradeOrders.id, page.id))
      .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
      .orderBy(...newest),
    total: db.select({ n: count() }).from(tradeOrders).where(where),
  };
}

/** The tab counts: one grouped, index-only query; the display mapping is applied per group. */
export function countQuery(db: Db, buyerIds: bigint[], body: OrderCountBody) {
  return db
    .select({
      status: tradeOrders.status,
      tradeType: tradeOrders.tradeType,
      payChannel: tradeOrders.payChannel,
      n: count(),
    })
    .from(tradeOrders)
    .where(and(...listConditions(buyerIds, body)))
    .groupBy(tradeOrders.status, tradeOrders.tradeType, tradeOrders.payChannel);
}

export async function listOrders(db: Db, user: UserRow, body: OrderListBody): Promise<OrderPage> {
  const scope = await orderScope(db, user);
  const buyerIds = requestedBuyers(scope, body.enterpriseUserIds);
  if (buyerIds.length === 1 && !body.queryParams?.keyword && !body.timeline && !body.tradeType && !body.isMainPay) {
    // One buyer, by tab only (nearly every request): one prepared statement per page.
    const page = await buyerListPage(
      db,
      scope,
      buyerIds[0]!,
      body.searchStatus ?? 'ALL_ORDER',
      body.pageNo ?? 1,
      body.pageSize ?? 5,
    );
    return { ...page, pageNo: body.pageNo ?? 1, pageSize: body.pageSize ?? 5 };
  }
  const q = listQueries(db, buyerIds, body);
  const [rows, [total]] = await Promise.all([q.rows, q.total]);
  return {
    data: await summaries(db, rows, scope, ORDER_LIST_MAX_LINES),
    total: total!.n,
    pageNo: body.pageNo ?? 1,
    pageSize: body.pageSize ?? 5,
  };
}

/** queryOrderQuantityForStatusBuyer: one count per tab, with the same filters as the list. */
export async function countOrders(db: Db, user: UserRow, body: OrderCountBody): Promise<OrderCounts> {
  const scope = await orderScope(db, user);
  const buyerIds = requestedBuyers(scope, body.enterpriseUserIds);
  const counts = new Map<string, number>(ORDER_TABS.map((t) => [t, 0]));
  const add = (display: OrderStatus, n: number) => {
    counts.set('ALL_ORDER', counts.get('ALL_ORDER')! + n);
    const tab = tabOf(display);
    if (tab) counts.set(tab, counts.get(tab)! + n);
  };
  if (!body.tradeType && !body.isMainPay) {
    // No filter but whose orders: the kept per-buyer counts, one primary-key read.
    for (const r of await statusCounts(db, buyerIds)) add(r.display_status as OrderStatus, r.quantity);
  } else {
    for (const r of await countQuery(db, buyerIds, body))
      add(displayStatus({ status: r.status as OrderStatus, tradeType: r.tradeType, payChannel: r.payChannel }), r.n);
  }
  return ORDER_TABS.map((t) => ({ displayOrderStatus: t, quantity: counts.get(t)! }));
}

type StatusCount = { display_status: string; quantity: number };

/**
 * The kept counts (table order_status_counts) of these buyers per display status. A named
 * prepared statement: `buyer_id = $1` for one buyer (every buyer but an enterprise main account).
 */
export async function statusCounts(db: Db, buyerIds: bigint[]): Promise<StatusCount[]> {
  if (!buyerIds.length) return [];
  const { rows } =
    buyerIds.length === 1
      ? await db.$client.query<StatusCount>({
          name: 'order_status_counts_1',
          text: 'SELECT display_status, quantity FROM order_status_counts WHERE buyer_id = $1',
          values: [String(buyerIds[0])],
        })
      : await db.$client.query<StatusCount>({
          name: 'order_status_counts_n',
          text: 'SELECT display_status, sum(quantity)::int AS quantity FROM order_status_counts WHERE buyer_id = ANY($1::bigint[]) GROUP BY display_status',
          values: [buyerIds.map(String)],
        });
  return rows;
}

/** An order the caller may see (its own, or as main account a sub-account's), else 404. */
export async function visibleOrder(db: Db | Tx, scope: OrderScope, id: bigint, opts: { lock?: boolean } = {}) {
  const q = db
    .select({ o: tradeOrders, c: tradeContracts })
    .from(tradeOrders)
    .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
    .where(and(eq(tradeOrders.id, id), inArray(tradeOrders.buyerId, [...scope.buyers.keys()])));
  const [row] = opts.lock ? await q.for('update', { of: tradeOrders }) : await q;
  if (!row) throw orderNotFound();
  return row;
}

/** The buyer's own order (operations are the buyer's, even for an enterprise main account). */
async function ownOrder(tx: Tx, user: UserRow, id: bigint) {
  const [row] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.buyerId, user.id)))
    .for('update');
  if (!row) throw orderNotFound();
  return row;
}

export async function orderDetail(
  db: Db,
  user: UserRow,
  id: bigint,
  lang: Language,
  outTradeOrderCode?: string,
): Promise<OrderDetail> {
  const scope = await orderScope(db, user);
  const detail = await orderDetailRead(db, scope, id, lang);
  if (!detail || (outTradeOrderCode && outTradeOrderCode !== detail.tradeOrderCode)) throw orderNotFound();
  return detail;
}

/** closeImmediatelyTradeOrder: cancel before pay. The contract's orders are paid together, so they close together. */
export async function cancelBeforePay(db: Db, user: UserRow, id: bigint): Promise<{ closedOrderIds: string[] }> {
  return db.transaction(async (tx) => ({ closedOrderIds: (await cancelBeforePayIn(tx, user, id)).map(String) }));
}

/** Cancel before pay inside the caller's transaction (one order's, or several at once: MERGE_CANCEL); returns the orders closed. */
export async function cancelBeforePayIn(tx: Tx, user: UserRow, id: bigint): Promise<bigint[]> {
  const o = await ownOrder(tx, user, id);
  // The table's "from" statuses: unpaid, deposit unpaid, or held by risk screening.
  if (!(ORDER_EVENTS.BUYER_CANCEL_BEFORE_PAY.from as readonly string[]).includes(o.status))
    throw notAllowed('This order can no longer be canceled');
  return closeUnpaidContract(tx, o.contractId, 'BUYER_CANCEL_BEFORE_PAY');
}

/** signForDelivery: the buyer confirms one package; the last one completes the order. */
export async function signForDelivery(db: Db, user: UserRow, packageId: bigint, now = new Date()) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ pkg: shipmentPackages, orderId: tradeOrders.id })
      .from(shipmentPackages)
      .innerJoin(tradeOrders, eq(tradeOrders.id, shipmentPackages.orderId))
      .where(and(eq(shipmentPackages.id, packageId), eq(tradeOrders.buyerId, user.id)));
    if (!p) throw new AppError(404, ERROR_CODES.packageNotExist, 'This package does not exist');
    const o = await ownOrder(tx, user, p.orderId);
    if (o.status !== 'UN_RECEIVED') throw notAllowed('This order is not waiting for receipt');
    if (!(await movePackages(tx, [packageId], 'SIGN', { signedBy: 'BUYER', signedAt: now })).length)
      throw notAllowed('This package was already confirmed');
    const completed = await completeIfAllSigned(tx, o.id, now);
    return { orderId: String(o.id), orderStatus: completed ? ('COMPLETE' as const) : ('UN_RECEIVED' as const) };
  });
}

/** When no package of a fully shipped order is still on its way, the order is complete. */
export async function completeIfAllSigned(tx: Tx, orderId: bigint, now: Date): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(shipmentPackages)
    .where(and(eq(shipmentPackages.orderId, orderId), eq(shipmentPackages.status, 'SEND_DELIVERY')));
  if (open!.n > 0) return false;
  return (
    (await moveOrders(tx, { ids: [orderId] }, 'ALL_RECEIVED', { completedAt: now, receiptDeadline: null })).length > 0
  );
}

/** bbc_trade_BBCPostponeDeliveryFlow: the receipt deadline moves by POSTPONE_DAYS, at most POSTPONE_LIMIT times. */
export async function postpone(db: Db, user: UserRow, orderId: bigint) {
  const [o] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.buyerId, user.id)));
  if (!o) throw orderNotFound();
  if (o.status !== 'UN_RECEIVED') throw notAllowed('This order is not waiting for receipt');
  const [moved] = await db
    .update(tradeOrders)
    .set({
      receiptDeadline: sql`coalesce(${tradeOrders.receiptDeadline}, now()) + make_interval(days => ${POSTPONE_DAYS})`,
      postponeCount: sql`${tradeOrders.postponeCount} + 1`,
    })
    .where(
      and(
        eq(tradeOrders.id, o.id),
        eq(tradeOrders.status, 'UN_RECEIVED'),
        lt(tradeOrders.postponeCount, POSTPONE_LIMIT),
      ),
    )
    .returning({ receiptDeadline: tradeOrders.receiptDeadline });
  if (!moved)
    throw new AppError(409, ERROR_CODES.postponeLimitReached, 'The receipt deadline cannot be extended again');
  return { value: POSTPONE_DAYS, receiptDeadlineMillis: moved.receiptDeadline!.getTime() };
}

/** Guest lookup: the order number and the email given at checkout must both match. */
export async function guestLookup(db: Db, code: string, email: string, lang: Language) {
  const [row] = await db
    .select({ o: tradeOrders, c: tradeContracts })
    .from(tradeOrders)
    .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
    .where(eq(tradeOrders.tradeOrderCode, code));
  const c = row?.c;
  const payload = c?.payload as { notifyInfo?: { notifyType?: string; contactInfo?: string } } | undefined;
  const emails = [
    (c?.selectedAddress as { email?: string } | undefined)?.email,
    payload?.notifyInfo?.notifyType === 'email' ? payload.notifyInfo.contactInfo : undefined,
  ]
    .filter((e): e is string => !!e)
    .map((e) => e.trim().toLowerCase());
  if (!row || !emails.includes(email)) throw orderNotFound();
  // The guest sees the order as a stranger would: no operations but following the parcels.
  const scope: OrderScope = { viewerId: -1n, isMain: false, buyers: new Map([[row.o.buyerId, '']]) };
  return detailOf(db, row.o, row.c, scope, lang);
}

/**
 * Timed transitions (pg-boss runs this at each deadline and every minute): unpaid orders close
 * at their pay deadline with their stock returned; shipped orders auto-confirm after the receipt deadline.
 */
export async function sweepTimedTransitions(db: Db, now = new Date()): Promise<{ closed: number; confirmed: number }> {
  let closed = 0;
  for (const contractId of await expiredContracts(db, now)) {
    closed += (await db.transaction((tx) => closeUnpaidContract(tx, contractId, 'PAY_DEADLINE_PASSED', now))).length;
  }
  let confirmed = 0;
  const due = await db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.status, 'UN_RECEIVED'), lt(tradeOrders.receiptDeadline, now)))
    .orderBy(desc(tradeOrders.receiptDeadline))
    .limit(500);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [o] = await tx
        .select()
        .from(tradeOrders)
        .where(and(eq(tradeOrders.id, id), eq(tradeOrders.status, 'UN_RECEIVED'), lt(tradeOrders.receiptDeadline, now)))
        .for('update');
      if (!o) return;
      const open = await tx
        .select({ id: shipmentPackages.id })
        .from(shipmentPackages)
        .where(and(eq(shipmentPackages.orderId, id), eq(shipmentPackages.status, 'SEND_DELIVERY')));
      await movePackages(
        tx,
        open.map((p) => p.id),
        'SIGN',
        { signedBy: 'AUTO', signedAt: now },
      );
      if (await completeIfAllSigned(tx, id, now)) confirmed += 1;
    });
  }
  return { closed, confirmed };
}
