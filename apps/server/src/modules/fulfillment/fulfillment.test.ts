/**
 * Shipping and tracking through app.inject on real Postgres (SPEC §3 Shipment package, §4 "Order
 * operations" confirm receipt, §7 listPackage / carriers / waybill query / signForDelivery) and
 * the seller console calls behind them: the seller's order list, packages, tracking events.
 * Orders are created through the real checkout submit and paid through MOCKPAY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { RECEIPT_DEADLINE_DAYS, trackingNumberIssue } from '@mall/contracts';
import {
  carriers,
  reverseShipments,
  shipmentPackages,
  tradeOrderLines,
  tradeOrders,
  trackingEvents,
  users,
} from '../../db/schema/index.js';
import { Browser, browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { expectError, orderKit, type Buyer, type Placed, upsTrackingNumber } from '../../../test/order-fixtures.js';
import {
  loadFixtures,
  previewOk,
  usAddress,
  type Body,
  type Fixtures,
  type SkuCode,
} from '../../../test/checkout-fixtures.js';
import { notWaitingForGroup } from '../group-buy/service.js';

let t: TestApp;
let f: Fixtures;
let carrier: { id: string; code: string; entityName: string };
let seller: Browser;
let seller2: Browser;
let sellerId: bigint;

const DAY = 86400_000;
const { signup, place, pay, orderRow, statusOf, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  // The seed brings carriers; make sure there is one either way.
  let [c] = await t.db.select().from(carriers).orderBy(asc(carriers.id)).limit(1);
  if (!c) [c] = await t.db.insert(carriers).values({ code: 'TESTCARRIER', entityName: 'Test Carrier' }).returning();
  carrier = { id: String(c!.id), code: c!.code, entityName: c!.entityName };
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
  sellerId = (await t.db.select().from(users).where(eq(users.email, 'seller@demo.shop')))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- helpers

async function paidOrder(buyer: Buyer, items: [SkuCode, string][]): Promise<Placed> {
  const placed = await place(buyer, items);
  await pay(buyer.b, placed.contractId);
  return placed;
}

const linesOf = (orderId: string) => topLines(orderId);
const lineOf = async (orderId: string, sku: SkuCode) =>
  (await linesOf(orderId)).find((l) => String(l.skuId) === f.sku[sku])!;
const packagesOf = (orderId: string) =>
  t.db
    .select()
    .from(shipmentPackages)
    .where(eq(shipmentPackages.orderId, BigInt(orderId)))
    .orderBy(asc(shipmentPackages.id));
const packageCount = async () => (await t.db.select({ n: count() }).from(shipmentPackages))[0]!.n;
const waybill = () => upsTrackingNumber();

const ship = (s: Browser, orderId: string, lines: { tradeOrderLineId: string; qty: string }[], over: Body = {}) =>
  s.post(`/api/merchant/orders/${orderId}/packages`, { carrierId: carrier.id, serviceCode: waybill(), lines, ...over });
const sellerList = (s: Browser, body: Body = {}) => s.post('/api/merchant/orders', body);
const listPackage = (b: Browser, id: string) => b.post('/sapi/mall-order/web/order/listPackage', { id });
const detail = async (b: Browser, id: string) => {
  const res = await b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const signFor = (b: Browser, packageId: string) =>
  b.post('/sapi/mall-order/web/order/signForDelivery', { id: packageId });
const track = (b: Browser, query: Record<string, string>) =>
  b.get('/api/tms/web/express/track/waybill/query', { query });
const addEvent = (s: Browser, packageId: string, body: Body) =>
  s.post(`/api/merchant/packages/${packageId}/events`, body);

/** Ships every line of the order in one package per given split; returns package ids. */
async function shipInPackages(orderId: string, splits: [SkuCode, string][][]): Promise<string[]> {
  const out: string[] = [];
  for (const split of splits) {
    const lines = await Promise.all(
      split.map(async ([sku, qty]) => ({ tradeOrderLineId: String((await lineOf(orderId, sku)).id), qty })),
    );
    const res = await ship(seller, orderId, lines);
    expect(res.statusCode, res.body).toBe(200);
    out.push(res.json().packageId);
  }
  return out;
}

// ---------------------------------------------------------------- seller order list

