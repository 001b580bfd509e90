/**
 * After-sales through app.inject on real Postgres (SPEC §4 after-sales, §5 rules, §7 after-sales
 * calls): apply rules with their codes, ownership, concurrency, the refundable cap, the four
 * flows through the seller console, refunds carried out at MOCKPAY exactly once, and a second
 * charge that was not kept being refunded by itself.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  carriers,
  mockpayEvents,
  mockpayPayments,
  mockpayRefunds,
  paymentRecords,
  refunds,
  reverseTradeOrders,
  skus,
  tradeOrders,
} from '../../db/schema/index.js';
import { signatureHeader } from '../mockpay/provider.js';
import { Browser, login, type TestApp, createTestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer, upsTrackingNumber } from '../../../test/order-fixtures.js';
import { DEV_MOCKPAY_SECRET } from '../../app.js';

let t: TestApp;
let f: Fixtures;
let carrierId: string;
let seller: Browser;
const { signup, place, pay, orderRow, statusOf, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  carrierId = String(c!.id);
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

const FLOW = {
  SALE_REFUND: '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
  SALE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForReturnFlow',
  SALE_EXCHANGE: '/api/trantor/flow/trade_InitiateReverseTradeOrderForExchangeFlow',
  SALE_CANCEL_BEFORE_DELIVERY: '/api/trantor/flow/bbc_trade_InitiateReverseTradeOrderForCancelUnDeliveryFlow',
} as const;
type Flow = keyof typeof FLOW;

const apply = (b: Browser, type: Flow, body: Record<string, unknown>, key = crypto.randomUUID()) =>
  b.post(FLOW[type], [body], { headers: { 'idempotency-key': key }, remoteAddress: freshIp() });
const render = (b: Browser, body: Record<string, unknown>) =>
  b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [body]);
const detail = (b: Browser, id: string) => b.post('/sapi/mall-order/web/reverseorder/querybyid', { id });
const reversesOf = (orderId: string) =>
  t.db
    .select()
    .from(reverseTradeOrders)
    .where(eq(reverseTradeOrders.orderId, BigInt(orderId)));
const minorToValue = (m: bigint) => (Number(m) / 100).toFixed(2);

/** Paid and shipped to the buyer (UN_RECEIVED); returns the order id. */
async function receivedOrder(buyer: Buyer, items: [Parameters<typeof place>[1][number][0], string][]): Promise<string> {
  const placed = await place(buyer, items);
  await pay(buyer.b, placed.contractId);
  const id = placed.orderIds[0]!;
  const lines = await topLines(id);
  const res = await seller.post(`/api/merchant/orders/${id}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function paidOrder(buyer: Buyer, items: [Parameters<typeof place>[1][number][0], string][]): Promise<string> {
  const placed = await place(buyer, items);
  await pay(buyer.b, placed.contractId);
  return placed.orderIds[0]!;
}

const lineBody = (lineId: bigint | string, qty: string, extra: Record<string, unknown> = {}) => ({
  tradeOrderLine: { id: String(lineId) },
  reverseQty: qty,
  ...extra,
});

describe('apply page render', () => {
  it('a received order offers refund, return and exchange; the whole order gives back all it paid', async () => {
    const x = await signup('render');
    const id = await receivedOrder(x, [
      ['E7-BLK-140', '1'],
      ['TRAY-STEEL', '2'],
    ]);
    const res = await render(x.b, { tradeOrder: { id }, reverseTradeOrderType: 'SALE_RETURN' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.availableReverseTypes).toEqual(['SALE_REFUND', 'SALE_RETURN', 'SALE_EXCHANGE']);
    expect(r.reverseTradeOrderLineList.map((l: any) => [l.canReverseQty, l.inAfterSales])).toEqual([
      ['1', false],
      ['2', false],
    ]);
    expect(r.availableRefundAmt.value).toBe(minorToValue((await orderRow(id)).paidAmtMinor));
    expect(r.availableReverseReasons).toContain('DAMAGED');
  });
});

describe('apply rules: each refused with its code and nothing written', () => {
  let x: Buyer;
  let id: string;
  let desk: string;
  beforeAll(async () => {
    x = await signup('rules');
    id = await receivedOrder(x, [
      ['E7-BLK-140', '1'],
      ['TRAY-STEEL', '2'],
    ]);
    desk = String((await topLines(id))[0]!.id);
  });
  const base = () => ({
    tradeOrder: { id },
    reverseReason: 'DAMAGED',
    applyRefundAmt: '10.00',
    reverseTradeOrderLineList: [lineBody(desk, '1')],
  });

  it('every §5 rule', async () => {
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), reverseTradeOrderLineList: [] }),
      400,
      'AfterSales.noLine',
    );
    const { reverseReason: _r, ...noReason } = base();
    expectError(await apply(x.b, 'SALE_RETURN', noReason), 400, 'AfterSales.reasonRequired');
    const { applyRefundAmt: _a, ...noAmount } = base();
    expectError(await apply(x.b, 'SALE_RETURN', noAmount), 400, 'AfterSales.refundAmountRequired');
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), applyRefundAmt: '10.005' }),
      400,
      'AfterSales.refundAmountOutOfRange',
    );
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), applyRefundAmt: '99999.00' }),
      400,
      'AfterSales.refundAmountOutOfRange',
    );
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), reverseTradeOrderLineList: [lineBody(desk, '2')] }),
      400,
      'AfterSales.quantityOutOfRange',
    );
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), reverseTradeOrderLineList: [lineBody(desk, '0')] }),
      400,
      'AfterSales.quantityOutOfRange',
    );
    expectError(
      await apply(x.b, 'SALE_EXCHANGE', { ...base(), applyRefundAmt: undefined }),
      400,
      'AfterSales.exchangeSkuRequired',
    );
    expectError(
      await apply(x.b, 'SALE_EXCHANGE', {
        ...base(),
        reverseTradeOrderLineList: [lineBody(desk, '1', { derivativeSku: { id: f.sku['TRAY-STEEL'] } })],
      }),
      400,
      'AfterSales.exchangeSkuInvalid',
    );
    expectError(
      await apply(x.b, 'SALE_CANCEL_BEFORE_DELIVERY', { ...base(), reverseReason: 'ORDERED_BY_MISTAKE' }),
      409,
      'AfterSales.typeNotAllowed',
    );
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), reverseText: 'x'.repeat(501) }),
      400,
      'Common.invalidRequest',
    );
    const seven = Array.from({ length: 7 }, () => `/uploads/${crypto.randomUUID()}.png`);
    expectError(await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: seven }), 400, 'Common.invalidRequest');
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: [`/uploads/${crypto.randomUUID()}.png`] }),
      400,
      'AfterSales.evidenceNotFound',
    );
    expect(await reversesOf(id)).toEqual([]);
  });

  it("evidence is the buyer's own uploads: another buyer's image, an unknown file or a demo drawing is refused", async () => {
    const stranger = await signup('evidence-owner');
    const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e03131' } })
      .png()
      .toBuffer();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await stranger.b.request('POST', '/api/uploads?purpose=evidence', undefined, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: payload as unknown as string,
    });
    expect(up.statusCode, up.body).toBe(200);
    for (const url of [up.json().url, `/uploads/${crypto.randomUUID()}.png`]) {
      const res = await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: [url] });
      expectError(res, 400, 'AfterSales.evidenceNotFound');
      expect(res.json().details).toEqual({ url });
    }
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: ['/media/demo/desk-20-white-desk.svg'] }),
      400,
      'Common.invalidRequest',
    );
    expect(await reversesOf(id)).toEqual([]);
  });

  it('an evidence image over 1 MB is refused, one under it is kept', async () => {
    // Noise does not compress: a PNG of about `bytes` bytes (uploads must decode, so no padded magic bytes).
    const png = (bytes: number) => {
      const side = Math.ceil(Math.sqrt(bytes / 3));
      return sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
        .png()
        .toBuffer();
    };
    const upload = async (buf: Buffer) => {
      const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        buf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await x.b.request('POST', '/api/uploads', undefined, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: payload as unknown as string,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().url as string;
    };
    const big = await upload(await png(1024 * 1024 + 10));
    expectError(
      await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: [big] }),
      400,
      'AfterSales.evidenceTooLarge',
    );
    expect(await reversesOf(id)).toEqual([]);
    const small = await upload(await png(2000));
    const ok = await apply(x.b, 'SALE_RETURN', { ...base(), attachmentList: [small], reverseText: 'Scratched' });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = (await detail(x.b, ok.json().id)).json();
    expect(d.remarkList[0]).toEqual({ remark: 'Scratched', attachmentList: { files: [{ url: small }] } });
    expect(d.reverseTradeOrderStatus).toBe('WAITING_FOR_AUDIT_BY_SELLER');
    expect(d.operationList).toEqual(['cancel']);
    expect(d.deadline.kind).toBe('AUTO_APPROVE');
    // The line is now held: a second application for it is refused.
    expectError(await apply(x.b, 'SALE_REFUND', base()), 409, 'AfterSales.lineInProgress');
  });
});

describe('ownership', () => {
  it('another buyer gets 404 on every reverse call and nothing changes', async () => {
    const owner = await signup('owner');
    const other = await signup('stranger');
    const id = await receivedOrder(owner, [['TRAY-STEEL', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const ok = await apply(owner.b, 'SALE_RETURN', {
      tradeOrder: { id },
      reverseReason: 'DAMAGED',
      applyRefundAmt: '5.00',
      reverseTradeOrderLineList: [lineBody(line, '1')],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rid = ok.json().id as string;
    expectError(await render(other.b, { tradeOrder: { id } }), 404, 'Trade.tradeOrderNotExist');
    expectError(
      await apply(other.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'DAMAGED',
        applyRefundAmt: '1.00',
        reverseTradeOrderLineList: [lineBody(line, '1')],
      }),
      404,
      'Trade.tradeOrderNotExist',
    );
    expectError(await detail(other.b, rid), 404, 'AfterSales.reverseNotExist');
    expectError(
      await other.b.post('/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow', [{ id: rid }]),
      404,
      'AfterSales.reverseNotExist',
    );
    expectError(
      await other.b.post('/api/trantor/flow/trade_ConfirmReverseTradeOrderExchangeSkuFlow', [{ id: rid }]),
      404,
      'AfterSales.reverseNotExist',
    );
    expectError(
      await other.b.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', [
        {
          id: rid,
          fulfillmentProgressList: [{ serviceCode: 'ABC123', fulfillmentServiceProvider: { id: carrierId } }],
          returnMode: 'SELF_DELIVERY',
        },
      ]),
      404,
      'AfterSales.reverseNotExist',
    );
    const page = await other.b.post('/sapi/mall-order/web/reverseorder/querypage', {});
    expect(page.json()).toMatchObject({ data: [], total: 0 });
    const seller2 = await login(t.app, 'seller2@demo.shop');
    expectError(
      await seller2.post(`/api/merchant/reverse/${rid}/audit`, { approve: true }),
      404,
      'AfterSales.reverseNotExist',
    );
    const [r] = await reversesOf(id);
    expect(r!.status).toBe('WAITING_FOR_AUDIT_BY_SELLER');
  });
});

describe('concurrency and the refundable cap', () => {
  it('20 concurrent applies for the same line make one reverse order; the same key twice returns the same one', async () => {
    const x = await signup('racer');
    const id = await receivedOrder(x, [['TRAY-STEEL', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const body = {
      tradeOrder: { id },
      reverseReason: 'DAMAGED',
      applyRefundAmt: '5.00',
      reverseTradeOrderLineList: [lineBody(line, '1')],
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(x.b, 'SALE_RETURN', body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((y) => y.statusCode !== 200)) expectError(r, 409, 'AfterSales.lineInProgress');
    expect(await reversesOf(id)).toHaveLength(1);

    const y = await signup('doubleclick');
    const id2 = await receivedOrder(y, [['TRAY-STEEL', '1']]);
    const line2 = String((await topLines(id2))[0]!.id);
    const key = crypto.randomUUID();
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        apply(
          y.b,
          'SALE_REFUND',
          {
            tradeOrder: { id: id2 },
            reverseReason: 'DAMAGED',
            applyRefundAmt: '5.00',
            reverseTradeOrderLineList: [lineBody(line2, '1')],
          },
          key,
        ),
      ),
    );
    for (const r of twice) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(twice.map((r) => r.json().id)).size).toBe(1);
    expect(await reversesOf(id2)).toHaveLength(1);
  });

  it('two partial refunds can never give back more than was paid, even when sent together', async () => {
    const x = await signup('partial');
    const id = await receivedOrder(x, [
      ['E7-BLK-140', '1'],
      ['TRAY-STEEL', '1'],
    ]);
    const [desk, tray] = (await topLines(id)).map((l) => String(l.id));
    const paid = (await orderRow(id)).paidAmtMinor;
    const deskMax = (
      await render(x.b, {
        tradeOrder: { id },
        reverseTradeOrderType: 'SALE_REFUND',
        reverseTradeOrderLineList: [{ tradeOrderLine: { id: desk } }],
      })
    ).json().availableRefundAmt.value;
    const trayAsk = minorToValue(paid); // more than the tray's share once the desk holds its own
    const [a, b] = await Promise.all([
      apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: deskMax,
        reverseTradeOrderLineList: [lineBody(desk!, '1')],
      }),
      apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: trayAsk,
        reverseTradeOrderLineList: [lineBody(tray!, '1')],
      }),
    ]);
    const oks = [a, b].filter((r) => r.statusCode === 200);
    const applied = (await reversesOf(id)).reduce((s, r) => s + r.applyRefundAmtMinor, 0n);
    expect(applied <= paid).toBe(true);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    // Whatever is left is exactly what the other line may still ask for.
    const rest = (await render(x.b, { tradeOrder: { id }, reverseTradeOrderType: 'SALE_REFUND' })).json();
    expect(rest.availableRefundAmt.value).toBe(minorToValue(paid - applied));
    if (oks.length === 1) {
      const other = a.statusCode === 200 ? tray! : desk!;
      const last = await apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: minorToValue(paid - applied),
        reverseTradeOrderLineList: [lineBody(other, '1')],
      });
      expect(last.statusCode, last.body).toBe(200);
    }
    expectError(
      await apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: '0.01',
        reverseTradeOrderLineList: [lineBody(desk!, '1')],
      }),
      409,
      'AfterSales.lineInProgress',
    );
    // The seller approves and refunds both: the provider gives back exactly what was paid, and the order is CANCEL_ALL.
    for (const r of await reversesOf(id)) {
      expect((await seller.post(`/api/merchant/reverse/${r.id}/audit`, { approve: true })).statusCode).toBe(200);
      const res = await seller.post(`/api/merchant/reverse/${r.id}/refund`, {
        amount: minorToValue(r.applyRefundAmtMinor),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded in full',
    );
    const [rec] = await t.db
      .select()
      .from(paymentRecords)
      .where(
        and(eq(paymentRecords.contractId, (await orderRow(id)).contractId), eq(paymentRecords.status, 'PAY_SUCCESS')),
      );
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, rec!.providerPaymentId!));
    expect(mp!.refundedMinor).toBe(paid);
  });
});

describe('the four flows with the seller', () => {
  it('return: approve, send back (tracking checked), QC pass puts stock back, refund at MOCKPAY, order CANCEL_ALL', async () => {
    const x = await signup('returner');
    const id = await receivedOrder(x, [['TRAY-STEEL', '2']]);
    const line = String((await topLines(id))[0]!.id);
    const paid = (await orderRow(id)).paidAmtMinor;
    const rid = (
      await apply(x.b, 'SALE_RETURN', {
        tradeOrder: { id },
        reverseReason: 'DAMAGED',
        applyRefundAmt: minorToValue(paid),
        reverseTradeOrderLineList: [lineBody(line, '2')],
      })
    ).json().id;
    expect(
      (await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true })).json().reverseTradeOrderStatus,
    ).toBe('WAITING_FOR_BUYER_RETURN');
    let d = (await detail(x.b, rid)).json();
    expect(d.returnAddress.detailAddress).toContain('Howard');
    expect(d.operationList).toEqual(['cancel', 'sendBack']);
    expect(d.deadline.kind).toBe('AUTO_CLOSE');
    const post = (serviceCode: string) =>
      x.b.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', [
        {
          id: rid,
          fulfillmentProgressList: [{ serviceCode, fulfillmentServiceProvider: { id: carrierId } }],
          returnMode: 'SELF_DELIVERY',
        },
      ]);
    expectError(await post('AB-12'), 400, 'Common.invalidRequest');
    // The carrier is UPS: a DHL waybill number is not one of its numbers (tracking.ts).
    expect(expectError(await post('1234567890'), 400, 'Trade.trackingNumberFormat').details).toMatchObject({
      carrierCode: 'UPS',
      example: '1Z999AA10123456784',
    });
    expect((await post('1zret1230000000001')).json().reverseTradeOrderStatus).toBe('WAITING_FOR_QC_DONE');
    expectError(await post('1ZRET1240000000001'), 409, 'AfterSales.statusChanged');
    const stock = async () =>
      (
        await t.db
          .select()
          .from(skus)
          .where(eq(skus.id, BigInt(f.sku['TRAY-STEEL'])))
      )[0]!.stock;
    const before = Number(await stock());
    expect((await seller.post(`/api/merchant/reverse/${rid}/qc`, { pass: true })).json().reverseTradeOrderStatus).toBe(
      'WAITING_FOR_REFUND',
    );
    expect(Number(await stock())).toBe(before + 2);
    expectError(
      await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: minorToValue(paid + 1n) }),
      400,
      'AfterSales.refundAmountOutOfRange',
    );
    expect(
      (await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: minorToValue(paid) })).json()
        .reverseTradeOrderStatus,
    ).toBe('REFUND_PENDING');
    await waitFor(
      () => detail(x.b, rid).then((r) => r.json()),
      (r) => r.reverseTradeOrderStatus === 'REFUND_DONE',
      'refund done',
    );
    d = (await detail(x.b, rid)).json();
    expect(d.actualRefundAmt.value).toBe(minorToValue(paid));
    expect(d.refund.status).toBe('REFUND_DONE');
    expect(d.fulfillmentProgressList[0]).toMatchObject({ direction: 'RETURN', serviceCode: '1ZRET1230000000001' });
    expect(await statusOf(id)).toBe('CANCEL_ALL');
    const order = (await x.b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id })).json();
    expect(order.tradeOrderLineList[0].reverseStatus).toBe('DONE');
    expect(order.paymentInfo.refunds).toEqual([
      expect.objectContaining({
        status: 'REFUND_DONE',
        reason: 'AFTER_SALES',
        amount: { value: minorToValue(paid), currency: 'USD' },
      }),
    ]);
  });

  it('exchange: QC pass, the replacement ships (its stock taken), the buyer confirms; nothing is refunded', async () => {
    const x = await signup('exchanger');
    const id = await receivedOrder(x, [['E7-BLK-140', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const skusOf = (
      await x.b.post('/api/trantor/flow/bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow', [
        { diyItemId: String((await topLines(id))[0]!.itemId), tradeOrderLineId: line },
      ])
    ).json();
    expect(skusOf.map((s: any) => s.id)).toContain(f.sku['E7-WHT-140']);
    const rid = (
      await apply(x.b, 'SALE_EXCHANGE', {
        tradeOrder: { id },
        reverseReason: 'WRONG_SIZE_OR_COLOUR',
        reverseTradeOrderLineList: [lineBody(line, '1', { derivativeSku: { id: f.sku['E7-WHT-140'] } })],
      })
    ).json().id;
    await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true });
    await x.b.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', [
      {
        id: rid,
        fulfillmentProgressList: [{ serviceCode: '1ZEXRET10000000001', fulfillmentServiceProvider: { id: carrierId } }],
        returnMode: 'SELF_DELIVERY',
      },
    ]);
    expect((await seller.post(`/api/merchant/reverse/${rid}/qc`, { pass: true })).json().reverseTradeOrderStatus).toBe(
      'WAITING_FOR_SELLER_SHIP',
    );
    const white = async () =>
      Number(
        (
          await t.db
            .select()
            .from(skus)
            .where(eq(skus.id, BigInt(f.sku['E7-WHT-140'])))
        )[0]!.stock,
      );
    const before = await white();
    expect(
      (await seller.post(`/api/merchant/reverse/${rid}/ship`, { carrierId, serviceCode: '1ZEXSHIP0000000001' })).json()
        .reverseTradeOrderStatus,
    ).toBe('WAITING_FOR_BUYER_CONFIRMED');
    expect(await white()).toBe(before - 1);
    const d = (await detail(x.b, rid)).json();
    expect(d.operationList).toEqual(['confirmReceipt', 'checkLogistics']);
    expect(d.reverseTradeOrderLineList[0].derivativeSku.id).toBe(f.sku['E7-WHT-140']);
    expect(d.fulfillmentProgressList.map((s: any) => s.direction).sort()).toEqual(['EXCHANGE', 'RETURN']);
    expect(
      (await x.b.post('/api/trantor/flow/trade_ConfirmReverseTradeOrderExchangeSkuFlow', [{ id: rid }])).json()
        .reverseTradeOrderStatus,
    ).toBe('REVERSE_DONE');
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.reverseId, BigInt(rid))),
    ).toEqual([]);
    expect(await statusOf(id)).toBe('UN_RECEIVED');
  });

  it('cancel before delivery: every unshipped line at full price; approval puts stock back and refunds', async () => {
    const x = await signup('canceller');
    const id = await paidOrder(x, [
      ['TRAY-STEEL', '1'],
      ['E7-BLK-140', '1'],
    ]);
    const lines = await topLines(id);
    // One line leaves first; the rest is cancelled.
    const ship = await seller.post(`/api/merchant/orders/${id}/packages`, {
      carrierId,
      serviceCode: upsTrackingNumber(),
      lines: [{ tradeOrderLineId: String(lines[0]!.id), qty: '1' }],
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const order = (await x.b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id })).json();
    expect(order.operationList).toContain('buyerApplyReverse');
    const r = (await render(x.b, { tradeOrder: { id }, reverseTradeOrderType: 'SALE_CANCEL_BEFORE_DELIVERY' })).json();
    expect(r.reverseTradeOrderLineList.map((l: any) => l.id)).toEqual([String(lines[1]!.id)]);
    const res = await apply(x.b, 'SALE_CANCEL_BEFORE_DELIVERY', {
      tradeOrder: { id },
      reverseReason: 'DELIVERY_TOO_SLOW',
      reverseTradeOrderLineList: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [rev] = await reversesOf(id);
    expect(minorToValue(rev!.applyRefundAmtMinor)).toBe(r.availableRefundAmt.value);
    // The seller cannot ship a line the buyer asked to cancel.
    expectError(
      await seller.post(`/api/merchant/orders/${id}/packages`, {
        carrierId,
        serviceCode: upsTrackingNumber(),
        lines: [{ tradeOrderLineId: String(lines[1]!.id), qty: '1' }],
      }),
      409,
      'Trade.operationNotAllowed',
    );
    const desk = async () =>
      Number(
        (
          await t.db
            .select()
            .from(skus)
            .where(eq(skus.id, BigInt(f.sku['E7-BLK-140'])))
        )[0]!.stock,
      );
    const before = await desk();
    expect(
      (await seller.post(`/api/merchant/reverse/${rev!.id}/audit`, { approve: true })).json().reverseTradeOrderStatus,
    ).toBe('REFUND_PENDING');
    expect(await desk()).toBe(before + 1);
    // Nothing is left to ship: the order waits for the parcel that left.
    expect(await statusOf(id)).toBe('UN_RECEIVED');
    await waitFor(
      () => reversesOf(id),
      (rs) => rs[0]!.status === 'REFUND_DONE',
      'cancel refunded',
    );
  });

  it('refund only, rejected with a reason the buyer sees; the line is free again', async () => {
    const x = await signup('rejected');
    const id = await receivedOrder(x, [['TRAY-STEEL', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const rid = (
      await apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: '5.00',
        reverseTradeOrderLineList: [lineBody(line, '1')],
      })
    ).json().id;
    expectError(
      await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: false }),
      400,
      'Common.invalidRequest',
    );
    expect(
      (
        await seller.post(`/api/merchant/reverse/${rid}/audit`, {
          approve: false,
          reason: 'Please send a photo of the fault',
        })
      ).json().reverseTradeOrderStatus,
    ).toBe('REVERSE_CLOSE');
    const d = (await detail(x.b, rid)).json();
    expect(d).toMatchObject({
      auditRejectReason: 'Please send a photo of the fault',
      operationList: ['viewRejectReason'],
    });
    expect((await render(x.b, { tradeOrder: { id } })).json().reverseTradeOrderLineList[0]).toMatchObject({
      canReverseQty: '1',
      inAfterSales: false,
    });
  });

  it('the buyer withdraws after a confirm; the list filters by number and status', async () => {
    const x = await signup('withdrawer');
    const id = await receivedOrder(x, [['TRAY-STEEL', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const created = (
      await apply(x.b, 'SALE_RETURN', {
        tradeOrder: { id },
        reverseReason: 'NO_LONGER_NEEDED',
        applyRefundAmt: '5.00',
        reverseTradeOrderLineList: [lineBody(line, '1')],
      })
    ).json();
    expect(
      (
        await x.b.post('/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow', [{ id: created.id }])
      ).json().reverseTradeOrderStatus,
    ).toBe('REVERSE_CANCELED');
    expectError(
      await x.b.post('/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow', [{ id: created.id }]),
      409,
      'AfterSales.statusChanged',
    );
    const page = (body: object) => x.b.post('/sapi/mall-order/web/reverseorder/querypage', body).then((r) => r.json());
    expect((await page({ keyword: created.reverseTradeOrderCode })).total).toBe(1);
    expect((await page({ applied: 'processing' })).total).toBe(0);
    expect((await page({ applied: 'finished' })).data[0].reverseTradeOrderStatus).toBe('REVERSE_CANCELED');
    const bySku = (
      await x.b.post('/sapi/mall-order/web/reverseorder/querybyordersku', {
        tradeOrderId: id,
        skuId: f.sku['TRAY-STEEL'],
      })
    ).json();
    expect(bySku.data.map((r: any) => r.id)).toEqual([created.id]);
  });
});

describe('refunds at the provider happen once', () => {
  it('MOCKPAY refund webhook replayed 10 times and the refund job run 10 times refund once', async () => {
    const x = await signup('replay');
    const id = await receivedOrder(x, [['TRAY-STEEL', '1']]);
    const line = String((await topLines(id))[0]!.id);
    const rid = (
      await apply(x.b, 'SALE_REFUND', {
        tradeOrder: { id },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: '5.00',
        reverseTradeOrderLineList: [lineBody(line, '1')],
      })
    ).json().id;
    await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true });
    await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: '5.00' });
    await waitFor(
      () => detail(x.b, rid).then((r) => r.json()),
      (r) => r.reverseTradeOrderStatus === 'REFUND_DONE',
      'refund done',
    );
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.reverseId, BigInt(rid)));
    const [event] = await t.db
      .select()
      .from(mockpayEvents)
      .where(
        and(
          eq(mockpayEvents.type, 'refund.succeeded'),
          sql`${mockpayEvents.payload}->'data'->>'merchantReference' = ${refund!.idempotencyKey}`,
        ),
      );
    const body = JSON.stringify(event!.payload);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/mockpay',
          payload: body,
          headers: {
            'content-type': 'application/json',
            'mockpay-signature': signatureHeader(DEV_MOCKPAY_SECRET, body),
          },
        }),
      ),
    );
    for (const r of replies) expect(r.statusCode).toBe(200);
    await Promise.all(Array.from({ length: 10 }, () => t.app.refunder.execute(refund!.id)));
    await t.db.update(refunds).set({ status: 'REFUND_PENDING' }).where(eq(refunds.id, refund!.id)); // as if the answer had been lost
    await Promise.all(Array.from({ length: 10 }, () => t.app.refunder.execute(refund!.id)));
    const books = await t.db
      .select()
      .from(mockpayRefunds)
      .where(eq(mockpayRefunds.idempotencyKey, refund!.idempotencyKey));
    expect(books).toHaveLength(1);
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, books[0]!.paymentId));
    expect(mp!.refundedMinor).toBe(500n);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.reverseId, BigInt(rid))),
    ).toHaveLength(1);
  });

  it('a second charge approved after another paid the order is refunded by itself and shown on the order', async () => {
    const x = await signup('twice');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const first = await x.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId: placed.contractId, payChannel: 'MOCKPAY' },
      { remoteAddress: freshIp() },
    );
    const firstToken = first.json().channelToken as string;
    const firstRecord = first.json().paymentRecordId as string;
    const [c] = await t.db
      .select({ key: sql<string>`pay_unique_key` })
      .from(sql`trade_contracts`)
      .where(sql`id = ${placed.contractId}`);
    // The buyer chose "pay again" while the first charge was still settling…
    expect(
      (
        await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
          payUniqueKey: c!.key,
          paymentRecordId: firstRecord,
        })
      ).statusCode,
    ).toBe(200);
    await pay(x.b, placed.contractId);
    // …and the provider approved the first one all the same.
    await t.db.update(mockpayPayments).set({ status: 'PENDING' }).where(eq(mockpayPayments.id, firstToken));
    await t.app.mockpay.decide(firstToken, 'approve', '4242424242424242');
    const orderId = placed.orderIds[0]!;
    await waitFor(
      () =>
        t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(firstRecord))),
      (r) => r.length === 1 && r[0]!.status === 'REFUND_DONE',
      'not-kept charge refunded',
    );
    const records = await t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, BigInt(placed.contractId)))
      .orderBy(asc(paymentRecords.id));
    expect(records.filter((r) => r.status === 'PAY_SUCCESS')).toHaveLength(1);
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, firstToken));
    expect(mp!.refundedMinor).toBe(mp!.amountMinor);
    expect(await statusOf(orderId)).toBe('UN_DELIVERY');
    const d = (
      await x.b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id: orderId })
    ).json();
    expect(d.paymentInfo.refunds).toEqual([expect.objectContaining({ reason: 'NOT_CAPTURED', status: 'REFUND_DONE' })]);
    const [n] = await t.db
      .select({ n: count() })
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(placed.contractId)));
    expect(n!.n).toBe(1);
  });
});

describe('timed rules', () => {
  it('audit deadline approves, return deadline closes, confirm deadline confirms', async () => {
    const { sweepReverseDeadlines } = await import('./service.js');
    const x = await signup('timer');
    const id = await receivedOrder(x, [['TRAY-STEEL', '2']]);
    const line = String((await topLines(id))[0]!.id);
    const rid = (
      await apply(x.b, 'SALE_RETURN', {
        tradeOrder: { id },
        reverseReason: 'DAMAGED',
        applyRefundAmt: '5.00',
        reverseTradeOrderLineList: [lineBody(line, '1')],
      })
    ).json().id;
    const later = (days: number) => new Date(Date.now() + days * 86400_000 + 60_000);
    expect((await sweepReverseDeadlines(t.db, later(1))).approved).toBe(0);
    await sweepReverseDeadlines(t.db, later(3));
    expect((await detail(x.b, rid)).json().reverseTradeOrderStatus).toBe('WAITING_FOR_BUYER_RETURN');
    await sweepReverseDeadlines(t.db, later(3 + 7));
    const d = (await detail(x.b, rid)).json();
    expect(d.reverseTradeOrderStatus).toBe('REVERSE_CLOSE');
    expect((await render(x.b, { tradeOrder: { id } })).json().reverseTradeOrderLineList[0].inAfterSales).toBe(false);
  });
});

void Browser;
