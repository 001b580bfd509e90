/**
 * Buyer orders through app.inject on real Postgres (SPEC §2 Orders, §4 "Order display statuses"
 * and "Order operations", §6 roles, §7 Orders): list, counts, filters, detail, cancel before and
 * after pay, the seller's decision, enterprise visibility, guest lookup, the timed transitions
 * and postpone. Orders are created through the real checkout submit and paid through MOCKPAY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { POSTPONE_DAYS, POSTPONE_LIMIT } from '@mall/contracts';
import { displayStatus, type OrderStatus } from '@mall/domain';
import {
  carriers,
  couponCampaigns,
  mockpayPayments,
  ownerCoupons,
  paymentRecords,
  pointLedger,
  reverseTradeOrders,
  shipmentPackages,
  tradeContracts,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { Browser, browser, login, type TestApp, createTestApp } from '../../../test/helpers.js';
import {
  amsterdamAddress,
  freshIp,
  loadFixtures,
  pointsOf,
  previewOk,
  stockOf,
  submit,
  submitBodyFor,
  type Body,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import {
  expectError,
  orderKit,
  waitFor,
  type Buyer,
  type Placed,
  upsTrackingNumber,
} from '../../../test/order-fixtures.js';
import { sweepTimedTransitions } from './service.js';
import { grantPoints } from '../points/ledger.js';

let t: TestApp;
let f: Fixtures;
let carrierId: string;
let seller: Browser;
let seller2: Browser;

const DAY = 86400_000;
const TABS = ['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CANCEL_ALL'] as const;
type Tab = (typeof TABS)[number];
const { signup, place, pay, orderRow, statusOf, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  // The seed brings carriers; make sure there is one either way.
  const [c] = await t.db.select().from(carriers).orderBy(asc(carriers.id)).limit(1);
  carrierId = String(
    c
      ? c.id
      : (await t.db.insert(carriers).values({ code: 'TESTCARRIER', entityName: 'Test Carrier' }).returning())[0]!.id,
  );
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- helpers

const usd = (minor: bigint) => ({ value: (Number(minor) / 100).toFixed(2), currency: 'USD' });

/** A points-only order (Canvas Tote for 500 points, picked up in Amsterdam on the NL site): nothing to pay. */
async function placePoints(buyer: { b: Browser; email: string }): Promise<Placed> {
  expect((await buyer.b.post('/api/preferences', { site: 'NL' })).statusCode).toBe(200);
  try {
    const base = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['PTS-TOTE'], qty: '1' }],
      selectedAddress: amsterdamAddress(f, { email: buyer.email }),
    };
    const store = (await previewOk(buyer.b, base)).renderTradeOrderTOList[0].pickupStores[0];
    const choices = {
      ...base,
      preCalShippingList: [{ shopId: f.shop.nordic, shippingMethodId: f.method.nordic.PICKUP }],
      pickUpStoreId: store.id,
    };
    const body = await submitBodyFor(buyer.b, choices, {
      notifyInfo: { notifyType: 'email', contactInfo: buyer.email },
    });
    expect(body.needPayAmt).toBe('0.00');
    const res = await submit(buyer.b, body);
    expect(res.statusCode, res.body).toBe(200);
    return { contractId: res.json().id, orderIds: res.json().tradeOrderIdList };
  } finally {
    expect((await buyer.b.post('/api/preferences', { site: 'US' })).statusCode).toBe(200);
  }
}