describe("seller's order list", () => {
  let x: Buyer;
  let flexiOrder: string;
  let nordicOrder: string;
  let unpaidOrder: string;

  beforeAll(async () => {
    x = await signup('shopper');
    const placed = await paidOrder(x, [
      ['TRAY-STEEL', '2'],
      ['LAMP-BAR', '1'],
    ]);
    [flexiOrder, nordicOrder] = placed.orderIds as [string, string];
    unpaidOrder = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
  });

  it("lists only its own shop's orders, paid ones to ship", async () => {
    const res = await sellerList(seller, { status: 'TO_SHIP', pageSize: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const ids = page.data.map((o: any) => o.id);
    expect(ids).toContain(flexiOrder);
    expect(ids).not.toContain(nordicOrder);
    expect(ids).not.toContain(unpaidOrder);
    expect(page.data.every((o: any) => o.shopName === 'FlexiDesk Official' && o.status === 'UN_DELIVERY')).toBe(true);
    const own = await t.db
      .select({ n: count() })
      .from(tradeOrders)
      // A group-buy order waits for its group to fill (the demo's open group) before it is to ship.
      .where(and(eq(tradeOrders.sellerId, sellerId), eq(tradeOrders.status, 'UN_DELIVERY'), notWaitingForGroup));
    expect(page.total).toBe(own[0]!.n);

    const mine = page.data.find((o: any) => o.id === flexiOrder);
    const row = await orderRow(flexiOrder);
    expect(mine).toMatchObject({
      tradeOrderCode: row.tradeOrderCode,
      status: 'UN_DELIVERY',
      shopName: 'FlexiDesk Official',
      buyerName: 'shopper',
      shippingMethod: 'Standard delivery',
      packages: [],
      cancelRequest: null,
      lines: [
        {
          name: 'Under-desk Cable Tray',
          skuName: 'Steel tray',
          tradeQty: '2',
          shippedQty: '0',
          lineGroupTypeDict: 'NORMAL',
        },
      ],
    });
    expect(mine.shipTo).toMatch(/^Gina Guest, .+, Apt 12, San Francisco, 94107$/);
    expect(mine.shipTo).toContain('94107');
    expect(Date.parse(mine.paidAt)).toBeGreaterThan(0);
  });

  it("the other shop's seller sees the other order and not this one", async () => {
    const page = (
      await sellerList(seller2, {
        status: 'ALL',
        pageSize: 50,
        keyword: (await orderRow(nordicOrder)).tradeOrderCode.slice(0, -1),
      })
    ).json();
    expect(page.data.map((o: any) => o.id)).toEqual([nordicOrder]);
    expect(page.data[0]).toMatchObject({
      shopName: 'Nordic Home',
      lines: [{ name: 'Monitor Light Bar with free desk mat', tradeQty: '1' }],
    });
    const all = (await sellerList(seller2, { status: 'ALL', pageSize: 50 })).json();
    expect(all.data.every((o: any) => o.shopName === 'Nordic Home')).toBe(true);
    expect(all.data.map((o: any) => o.id)).not.toContain(flexiOrder);
  });

  it('unpaid orders appear under ALL only; keyword is an order number prefix', async () => {
    const code = (await orderRow(unpaidOrder)).tradeOrderCode;
    const all = (await sellerList(seller, { status: 'ALL', keyword: code })).json();
    expect(all).toMatchObject({ total: 1, data: [{ id: unpaidOrder, status: 'PENDING_PAY', paidAt: null }] });
    expect((await sellerList(seller, { status: 'TO_SHIP', keyword: code })).json().total).toBe(0);
    expect((await sellerList(seller, { status: 'ALL', keyword: code.slice(3) })).json().total).toBe(0);
  });

  it('a keyword of LIKE wildcards finds nothing (no order number contains them)', async () => {
    expect((await sellerList(seller, { status: 'ALL', keyword: '%' })).json()).toMatchObject({ total: 0, data: [] });
    expect((await sellerList(seller, { status: 'ALL', keyword: '_' })).json()).toMatchObject({ total: 0, data: [] });
  });

  it('a buyer or a visitor gets 403 Merchant.notSeller', async () => {
    expectError(await sellerList(x.b, {}), 403, 'Merchant.notSeller');
    expectError(await sellerList(browser(t.app), {}), 403, 'Merchant.notSeller');
    const demo = await login(t.app, 'buyer@demo.shop');
    expectError(await sellerList(demo, {}), 403, 'Merchant.notSeller');
    const line = await lineOf(flexiOrder, 'TRAY-STEEL');
    expectError(
      await ship(x.b, flexiOrder, [{ tradeOrderLineId: String(line.id), qty: '1' }]),
      403,
      'Merchant.notSeller',
    );
    expect(await statusOf(flexiOrder)).toBe('UN_DELIVERY');
  });

  it('a cancel request shows under CANCEL_REQUESTS and cannot be shipped', async () => {
    const placed = await paidOrder(x, [['TRAY-STEEL', '1']]);
    const id = placed.orderIds[0]!;
    const rev = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id } },
    ]);
    expect(rev.statusCode, rev.body).toBe(200);
    const page = (await sellerList(seller, { status: 'CANCEL_REQUESTS', pageSize: 50 })).json();
    const entry = page.data.find((o: any) => o.id === id);
    expect(entry).toMatchObject({
      status: 'PROCESSING',
      cancelRequest: { id: rev.json().reverseTradeOrderId, status: 'WAITING_FOR_AUDIT_BY_SELLER' },
    });
    expect(
      (await sellerList(seller, { status: 'TO_SHIP', pageSize: 50 })).json().data.map((o: any) => o.id),
    ).not.toContain(id);
    const line = await lineOf(id, 'TRAY-STEEL');
    expectError(
      await ship(seller, id, [{ tradeOrderLineId: String(line.id), qty: '1' }]),
      409,
      'Trade.operationNotAllowed',
    );
    expect(await packagesOf(id)).toEqual([]);
  });
});

