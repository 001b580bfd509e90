/**
 * Reissue and purchase return through app.inject on real Postgres: a seller settles a checked
 * return or exchange with a reissue order (REVERSE_REISSUE: nothing to pay, no invoice or payment
 * info, ready to ship, stock taken once however often it is asked), linked both ways; an
 * enterprise's BULK order is returned as PURCHASE_RETURN within its quote's return days and
 * refunded at the quoted prices through the refund job.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  bulkRequests,
  carriers,
  mockpayEvents,
  refunds,
  reverseTradeOrders,
  skus,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import { login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, newKey, usAddress, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer, upsTrackingNumber } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let carrierId: string;
let seller: Browser;
let seller2: Browser;
const { signup, place, pay, orderRow, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  carrierId = String(c!.id);
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  if (t)
    await waitFor(
      () => t.db.select().from(mockpayEvents),
      (es) => es.every((e) => e.deliveredAt !== null),
      'mockpay webhooks',
    ).catch(() => {});
  await t?.close();
});

const FLOW = {
  SALE_REFUND: '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
  SALE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForReturnFlow',
  SALE_EXCHANGE: '/api/trantor/flow/trade_InitiateReverseTradeOrderForExchangeFlow',
  PURCHASE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForPurchaseReturnFlow',
} as const;
const apply = (b: Browser, type: keyof typeof FLOW, body: Record<string, unknown>) =>
  b.post(FLOW[type], [body], { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() });
const render = (b: Browser, id: string) =>
  b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [{ tradeOrder: { id } }]);
const detail = (b: Browser, id: string) => b.post('/sapi/mall-order/web/reverseorder/querybyid', { id });
const orderDetail = (b: Browser, id: string) =>
  b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
const minorToValue = (m: bigint) => (Number(m) / 100).toFixed(2);
const stock = async (skuId: string) =>
  Number(
    (
      await t.db
        .select()
        .from(skus)
        .where(eq(skus.id, BigInt(skuId)))
    )[0]!.stock,
  );

async function ship(id: string) {
  const lines = await topLines(id);
  const res = await seller.post(`/api/merchant/orders/${id}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Applied, approved, sent back and checked: the seller may now refund or reissue. */
async function checked(x: Buyer, type: 'SALE_RETURN' | 'SALE_EXCHANGE', id: string, extra: Record<string, unknown>) {
  const line = String((await topLines(id))[0]!.id);
  const res = await apply(x.b, type, {
    tradeOrder: { id },
    reverseReason: 'DAMAGED',
    reverseTradeOrderLineList: [{ tradeOrderLine: { id: line }, reverseQty: '1', ...extra }],
    ...(type === 'SALE_RETURN' ? { applyRefundAmt: '10.00' } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const rid = res.json().id as string;
  expect((await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true })).statusCode).toBe(200);
  const back = await x.b.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', [
    {
      id: rid,
      fulfillmentProgressList: [{ serviceCode: upsTrackingNumber(), fulfillmentServiceProvider: { id: carrierId } }],
      returnMode: 'SELF_DELIVERY',
    },
  ]);
  expect(back.statusCode, back.body).toBe(200);
  return rid;
}