/** The seller of the order's shop ships every line in one package; returns the package id. */
async function shipAll(orderId: string): Promise<string> {
  const o = await orderRow(orderId);
  const s = String(o.shopId) === f.shop.flexi ? seller : seller2;
  const lines = await topLines(orderId);
  const res = await s.post(`/api/merchant/orders/${orderId}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().orderStatus).toBe('UN_RECEIVED');
  return res.json().packageId;
}

const list = (b: Browser, body: Body = {}) => b.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', body);
async function listOk(b: Browser, body: Body = {}) {
  const res = await list(b, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: any[]; total: number; pageNo: number; pageSize: number }>();
}
/** Every order of a list filter (all pages). */
async function listAll(b: Browser, body: Body = {}) {
  const out: any[] = [];
  for (let pageNo = 1; pageNo < 100; pageNo++) {
    const page = await listOk(b, { ...body, pageNo, pageSize: 50 });
    out.push(...page.data);
    if (out.length >= page.total || !page.data.length) return { data: out, total: page.total };
  }
  throw new Error('too many pages');
}
async function countsOk(b: Browser, body: Body = {}): Promise<Record<Tab, number>> {
  const res = await b.post('/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer', body);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<{ displayOrderStatus: Tab; quantity: number }[]>();
  expect(rows.map((r) => r.displayOrderStatus)).toEqual([...TABS]);
  return Object.fromEntries(rows.map((r) => [r.displayOrderStatus, r.quantity])) as Record<Tab, number>;
}
/** Counts per tab equal the list total of that tab, and ALL_ORDER is the sum of the others. */
async function expectCountsMatchList(b: Browser, filters: Body = {}): Promise<Record<Tab, number>> {
  const counts = await countsOk(b, filters);
  for (const tab of TABS) {
    const page = await listOk(b, { ...filters, searchStatus: tab, pageSize: 50 });
    expect(page.total, `${tab} ${JSON.stringify(filters)}`).toBe(counts[tab]);
  }
  expect(counts.ALL_ORDER).toBe(
    counts.PENDING_PAY + counts.UN_DELIVERY + counts.UN_RECEIVED + counts.COMPLETE + counts.CANCEL_ALL,
  );
  return counts;
}

/**
 * The kept per-buyer counts (order_status_counts, written by triggers in the same transaction
 * as every order move) equal a fresh count(*) of every buyer's orders per display status.
 */
async function expectKeptCountsFresh() {
  const fresh = await t.db.execute<{ buyer_id: string; display_status: string; n: number }>(sql`
    SELECT buyer_id::text, order_display_status(status, trade_type, pay_channel) AS display_status, count(*)::int AS n
    FROM trade_orders GROUP BY 1, 2 ORDER BY 1, 2`);
  const kept = await t.db.execute<{ buyer_id: string; display_status: string; n: number }>(sql`
    SELECT buyer_id::text, display_status, quantity AS n FROM order_status_counts WHERE quantity <> 0 ORDER BY 1, 2`);
  expect(fresh.rows.length).toBeGreaterThan(0);
  expect(kept.rows).toEqual(fresh.rows);
  // The SQL display rule is the domain's.
  const rows = await t.db
    .select({
      status: tradeOrders.status,
      tradeType: tradeOrders.tradeType,
      payChannel: tradeOrders.payChannel,
      display: sql<string>`order_display_status(${tradeOrders.status}, ${tradeOrders.tradeType}, ${tradeOrders.payChannel})`,
    })
    .from(tradeOrders);
  for (const r of rows)
    expect(r.display).toBe(
      displayStatus({ status: r.status as OrderStatus, tradeType: r.tradeType, payChannel: r.payChannel }),
    );
}

const detail = (b: Browser, id: string, extra: Body = {}) =>
  b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id, ...extra });
async function detailOk(b: Browser, id: string) {
  const res = await detail(b, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const listPackage = (b: Browser, id: string) => b.post('/sapi/mall-order/web/order/listPackage', { id });
const cancelBeforePay = (b: Browser, id: string) =>
  b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { id });
const cancelAfterPay = (b: Browser, id: string) =>
  b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }]);
const signFor = (b: Browser, packageId: string) =>
  b.post('/sapi/mall-order/web/order/signForDelivery', { id: packageId });
const postpone = (b: Browser, id: string) => b.post('/api/trantor/flow/bbc_trade_BBCPostponeDeliveryFlow', [{ id }]);
const decide = (s: Browser, reverseId: string, approve: boolean) =>
  s.post(`/api/merchant/reverse/${reverseId}/decision`, { approve });
const reversesOf = (orderId: string) =>
  t.db
    .select()
    .from(reverseTradeOrders)
    .where(eq(reverseTradeOrders.orderId, BigInt(orderId)));

// ---------------------------------------------------------------- list, counts, filters

describe('order list and counts of a buyer with an order in every state', () => {
  let x: Buyer;
  const o: Record<string, string> = {};
  let twoShop: Placed;
  let points: Placed;

  beforeAll(async () => {
    x = await signup('lister');
    await grantPoints(t.db, { buyerId: x.id, delta: 2000, reason: 'WELCOME' });
    o.pending = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;

    const paid = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, paid.contractId);
    o.toShip = paid.orderIds[0]!;

    const processing = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, processing.contractId);
    o.processing = processing.orderIds[0]!;
    expect((await cancelAfterPay(x.b, o.processing)).statusCode).toBe(200);

    const shipped = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, shipped.contractId);
    o.shipped = shipped.orderIds[0]!;
    await shipAll(o.shipped);

    const done = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, done.contractId);
    o.complete = done.orderIds[0]!;
    const pkg = await shipAll(o.complete);
    expect((await signFor(x.b, pkg)).json()).toEqual({ orderId: o.complete, orderStatus: 'COMPLETE' });

    o.canceled = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    expect((await cancelBeforePay(x.b, o.canceled)).statusCode).toBe(200);

    o.closed = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    await t.db
      .update(tradeOrders)
      .set({ payDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tradeOrders.id, BigInt(o.closed)));
    await sweepTimedTransitions(t.db);

    const refunded = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, refunded.contractId);
    o.refunded = refunded.orderIds[0]!;
    const rev = await cancelAfterPay(x.b, o.refunded);
    expect((await decide(seller, rev.json().reverseTradeOrderId, true)).statusCode).toBe(200);

    twoShop = await place(x, [
      ['TRAY-STEEL', '1'],
      ['LAMP-BAR', '1'],
    ]);
    expect(twoShop.orderIds).toHaveLength(2);

    // Net terms: the buyer does not pay at checkout, so a PENDING_PAY order shows as to be shipped.
    o.netTerms = (await place(x, [['C7-GRY', '1']])).orderIds[0]!;
    await t.db
      .update(tradeOrders)
      .set({ tradeType: 'NET_B2B' })
      .where(eq(tradeOrders.id, BigInt(o.netTerms)));

    points = await placePoints(x);
  });

  it('every order has the display status of its state', async () => {
    const all = await listAll(x.b);
    const byId = new Map(all.data.map((d) => [d.id, d]));
    const expected: Record<string, string> = {
      pending: 'PENDING_PAY',
      toShip: 'UN_DELIVERY',
      processing: 'PROCESSING',
      shipped: 'UN_RECEIVED',
      complete: 'COMPLETE',
      canceled: 'CANCELED',
      closed: 'CLOSED',
      refunded: 'CANCEL_ALL',
      netTerms: 'UN_DELIVERY',
    };
    for (const [k, status] of Object.entries(expected)) expect(byId.get(o[k]!)?.displayStatus, k).toBe(status);
    // The net-terms order is stored as PENDING_PAY but offers no payment.
    expect(await statusOf(o.netTerms!)).toBe('PENDING_PAY');
    expect(byId.get(o.netTerms!).operationList).not.toContain('pay');
    expect(byId.get(o.pending!).operationList).toEqual(['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']);
    expect(byId.get(o.toShip!).operationList).toEqual(['buyerCancelAfterPay', 'viewInvoice']);
    expect(byId.get(o.processing!).operationList).toEqual([]);
    expect(byId.get(o.shipped!).operationList).toEqual([
      'confirm',
      'buyerPostponeConfirmDeadline',
      'checkExpressTrack',
      'viewInvoice',
      'buyerApplyReverse',
    ]);
    expect(byId.get(o.complete!).operationList).toEqual([
      'comment',
      'checkExpressTrack',
      'viewInvoice',
      'buyerApplyReverse',
      'buyAgain',
    ]);
    for (const k of ['canceled', 'closed', 'refunded']) expect(byId.get(o[k]!).operationList, k).toEqual(['buyAgain']);
    // Uppercase forms travel along.
    expect(byId.get(o.pending!).operationCodes).toEqual(['PAY', 'CANCEL', 'MERGE_PAY', 'MERGE_CANCEL']);
    expect(all.total).toBe(12);
  });

  it('counts per tab equal the list totals, and ALL_ORDER is the sum of the others', async () => {
    const counts = await expectCountsMatchList(x.b);
    expect(counts).toEqual({
      ALL_ORDER: 12,
      PENDING_PAY: 3, // pending, the two-shop pair
      UN_DELIVERY: 4, // paid, processing, net terms, the points order (nothing to pay)
      UN_RECEIVED: 1,
      COMPLETE: 1,
      CANCEL_ALL: 3, // canceled, closed, refunded
    });
  });

  it('the kept per-buyer counts equal a fresh count of the orders after pay, ship, sign, cancels, close, refund and net terms', async () => {
    await expectKeptCountsFresh();
  });

  it('each tab lists exactly its orders', async () => {
    const ids = async (tab: Tab) => (await listAll(x.b, { searchStatus: tab })).data.map((d) => d.id).sort();
    const sorted = (...a: string[]) => [...a].sort();
    expect(await ids('PENDING_PAY')).toEqual(sorted(o.pending!, ...twoShop.orderIds));
    expect(await ids('UN_DELIVERY')).toEqual(sorted(o.toShip!, o.processing!, o.netTerms!, ...points.orderIds));
    expect(await ids('UN_RECEIVED')).toEqual([o.shipped]);
    expect(await ids('COMPLETE')).toEqual([o.complete]);
    expect(await ids('CANCEL_ALL')).toEqual(sorted(o.canceled!, o.closed!, o.refunded!));
  });

  it('pages of 5, newest first (ties by id), page 2 holds orders 6 to 10', async () => {
    const rows = await t.db
      .select({ id: tradeOrders.id })
      .from(tradeOrders)
      .where(eq(tradeOrders.buyerId, x.id))
      .orderBy(sql`${tradeOrders.createdAt} DESC`, sql`${tradeOrders.id} DESC`);
    const newest = rows.map((r) => String(r.id));
    const page2 = await listOk(x.b, { pageNo: 2, pageSize: 5 });
    expect(page2).toMatchObject({ total: 12, pageNo: 2, pageSize: 5 });
    expect(page2.data.map((d) => d.id)).toEqual(newest.slice(5, 10));
    const page1 = await listOk(x.b, { pageNo: 1, pageSize: 5 });
    const page3 = await listOk(x.b, { pageNo: 3, pageSize: 5 });
    expect(page3.data.map((d) => d.id)).toEqual(newest.slice(10));
    const all = [...page1.data, ...page2.data, ...page3.data].map((d) => d.id);
    expect(new Set(all).size).toBe(12);
    // Newest first: the last order placed comes first, the first one last.
    expect(page1.data[0].id).toBe(points.orderIds[0]);
    expect(page3.data.at(-1).id).toBe(o.pending);
    // Ordered times never go up along the list.
    const times = [...page1.data, ...page2.data, ...page3.data].map((d) => Date.parse(d.timeline.orderedTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Default page size is 5, default page 1.
    const dflt = await listOk(x.b, {});
    expect(dflt).toMatchObject({ pageNo: 1, pageSize: 5, total: 12 });
    expect(dflt.data.map((d) => d.id)).toEqual(newest.slice(0, 5));
    // A page past the end is empty, the total stays.
    expect(await listOk(x.b, { pageNo: 4, pageSize: 5 })).toMatchObject({ data: [], total: 12 });
  });

  it('list entries show at most 3 lines, shop, amounts and counts', async () => {
    const page = await listAll(x.b, { searchStatus: 'PENDING_PAY' });
    const lamp = page.data.find((d) => d.id === twoShop.orderIds[1])!;
    const row = await orderRow(twoShop.orderIds[1]!);
    expect(lamp).toMatchObject({
      tradeOrderCode: row.tradeOrderCode,
      shop: { id: f.shop.nordic, siteName: 'Nordic Home' },
      buyer: { id: String(x.id) },
      needPayAmt: usd(row.needPayAmtMinor),
      paidAmt: usd(0n),
      skuTotalCount: 1,
      lineCount: 1,
      enterpriseUser: null,
      tradeType: 'NORMAL_SALE_B2C',
    });
    expect(lamp.payDeadlineMillis).toBe(row.payDeadline!.getTime());
    expect(lamp.tradeOrderLineList[0].sku.item.itemName).toBe('Monitor Light Bar with free desk mat');
  });

  it('keyword: an order number prefix, a full number, or part of an item name', async () => {
    const [a, b] = await Promise.all(twoShop.orderIds.map(orderRow));
    // Order numbers are per contract plus a shop index: the number without its last digit finds both orders of the checkout.
    const prefix = a!.tradeOrderCode.slice(0, -1);
    expect(b!.tradeOrderCode.startsWith(prefix)).toBe(true);
    const byPrefix = await listAll(x.b, { queryParams: { keyword: prefix } });
    expect(byPrefix.data.map((d) => d.id).sort()).toEqual([...twoShop.orderIds].sort());
    const exact = await listOk(x.b, { queryParams: { keyword: a!.tradeOrderCode } });
    expect(exact.data.map((d) => d.id)).toEqual([twoShop.orderIds[0]]);
    // Item names, any case, any part.
    const lamp = await listOk(x.b, { queryParams: { keyword: 'light BAR' } });
    expect(lamp.data.map((d) => d.id)).toEqual([twoShop.orderIds[1]]);
    // The tote was bought on the NL site: the order keeps its Dutch name as bought.
    const tote = await listOk(x.b, { queryParams: { keyword: 'canvas tas' } });
    expect(tote.data.map((d) => d.id)).toEqual(points.orderIds);
    // The middle of an order number is not a prefix.
    expect((await listOk(x.b, { queryParams: { keyword: a!.tradeOrderCode.slice(3) } })).total).toBe(0);
    // LIKE wildcards are plain characters.
    expect((await listOk(x.b, { queryParams: { keyword: '%' } })).total).toBe(0);
    expect((await listOk(x.b, { queryParams: { keyword: '_' } })).total).toBe(0);
    // Combined with a tab.
    expect(
      (await listOk(x.b, { queryParams: { keyword: 'cable tray' }, searchStatus: 'COMPLETE' })).data.map((d) => d.id),
    ).toEqual([o.complete]);
  });

  it('points filter: tradeType NORMAL_POINT_REDEEM lists only points orders, and counts follow', async () => {
    const res = await listAll(x.b, { tradeType: 'NORMAL_POINT_REDEEM' });
    expect(res.data.map((d) => d.id)).toEqual(points.orderIds);
    expect(res.data[0]).toMatchObject({
      tradeType: 'NORMAL_POINT_REDEEM',
      actualNeedPayPoints: 500,
      displayStatus: 'UN_DELIVERY',
      payChannel: 'POINTS',
      fulfillmentType: 'PICKUP',
    });
    // A points order that is paid (with points) can be cancelled after pay like any other.
    expect(res.data[0].operationList).toEqual(['buyerCancelAfterPay', 'viewInvoice']);
    const counts = await expectCountsMatchList(x.b, { tradeType: 'NORMAL_POINT_REDEEM' });
    expect(counts.ALL_ORDER).toBe(1);
    // Normal sales exclude it.
    const normal = await listAll(x.b, { tradeType: 'NORMAL_SALE_B2C' });
    expect(normal.data.map((d) => d.id)).not.toContain(points.orderIds[0]);
  });

  it('time spans: last 3 months, this year, last year, long ago', async () => {
    const now = new Date();
    const year = now.getUTCFullYear();
    const lastYear = new Date(Date.UTC(year - 1, 6, 1, 12));
    const longAgo = new Date(Date.UTC(year - 3, 2, 1, 12));
    const fourMonths = new Date(now.getTime() - 122 * DAY);
    await t.db
      .update(tradeOrders)
      .set({ createdAt: lastYear })
      .where(eq(tradeOrders.id, BigInt(o.complete!)));
    await t.db
      .update(tradeOrders)
      .set({ createdAt: longAgo })
      .where(eq(tradeOrders.id, BigInt(o.canceled!)));
    await t.db
      .update(tradeOrders)
      .set({ createdAt: fourMonths })
      .where(eq(tradeOrders.id, BigInt(o.closed!)));
    const moved = new Set([o.complete, o.canceled, o.closed]);
    const recent = (await listAll(x.b)).data.map((d) => d.id).filter((id) => !moved.has(id));
    expect(recent).toHaveLength(9);
    const ids = async (timeline: string) => (await listAll(x.b, { timeline })).data.map((d) => d.id).sort();
    const sorted = (a: (string | undefined)[]) => [...a].sort();
    const jan1 = Date.UTC(year, 0, 1);
    const fourMonthsThisYear = fourMonths.getTime() >= jan1;
    expect(await ids('LAST_3_MONTHS')).toEqual(sorted(recent));
    expect(await ids('THIS_YEAR')).toEqual(sorted(fourMonthsThisYear ? [...recent, o.closed] : recent));
    expect(await ids('LAST_YEAR')).toEqual(sorted(fourMonthsThisYear ? [o.complete] : [o.complete, o.closed]));
    expect(await ids('LONG_AGO')).toEqual([o.canceled]);
    // The list shows the moved order time; a time span combines with a tab.
    const old = await listOk(x.b, { timeline: 'LONG_AGO', searchStatus: 'CANCEL_ALL' });
    expect(old.data.map((d) => d.id)).toEqual([o.canceled]);
    expect(old.data[0].timeline.orderedTime).toBe(longAgo.toISOString());
    expect((await listOk(x.b, { timeline: 'LONG_AGO', searchStatus: 'COMPLETE' })).total).toBe(0);
    // Restore, so the rest of the file sees today's orders.
    await t.db
      .update(tradeOrders)
      .set({ createdAt: now })
      .where(
        inArray(
          tradeOrders.id,
          [...moved].map((id) => BigInt(id!)),
        ),
      );
  });

  it('rejects a bad filter with 400 and unknown fields', async () => {
    expectError(await list(x.b, { searchStatus: 'WHATEVER' }), 400, 'Common.invalidRequest');
    expectError(await list(x.b, { timeline: 'YESTERDAY' }), 400, 'Common.invalidRequest');
    expectError(await list(x.b, { pageSize: 0 }), 400, 'Common.invalidRequest');
    expectError(await list(x.b, { foo: 1 }), 400, 'Common.invalidRequest');
  });

  it('without a session there are no orders', async () => {
    const anon = browser(t.app);
    expect(await listOk(anon)).toMatchObject({ data: [], total: 0 });
    expect(await countsOk(anon)).toEqual({
      ALL_ORDER: 0,
      PENDING_PAY: 0,
      UN_DELIVERY: 0,
      UN_RECEIVED: 0,
      COMPLETE: 0,
      CANCEL_ALL: 0,
    });
    expectError(await detail(anon, o.pending!), 404, 'Trade.tradeOrderNotExist');
  });
});

// ---------------------------------------------------------------- detail

describe('order detail', () => {
  let x: Buyer;
  let placed: Placed;

  beforeAll(async () => {
    x = await signup('detail');
    placed = await place(
      x,
      [
        ['DIY-FRAME-E5', '1'],
        ['LAMP-BAR', '2'],
      ],
      {},
      { tradeOrderReqList: [{ shopId: f.shop.flexi, remark: 'Leave at the door' }] },
    );
  });

  it('DIY bundle: the frame with its oak top and cable tray nested, bill with the US tax rate', async () => {
    const d = await detailOk(x.b, placed.orderIds[0]!);
    const row = await orderRow(placed.orderIds[0]!);
    expect(d).toMatchObject({
      id: placed.orderIds[0],
      tradeOrderCode: row.tradeOrderCode,
      displayStatus: 'PENDING_PAY',
      operationList: ['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel'],
      shop: { id: f.shop.flexi, siteName: 'FlexiDesk Official' },
      remark: 'Leave at the door',
      notifyInfo: { notifyType: 'email', contactInfo: x.email },
      shippingTimeInfo: { shippingMethod: 'Standard delivery', shippingMethodCode: 'STANDARD' },
      invoice: { status: 'NOT_ISSUED', invoiceUrl: null },
      paymentInfo: { payChannel: null, records: [] },
      tradeContract: { id: placed.contractId, notFirstTime: false },
      postponeCount: 0,
      postponeLimit: POSTPONE_LIMIT,
      packageCount: 0,
      tradeOrderCommentStatus: 'NOT_EVALUATED',
      lineCount: 1,
    });
    expect(d.selectedAddress).toMatchObject({ city: 'San Francisco', postalCode: '94107', email: x.email });
    expect(d.bill).toEqual({
      skuAmt: usd(row.skuAmtMinor),
      shippingAmt: usd(row.shippingAmtMinor),
      orderDiscountAmt: usd(row.discountAmtMinor),
      pointDiscountAmount: usd(0n),
      taxAmt: usd(row.taxAmtMinor),
      taxRate: 0.0725,
      taxDisplay: 'EXCLUSIVE',
      needPayAmt: usd(row.needPayAmtMinor),
      paidAmt: usd(0n),
      actualPaidPoints: 0,
    });
    // US tax is added on top: sku + shipping + tax - discount = to pay.
    expect(row.needPayAmtMinor).toBe(row.skuAmtMinor + row.shippingAmtMinor + row.taxAmtMinor - row.discountAmtMinor);
    expect(row.taxAmtMinor).toBeGreaterThan(0n);

    expect(d.tradeOrderLineList).toHaveLength(1);
    const frame = d.tradeOrderLineList[0];
    expect(frame).toMatchObject({
      lineGroupTypeDict: 'DIY_MAIN',
      tradeQty: '1',
      deliveredQty: '0',
      canCancelQty: '0',
      canReverseQty: '0',
      reverseStatus: 'NOT_REQUESTED',
      sku: {
        id: f.sku['DIY-FRAME-E5'],
        name: 'E5 frame',
        item: { itemName: 'DIY Desk Bundle (frame + oak top + cable tray)', urlKey: 'diy-desk-bundle' },
      },
      giftLineList: [],
    });
    expect(
      frame.diySkuLineList.map((c: any) => [c.sku.item.itemName, c.lineGroupTypeDict, c.itemBusinessType, c.tradeQty]),
    ).toEqual([
      ['Desktop Board Oak 140', 'DIY_CHILD', 'DIY_SLAVE', '1'],
      ['Under-desk Cable Tray', 'DIY_CHILD', 'DIY_SLAVE', '1'],
    ]);
    expect(frame.diySkuLineList.map((c: any) => c.sku.id)).toEqual([f.sku['TOP-OAK-140'], f.sku['TRAY-STEEL']]);
  });

  it('gift: the free desk mat nested under each lamp line, free of charge', async () => {
    const d = await detailOk(x.b, placed.orderIds[1]!);
    expect(d.shop).toEqual({ id: f.shop.nordic, siteName: 'Nordic Home' });
    expect(d.remark).toBeNull();
    expect(d.skuTotalCount).toBe(2);
    expect(d.tradeOrderLineList).toHaveLength(1);
    const lamp = d.tradeOrderLineList[0];
    expect(lamp).toMatchObject({
      lineGroupTypeDict: 'NORMAL',
      tradeQty: '2',
      sku: { id: f.sku['LAMP-BAR'] },
      diySkuLineList: [],
    });
    expect(lamp.giftLineList).toHaveLength(1);
    expect(lamp.giftLineList[0]).toMatchObject({
      lineGroupTypeDict: 'GIFT_CHILD',
      itemBusinessType: 'GIFT',
      tradeQty: '2',
      sku: { id: f.sku['GIFT-MAT'], item: { itemName: 'Felt Desk Mat (gift)' } },
      tradeOrderLinePrice: { skuAmt: usd(0n), needPaySkuAmt: usd(0n) },
    });
    expect(d.bill.taxRate).toBe(0.0725);
  });

  it('after payment: paid amounts, payment record, cancel after pay offered', async () => {
    await pay(x.b, placed.contractId);
    const d = await detailOk(x.b, placed.orderIds[0]!);
    const row = await orderRow(placed.orderIds[0]!);
    expect(d).toMatchObject({
      displayStatus: 'UN_DELIVERY',
      operationList: ['buyerCancelAfterPay', 'viewInvoice'],
      payChannel: 'MOCKPAY',
      paidAmt: usd(row.needPayAmtMinor),
      payDeadlineMillis: null,
    });
    expect(d.bill.paidAmt).toEqual(usd(row.needPayAmtMinor));
    expect(d.paymentInfo.records).toEqual([
      expect.objectContaining({ recordStatus: 'PAY_SUCCESS', payChannel: 'MOCKPAY' }),
    ]);
    expect(d.tradeOrderLineList[0]).toMatchObject({ canCancelQty: '1', canReverseQty: '0' });
    expect(Date.parse(d.timeline.paidTime)).toBeGreaterThan(0);
  });

  it('points deduction over two shops: each bill adds up, and the shares add up to the points used', async () => {
    const y = await signup('splitter');
    await grantPoints(t.db, { buyerId: y.id, delta: 2000, reason: 'WELCOME' });
    const split = await place(
      y,
      [
        ['TRAY-STEEL', '1'],
        ['COF-ARABICA', '1.5'],
        ['LAMP-BAR', '1'],
      ],
      { enablePointDeduction: true },
    );
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(split.contractId)));
    expect(c!.pointsDiscountMinor).toBeGreaterThan(0n);
    let shares = 0n;
    for (const id of split.orderIds) {
      const { bill } = await detailOk(y.b, id);
      const minor = (m: { value: string }) => BigInt(Math.round(Number(m.value) * 100));
      // What the buyer reads on the bill must give what it pays (US: tax on top).
      expect(
        minor(bill.skuAmt) +
          minor(bill.shippingAmt) +
          minor(bill.taxAmt) -
          minor(bill.orderDiscountAmt) -
          minor(bill.pointDiscountAmount),
        id,
      ).toBe(minor(bill.needPayAmt));
      shares += minor(bill.pointDiscountAmount);
    }
    expect(shares).toBe(c!.pointsDiscountMinor);
  });

  it('outTradeOrderCode must match the order', async () => {
    const row = await orderRow(placed.orderIds[0]!);
    expect((await detail(x.b, placed.orderIds[0]!, { outTradeOrderCode: row.tradeOrderCode })).statusCode).toBe(200);
    expectError(await detail(x.b, placed.orderIds[0]!, { outTradeOrderCode: 'NOPE' }), 404, 'Trade.tradeOrderNotExist');
  });

  it('an unknown order is 404 Trade.tradeOrderNotExist; a malformed id is 400', async () => {
    expectError(await detail(x.b, '999999999'), 404, 'Trade.tradeOrderNotExist');
    expectError(await detail(x.b, 'abc'), 400, 'Common.invalidRequest');
  });
});

// ---------------------------------------------------------------- another buyer's orders

describe("another buyer's orders are invisible and untouchable", () => {
  let owner: Buyer;
  let stranger: Buyer;
  let pending: string;
  let paid: string;
  let shipped: string;
  let pkg: string;

  beforeAll(async () => {
    owner = await signup('owner');
    stranger = await signup('stranger');
    pending = (await place(owner, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const p = await place(owner, [['TRAY-STEEL', '1']]);
    await pay(owner.b, p.contractId);
    paid = p.orderIds[0]!;
    const s = await place(owner, [['TRAY-STEEL', '1']]);
    await pay(owner.b, s.contractId);
    shipped = s.orderIds[0]!;
    pkg = await shipAll(shipped);
  });

  it('detail, listPackage, cancel, cancel after pay, sign and postpone all answer 404; nothing changes', async () => {
    const before = await Promise.all([pending, paid, shipped].map(orderRow));
    const trayStock = await stockOf(t.db, f.sku['TRAY-STEEL']);

    for (const id of [pending, paid, shipped])
      expectError(await detail(stranger.b, id), 404, 'Trade.tradeOrderNotExist');
    expectError(await listPackage(stranger.b, shipped), 404, 'Trade.tradeOrderNotExist');
    expectError(await cancelBeforePay(stranger.b, pending), 404, 'Trade.tradeOrderNotExist');
    expectError(await cancelAfterPay(stranger.b, paid), 404, 'Trade.tradeOrderNotExist');
    expectError(await signFor(stranger.b, pkg), 404, 'Trade.packageNotExist');
    expectError(await postpone(stranger.b, shipped), 404, 'Trade.tradeOrderNotExist');

    const after = await Promise.all([pending, paid, shipped].map(orderRow));
    expect(after.map((r) => [r.status, r.postponeCount, r.receiptDeadline?.getTime() ?? null])).toEqual(
      before.map((r) => [r.status, r.postponeCount, r.receiptDeadline?.getTime() ?? null]),
    );
    expect(after.map((r) => r.status)).toEqual(['PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED']);
    const [p] = await t.db
      .select()
      .from(shipmentPackages)
      .where(eq(shipmentPackages.id, BigInt(pkg)));
    expect(p).toMatchObject({ status: 'SEND_DELIVERY', signedBy: null, signedAt: null });
    expect(await reversesOf(paid)).toEqual([]);
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(trayStock);

    // The owner still sees everything as before.
    expect((await detailOk(owner.b, pending)).displayStatus).toBe('PENDING_PAY');
    expect((await listPackage(owner.b, shipped)).json().shipments).toHaveLength(1);
  });

  it("the stranger's list and counts do not include them", async () => {
    expect(await listOk(stranger.b)).toMatchObject({ data: [], total: 0 });
    expect((await countsOk(stranger.b)).ALL_ORDER).toBe(0);
    expect(
      (await listOk(stranger.b, { queryParams: { keyword: (await orderRow(pending)).tradeOrderCode } })).total,
    ).toBe(0);
  });

  it('a demo buyer cannot reach them either', async () => {
    const demo = await login(t.app, 'buyer@demo.shop');
    expectError(await detail(demo, pending), 404, 'Trade.tradeOrderNotExist');
    expectError(await signFor(demo, pkg), 404, 'Trade.packageNotExist');
    expect(await statusOf(shipped)).toBe('UN_RECEIVED');
  });
});

// ---------------------------------------------------------------- cancel before pay

describe('cancel before pay', () => {
  let x: Buyer;
  let couponId: string;

  beforeAll(async () => {
    x = await signup('canceler');
    await grantPoints(t.db, { buyerId: x.id, delta: 2000, reason: 'WELCOME' });
    const [campaign] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.name, 'FlexiDesk $20 off'));
    couponId = String(
      (await t.db.insert(ownerCoupons).values({ campaignId: campaign!.id, buyerId: x.id }).returning())[0]!.id,
    );
  });

  it('closes every order of the checkout at once and returns stock (gifts too), the coupon and the points', async () => {
    const watched = [f.sku['E7-BLK-140'], f.sku['LAMP-BAR'], f.sku['GIFT-MAT']];
    const stockBefore = await Promise.all(watched.map((id) => stockOf(t.db, id)));
    const pointsBefore = await pointsOf(t.db, x.id);

    const placed = await place(
      x,
      [
        ['E7-BLK-140', '1'],
        ['LAMP-BAR', '1'],
      ],
      { couponIds: [couponId], enablePointDeduction: true },
    );
    // Taken at submit.
    expect(await Promise.all(watched.map((id) => stockOf(t.db, id)))).toEqual(
      stockBefore.map((s) => String(Number(s) - 1)),
    );
    const [coupon] = await t.db
      .select()
      .from(ownerCoupons)
      .where(eq(ownerCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'USED', tradeContractId: BigInt(placed.contractId) });
    const spent = pointsBefore - (await pointsOf(t.db, x.id));
    expect(spent).toBeGreaterThan(0);

    const res = await cancelBeforePay(x.b, placed.orderIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().closedOrderIds.sort()).toEqual([...placed.orderIds].sort());

    for (const id of placed.orderIds) {
      const row = await orderRow(id);
      expect(row.status).toBe('CANCELED');
      expect(row.closedAt).toBeInstanceOf(Date);
      const d = await detailOk(x.b, id);
      expect(d).toMatchObject({ displayStatus: 'CANCELED', operationList: ['buyAgain'], payDeadlineMillis: null });
    }
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(placed.contractId)));
    expect(c!.status).toBe('CLOSED');
    expect(await Promise.all(watched.map((id) => stockOf(t.db, id)))).toEqual(stockBefore);
    const [back] = await t.db
      .select()
      .from(ownerCoupons)
      .where(eq(ownerCoupons.id, BigInt(couponId)));
    expect(back).toMatchObject({ status: 'NOT_USED', usedAt: null, tradeContractId: null });
    expect(await pointsOf(t.db, x.id)).toBe(pointsBefore);
    const ledger = await t.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.tradeContractId, BigInt(placed.contractId)))
      .orderBy(asc(pointLedger.id));
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([
      [-spent, 'ORDER'],
      [spent, 'ORDER_CLOSED'],
    ]);

    // The coupon can be used again.
    const again = await place(x, [['E7-BLK-140', '1']], { couponIds: [couponId] });
    expect(
      (
        await t.db
          .select()
          .from(ownerCoupons)
          .where(eq(ownerCoupons.id, BigInt(couponId)))
      )[0]!.tradeContractId,
    ).toBe(BigInt(again.contractId));
    expect((await cancelBeforePay(x.b, again.orderIds[0]!)).statusCode).toBe(200);
  });

  it('a promotion code used by the cancelled checkout is given back (its use is released)', async () => {
    const [welcome] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.code, 'WELCOME10'));
    const before = welcome!.usedCount;
    // One use left: a use kept by a cancelled order would lock everybody out of the code.
    await t.db
      .update(couponCampaigns)
      .set({ totalUses: before + 1 })
      .where(eq(couponCampaigns.id, welcome!.id));
    try {
      const placed = await place(x, [['E7-BLK-140', '1']], { promotionCodeList: ['WELCOME10'] });
      expect((await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, welcome!.id)))[0]!.usedCount).toBe(
        before + 1,
      );
      expect((await cancelBeforePay(x.b, placed.orderIds[0]!)).statusCode).toBe(200);
      expect((await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, welcome!.id)))[0]!.usedCount).toBe(
        before,
      );
      // And the code works again.
      const again = await place(x, [['E7-BLK-140', '1']], { promotionCodeList: ['WELCOME10'] });
      expect((await cancelBeforePay(x.b, again.orderIds[0]!)).statusCode).toBe(200);
    } finally {
      await t.db
        .update(couponCampaigns)
        .set({ totalUses: welcome!.totalUses, usedCount: before })
        .where(eq(couponCampaigns.id, welcome!.id));
    }
  });

  it('a second cancel is refused and returns nothing twice', async () => {
    const placed = await place(x, [['TRAY-STEEL', '3']]);
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);
    expect((await cancelBeforePay(x.b, placed.orderIds[0]!)).statusCode).toBe(200);
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 3));
    expectError(await cancelBeforePay(x.b, placed.orderIds[0]!), 409, 'Trade.operationNotAllowed');
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 3));
  });

  it('two cancels at the same time: one succeeds, stock comes back once', async () => {
    const placed = await place(x, [['TRAY-STEEL', '2']]);
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);
    const results = await Promise.all([
      cancelBeforePay(x.b, placed.orderIds[0]!),
      cancelBeforePay(x.b, placed.orderIds[0]!),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 2));
    expect(await statusOf(placed.orderIds[0]!)).toBe('CANCELED');
  });

  it('a paid order cannot be cancelled before pay: 409 Trade.operationNotAllowed, nothing changes', async () => {
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, placed.contractId);
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);
    expectError(await cancelBeforePay(x.b, placed.orderIds[0]!), 409, 'Trade.operationNotAllowed');
    expect(await statusOf(placed.orderIds[0]!)).toBe('UN_DELIVERY');
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(before);
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(placed.contractId)));
    expect(c!.status).toBe('PAID');
  });
});

// ---------------------------------------------------------------- cancel after pay

describe('cancel after pay and the seller decision', () => {
  let x: Buyer;
  const paidOrder = async () => {
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, placed.contractId);
    return placed.orderIds[0]!;
  };

  beforeAll(async () => {
    x = await signup('refunder');
  });

  it('sent twice in a row: one reverse order, the same answer, the order is PROCESSING', async () => {
    const id = await paidOrder();
    const first = await cancelAfterPay(x.b, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      reverseTradeOrderId: expect.stringMatching(/^\d+$/),
      reverseTradeOrderStatus: 'WAITING_FOR_AUDIT_BY_SELLER',
    });
    const second = await cancelAfterPay(x.b, id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await reversesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'SALE_CANCEL_AFTER_PAID',
      status: 'WAITING_FOR_AUDIT_BY_SELLER',
      buyerId: x.id,
      applyRefundAmtMinor: (await orderRow(id)).paidAmtMinor,
    });
    expect(await statusOf(id)).toBe('PROCESSING');
    const d = await detailOk(x.b, id);
    expect(d).toMatchObject({ displayStatus: 'PROCESSING', operationList: [] });
    expect(d.tradeOrderLineList[0].reverseStatus).toBe('PROCESSING');
    // Listed under "to be shipped".
    expect((await listAll(x.b, { searchStatus: 'UN_DELIVERY' })).data.map((o) => o.id)).toContain(id);
  });

  it('sent concurrently: exactly one reverse order, both answers name it', async () => {
    const id = await paidOrder();
    const results = await Promise.all([cancelAfterPay(x.b, id), cancelAfterPay(x.b, id), cancelAfterPay(x.b, id)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.json().reverseTradeOrderId)).size).toBe(1);
    const [n] = await t.db
      .select({ n: count() })
      .from(reverseTradeOrders)
      .where(eq(reverseTradeOrders.orderId, BigInt(id)));
    expect(n!.n).toBe(1);
    expect(await statusOf(id)).toBe('PROCESSING');
  });

  it('an unpaid or shipped order cannot be cancelled after pay', async () => {
    const unpaid = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    expectError(await cancelAfterPay(x.b, unpaid), 409, 'Trade.operationNotAllowed');
    expect(await statusOf(unpaid)).toBe('PENDING_PAY');
    const shipped = await paidOrder();
    await shipAll(shipped);
    expectError(await cancelAfterPay(x.b, shipped), 409, 'Trade.operationNotAllowed');
    expect(await statusOf(shipped)).toBe('UN_RECEIVED');
    expect(await reversesOf(unpaid)).toEqual([]);
    expect(await reversesOf(shipped)).toEqual([]);
  });

  it('seller approves: CANCEL_ALL, refunded, stock back; a second decision is refused', async () => {
    const id = await paidOrder();
    const rev = (await cancelAfterPay(x.b, id)).json().reverseTradeOrderId as string;
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);
    // Not the other shop's seller, not a buyer.
    expectError(await decide(seller2, rev, true), 404, 'AfterSales.reverseNotExist');
    expectError(await decide(x.b, rev, true), 403, 'Merchant.notSeller');
    expect(await statusOf(id)).toBe('PROCESSING');

    const res = await decide(seller, rev, true);
    expect(res.statusCode, res.body).toBe(200);
    // The refund is carried out by the refund job after the decision commits.
    expect(res.json()).toEqual({ orderStatus: 'REFUNDING', reverseTradeOrderStatus: 'REFUND_PENDING' });
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 1));
    const [r] = await reversesOf(id);
    const paidMinor = (await orderRow(id)).paidAmtMinor;
    expect(r).toMatchObject({ status: 'REFUND_DONE', applyRefundAmtMinor: paidMinor, actualRefundAmtMinor: paidMinor });
    // The card payment is refunded at the provider.
    const [record] = await t.db
      .select()
      .from(paymentRecords)
      .where(
        and(eq(paymentRecords.contractId, (await orderRow(id)).contractId), eq(paymentRecords.status, 'PAY_SUCCESS')),
      );
    const [provider] = await t.db
      .select()
      .from(mockpayPayments)
      .where(eq(mockpayPayments.id, record!.providerPaymentId!));
    expect(provider!.refundedMinor).toBe(paidMinor);
    const d = await detailOk(x.b, id);
    expect(d).toMatchObject({ displayStatus: 'CANCEL_ALL', operationList: ['buyAgain'] });
    expect(d.tradeOrderLineList[0].reverseStatus).toBe('DONE');

    expectError(await decide(seller, rev, false), 409, 'AfterSales.statusChanged');
    expect(await statusOf(id)).toBe('CANCEL_ALL');
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 1));
    // A late repeat of the cancel names the same (refunded) request and opens no new one.
    const repeat = await cancelAfterPay(x.b, id);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toMatchObject({ reverseTradeOrderId: rev, reverseTradeOrderStatus: 'REFUND_DONE' });
    expect(await reversesOf(id)).toHaveLength(1);
    expect(await statusOf(id)).toBe('CANCEL_ALL');
  });

  it('a points-only order refunded in full gives the 500 points back', async () => {
    const y = await signup('redeemer');
    await grantPoints(t.db, { buyerId: y.id, delta: 2000, reason: 'WELCOME' });
    const stock = await stockOf(t.db, f.sku['PTS-TOTE']);
    const placed = await placePoints(y);
    const id = placed.orderIds[0]!;
    expect(await pointsOf(t.db, y.id)).toBe(1500);
    const rev = await cancelAfterPay(y.b, id);
    expect(rev.statusCode, rev.body).toBe(200);
    const res = await decide(seller2, rev.json().reverseTradeOrderId, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toBe('CANCEL_ALL');
    expect(await stockOf(t.db, f.sku['PTS-TOTE'])).toBe(stock);
    // The order was paid with points only: refunding it in full means the points come back.
    expect(await pointsOf(t.db, y.id)).toBe(2000);
  });

  it('points used as a discount on a refunded order come back', async () => {
    const y = await signup('deducter');
    await grantPoints(t.db, { buyerId: y.id, delta: 2000, reason: 'WELCOME' });
    const placed = await place(y, [['E7-BLK-140', '1']], { enablePointDeduction: true });
    await pay(y.b, placed.contractId);
    const id = placed.orderIds[0]!;
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(placed.contractId)));
    expect(c!.usedPoints).toBeGreaterThan(0);
    const rev = await cancelAfterPay(y.b, id);
    expect((await decide(seller, rev.json().reverseTradeOrderId, true)).statusCode).toBe(200);
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    // What the buyer spent on this contract (everything but what it earned) is back.
    const spent = await t.db
      .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
      .from(pointLedger)
      .where(
        and(
          eq(pointLedger.tradeContractId, BigInt(placed.contractId)),
          sql`${pointLedger.reason} NOT IN ('EARN', 'EARN_REVERSED')`,
        ),
      );
    expect(spent[0]!.n).toBe(0);
    // And the points the payment earned are taken back.
    const earned = await t.db
      .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
      .from(pointLedger)
      .where(
        and(
          eq(pointLedger.tradeContractId, BigInt(placed.contractId)),
          sql`${pointLedger.reason} IN ('EARN', 'EARN_REVERSED')`,
        ),
      );
    expect(earned[0]!.n).toBe(0);
  });

  it('seller rejects: back to UN_DELIVERY, stock stays taken, the buyer may ask again', async () => {
    const id = await paidOrder();
    const rev = (await cancelAfterPay(x.b, id)).json().reverseTradeOrderId as string;
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);
    const res = await decide(seller, rev, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderStatus: 'UN_DELIVERY', reverseTradeOrderStatus: 'REVERSE_CLOSE' });
    expect(await statusOf(id)).toBe('UN_DELIVERY');
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(before);
    expect((await reversesOf(id))[0]!.status).toBe('REVERSE_CLOSE');
    const d = await detailOk(x.b, id);
    expect(d).toMatchObject({ displayStatus: 'UN_DELIVERY', operationList: ['buyerCancelAfterPay', 'viewInvoice'] });
    expect(d.tradeOrderLineList[0]).toMatchObject({ reverseStatus: 'NOT_REQUESTED', canCancelQty: '1' });
    // Asking again opens a new request.
    const again = await cancelAfterPay(x.b, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reverseTradeOrderId).not.toBe(rev);
    expect(await statusOf(id)).toBe('PROCESSING');
  });
});

// ---------------------------------------------------------------- enterprise

describe('enterprise visibility', () => {
  let main: Browser;
  let sub1: Browser;
  let sibling: Browser;
  let ids: { main: bigint; sub1: bigint; sibling: bigint; buyer: bigint };
  let mainOrder: string;
  let subOrder: string;
  let subMasterOrder: string;
  let subMasterContract: string;
  let siblingOrder: string;

  beforeAll(async () => {
    const u = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
    const [m, s1, b] = await Promise.all([u('main@demo.shop'), u('sub1@demo.shop'), u('buyer@demo.shop')]);
    // A second approved sub-account of the same enterprise.
    const [sib] = await t.db
      .insert(users)
      .values({
        email: 'sibling@demo.shop',
        nickname: 'Acme Sibling',
        passwordHash: s1.passwordHash,
        userType: 'REGISTERED',
        enterpriseId: s1.enterpriseId,
        isEnterpriseMain: false,
        enterpriseStatus: 'ENABLED',
        orderAmtMinor: 100_000n,
        creditAmtMinor: 100_000n,
        remainingAmtMinor: 100_000n,
      })
      .returning();
    ids = { main: m.id, sub1: s1.id, sibling: sib!.id, buyer: b.id };
    main = await login(t.app, 'main@demo.shop');
    sub1 = await login(t.app, 'sub1@demo.shop');
    sibling = await login(t.app, 'sibling@demo.shop');
    mainOrder = (await place({ b: main, email: 'main@demo.shop' }, [['TRAY-STEEL', '1']])).orderIds[0]!;
    subOrder = (await place({ b: sub1, email: 'sub1@demo.shop' }, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const master = await place({ b: sub1, email: 'sub1@demo.shop' }, [['LAMP-BAR', '1']]);
    subMasterContract = master.contractId;
    subMasterOrder = master.orderIds[0]!;
    const submitted = await sub1.post('/api/payments/submit-to-master', { contractId: subMasterContract });
    expect(submitted.statusCode, submitted.body).toBe(200);
    siblingOrder = (await place({ b: sibling, email: 'sibling@demo.shop' }, [['TRAY-STEEL', '1']])).orderIds[0]!;
  });

  const dbOrdersOf = async (buyerIds: bigint[]) =>
    (await t.db.select({ id: tradeOrders.id }).from(tradeOrders).where(inArray(tradeOrders.buyerId, buyerIds)))
      .map((r) => String(r.id))
      .sort();

  it("the main account sees its own and its sub-accounts' orders, sub-account ones named", async () => {
    const all = await listAll(main);
    const got = all.data.map((d) => d.id).sort();
    expect(got).toEqual(await dbOrdersOf([ids.main, ids.sub1, ids.sibling]));
    for (const id of [mainOrder, subOrder, subMasterOrder, siblingOrder]) expect(got).toContain(id);
    const byId = new Map(all.data.map((d) => [d.id, d]));
    expect(byId.get(subOrder).enterpriseUser).toEqual({ id: String(ids.sub1), username: 'Acme Purchasing' });
    expect(byId.get(siblingOrder).enterpriseUser).toEqual({ id: String(ids.sibling), username: 'Acme Sibling' });
    expect(byId.get(mainOrder).enterpriseUser).toBeNull();
    // Not its buyer: no pay or cancel on a sub-account order that was not handed over.
    expect(byId.get(subOrder).operationList).toEqual([]);
    expect(byId.get(mainOrder).operationList).toEqual(['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']);
    await expectCountsMatchList(main);
  });

  it('the main account opens a sub-account order, but cannot cancel it', async () => {
    const d = await detailOk(main, subOrder);
    expect(d).toMatchObject({
      id: subOrder,
      buyer: { id: String(ids.sub1) },
      enterpriseUser: { id: String(ids.sub1), username: 'Acme Purchasing' },
      operationList: [],
    });
    expect((await listPackage(main, subOrder)).statusCode).toBe(200);
    expectError(await cancelBeforePay(main, subOrder), 404, 'Trade.tradeOrderNotExist');
    expect(await statusOf(subOrder)).toBe('PENDING_PAY');
  });

  it('enterpriseUserIds narrows: own id only, one sub-account only, a foreign id gives nothing', async () => {
    const own = await listAll(main, { enterpriseUserIds: [String(ids.main)] });
    expect(own.data.map((d) => d.id).sort()).toEqual(await dbOrdersOf([ids.main]));
    expect(own.data.every((d) => d.buyer.id === String(ids.main) && d.enterpriseUser === null)).toBe(true);

    const sub = await listAll(main, { enterpriseUserIds: [String(ids.sub1)] });
    expect(sub.data.map((d) => d.id).sort()).toEqual(await dbOrdersOf([ids.sub1]));
    expect(sub.data.every((d) => d.enterpriseUser?.username === 'Acme Purchasing')).toBe(true);

    const both = await listAll(main, { enterpriseUserIds: [String(ids.sub1), String(ids.sibling)] });
    expect(both.data.map((d) => d.id).sort()).toEqual(await dbOrdersOf([ids.sub1, ids.sibling]));

    // Someone outside the enterprise: ignored, so nothing is listed.
    expect(await listOk(main, { enterpriseUserIds: [String(ids.buyer)] })).toMatchObject({ data: [], total: 0 });
    expect((await countsOk(main, { enterpriseUserIds: [String(ids.buyer)] })).ALL_ORDER).toBe(0);
    // A foreign id next to a real one only keeps the real one.
    const mixed = await listAll(main, { enterpriseUserIds: [String(ids.buyer), String(ids.sibling)] });
    expect(mixed.data.map((d) => d.id).sort()).toEqual(await dbOrdersOf([ids.sibling]));

    await expectCountsMatchList(main, { enterpriseUserIds: [String(ids.sub1)] });
    // A plain buyer naming a sub-account sees nothing of it.
    const demo = await login(t.app, 'buyer@demo.shop');
    expect((await listOk(demo, { enterpriseUserIds: [String(ids.sub1)] })).total).toBe(0);
  });

  it('isMainPay: only sub-account orders waiting for the main account, which may pay them', async () => {
    const res = await listAll(main, { isMainPay: true });
    expect(res.data.map((d) => d.id)).toContain(subMasterOrder);
    expect(res.data.map((d) => d.id)).not.toContain(subOrder);
    expect(res.data.map((d) => d.id)).not.toContain(mainOrder);
    expect(res.data.every((d) => d.masterPending === true)).toBe(true);
    const pendingContracts = await t.db
      .select({ id: tradeOrders.id })
      .from(tradeOrders)
      .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
      .where(
        and(
          inArray(tradeOrders.buyerId, [ids.main, ids.sub1, ids.sibling]),
          eq(tradeContracts.masterStatus, 'PENDING'),
        ),
      );
    expect(res.data.map((d) => d.id).sort()).toEqual(pendingContracts.map((r) => String(r.id)).sort());
    const entry = res.data.find((d) => d.id === subMasterOrder);
    expect(entry).toMatchObject({
      displayStatus: 'PENDING_PAY',
      operationList: ['pay'],
      enterpriseUser: { username: 'Acme Purchasing' },
    });
    await expectCountsMatchList(main, { isMainPay: true });
    // The sub-account sees its handed-over order without a pay button.
    expect((await detailOk(sub1, subMasterOrder)).operationList).toEqual(['buyerCancelBeforePay']);
  });

  it("a sub-account sees neither the main account's orders nor a sibling's", async () => {
    expectError(await detail(sub1, mainOrder), 404, 'Trade.tradeOrderNotExist');
    expectError(await detail(sub1, siblingOrder), 404, 'Trade.tradeOrderNotExist');
    expectError(await detail(sibling, subOrder), 404, 'Trade.tradeOrderNotExist');
    expectError(await listPackage(sibling, subOrder), 404, 'Trade.tradeOrderNotExist');
    expectError(await cancelBeforePay(sibling, subOrder), 404, 'Trade.tradeOrderNotExist');
    expect(await statusOf(subOrder)).toBe('PENDING_PAY');
    const own = await listAll(sub1);
    expect(own.data.map((d) => d.id).sort()).toEqual(await dbOrdersOf([ids.sub1]));
    expect(own.data.every((d) => d.enterpriseUser === null)).toBe(true);
    // Asking for other accounts' ids widens nothing.
    expect((await listOk(sub1, { enterpriseUserIds: [String(ids.main), String(ids.sibling)] })).total).toBe(0);
    expect((await listAll(sibling)).data.map((d) => d.id)).toEqual([siblingOrder]);
  });

  it('a sub-account pending approval is hidden from the main account', async () => {
    await t.db.update(users).set({ enterpriseStatus: 'PENDING_APPROVAL' }).where(eq(users.id, ids.sibling));
    try {
      expectError(await detail(main, siblingOrder), 404, 'Trade.tradeOrderNotExist');
      expect((await listAll(main)).data.map((d) => d.id)).not.toContain(siblingOrder);
      expect(await listOk(main, { enterpriseUserIds: [String(ids.sibling)] })).toMatchObject({ total: 0 });
    } finally {
      await t.db.update(users).set({ enterpriseStatus: 'ENABLED' }).where(eq(users.id, ids.sibling));
    }
  });
});

// ---------------------------------------------------------------- guest lookup

describe('guest lookup', () => {
  let code: string;
  let orderId: string;
  let g: Browser;

  beforeAll(async () => {
    g = browser(t.app);
    const placed = await place({ b: g, email: 'gina@example.com' }, [['TRAY-STEEL', '1']]);
    orderId = placed.orderIds[0]!;
    code = (await orderRow(orderId)).tradeOrderCode;
  });
  const lookup = (body: Body) => browser(t.app).post('/sapi/mall-order/web/order/guestLookup', body);

  it('needs the email given at checkout: wrong email 404, right email (any case) 200', async () => {
    expectError(await lookup({ tradeOrderCode: code, email: 'someone@example.com' }), 404, 'Trade.tradeOrderNotExist');
    const res = await lookup({ tradeOrderCode: code, email: ' GINA@example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({
      id: orderId,
      tradeOrderCode: code,
      displayStatus: 'PENDING_PAY',
      operationList: [],
    });
    expect(body.order.tradeOrderLineList[0].sku.item.itemName).toBe('Under-desk Cable Tray');
    expect(body.shipments).toEqual([]);
  });

  it("the guest's own session lists and opens its order", async () => {
    expect((await listOk(g)).data.map((d) => d.id)).toEqual([orderId]);
    expect(await detailOk(g, orderId)).toMatchObject({
      id: orderId,
      operationList: ['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel'],
    });
    // Another anonymous visitor does not.
    expectError(await detail(browser(t.app), orderId), 404, 'Trade.tradeOrderNotExist');
  });

  it('an unknown number is 404 even with an email that has orders', async () => {
    expectError(
      await lookup({ tradeOrderCode: `${code}9`, email: 'gina@example.com' }),
      404,
      'Trade.tradeOrderNotExist',
    );
  });

  it('the order number alone is impossible: 400 by schema', async () => {
    expectError(await lookup({ tradeOrderCode: code }), 400, 'Common.invalidRequest');
    expectError(await lookup({ tradeOrderCode: code, email: '' }), 400, 'Common.invalidRequest');
    expectError(await lookup({ tradeOrderCode: code, email: 'not-an-email' }), 400, 'Common.invalidRequest');
  });
});

// ---------------------------------------------------------------- timed transitions and postpone

describe('sweepTimedTransitions', () => {
  let x: Buyer;
  beforeAll(async () => {
    x = await signup('sweeper');
  });

  it('an unpaid order past its pay deadline closes with its stock back; others stay', async () => {
    const late = await place(x, [['TRAY-STEEL', '2']]);
    const onTime = await place(x, [['TRAY-STEEL', '1']]);
    const netTerms = await place(x, [['TRAY-STEEL', '1']]);
    const past = new Date(Date.now() - 60_000);
    await t.db
      .update(tradeOrders)
      .set({ payDeadline: past })
      .where(inArray(tradeOrders.id, [BigInt(late.orderIds[0]!), BigInt(netTerms.orderIds[0]!)]));
    await t.db
      .update(tradeOrders)
      .set({ tradeType: 'NET_B2B' })
      .where(eq(tradeOrders.id, BigInt(netTerms.orderIds[0]!)));
    const before = await stockOf(t.db, f.sku['TRAY-STEEL']);

    const result = await sweepTimedTransitions(t.db);
    expect(result.closed).toBeGreaterThanOrEqual(1);

    const row = await orderRow(late.orderIds[0]!);
    expect(row.status).toBe('CLOSED');
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 2));
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(late.contractId)));
    expect(c!.status).toBe('CLOSED');
    expect(await detailOk(x.b, late.orderIds[0]!)).toMatchObject({
      displayStatus: 'CLOSED',
      operationList: ['buyAgain'],
    });
    expect(await statusOf(onTime.orderIds[0]!)).toBe('PENDING_PAY');
    // Net-terms orders are not paid by the buyer, so they never expire.
    expect(await statusOf(netTerms.orderIds[0]!)).toBe('PENDING_PAY');

    // Running again changes nothing and returns no stock twice.
    await sweepTimedTransitions(t.db);
    expect(await stockOf(t.db, f.sku['TRAY-STEEL'])).toBe(String(Number(before) + 2));
    // Too late to pay.
    const start = await x.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId: late.contractId, payChannel: 'MOCKPAY' },
      { remoteAddress: freshIp() },
    );
    expect(start.statusCode).toBeGreaterThanOrEqual(400);
    expect(await statusOf(late.orderIds[0]!)).toBe('CLOSED');
  });

  it('a shipped order past its receipt deadline completes, its packages signed AUTO', async () => {
    const due = await place(x, [['TRAY-STEEL', '1']]);
    const notDue = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, due.contractId);
    await pay(x.b, notDue.contractId);
    const pkg = await shipAll(due.orderIds[0]!);
    const otherPkg = await shipAll(notDue.orderIds[0]!);
    await t.db
      .update(tradeOrders)
      .set({ receiptDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tradeOrders.id, BigInt(due.orderIds[0]!)));

    const result = await sweepTimedTransitions(t.db);
    expect(result.confirmed).toBeGreaterThanOrEqual(1);

    const row = await orderRow(due.orderIds[0]!);
    expect(row).toMatchObject({ status: 'COMPLETE', receiptDeadline: null });
    expect(row.completedAt).toBeInstanceOf(Date);
    const [p] = await t.db
      .select()
      .from(shipmentPackages)
      .where(eq(shipmentPackages.id, BigInt(pkg)));
    expect(p).toMatchObject({ status: 'SIGN_IN', signedBy: 'AUTO' });
    expect(p!.signedAt).toBeInstanceOf(Date);
    const shipments = (await listPackage(x.b, due.orderIds[0]!)).json().shipments;
    expect(shipments).toEqual([
      expect.objectContaining({
        id: pkg,
        fulfillmentProgressStatus: 'SIGN_IN',
        operationList: [],
        signedAt: p!.signedAt!.toISOString(),
      }),
    ]);
    expect(await detailOk(x.b, due.orderIds[0]!)).toMatchObject({
      displayStatus: 'COMPLETE',
      receiptDeadlineMillis: null,
    });

    expect(await statusOf(notDue.orderIds[0]!)).toBe('UN_RECEIVED');
    const [q] = await t.db
      .select()
      .from(shipmentPackages)
      .where(eq(shipmentPackages.id, BigInt(otherPkg)));
    expect(q).toMatchObject({ status: 'SEND_DELIVERY', signedBy: null });
  });
});

describe('postpone the receipt deadline', () => {
  let x: Buyer;
  let orderId: string;

  beforeAll(async () => {
    x = await signup('postponer');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, placed.contractId);
    orderId = placed.orderIds[0]!;
  });

  it('is refused before the order has shipped', async () => {
    expectError(await postpone(x.b, orderId), 409, 'Trade.operationNotAllowed');
    expect((await orderRow(orderId)).postponeCount).toBe(0);
  });

  it(`moves the deadline by ${POSTPONE_DAYS} days, twice; the third time is 409 Trade.postponeLimitReached`, async () => {
    await shipAll(orderId);
    const d0 = (await orderRow(orderId)).receiptDeadline!.getTime();
    expect(d0).toBeGreaterThan(Date.now() + 9 * DAY);

    const first = await postpone(x.b, orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ value: 5, receiptDeadlineMillis: d0 + 5 * DAY });
    expect((await orderRow(orderId)).receiptDeadline!.getTime()).toBe(d0 + 5 * DAY);
    const after1 = await detailOk(x.b, orderId);
    expect(after1).toMatchObject({ postponeCount: 1, receiptDeadlineMillis: d0 + 5 * DAY });
    expect(after1.operationList).toContain('buyerPostponeConfirmDeadline');

    const second = await postpone(x.b, orderId);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ value: 5, receiptDeadlineMillis: d0 + 10 * DAY });
    const after2 = await detailOk(x.b, orderId);
    expect(after2).toMatchObject({ postponeCount: 2, receiptDeadlineMillis: d0 + 10 * DAY });
    expect(after2.operationList).not.toContain('buyerPostponeConfirmDeadline');
    expect(after2.operationList).toContain('confirm');

    expectError(await postpone(x.b, orderId), 409, 'Trade.postponeLimitReached');
    const row = await orderRow(orderId);
    expect(row.postponeCount).toBe(2);
    expect(row.receiptDeadline!.getTime()).toBe(d0 + 10 * DAY);
    expect(row.status).toBe('UN_RECEIVED');
  });

  it('concurrent postpones never go past the limit', async () => {
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, placed.contractId);
    const id = placed.orderIds[0]!;
    await shipAll(id);
    const d0 = (await orderRow(id)).receiptDeadline!.getTime();
    const results = await Promise.all([postpone(x.b, id), postpone(x.b, id), postpone(x.b, id), postpone(x.b, id)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(POSTPONE_LIMIT);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectError(r, 409, 'Trade.postponeLimitReached');
    const row = await orderRow(id);
    expect(row.postponeCount).toBe(POSTPONE_LIMIT);
    expect(row.receiptDeadline!.getTime()).toBe(d0 + POSTPONE_LIMIT * POSTPONE_DAYS * DAY);
  });
});

describe('invoice', () => {
  it('a paid order gets an invoice its buyer can open; nobody else can', async () => {
    const owner = await signup('invoiced');
    const {
      contractId,
      orderIds: [id],
    } = await place(owner, [['TRAY-STEEL', '2']]);
    const before = (
      await owner.b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id })
    ).json();
    expect(before.operationList).not.toContain('viewInvoice');
    expect(before.invoice).toEqual({ status: 'NOT_ISSUED', invoiceUrl: null, vatInvoiceStatus: 'NOT_REQUESTED' });
    await pay(owner.b, contractId);
    const after = (
      await owner.b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id })
    ).json();
    expect(after.invoice).toEqual({
      status: 'ISSUED',
      invoiceUrl: `/api/orders/${id}/invoice`,
      vatInvoiceStatus: 'NOT_REQUESTED',
    });
    expect(after.operationList).toContain('viewInvoice');
    const doc = await owner.b.get(after.invoice.invoiceUrl);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('text/html');
    expect(doc.body).toContain(`Invoice ${after.tradeOrderCode}`);
    expect(doc.body).toContain('Under-desk Cable Tray');
    expect(doc.body).toContain(after.bill.needPayAmt.value);
    const stranger = await signup('nosy');
    expectError(await stranger.b.get(after.invoice.invoiceUrl), 404, 'Trade.tradeOrderNotExist');
  });

  it('a reissue order (business type REVERSE_REISSUE, SPEC §4) shows neither invoice nor payment info and offers no invoice operation', async () => {
    const owner = await signup('reissued');
    const {
      contractId,
      orderIds: [id],
    } = await place(owner, [['TRAY-STEEL', '1']]);
    await pay(owner.b, contractId);
    const normal = await detailOk(owner.b, id!);
    expect(normal.invoice).not.toBeNull();
    expect(normal.paymentInfo).not.toBeNull();
    // Reissue orders are written by a seller settling an after-sales with new goods; here one is made by hand.
    await t.db
      .update(tradeOrders)
      .set({ businessType: 'REVERSE_REISSUE' })
      .where(eq(tradeOrders.id, BigInt(id!)));
    const reissue = await detailOk(owner.b, id!);
    expect(reissue.tradeOrderBusinessType).toBe('REVERSE_REISSUE');
    expect(reissue.invoice).toBeNull();
    expect(reissue.paymentInfo).toBeNull();
    expect(reissue.operationList).not.toContain('viewInvoice');
    expect(reissue.operationList).not.toContain('makeInvoice');
    expect(reissue.operationList).not.toContain('buyerCheckVATInvoice');
  });
});

describe('kept order counts', () => {
  // Last in this file: every move above (payments, cancels before and after pay, refunds,
  // seller decisions both ways, deadline closes, auto-confirm, enterprise orders) has happened.
  it('after every move of this file, the kept counts still equal a fresh count(*) per buyer and display status', async () => {
    await expectKeptCountsFresh();
  });

  it('an invoice-me order shows as to be shipped: moving its pay channel moves its count; deleting an order removes it', async () => {
    const y = await signup('invoice-me');
    const {
      orderIds: [id],
    } = await place(y, [['TRAY-STEEL', '1']]);
    const counts = async () =>
      Object.fromEntries(
        (
          await t.db.execute<{ display_status: string; quantity: number }>(
            sql`SELECT display_status, quantity FROM order_status_counts WHERE buyer_id = ${y.id} AND quantity <> 0`,
          )
        ).rows.map((r) => [r.display_status, r.quantity]),
      );
    expect(await counts()).toEqual({ PENDING_PAY: 1 });
    await t.db
      .update(tradeOrders)
      .set({ payChannel: 'INVOICE_ME' })
      .where(eq(tradeOrders.id, BigInt(id!)));
    expect(await counts()).toEqual({ UN_DELIVERY: 1 });
    expect((await countsOk(y.b)).UN_DELIVERY).toBe(1);
    await t.db.execute(sql`DELETE FROM trade_order_lines WHERE order_id = ${BigInt(id!)}`);
    await t.db.delete(tradeOrders).where(eq(tradeOrders.id, BigInt(id!)));
    expect(await counts()).toEqual({});
    await expectKeptCountsFresh();
  });

  it("move at commit: a transaction still writing one of a buyer's orders does not hold up the buyer's next order", async () => {
    const y = await signup('parallel');
    const {
      orderIds: [id],
    } = await place(y, [['TRAY-STEEL', '1']]);
    // A copy of the order under a new code, as a checkout writes it.
    const copy = `INSERT INTO trade_orders SELECT (jsonb_populate_record(o, jsonb_build_object('id', nextval('trade_orders_id_seq'),
      'trade_order_code', o.trade_order_code || $2::text))).* FROM trade_orders o WHERE o.id = $1`;
    const [first, second] = [await t.db.$client.connect(), await t.db.$client.connect()];
    try {
      await first.query('BEGIN');
      await first.query(copy, [id, 'A']);
      // The first order's transaction is still open; the second one commits without waiting for it.
      await second.query('BEGIN');
      await second.query("SET LOCAL lock_timeout = '2s'");
      await second.query(copy, [id, 'B']);
      await second.query('COMMIT');
      await first.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect((await countsOk(y.b)).PENDING_PAY).toBe(3);
    await expectKeptCountsFresh();
  });
});