// ---------------------------------------------------------------- packages

describe('shipping in packages', () => {
  let x: Buyer;
  let orderId: string;
  let firstPackage: string;

  beforeAll(async () => {
    x = await signup('receiver');
    orderId = (
      await paidOrder(x, [
        ['TRAY-STEEL', '3'],
        ['C7-GRY', '1'],
      ])
    ).orderIds[0]!;
  });

  it('a partial package keeps the order UN_DELIVERY and ends the cancel-after-pay option', async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    const res = await ship(seller, orderId, [{ tradeOrderLineId: String(tray.id), qty: '1' }], {
      serviceCode: '1ZPKG1TRACK0000001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ packageId: expect.stringMatching(/^\d+$/), orderStatus: 'UN_DELIVERY' });
    firstPackage = res.json().packageId;

    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'UN_DELIVERY', receiptDeadline: null });
    expect(Number((await lineOf(orderId, 'TRAY-STEEL')).deliveredQty)).toBe(1);
    expect(Number((await lineOf(orderId, 'C7-GRY')).deliveredQty)).toBe(0);

    const d = await detail(x.b, orderId);
    expect(d.displayStatus).toBe('UN_DELIVERY');
    // The whole-order cancel is gone; what has not shipped can still be cancelled through after-sales.
    expect(d.operationList).toEqual(['checkExpressTrack', 'viewInvoice', 'buyerApplyReverse']);
    expect(d.packageCount).toBe(1);
    const trayLine = d.tradeOrderLineList.find((l: any) => l.sku.id === f.sku['TRAY-STEEL']);
    expect(trayLine).toMatchObject({ tradeQty: '3', deliveredQty: '1', canCancelQty: '2' });

    const shipments = (await listPackage(x.b, orderId)).json().shipments;
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({
      id: firstPackage,
      fulfillmentProgressStatus: 'SEND_DELIVERY',
      serviceCode: '1ZPKG1TRACK0000001',
      operationList: [],
      signedAt: null,
      fulfillmentServiceProvider: { id: carrier.id, entityName: carrier.entityName, code: carrier.code },
      fulfillmentProgressLineList: [
        {
          actualExecuteQty: '1',
          tradeOrderLine: { id: String(tray.id), name: 'Under-desk Cable Tray', skuName: 'Steel tray' },
        },
      ],
    });
    expect(shipments[0].logisticsList).toEqual([
      expect.objectContaining({
        context: `The seller handed the parcel to ${carrier.entityName}`,
        operaterType: 'SELLER',
      }),
    ]);

    // Once a parcel has left, the order is not cancelled any more.
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id: orderId } },
    ]);
    expectError(cancel, 409, 'Trade.operationNotAllowed');
    expect(await statusOf(orderId)).toBe('UN_DELIVERY');
  });

  it('shipping more than is left is 400 Trade.invalidShipment and changes nothing', async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    const chair = await lineOf(orderId, 'C7-GRY');
    const before = await packageCount();
    const res = await ship(seller, orderId, [
      { tradeOrderLineId: String(chair.id), qty: '1' },
      { tradeOrderLineId: String(tray.id), qty: '3' },
    ]);
    const err = expectError(res, 400, 'Trade.invalidShipment');
    expect(err.details).toMatchObject({ tradeOrderLineId: String(tray.id), left: '2' });
    // The same line twice in one package counts together.
    expectError(
      await ship(seller, orderId, [
        { tradeOrderLineId: String(tray.id), qty: '2' },
        { tradeOrderLineId: String(tray.id), qty: '1' },
      ]),
      400,
      'Trade.invalidShipment',
    );
    // Nothing of it, not even the valid chair line.
    expect(await packageCount()).toBe(before);
    expect(Number((await lineOf(orderId, 'TRAY-STEEL')).deliveredQty)).toBe(1);
    expect(Number((await lineOf(orderId, 'C7-GRY')).deliveredQty)).toBe(0);
    expect(await statusOf(orderId)).toBe('UN_DELIVERY');
  });

  it('zero or a line of another order is 400 Trade.invalidShipment', async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    const before = await packageCount();
    expectError(
      await ship(seller, orderId, [{ tradeOrderLineId: String(tray.id), qty: '0' }]),
      400,
      'Trade.invalidShipment',
    );
    const other = (await paidOrder(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const otherLine = await lineOf(other, 'TRAY-STEEL');
    expectError(
      await ship(seller, orderId, [{ tradeOrderLineId: String(otherLine.id), qty: '1' }]),
      400,
      'Trade.invalidShipment',
    );
    expect(await packageCount()).toBe(before);
    expect(Number((await lineOf(orderId, 'TRAY-STEEL')).deliveredQty)).toBe(1);
    expect(Number((await lineOf(other, 'TRAY-STEEL')).deliveredQty)).toBe(0);
  });

  it('a fraction of a piece-sold item is 400 Trade.invalidShipment (only weight items ship decimals)', async () => {
    const id = (await paidOrder(x, [['TRAY-STEEL', '2']])).orderIds[0]!;
    const tray = await lineOf(id, 'TRAY-STEEL');
    // A cable tray is sold by the piece: half of one cannot leave the warehouse.
    expectError(
      await ship(seller, id, [{ tradeOrderLineId: String(tray.id), qty: '0.5' }]),
      400,
      'Trade.invalidShipment',
    );
    expectError(
      await ship(seller, id, [{ tradeOrderLineId: String(tray.id), qty: '1.25' }]),
      400,
      'Trade.invalidShipment',
    );
    expect(await packagesOf(id)).toEqual([]);
    expect(Number((await lineOf(id, 'TRAY-STEEL')).deliveredQty)).toBe(0);
  });

  it('a weight item ships in decimals', async () => {
    const placed = await paidOrder(x, [['COF-ARABICA', '1.5']]);
    const id = placed.orderIds[0]!;
    const coffee = await lineOf(id, 'COF-ARABICA');
    const first = await seller2.post(`/api/merchant/orders/${id}/packages`, {
      carrierId: carrier.id,
      serviceCode: waybill(),
      lines: [{ tradeOrderLineId: String(coffee.id), qty: '0.5' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().orderStatus).toBe('UN_DELIVERY');
    const rest = await seller2.post(`/api/merchant/orders/${id}/packages`, {
      carrierId: carrier.id,
      serviceCode: waybill(),
      lines: [{ tradeOrderLineId: String(coffee.id), qty: '1' }],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().orderStatus).toBe('UN_RECEIVED');
    const shipments = (await listPackage(x.b, id)).json().shipments;
    expect(shipments.map((p: any) => p.fulfillmentProgressLineList[0].actualExecuteQty)).toEqual(['0.5', '1']);
    expect(shipments[0].fulfillmentProgressLineList[0].tradeOrderLine.unitName).toBe('kg');
  });

  it('a bad tracking number or unknown carrier is 400; nothing is created', async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    const lines = [{ tradeOrderLineId: String(tray.id), qty: '1' }];
    const before = await packageCount();
    for (const serviceCode of ['AB-1234', 'abc', '1Z 999', '', 'X'.repeat(41), 'ÄÖÜ12345']) {
      const err = expectError(await ship(seller, orderId, lines, { serviceCode }), 400, 'Common.invalidRequest');
      expect(JSON.stringify(err.details), serviceCode).toContain('serviceCode');
    }
    expectError(await ship(seller, orderId, lines, { carrierId: '999999' }), 400, 'Trade.carrierNotFound');
    expect(await packageCount()).toBe(before);
    expect(Number((await lineOf(orderId, 'TRAY-STEEL')).deliveredQty)).toBe(1);
  });

  it("another shop's seller cannot ship it: 404", async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    expectError(
      await ship(seller2, orderId, [{ tradeOrderLineId: String(tray.id), qty: '1' }]),
      404,
      'Trade.tradeOrderNotExist',
    );
    expect(Number((await lineOf(orderId, 'TRAY-STEEL')).deliveredQty)).toBe(1);
  });

  it('the rest moves the order to UN_RECEIVED with a receipt deadline about 10 days out', async () => {
    const tray = await lineOf(orderId, 'TRAY-STEEL');
    const chair = await lineOf(orderId, 'C7-GRY');
    const at = Date.now();
    const res = await ship(seller, orderId, [
      { tradeOrderLineId: String(tray.id), qty: '2' },
      { tradeOrderLineId: String(chair.id), qty: '1' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderStatus).toBe('UN_RECEIVED');
    const row = await orderRow(orderId);
    expect(row.status).toBe('UN_RECEIVED');
    const deadline = row.receiptDeadline!.getTime();
    expect(deadline).toBeGreaterThanOrEqual(at + RECEIPT_DEADLINE_DAYS * DAY - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + RECEIPT_DEADLINE_DAYS * DAY + 1000);

    const d = await detail(x.b, orderId);
    expect(d).toMatchObject({ displayStatus: 'UN_RECEIVED', receiptDeadlineMillis: deadline, packageCount: 2 });
    expect(d.operationList).toEqual([
      'confirm',
      'buyerPostponeConfirmDeadline',
      'checkExpressTrack',
      'viewInvoice',
      'buyerApplyReverse',
    ]);
    expect(d.tradeOrderLineList.map((l: any) => [l.tradeQty, l.deliveredQty, l.canCancelQty, l.canReverseQty])).toEqual(
      [
        ['3', '3', '0', '3'],
        ['1', '1', '0', '1'],
      ],
    );
    const shipments = (await listPackage(x.b, orderId)).json().shipments;
    expect(shipments.map((s: any) => [s.fulfillmentProgressStatus, s.operationList])).toEqual([
      ['SEND_DELIVERY', ['confirm']],
      ['SEND_DELIVERY', ['confirm']],
    ]);
    expect(
      shipments[1].fulfillmentProgressLineList.map((l: any) => [l.tradeOrderLine.name, l.actualExecuteQty]),
    ).toEqual([
      ['Under-desk Cable Tray', '2'],
      ['Ergonomic Chair C7', '1'],
    ]);

    // Everything has left: nothing more to ship.
    expectError(
      await ship(seller, orderId, [{ tradeOrderLineId: String(tray.id), qty: '1' }]),
      409,
      'Trade.operationNotAllowed',
    );
    const listed = (await sellerList(seller, { status: 'SHIPPED', keyword: row.tradeOrderCode })).json();
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'UN_RECEIVED',
        lines: [expect.objectContaining({ shippedQty: '3' }), expect.objectContaining({ shippedQty: '1' })],
      }),
    ]);
    expect(listed.data[0].packages).toHaveLength(2);
  });

  it('an unpaid order cannot be shipped', async () => {
    const unpaid = (await place(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const line = await lineOf(unpaid, 'TRAY-STEEL');
    expectError(
      await ship(seller, unpaid, [{ tradeOrderLineId: String(line.id), qty: '1' }]),
      409,
      'Trade.operationNotAllowed',
    );
    expect(await packagesOf(unpaid)).toEqual([]);
  });

  it('two packages for the last pieces at the same time: only one leaves', async () => {
    const id = (await paidOrder(x, [['TRAY-STEEL', '2']])).orderIds[0]!;
    const line = await lineOf(id, 'TRAY-STEEL');
    const results = await Promise.all([
      ship(seller, id, [{ tradeOrderLineId: String(line.id), qty: '2' }]),
      ship(seller, id, [{ tradeOrderLineId: String(line.id), qty: '2' }]),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const loser = results.find((r) => r.statusCode !== 200)!;
    // Refused either as nothing left to ship or as no longer waiting for delivery.
    expect([400, 409]).toContain(loser.statusCode);
    expect(['Trade.invalidShipment', 'Trade.operationNotAllowed']).toContain(loser.json().code);
    expect(await packagesOf(id)).toHaveLength(1);
    expect(Number((await lineOf(id, 'TRAY-STEEL')).deliveredQty)).toBe(2);
    expect(await statusOf(id)).toBe('UN_RECEIVED');
  });
});

// ---------------------------------------------------------------- tracking

describe('tracking events and the waybill query', () => {
  let x: Buyer;
  let orderId: string;
  let packageId: string;
  let code: string;

  beforeAll(async () => {
    x = await signup('tracker');
    orderId = (await paidOrder(x, [['TRAY-STEEL', '1']])).orderIds[0]!;
    code = waybill();
    const line = await lineOf(orderId, 'TRAY-STEEL');
    const res = await ship(seller, orderId, [{ tradeOrderLineId: String(line.id), qty: '1' }], { serviceCode: code });
    expect(res.statusCode, res.body).toBe(200);
    packageId = res.json().packageId;
  });

  it('a seller event appears first in listPackage and in the waybill query', async () => {
    const res = await addEvent(seller, packageId, { context: 'Arrived at the Oakland hub', areaName: 'Oakland, CA' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json();
    expect(entry).toMatchObject({
      context: 'Arrived at the Oakland hub',
      areaName: 'Oakland, CA',
      operaterType: 'SELLER',
    });
    expect(entry.formatTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(entry.formatTime).toBe(entry.originTime.replace('T', ' ').slice(0, 19));

    const shipments = (await listPackage(x.b, orderId)).json().shipments;
    expect(shipments[0].logisticsList.map((e: any) => e.context)).toEqual([
      'Arrived at the Oakland hub',
      `The seller handed the parcel to ${carrier.entityName}`,
    ]);
    expect(shipments[0].logisticsList[0]).toEqual(entry);

    const q = await track(x.b, { carrierCompanyCode: carrier.code, wayBillNumber: code });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().entries).toEqual(shipments[0].logisticsList);
    // The seller may follow its own parcel too.
    expect((await track(seller, { carrierCompanyCode: carrier.code, wayBillNumber: code })).json().entries).toEqual(
      shipments[0].logisticsList,
    );
  });

  it("a stranger's, another seller's or a visitor's waybill query is 404; a wrong carrier too", async () => {
    const stranger = await signup('nosy');
    expectError(
      await track(stranger.b, { carrierCompanyCode: carrier.code, wayBillNumber: code }),
      404,
      'Trade.packageNotExist',
    );
    expectError(
      await track(seller2, { carrierCompanyCode: carrier.code, wayBillNumber: code }),
      404,
      'Trade.packageNotExist',
    );
    expectError(
      await track(browser(t.app), { carrierCompanyCode: carrier.code, wayBillNumber: code }),
      404,
      'Trade.packageNotExist',
    );
    expectError(
      await track(x.b, { carrierCompanyCode: 'NO_SUCH_CARRIER', wayBillNumber: code }),
      404,
      'Trade.packageNotExist',
    );
    expectError(
      await track(x.b, { carrierCompanyCode: carrier.code, wayBillNumber: 'NOSUCHWAYBILL' }),
      404,
      'Trade.packageNotExist',
    );
    expectError(await track(x.b, { carrierCompanyCode: carrier.code }), 400, 'Common.invalidRequest');
    // And the stranger does not see the packages either.
    expectError(await listPackage(stranger.b, orderId), 404, 'Trade.tradeOrderNotExist');
  });

  it('another seller cannot add events to the package; an empty event is 400', async () => {
    const before = (
      await t.db
        .select({ n: count() })
        .from(trackingEvents)
        .where(eq(trackingEvents.packageId, BigInt(packageId)))
    )[0]!.n;
    expectError(await addEvent(seller2, packageId, { context: 'Fake news' }), 404, 'Trade.packageNotExist');
    expectError(await addEvent(x.b, packageId, { context: 'I am the seller' }), 403, 'Merchant.notSeller');
    expectError(await addEvent(seller, packageId, { context: '   ' }), 400, 'Common.invalidRequest');
    expectError(await addEvent(seller, '999999999', { context: 'Lost' }), 404, 'Trade.packageNotExist');
    const after = (
      await t.db
        .select({ n: count() })
        .from(trackingEvents)
        .where(eq(trackingEvents.packageId, BigInt(packageId)))
    )[0]!.n;
    expect(after).toBe(before);
  });
});

// ---------------------------------------------------------------- signing for delivery

describe('confirm receipt (signForDelivery) of a two-package order', () => {
  let x: Buyer;
  let orderId: string;
  let pkgs: string[];

  beforeAll(async () => {
    x = await signup('signer');
    orderId = (
      await paidOrder(x, [
        ['TRAY-STEEL', '2'],
        ['C7-GRY', '1'],
      ])
    ).orderIds[0]!;
    pkgs = await shipInPackages(orderId, [[['TRAY-STEEL', '2']], [['C7-GRY', '1']]]);
    expect(await statusOf(orderId)).toBe('UN_RECEIVED');
  });

  it('the first package: signed by the buyer, the order still waits for the other', async () => {
    const res = await signFor(x.b, pkgs[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId, orderStatus: 'UN_RECEIVED' });
    const [first, second] = await packagesOf(orderId);
    expect(first).toMatchObject({ status: 'SIGN_IN', signedBy: 'BUYER' });
    expect(first!.signedAt).toBeInstanceOf(Date);
    expect(second).toMatchObject({ status: 'SEND_DELIVERY', signedBy: null });
    expect(await statusOf(orderId)).toBe('UN_RECEIVED');

    const shipments = (await listPackage(x.b, orderId)).json().shipments;
    expect(shipments.map((s: any) => [s.id, s.fulfillmentProgressStatus, s.operationList])).toEqual([
      [pkgs[0], 'SIGN_IN', []],
      [pkgs[1], 'SEND_DELIVERY', ['confirm']],
    ]);
    expect(shipments[0].signedAt).toBe(first!.signedAt!.toISOString());
    const d = await detail(x.b, orderId);
    expect(d.displayStatus).toBe('UN_RECEIVED');
    expect(d.operationList).toContain('confirm');
  });

  it('the same package again is 409 and changes nothing', async () => {
    const [before] = await packagesOf(orderId);
    expectError(await signFor(x.b, pkgs[0]!), 409, 'Trade.operationNotAllowed');
    const [after] = await packagesOf(orderId);
    expect(after!.signedAt!.getTime()).toBe(before!.signedAt!.getTime());
    expect(await statusOf(orderId)).toBe('UN_RECEIVED');
  });

  it('someone else cannot sign the second one: 404 Trade.packageNotExist', async () => {
    const stranger = await signup('thief');
    expectError(await signFor(stranger.b, pkgs[1]!), 404, 'Trade.packageNotExist');
    expectError(await signFor(seller, pkgs[1]!), 404, 'Trade.packageNotExist');
    expect((await packagesOf(orderId))[1]).toMatchObject({ status: 'SEND_DELIVERY' });
  });

  it('the second package completes the order', async () => {
    const res = await signFor(x.b, pkgs[1]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId, orderStatus: 'COMPLETE' });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'COMPLETE', receiptDeadline: null });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect((await packagesOf(orderId)).map((p) => [p.status, p.signedBy])).toEqual([
      ['SIGN_IN', 'BUYER'],
      ['SIGN_IN', 'BUYER'],
    ]);
    const d = await detail(x.b, orderId);
    expect(d).toMatchObject({ displayStatus: 'COMPLETE', receiptDeadlineMillis: null });
    expect(d.operationList).toEqual(['comment', 'checkExpressTrack', 'viewInvoice', 'buyerApplyReverse', 'buyAgain']);
    expect((await listPackage(x.b, orderId)).json().shipments.every((s: any) => s.operationList.length === 0)).toBe(
      true,
    );
  });

  it('signing again after completion is 409', async () => {
    expectError(await signFor(x.b, pkgs[1]!), 409, 'Trade.operationNotAllowed');
    expectError(await signFor(x.b, pkgs[0]!), 409, 'Trade.operationNotAllowed');
    expect(await statusOf(orderId)).toBe('COMPLETE');
  });

  it('both packages signed at the same time: the order completes once', async () => {
    const id = (
      await paidOrder(x, [
        ['TRAY-STEEL', '1'],
        ['C7-GRY', '1'],
      ])
    ).orderIds[0]!;
    const [a, b] = await shipInPackages(id, [[['TRAY-STEEL', '1']], [['C7-GRY', '1']]]);
    const results = await Promise.all([signFor(x.b, a!), signFor(x.b, b!)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results.map((r) => r.json().orderStatus).sort()).toEqual(['COMPLETE', 'UN_RECEIVED']);
    expect(await statusOf(id)).toBe('COMPLETE');
    expect((await packagesOf(id)).every((p) => p.status === 'SIGN_IN')).toBe(true);
  });

  it('a package of an order not yet fully shipped cannot be signed', async () => {
    const id = (await paidOrder(x, [['TRAY-STEEL', '2']])).orderIds[0]!;
    const [p] = await shipInPackages(id, [[['TRAY-STEEL', '1']]]);
    expectError(await signFor(x.b, p!), 409, 'Trade.operationNotAllowed');
    expect((await packagesOf(id))[0]).toMatchObject({ status: 'SEND_DELIVERY' });
    expect(await statusOf(id)).toBe('UN_DELIVERY');
  });
});

// ---------------------------------------------------------------- carriers

describe('carriers (flexispot_md_QueryCarrierFlow)', () => {
  it('returns every carrier a seller can choose (not the in-store handover) by name with id and code', async () => {
    const buyer = await signup('picker');
    const res = await buyer.b.post('/api/trantor/flow/flexispot_md_QueryCarrierFlow', [{}]);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ id: string; entityName: string; code: string }[]>();
    const rows = await t.db.select().from(carriers);
    expect(list).toHaveLength(rows.filter((c) => c.code !== 'STORE_PICKUP').length);
    expect(list).toContainEqual(carrier);
    expect(list.map((c) => c.entityName)).toEqual(
      [...list.map((c) => c.entityName)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['code', 'entityName', 'id']);
    // An empty array works too.
    const empty = await buyer.b.post('/api/trantor/flow/flexispot_md_QueryCarrierFlow', []);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual(list);
  });
});

describe('parts and gifts travel with their main line', () => {
  it('shipping the lamp ships its free desk mat too', async () => {
    const buyer = await signup('giftee');
    const {
      orderIds: [id],
    } = await paidOrder(buyer, [['LAMP-BAR', '1']]);
    const [lamp] = await linesOf(id!);
    const res = await ship(seller2, id!, [{ tradeOrderLineId: String(lamp!.id), qty: '1' }]);
    expect(res.statusCode, res.body).toBe(200);
    const gifts = await t.db
      .select()
      .from(tradeOrderLines)
      .where(and(eq(tradeOrderLines.orderId, BigInt(id!)), eq(tradeOrderLines.lineGroupType, 'GIFT_CHILD')));
    expect(gifts).toHaveLength(1);
    expect(Number(gifts[0]!.deliveredQty)).toBe(Number(gifts[0]!.qty));
  });
});

describe('pickup orders are handed over in the store', () => {
  it('the seller marks it ready without a carrier; the buyer gets a pickup code and the store in the timeline', async () => {
    const buyer = await signup('collector');
    const base = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      selectedAddress: usAddress(f, { email: buyer.email }),
    };
    const store = (await previewOk(buyer.b, base)).renderTradeOrderTOList[0].pickupStores[0];
    const placed = await place(buyer, [['TRAY-STEEL', '1']], {
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP }],
      pickUpStoreId: store.id,
    });
    await pay(buyer.b, placed.contractId);
    const id = placed.orderIds[0]!;
    const listed = (await sellerList(seller, { keyword: (await orderRow(id)).tradeOrderCode })).json().data[0];
    expect(listed).toMatchObject({ fulfillmentType: 'PICKUP', shipTo: expect.stringContaining(store.storeName) });
    const [line] = await linesOf(id);
    const res = await seller.post(`/api/merchant/orders/${id}/packages`, {
      lines: [{ tradeOrderLineId: String(line!.id), qty: '1' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderStatus).toBe('UN_RECEIVED');
    const [pkg] = (await listPackage(buyer.b, id)).json().shipments;
    expect(pkg.fulfillmentServiceProvider).toMatchObject({ code: 'STORE_PICKUP', entityName: 'In-store pickup' });
    expect(pkg.serviceCode).toMatch(/^PU\d{8}$/);
    expect(pkg.logisticsList[0].context).toBe(
      `Ready for pickup at ${store.storeName}; show pickup code ${pkg.serviceCode}`,
    );
    expect(pkg.operationList).toEqual(['confirm']);
  });

  it('a delivery order still needs a carrier and a tracking number, and sellers cannot pick the in-store "carrier"', async () => {
    const buyer = await signup('deliveree');
    const {
      orderIds: [id],
    } = await paidOrder(buyer, [['TRAY-STEEL', '1']]);
    const [line] = await linesOf(id!);
    const lines = [{ tradeOrderLineId: String(line!.id), qty: '1' }];
    expectError(await seller.post(`/api/merchant/orders/${id}/packages`, { lines }), 400, 'Trade.carrierNotFound');
    expectError(
      await seller.post(`/api/merchant/orders/${id}/packages`, { carrierId: carrier.id, lines }),
      400,
      'Common.invalidRequest',
    );
    const [inStore] = await t.db.select().from(carriers).where(eq(carriers.code, 'STORE_PICKUP'));
    expectError(
      await seller.post(`/api/merchant/orders/${id}/packages`, {
        carrierId: String(inStore!.id),
        serviceCode: 'ABCD1234',
        lines,
      }),
      400,
      'Trade.carrierNotFound',
    );
    expect(await statusOf(id!)).toBe('UN_DELIVERY');
    const offered = (await seller.post('/api/trantor/flow/flexispot_md_QueryCarrierFlow', [{}])).json<
      {
        code: string;
      }[]
    >();
    expect(offered.map((c) => c.code)).not.toContain('STORE_PICKUP');
  });
});

describe('tracking numbers per carrier (tracking.ts)', () => {
  const carrierOf = async (code: string) =>
    String((await t.db.select().from(carriers).where(eq(carriers.code, code)))[0]!.id);

  it('a UPS number is refused for DHL with 400 Trade.trackingNumberFormat; nothing is shipped', async () => {
    const buyer = await signup('dhl');
    const id = (await paidOrder(buyer, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const lines = [{ tradeOrderLineId: String((await linesOf(id))[0]!.id), qty: '1' }];
    const dhl = await carrierOf('DHL');
    const before = await packageCount();
    for (const serviceCode of ['1Z999AA10123456784', '12345678901', 'JD01460000000000000']) {
      const err = expectError(
        await ship(seller, id, lines, { carrierId: dhl, serviceCode }),
        400,
        'Trade.trackingNumberFormat',
      );
      expect(err.details, serviceCode).toMatchObject({
        carrier: 'DHL Express',
        carrierCode: 'DHL',
        example: '1234567890',
      });
    }
    // And a DHL number is not a UPS one.
    expectError(
      await ship(seller, id, lines, { carrierId: await carrierOf('UPS'), serviceCode: '1234567890' }),
      400,
      'Trade.trackingNumberFormat',
    );
    expect(await packageCount()).toBe(before);
    expect(await statusOf(id)).toBe('UN_DELIVERY');

    // The carrier's own format ships (upper-cased as stored).
    const ok = await ship(seller, id, lines, { carrierId: dhl, serviceCode: 'jd014600000000000777' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await packagesOf(id)).map((p) => p.serviceCode)).toEqual(['JD014600000000000777']);
  });

  it("the demo packages and return shipments carry numbers in their carriers' formats", async () => {
    const packages = await t.db
      .select({ code: carriers.code, number: shipmentPackages.serviceCode })
      .from(shipmentPackages)
      .innerJoin(carriers, eq(carriers.id, shipmentPackages.carrierId));
    const returns = await t.db
      .select({ code: carriers.code, number: reverseShipments.serviceCode })
      .from(reverseShipments)
      .innerJoin(carriers, eq(carriers.id, reverseShipments.carrierId));
    expect(packages.length).toBeGreaterThan(20);
    expect(returns.length).toBeGreaterThan(5);
    for (const r of [...packages, ...returns].filter((x) => x.code !== 'STORE_PICKUP'))
      expect(trackingNumberIssue(r.code, r.number), `${r.code} ${r.number}`).toBeNull();
  });

  it('each known carrier takes its format; a carrier without one takes letters and digits', async () => {
    const buyer = await signup('formats');
    const numbers: [string, string][] = [
      ['FEDEX', '771234567899'],
      ['USPS', '9400100000000000000099'],
      ['POSTNL', '3SABCD7654321'],
      ['YAMATO', '123456789099'],
    ];
    const [other] = await t.db
      .insert(carriers)
      .values({ code: 'LOCALCOURIER', entityName: 'Local Courier' })
      .returning();
    for (const [code, serviceCode] of [...numbers, ['LOCALCOURIER', 'ABC123'] as [string, string]]) {
      const id = (await paidOrder(buyer, [['TRAY-STEEL', '1']])).orderIds[0]!;
      const lines = [{ tradeOrderLineId: String((await linesOf(id))[0]!.id), qty: '1' }];
      const carrierId = code === 'LOCALCOURIER' ? String(other!.id) : await carrierOf(code);
      const res = await ship(seller, id, lines, { carrierId, serviceCode });
      expect(res.statusCode, `${code} ${res.body}`).toBe(200);
    }
  });
});

describe('tracking numbers', () => {
  it('a waybill number is used once per carrier, so two parcels never share a timeline', async () => {
    const buyer = await signup('twin');
    const a = (await paidOrder(buyer, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const b = (await paidOrder(buyer, [['TRAY-STEEL', '1']])).orderIds[0]!;
    const code = waybill();
    const lineOfOrder = async (id: string) => [{ tradeOrderLineId: String((await linesOf(id))[0]!.id), qty: '1' }];
    expect((await ship(seller, a, await lineOfOrder(a), { serviceCode: code })).statusCode).toBe(200);
    expectError(await ship(seller, b, await lineOfOrder(b), { serviceCode: code }), 409, 'Trade.trackingNumberUsed');
    expect(await statusOf(b)).toBe('UN_DELIVERY');
    expect(await packagesOf(b)).toHaveLength(0);
  });
});