describe('reissue', () => {
  it('a double click on a checked return makes one reissue order: no payment, no invoice, ready to ship, linked both ways', async () => {
    const x = await signup('reissue-return');
    const placed = await place(x, [['TRAY-STEEL', '2']]);
    await pay(x.b, placed.contractId);
    const id = placed.orderIds[0]!;
    await ship(id);
    const rid = await checked(x, 'SALE_RETURN', id, {});
    // Not before the goods are checked.
    expectError(await seller.post(`/api/merchant/reverse/${rid}/reissue`, {}), 409, 'AfterSales.statusChanged');
    expect((await seller.post(`/api/merchant/reverse/${rid}/qc`, { pass: true })).statusCode).toBe(200);
    const listed = (await seller.post('/api/merchant/reverse', { status: 'TO_REFUND' })).json();
    expect(listed.data.find((r: { id: string }) => r.id === rid).sellerOperations).toEqual(['refund', 'reissue']);
    // Another shop's seller and the buyer cannot.
    expectError(await seller2.post(`/api/merchant/reverse/${rid}/reissue`, {}), 404, 'AfterSales.reverseNotExist');
    expect((await x.b.post(`/api/merchant/reverse/${rid}/reissue`, {})).statusCode).toBe(403);

    const before = await stock(f.sku['TRAY-STEEL']);
    const [a, b] = await Promise.all([
      seller.post(`/api/merchant/reverse/${rid}/reissue`, {}),
      seller.post(`/api/merchant/reverse/${rid}/reissue`, {}),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().reissueOrderId).toBe(b.json().reissueOrderId);
    expect(a.json().reverseTradeOrderStatus).toBe('REVERSE_DONE');
    const again = await seller.post(`/api/merchant/reverse/${rid}/reissue`, {});
    expect(again.json().reissueOrderId).toBe(a.json().reissueOrderId);
    const reissueId = a.json().reissueOrderId as string;
    // One unit out of stock, once; nothing refunded.
    expect(await stock(f.sku['TRAY-STEEL'])).toBe(before - 1);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.reverseId, BigInt(rid))),
    ).toHaveLength(0);
    const reissues = await t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, x.id));
    expect(reissues.filter((o) => o.businessType === 'REVERSE_REISSUE')).toHaveLength(1);

    const d = (await detail(x.b, rid)).json();
    expect(d.reverseTradeOrderStatus).toBe('REVERSE_DONE');
    expect(d.reissueOrder).toEqual({ id: reissueId, tradeOrderCode: expect.any(String) });
    expect(d.refund).toBeNull();

    const o = (await orderDetail(x.b, reissueId)).json();
    expect(o).toMatchObject({
      tradeOrderBusinessType: 'REVERSE_REISSUE',
      displayStatus: 'UN_DELIVERY',
      invoice: null,
      paymentInfo: null,
      reissueOf: { id: rid, reverseTradeOrderCode: d.reverseTradeOrderCode },
    });
    expect(o.operationList).not.toContain('pay');
    expect(o.operationList).not.toContain('viewInvoice');
    // Cancelling it would leave the buyer with neither the goods nor their money: not offered, refused.
    expect(o.operationList).not.toContain('buyerCancelAfterPay');
    expectError(
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
        { tradeOrder: { id: reissueId } },
      ]),
      409,
      'Trade.operationNotAllowed',
    );
    expect(o.tradeOrderLineList).toHaveLength(1);
    expect(o.tradeOrderLineList[0].tradeQty ?? o.tradeOrderLineList[0].qty).toBe('1');
    // The original order keeps its address; the reissue goes to it.
    const orig = (await orderDetail(x.b, id)).json();
    expect(o.selectedAddress).toEqual(orig.selectedAddress);
    // The original line counts the unit as reversed (no second after-sales on it).
    const [l] = await t.db
      .select()
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.orderId, BigInt(id)));
    expect(Number(l!.reversedQty)).toBe(1);
    // The seller finds it among the orders to ship, marked with its after-sales.
    const toShip = (await seller.post('/api/merchant/orders', { status: 'TO_SHIP', keyword: o.tradeOrderCode })).json();
    expect(toShip.data).toEqual([
      expect.objectContaining({
        id: reissueId,
        reissueOf: { id: rid, reverseTradeOrderCode: d.reverseTradeOrderCode },
        needPayAmt: { value: '0.00', currency: 'USD' },
      }),
    ]);
    // The seller ships it like any order ready to ship.
    await ship(reissueId);
    expect((await orderRow(reissueId)).status).toBe('UN_RECEIVED');
  });

  it('an exchange is reissued with the chosen replacement; a reissue short of stock is refused and writes nothing', async () => {
    const x = await signup('reissue-exchange');
    const placed = await place(x, [['E7-BLK-140', '1']]);
    await pay(x.b, placed.contractId);
    const id = placed.orderIds[0]!;
    await ship(id);
    const rid = await checked(x, 'SALE_EXCHANGE', id, { derivativeSku: { id: f.sku['E7-WHT-140'] } });
    expect((await seller.post(`/api/merchant/reverse/${rid}/qc`, { pass: true })).statusCode).toBe(200);

    const white = f.sku['E7-WHT-140'];
    const kept = await stock(white);
    await t.db
      .update(skus)
      .set({ stock: '0' })
      .where(eq(skus.id, BigInt(white)));
    expectError(await seller.post(`/api/merchant/reverse/${rid}/reissue`, {}), 409, 'Trade.itemSoldOut');
    expect((await detail(x.b, rid)).json().reverseTradeOrderStatus).toBe('WAITING_FOR_SELLER_SHIP');
    expect(
      (await t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, x.id))).filter(
        (o) => o.businessType === 'REVERSE_REISSUE',
      ),
    ).toHaveLength(0);
    await t.db
      .update(skus)
      .set({ stock: String(kept) })
      .where(eq(skus.id, BigInt(white)));

    const res = await seller.post(`/api/merchant/reverse/${rid}/reissue`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await stock(white)).toBe(kept - 1);
    const lines = await t.db
      .select()
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.orderId, BigInt(res.json().reissueOrderId)));
    expect(lines.map((l) => [String(l.skuId), l.needPayAmtMinor])).toEqual([[white, 0n]]);
  });
});

describe('purchase return (an enterprise returns part of a BULK order under its quote)', () => {
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  async function bulkOrder(x: Buyer, returnDays?: number) {
    const res = await x.b.post(
      '/api/checkout/exceed-request',
      {
        previewTradeContractLineReqTOList: [{ skuId: f.sku['BULK-E7-20'], qty: '2' }],
        selectedAddress: usAddress(f, { email: x.email }),
      },
      { headers: { 'idempotency-key': newKey() }, remoteAddress: freshIp() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [r] = await t.db
      .select()
      .from(bulkRequests)
      .where(eq(bulkRequests.preTradeRequestId, BigInt(res.json().id)))
      .orderBy(asc(bulkRequests.id));
    const q = await seller.post(`/api/merchant/bulk-requests/${r!.id}/quote`, {
      unitPrices: ['7000'],
      shipping: '0',
      validUntil: tomorrow(),
      ...(returnDays === undefined ? {} : { returnDays }),
    });
    expect(q.statusCode, q.body).toBe(200);
    const view = (await x.b.get(`/api/bulk-requests/${r!.id}`)).json();
    expect(view.quote.returnDays).toBe(returnDays ?? 30);
    const { orderId, contractId } = (await x.b.post(`/api/bulk-requests/${r!.id}/accept`)).json();
    await pay(x.b, contractId);
    await ship(orderId);
    return orderId as string;
  }

  it('offered instead of the retail return and exchange; refunded at the quoted price through the refund job', async () => {
    const x = await signup('purchase-return');
    const id = await bulkOrder(x);
    const offered = (await render(x.b, id)).json();
    expect(offered.availableReverseTypes).toEqual(['SALE_REFUND', 'PURCHASE_RETURN']);
    expectError(
      await apply(x.b, 'SALE_RETURN', {
        tradeOrder: { id },
        reverseReason: 'DAMAGED',
        applyRefundAmt: '1.00',
        reverseTradeOrderLineList: [{ tradeOrderLine: { id: String((await topLines(id))[0]!.id) }, reverseQty: '1' }],
      }),
      409,
      'AfterSales.typeNotAllowed',
    );
    const line = (await topLines(id))[0]!;
    // One of the two packs: half the quoted goods with their tax share.
    const one = (
      await x.b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [
        {
          tradeOrder: { id },
          reverseTradeOrderType: 'PURCHASE_RETURN',
          reverseTradeOrderLineList: [{ tradeOrderLine: { id: String(line.id) }, reverseQty: '1' }],
        },
      ])
    ).json().availableRefundAmt.value as string;
    expect(Number(one)).toBeGreaterThanOrEqual(7000);
    expect(Number(one)).toBeLessThan(Number(minorToValue((await orderRow(id)).paidAmtMinor)));
    expectError(
      await apply(x.b, 'PURCHASE_RETURN', {
        tradeOrder: { id },
        reverseReason: 'NO_LONGER_NEEDED',
        applyRefundAmt: (Number(one) + 1).toFixed(2),
        reverseTradeOrderLineList: [{ tradeOrderLine: { id: String(line.id) }, reverseQty: '1' }],
      }),
      400,
      'AfterSales.refundAmountOutOfRange',
    );
    const res = await apply(x.b, 'PURCHASE_RETURN', {
      tradeOrder: { id },
      reverseReason: 'NO_LONGER_NEEDED',
      applyRefundAmt: one,
      reverseTradeOrderLineList: [{ tradeOrderLine: { id: String(line.id) }, reverseQty: '1' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().id as string;
    expect(res.json().reverseTradeOrderType).toBe('PURCHASE_RETURN');
    expect((await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true })).statusCode).toBe(200);
    const back = await x.b.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', [
      {
        id: rid,
        fulfillmentProgressList: [{ serviceCode: upsTrackingNumber(), fulfillmentServiceProvider: { id: carrierId } }],
        returnMode: 'SELF_DELIVERY',
      },
    ]);
    expect(back.statusCode, back.body).toBe(200);
    expect((await seller.post(`/api/merchant/reverse/${rid}/qc`, { pass: true })).json().reverseTradeOrderStatus).toBe(
      'WAITING_FOR_REFUND',
    );
    // Settled with money only: the seller console offers no reissue.
    const listed = (await seller.post('/api/merchant/reverse', { status: 'TO_REFUND' })).json();
    expect(listed.data.find((r: { id: string }) => r.id === rid).sellerOperations).toEqual(['refund']);
    expectError(await seller.post(`/api/merchant/reverse/${rid}/reissue`, {}), 409, 'AfterSales.statusChanged');
    expect((await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: one })).statusCode).toBe(200);
    await waitFor(
      () => detail(x.b, rid).then((r) => r.json()),
      (r) => r.reverseTradeOrderStatus === 'REFUND_DONE',
      'refund done',
    );
    const d = (await detail(x.b, rid)).json();
    expect(d.actualRefundAmt.value).toBe(one);
    expect(d.reverseTradeOrderType).toBe('PURCHASE_RETURN');
  });

  it("closed once the quote's return days after receipt have passed, and never with 0 days", async () => {
    const x = await signup('purchase-return-late');
    const id = await bulkOrder(x, 14);
    await t.db
      .update(tradeOrders)
      .set({ status: 'COMPLETE', completedAt: new Date(Date.now() - 15 * 86_400_000), receiptDeadline: null })
      .where(eq(tradeOrders.id, BigInt(id)));
    expect((await render(x.b, id)).json().availableReverseTypes).toEqual(['SALE_REFUND']);
    await t.db
      .update(tradeOrders)
      .set({ completedAt: new Date(Date.now() - 13 * 86_400_000) })
      .where(eq(tradeOrders.id, BigInt(id)));
    expect((await render(x.b, id)).json().availableReverseTypes).toEqual(['SALE_REFUND', 'PURCHASE_RETURN']);

    const y = await signup('purchase-return-none');
    const none = await bulkOrder(y, 0);
    expect((await render(y.b, none)).json().availableReverseTypes).toEqual(['SALE_REFUND']);
    const [r] = await t.db.select().from(reverseTradeOrders).where(eq(reverseTradeOrders.buyerId, y.id));
    expect(r).toBeUndefined();
  });
});
