/**
 * Payments through app.inject on real Postgres (SPEC §4 "Payment start" and "Payment polling",
 * §7 Payment, §8 payment errors, §9 minor units): channels, firstPay, MOCKPAY's hosted page and
 * its signed webhooks (delivered in-process in tests), the repeat-payment guard, replays,
 * signatures, concurrency and ownership. Bodies, codes and the rows behind them are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { and, asc, count, eq, notExists } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_CODES, siteFor, type MockpayEvent } from '@mall/contracts';
import { formatMoney } from '@mall/domain';
import {
  mockpayEvents,
  mockpayPayments,
  paymentRecords,
  pointLedger,
  regions,
  tradeContracts,
  tradeOrders,
  webhookEvents,
} from '../../db/schema/index.js';
import { DEV_MOCKPAY_SECRET } from '../../app.js';
import { Browser, browser, login, type TestApp } from '../../../test/helpers.js';
import {
  freshIp,
  submit,
  submitBodyFor,
  usAddress,
  type Body,
  type Fixtures,
  startCheckoutSuite,
} from '../../../test/checkout-fixtures.js';
import { signatureHeader } from '../mockpay/provider.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;

beforeAll(async () => {
  ({ t, f, buyer } = await startCheckoutSuite());
});
afterAll(async () => {
  await t?.close();
});

const WEBHOOK = '/api/payments/webhooks/mockpay';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lines = (...l: [string, string][]) => l.map(([skuId, qty]) => ({ skuId, qty }));
const standard = () => [
  { shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD },
  { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
];
/** Whole-major-unit strings to minor units (SPEC §9: x100, x1 for JPY). */
const minorOf = (value: string, currency: string) =>
  BigInt(currency === 'JPY' ? value : Math.round(Number(value) * 100));

interface OrderResult {
  id: string;
  payUniqueKey: string;
  paymentOrderId: string;
  tradeOrderIdList: string[];
  needPayAmt: { value: string; currency: string };
  buyerId: string;
}

/** Places an order through preview + submit and returns the OrderResult (a PENDING_PAY contract). */
async function placeOrder(b: Browser, choices: Body, extra: Body = {}): Promise<OrderResult> {
  const body = await submitBodyFor(b, choices, extra);
  const res = await submit(b, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** A one-line order of the buyer (steel cable tray, shipped to the saved SF address). */
const smallOrder = (b: Browser = buyer) =>
  placeOrder(b, {
    previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
    selectedAddress: { id: '1' },
    preCalShippingList: [standard()[0]],
    couponIds: [],
  });
/** A guest's order to a typed US address: the guest browser gets a tourist session. */
const guestOrder = (g: Browser) =>
  placeOrder(
    g,
    {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      selectedAddress: usAddress(f),
      preCalShippingList: [standard()[0]],
    },
    { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
  );

const firstPay = (b: Browser, contractId: string, extra: Body = {}) =>
  b.post(
    '/sapi/mall-pay/payment/firstPay',
    { contractId, payChannel: 'MOCKPAY', ...extra },
    { remoteAddress: freshIp() },
  );
async function firstPayOk(b: Browser, contractId: string, extra: Body = {}) {
  const res = await firstPay(b, contractId, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ redirectUrl: string; channelToken: string; paymentRecordId: string; channel: string }>();
}
const payResult = (b: Browser, contractId: string) => b.post('/sapi/mall-pay/payment/payResult', { contractId });
const statusByContract = (b: Browser, contractId: string) => b.post('/api/payments/status-by-contract', { contractId });
const contractDetail = (b: Browser, id: string) =>
  b.post('/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById', { id });
const closeRecord = (b: Browser, payUniqueKey: string, paymentRecordId: string) =>
  b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', { payUniqueKey, paymentRecordId });

/** The payer on MOCKPAY's hosted page (a plain HTML form post, no shop session or CSRF header). */
function hostedPost(providerPaymentId: string, outcome: string, card?: string) {
  const form = new URLSearchParams({ outcome, ...(card === undefined ? {} : { card }) }).toString();
  return t.app.inject({
    method: 'POST',
    url: `/mockpay/pay/${providerPaymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}
const hostedGet = (providerPaymentId: string) =>
  t.app.inject({ method: 'GET', url: `/mockpay/pay/${providerPaymentId}` });

/** Polls payResult like the pay-result page (faster) until the status leaves `from`. */
async function pollResult(b: Browser, contractId: string, until: (s: string) => boolean = (s) => s !== 'PAY_PENDING') {
  let last: any;
  for (let i = 0; i < 60; i++) {
    const res = await payResult(b, contractId);
    expect(res.statusCode, res.body).toBe(200);
    last = res.json();
    if (until(last.status)) return last;
    await sleep(50);
  }
  return last;
}
/** Waits until every MOCKPAY event of a payment has been delivered (acknowledged by the shop). */
async function delivered(providerPaymentId: string, n = 1) {
  for (let i = 0; i < 60; i++) {
    const evs = await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, providerPaymentId));
    if (evs.length >= n && evs.every((e) => e.deliveredAt !== null)) return evs;
    await sleep(50);
  }
  throw new Error(`events of ${providerPaymentId} not delivered`);
}

const recordsOf = (contractId: string) =>
  t.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.contractId, BigInt(contractId)))
    .orderBy(asc(paymentRecords.id));
const recordOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.id, BigInt(id)))
  )[0]!;
const contractRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(id)))
  )[0]!;
const ordersOf = (id: string) =>
  t.db
    .select()
    .from(tradeOrders)
    .where(eq(tradeOrders.contractId, BigInt(id)))
    .orderBy(asc(tradeOrders.id));
const mockpayOf = async (id: string) =>
  (await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, id)))[0]!;
const earnedFor = (contractId: string) =>
  t.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.tradeContractId, BigInt(contractId)), eq(pointLedger.reason, 'EARN')));
const webhookCount = async () => (await t.db.select({ n: count() }).from(webhookEvents))[0]!.n;
/**
 * Events the shop recorded that MOCKPAY itself did not send: what a test posts by hand. MOCKPAY's
 * retrying job may still deliver an event of an earlier test's payment at any moment.
 */
const testEventCount = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(webhookEvents)
      .where(
        notExists(
          t.db.select({ id: mockpayEvents.id }).from(mockpayEvents).where(eq(mockpayEvents.id, webhookEvents.eventId)),
        ),
      )
  )[0]!.n;

/** What MOCKPAY would sign for a payment (used to replay, tamper with or forge webhooks). */
function eventFor(
  providerPaymentId: string,
  record: { id: bigint; amountMinor: bigint; currency: string },
  type: MockpayEvent['type'] = 'payment.approved',
  over: Partial<MockpayEvent['data']> = {},
): MockpayEvent {
  return {
    id: `evt_test_${crypto.randomBytes(8).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      paymentId: providerPaymentId,
      merchantReference: String(record.id),
      amount: Number(record.amountMinor),
      currency: record.currency,
      reason: null,
      ...over,
    },
  };
}
function sendWebhook(body: string, signature?: string): Promise<LightMyRequestResponse> {
  // Sent by the provider: no session, no CSRF header.
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'mockpay-signature': signature }),
    },
  });
}
const signed = (body: string, secret = DEV_MOCKPAY_SECRET, now?: number) =>
  sendWebhook(body, signatureHeader(secret, body, now));

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

/** Starts and approves a payment on the hosted page; waits for the webhook's result. */
async function payAndApprove(b: Browser, contractId: string) {
  const started = await firstPayOk(b, contractId);
  const res = await hostedPost(started.channelToken, 'approve', '4242 4242 4242 4242');
  expect(res.statusCode).toBe(303);
  const result = await pollResult(b, contractId);
  expect(result.status).toBe('PAY_SUCCESS');
  await delivered(started.channelToken);
  return started;
}

describe('payChannel', () => {
  const channels = (res: LightMyRequestResponse) => res.json().payChannelGroups.map((g: any) => g.groupName);

  it('registered buyer on the US site: MOCKPAY with its methods and config', async () => {
    const res = await buyer.post('/sapi/mall-pay/payment/payChannel', {
      environment: 'PC',
      countryCode: 'US',
      site: 'US',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      payChannelGroups: [
        {
          groupName: 'MOCKPAY',
          channels: [
            {
              channelName: 'MOCKPAY',
              anonymous: true,
              configMap: { environment: 'test', publicKey: 'mock_pk_test' },
              redirectHosts: [],
              // A registered buyer may also pay with a card saved with MOCKPAY.
              paymentMethods: [
                { type: 'card', name: 'Card' },
                { type: 'wallet', name: 'MockPay wallet' },
                { type: 'savedCard', name: 'Saved card' },
              ],
            },
          ],
        },
      ],
    });
    // Paying with points removes only the pay-later provider.
    expect(channels(await buyer.post('/sapi/mall-pay/payment/payChannel', { isPoint: true }))).toEqual(['MOCKPAY']);
  });

  it('anonymous visitor and tourist session: MOCKPAY (an anonymous channel)', async () => {
    const anon = browser(t.app);
    const res = await anon.post('/sapi/mall-pay/payment/payChannel', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(channels(res)).toEqual(['MOCKPAY']);
    expect(res.json().payChannelGroups[0].channels[0].anonymous).toBe(true);

    const g = browser(t.app);
    await guestOrder(g);
    expect((await g.get('/api/auth/session')).json().userType).toBe('TOURIST');
    expect(channels(await g.post('/sapi/mall-pay/payment/payChannel', { environment: 'H5' }))).toEqual(['MOCKPAY']);
  });

  it('follows the site table order, for every site', async () => {
    const anon = browser(t.app);
    const registered = await login(t.app, 'buyer@demo.shop');
    const enterprise = await login(t.app, 'main@demo.shop');
    for (const code of SITE_CODES) {
      const order = siteFor(code).paymentChannelOrder;
      for (const b of [anon, registered, enterprise]) {
        expect((await b.post('/api/preferences', { site: code })).statusCode).toBe(200);
        const res = await b.post('/sapi/mall-pay/payment/payChannel', { site: code });
        expect(res.statusCode, res.body).toBe(200);
        const names: string[] = channels(res);
        // Only implemented channels are offered, each once, in the order the site lists them.
        expect(names, code).toContain('MOCKPAY');
        expect(new Set(names).size).toBe(names.length);
        expect(names, code).toEqual(order.filter((c) => names.includes(c)));
      }
      expect(channels(await anon.post('/sapi/mall-pay/payment/payChannel', {})), code).toEqual(['MOCKPAY']);
    }
  });

  it('rejects unknown fields (strict body) and a missing CSRF header', async () => {
    expectError(await buyer.post('/sapi/mall-pay/payment/payChannel', { foo: 1 }), 400, 'Common.invalidRequest');
    expectError(
      await buyer.post('/sapi/mall-pay/payment/payChannel', {}, { noCsrf: true }),
      403,
      'Common.csrfRejected',
    );
  });
});

describe('firstPay: US buyer, two shops, approved on the hosted page', () => {
  let order: OrderResult;
  let started: Awaited<ReturnType<typeof firstPayOk>>;
  let pointsBefore: number;

  beforeAll(async () => {
    order = await placeOrder(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '1'], [f.sku['LAMP-BAR'], '1']),
      selectedAddress: { id: '1' },
      preCalShippingList: standard(),
      couponIds: [],
    });
    pointsBefore = (await t.db.select().from(pointLedger).where(eq(pointLedger.buyerId, f.buyerId))).reduce(
      (a, l) => a + l.delta,
      0,
    );
  });

  it('the contract is PENDING_PAY and its detail lists both trade orders', async () => {
    const res = await contractDetail(buyer, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: order.id,
      status: 'PENDING_PAY',
      needPayAmt: order.needPayAmt,
      payUniqueKey: order.payUniqueKey,
      paymentOrderId: order.paymentOrderId,
      buyerId: String(f.buyerId),
      isPoint: false,
    });
    expect(d.payDeadlineMillis).toBeGreaterThan(Date.now());
    expect(d.tradeOrderList.map((o: any) => o.id)).toEqual(order.tradeOrderIdList);
    expect(d.tradeOrderList.map((o: any) => o.status)).toEqual(['PENDING_PAY', 'PENDING_PAY']);
    expect(d.tradeOrderList.map((o: any) => o.shopName)).toEqual(['FlexiDesk Official', 'Nordic Home']);
  });

  it('before any attempt: status NONE, payResult NONE', async () => {
    expect((await statusByContract(buyer, order.id)).json()).toEqual({
      payUniqueKey: order.payUniqueKey,
      paymentRecordStatus: 'NONE',
      paymentRecordId: null,
    });
    expect((await payResult(buyer, order.id)).json()).toMatchObject({
      contractId: order.id,
      status: 'NONE',
      failedReason: null,
      paymentRecordId: null,
      needPayAmt: order.needPayAmt,
    });
  });

  it('payResult and the detail name the trade orders by their real numbers, with a short summary (not the contract id)', async () => {
    const codes = (
      await t.db
        .select({ id: tradeOrders.id, code: tradeOrders.tradeOrderCode })
        .from(tradeOrders)
        .where(eq(tradeOrders.contractId, BigInt(order.id)))
        .orderBy(asc(tradeOrders.id))
    ).map((o) => ({ id: String(o.id), code: o.code }));
    expect(codes).toHaveLength(2);
    for (const res of [await payResult(buyer, order.id), await contractDetail(buyer, order.id)]) {
      const body = res.json();
      expect(body.tradeOrderList.map((o: any) => ({ id: o.id, code: o.tradeOrderCode }))).toEqual(codes);
      expect(body.tradeOrderList.map((o: any) => o.tradeOrderCode)).not.toContain(order.id);
      expect(body.tradeOrderList.map((o: any) => [o.shopName, o.lineCount, o.lines.length, o.lines[0].qty])).toEqual([
        ['FlexiDesk Official', 1, 1, '1'],
        ['Nordic Home', 1, 1, '1'],
      ]);
      expect(body.tradeOrderList[0].lines[0].itemName).toMatch(/\w/);
      expect(body.tradeOrderList[0].lines[0].image).toMatch(/^\/media\//);
      // The amounts of the orders make up the contract.
      expect(body.tradeOrderList.reduce((a: number, o: any) => a + Number(o.needPayAmt.value), 0)).toBeCloseTo(
        Number(order.needPayAmt.value),
        2,
      );
    }
  });

  it('firstPay returns the hosted page and writes a PAY_PENDING record and a MOCKPAY payment in cents', async () => {
    started = await firstPayOk(buyer, order.id, { payMethod: 'card' });
    expect(started).toEqual({
      redirectInfo: null,
      needConfirm: false,
      channel: 'MOCKPAY',
      channelToken: expect.stringMatching(/^mp_[0-9a-f]{24}$/),
      redirectUrl: `/mockpay/pay/${started.channelToken}`,
      paymentRecordId: expect.stringMatching(/^\d+$/),
    });
    const c = await contractRow(order.id);
    expect(order.needPayAmt.currency).toBe('USD');
    expect(c.needPayAmtMinor).toBe(minorOf(order.needPayAmt.value, 'USD'));
    const records = await recordsOf(order.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: BigInt(started.paymentRecordId),
      buyerId: f.buyerId,
      channel: 'MOCKPAY',
      payMethod: 'card',
      status: 'PAY_PENDING',
      amountMinor: c.needPayAmtMinor,
      currency: 'USD',
      providerPaymentId: started.channelToken,
      failedReason: null,
    });
    const mp = await mockpayOf(started.channelToken);
    expect(mp).toMatchObject({
      merchantReference: started.paymentRecordId,
      currency: 'USD',
      status: 'CREATED',
      webhookUrl: 'http://127.0.0.1/api/payments/webhooks/mockpay',
    });
    // e.g. 550.17 USD -> 55017
    expect(mp.amountMinor).toBe(BigInt(Math.round(Number(order.needPayAmt.value) * 100)));
    expect(mp.returnUrl).toBe(
      `/buyer/pay-result?contractId=${order.id}&buyerId=${f.buyerId}&paymentOrderId=${order.paymentOrderId}&totalAmt=${order.needPayAmt.value}`,
    );
  });

  it('while pending: status-by-contract and payResult say PAY_PENDING with the record id', async () => {
    expect((await statusByContract(buyer, order.id)).json()).toEqual({
      payUniqueKey: order.payUniqueKey,
      paymentRecordStatus: 'PAY_PENDING',
      paymentRecordId: started.paymentRecordId,
    });
    expect((await payResult(buyer, order.id)).json()).toMatchObject({
      status: 'PAY_PENDING',
      failedReason: null,
      paymentRecordId: started.paymentRecordId,
    });
  });

  it('the hosted page shows the amount, the form and the test card table', async () => {
    const res = await hostedGet(started.channelToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const amount = formatMoney(order.needPayAmt as never, 'en-US');
    expect(amount).toBe(`$${Number(order.needPayAmt.value).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(res.body).toContain(`<p class="amount">${amount}</p>`);
    expect(res.body).toContain(`Reference ${started.paymentRecordId}`);
    expect(res.body).toContain('<table><caption>Test cards</caption>');
    for (const card of [
      '4242 4242 4242 4242',
      '5555 5555 5555 4444',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0000 0000 0077',
    ])
      expect(res.body).toContain(card);
    expect(res.body).toContain('Visa: card declined');
    for (const o of ['approve', 'decline', 'pending']) expect(res.body).toContain(`name="outcome" value="${o}"`);
    expect((await hostedGet('mp_unknown')).statusCode).toBe(404);
  });

  it('approve -> 303 back to the pay-result page; the webhook pays the contract', async () => {
    const res = await hostedPost(started.channelToken, 'approve', '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/buyer/pay-result?contractId=${order.id}&buyerId=${f.buyerId}&paymentOrderId=${order.paymentOrderId}&totalAmt=${order.needPayAmt.value}`,
    );
    const result = await pollResult(buyer, order.id);
    expect(result).toMatchObject({
      contractId: order.id,
      status: 'PAY_SUCCESS',
      failedReason: null,
      paymentRecordId: started.paymentRecordId,
      needPayAmt: order.needPayAmt,
    });
    const [ev] = await delivered(started.channelToken);
    expect(ev).toMatchObject({ type: 'payment.approved', attempts: 1 });
  });

  it('rows: record PAY_SUCCESS, MOCKPAY APPROVED, contract PAID, orders UN_DELIVERY with paid amounts, one webhook event', async () => {
    const [r] = await recordsOf(order.id);
    expect(r).toMatchObject({ status: 'PAY_SUCCESS', failedReason: null });
    expect(await mockpayOf(started.channelToken)).toMatchObject({
      status: 'APPROVED',
      cardTail: '4242',
      declineReason: null,
    });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    const orders = await ordersOf(order.id);
    expect(orders).toHaveLength(2);
    for (const o of orders) {
      expect(o.status).toBe('UN_DELIVERY');
      expect(o.paidAmtMinor).toBe(o.needPayAmtMinor);
      expect(o.paidAt).toBeInstanceOf(Date);
    }
    expect(orders.reduce((a, o) => a + o.paidAmtMinor, 0n)).toBe(r!.amountMinor);
    const [ev] = await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, started.channelToken));
    const handled = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, ev!.id));
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ provider: 'mockpay' });
  });

  it('earn points are credited once', async () => {
    const c = await contractRow(order.id);
    expect(c.earnPoints).toBeGreaterThan(0);
    const earned = await earnedFor(order.id);
    expect(earned.map((l) => [l.buyerId, l.delta])).toEqual([[f.buyerId, c.earnPoints]]);
    const now = (await t.db.select().from(pointLedger).where(eq(pointLedger.buyerId, f.buyerId))).reduce(
      (a, l) => a + l.delta,
      0,
    );
    expect(now).toBe(pointsBefore + c.earnPoints);
  });

  it('status-by-contract, detail and the hosted page after payment', async () => {
    expect((await statusByContract(buyer, order.id)).json()).toEqual({
      payUniqueKey: order.payUniqueKey,
      paymentRecordStatus: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    const d = (await contractDetail(buyer, order.id)).json();
    expect(d.status).toBe('PAID');
    expect(d.tradeOrderList.map((o: any) => o.status)).toEqual(['UN_DELIVERY', 'UN_DELIVERY']);
    const page = await hostedGet(started.channelToken);
    expect(page.body).toContain('<h1>Payment approved</h1>');
    expect(page.body).not.toContain('<form');
  });

  it('a paid contract: firstPay -> 409 Payment.alreadyPaid, close -> 409 Payment.recordNotClosable; a second approve does nothing', async () => {
    expectError(await firstPay(buyer, order.id), 409, 'Payment.alreadyPaid');
    expectError(
      await closeRecord(buyer, order.payUniqueKey, started.paymentRecordId),
      409,
      'Payment.recordNotClosable',
    );
    const again = await hostedPost(started.channelToken, 'approve', '4242424242424242');
    expect(again.statusCode).toBe(303);
    await sleep(100);
    expect(
      await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, started.channelToken)),
    ).toHaveLength(1);
    expect(await recordsOf(order.id)).toHaveLength(1);
    expect(await earnedFor(order.id)).toHaveLength(1);
  });
});

describe('JPY: whole yen, no x100', () => {
  it('a JP guest order in yen (e.g. 49350) is sent to MOCKPAY as the same number', async () => {
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'JP' })).statusCode).toBe(200);
    const region = async (code: string) =>
      String((await t.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code)))[0]!.id);
    const [jp, tokyo, shibuya] = [await region('JP'), await region('JP-13'), await region('JP-13-渋谷区')];
    const address = usAddress(f, {
      countryId: jp,
      countryCode: 'JP',
      province: '東京都',
      provinceId: tokyo,
      city: '渋谷区',
      cityId: shibuya,
      districtList: [
        { level: 2, name: '東京都', id: tokyo },
        { level: 3, name: '渋谷区', id: shibuya },
      ],
      postalCode: '150-0041',
      poiName: '神南1-2-3',
      personPhone: '090 1234 5678',
      areaCode: '+81',
    });
    const order = await placeOrder(
      g,
      {
        previewTradeContractLineReqTOList: lines([f.sku['C7-GRY'], '1']),
        selectedAddress: address,
        preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
    );
    expect(order.needPayAmt.currency).toBe('JPY');
    expect(order.needPayAmt.value).toMatch(/^\d+$/);
    const yen = Number(order.needPayAmt.value);
    expect(yen).toBeGreaterThan(10_000);

    const started = await firstPayOk(g, order.id);
    const c = await contractRow(order.id);
    expect(c).toMatchObject({ currency: 'JPY', site: 'JP', needPayAmtMinor: BigInt(yen) });
    expect(await recordOf(started.paymentRecordId)).toMatchObject({
      amountMinor: BigInt(yen),
      currency: 'JPY',
      status: 'PAY_PENDING',
    });
    expect(await mockpayOf(started.channelToken)).toMatchObject({ amountMinor: BigInt(yen), currency: 'JPY' });
    const page = await hostedGet(started.channelToken);
    expect(page.body).toContain(`<p class="amount">¥${yen.toLocaleString('en-US')}</p>`);
    expect(started.redirectUrl).toBe(`/mockpay/pay/${started.channelToken}`);

    // The tourist pays it; the webhook's amount (in yen) matches the record.
    expect((await hostedPost(started.channelToken, 'approve', '5555555555554444')).statusCode).toBe(303);
    expect(await pollResult(g, order.id)).toMatchObject({ status: 'PAY_SUCCESS', needPayAmt: order.needPayAmt });
    const [ev] = await delivered(started.channelToken);
    expect((ev!.payload as MockpayEvent).data).toMatchObject({ amount: yen, currency: 'JPY' });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    // Guests earn no points.
    expect(await earnedFor(order.id)).toEqual([]);
  });
});

describe('webhook replays', () => {
  it('the same signed body 5 times: one success, one webhook_events row, points once; then duplicates', async () => {
    const order = await smallOrder();
    const started = await firstPayOk(buyer, order.id);
    const record = await recordOf(started.paymentRecordId);
    const event = eventFor(started.channelToken, record);
    const body = JSON.stringify(event);
    const header = signatureHeader(DEV_MOCKPAY_SECRET, body);
    const before = await webhookCount();

    const answers: { status: number; body: any }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await sendWebhook(body, header);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual([
      { status: 200, body: { received: true, outcome: 'applied' } },
      ...Array.from({ length: 4 }, () => ({ status: 200, body: { received: true, outcome: 'duplicate' } })),
    ]);
    expect(await webhookCount()).toBe(before + 1);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id))).toHaveLength(1);
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    const c = await contractRow(order.id);
    expect((await earnedFor(order.id)).map((l) => l.delta)).toEqual([c.earnPoints]);
    expect((await payResult(buyer, order.id)).json()).toMatchObject({ status: 'PAY_SUCCESS' });
  });

  it('5 concurrent deliveries of one event: exactly one applied', async () => {
    const order = await smallOrder();
    const started = await firstPayOk(buyer, order.id);
    const event = eventFor(started.channelToken, await recordOf(started.paymentRecordId));
    const body = JSON.stringify(event);
    const header = signatureHeader(DEV_MOCKPAY_SECRET, body);
    const results = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(body, header)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const outcomes = results.map((res) => res.json().outcome).sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id))).toHaveLength(1);
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(order.id)).toHaveLength(1);
  });

  it("MOCKPAY's own event replayed after delivery (freshly signed): all duplicates, nothing changes", async () => {
    const order = await smallOrder();
    const started = await payAndApprove(buyer, order.id);
    const [ev] = await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, started.channelToken));
    const before = await webhookCount();
    for (let i = 0; i < 5; i++) {
      const s = (await t.app.mockpay.signedEvent(ev!.id))!;
      expect(s.delivered).toBe(true);
      const res = await sendWebhook(s.body, s.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect(await webhookCount()).toBe(before);
    expect(await earnedFor(order.id)).toHaveLength(1);
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
  });

  it('a second, different approval event for an already successful attempt keeps it PAY_SUCCESS and credits nothing', async () => {
    const order = await smallOrder();
    const started = await payAndApprove(buyer, order.id);
    const record = await recordOf(started.paymentRecordId);
    const res = await signed(JSON.stringify(eventFor(started.channelToken, record)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).not.toBe('applied');
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_SUCCESS', failedReason: null });
    expect(await earnedFor(order.id)).toHaveLength(1);
    expect((await statusByContract(buyer, order.id)).json()).toMatchObject({
      paymentRecordStatus: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
  });
});

describe('webhook signatures', () => {
  let order: OrderResult;
  let started: Awaited<ReturnType<typeof firstPayOk>>;
  let body: string;

  beforeAll(async () => {
    order = await smallOrder();
    started = await firstPayOk(buyer, order.id);
    body = JSON.stringify(eventFor(started.channelToken, await recordOf(started.paymentRecordId)));
  });

  async function expectRejected(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'Payment.badSignature', message: 'Invalid webhook signature' });
  }
  async function expectUnchanged(webhooksBefore: number) {
    expect(await testEventCount()).toBe(webhooksBefore);
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['PAY_PENDING']);
    expect(await contractRow(order.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect((await ordersOf(order.id)).map((o) => [o.status, o.paidAmtMinor])).toEqual([['PENDING_PAY', 0n]]);
    expect(await earnedFor(order.id)).toEqual([]);
  }

  it('wrong secret -> 400 Payment.badSignature, nothing changes', async () => {
    const before = await testEventCount();
    await expectRejected(await signed(body, 'not-the-secret'));
    await expectUnchanged(before);
  });

  it('tampered body (signature of the original) -> 400', async () => {
    const before = await testEventCount();
    const header = signatureHeader(DEV_MOCKPAY_SECRET, body);
    const tampered = JSON.stringify({ ...JSON.parse(body), data: { ...JSON.parse(body).data, amount: 1 } });
    await expectRejected(await sendWebhook(tampered, header));
    // Even whitespace counts: the signature is over the raw bytes.
    await expectRejected(await sendWebhook(`${body} `, header));
    await expectUnchanged(before);
  });

  it('missing or malformed header -> 400', async () => {
    const before = await testEventCount();
    await expectRejected(await sendWebhook(body));
    await expectRejected(await sendWebhook(body, ''));
    await expectRejected(await sendWebhook(body, 'garbage'));
    const good = signatureHeader(DEV_MOCKPAY_SECRET, body);
    await expectRejected(await sendWebhook(body, good.replace(/v1=.*/, 'v1=')));
    await expectRejected(await sendWebhook(body, good.replace(/t=\d+/, 't=now')));
    await expectUnchanged(before);
  });

  it('stale (older than 300 s) or far-future timestamp -> 400', async () => {
    const before = await testEventCount();
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(await signed(body, DEV_MOCKPAY_SECRET, now - 301));
    await expectRejected(await signed(body, DEV_MOCKPAY_SECRET, now - 3600));
    await expectRejected(await signed(body, DEV_MOCKPAY_SECRET, now + 600));
    await expectUnchanged(before);
  });

  it('a validly signed body that is not a MOCKPAY event -> 400', async () => {
    const before = await testEventCount();
    await expectRejected(await signed('{"hello":"world"}'));
    await expectRejected(await signed('not json'));
    await expectUnchanged(before);
  });

  it('the untouched event, correctly signed, still applies afterwards', async () => {
    const res = await signed(body, DEV_MOCKPAY_SECRET, Math.floor(Date.now() / 1000) - 290);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
  });

  it('an approval whose amount differs from the record fails the attempt', async () => {
    const o = await smallOrder();
    const s = await firstPayOk(buyer, o.id);
    const record = await recordOf(s.paymentRecordId);
    const res = await signed(
      JSON.stringify(eventFor(s.channelToken, record, 'payment.approved', { amount: Number(record.amountMinor) - 1 })),
    );
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await recordOf(s.paymentRecordId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'amount_mismatch' });
    expect(await contractRow(o.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect((await payResult(buyer, o.id)).json()).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'amount_mismatch',
    });
  });
});

describe('decline, then the repeat-payment guard and a retry', () => {
  let order: OrderResult;
  let first: Awaited<ReturnType<typeof firstPayOk>>;

  beforeAll(async () => {
    order = await smallOrder();
    first = await firstPayOk(buyer, order.id);
  });

  it('card 4000000000000002 declines: payResult PAY_FAILED with failedReason card_declined', async () => {
    const res = await hostedPost(first.channelToken, 'approve', '4000 0000 0000 0002');
    expect(res.statusCode).toBe(303);
    const result = await pollResult(buyer, order.id);
    expect(result).toMatchObject({
      contractId: order.id,
      status: 'PAY_FAILED',
      failedReason: 'card_declined',
      paymentRecordId: first.paymentRecordId,
      needPayAmt: order.needPayAmt,
    });
    await delivered(first.channelToken);
    expect(await mockpayOf(first.channelToken)).toMatchObject({
      status: 'DECLINED',
      declineReason: 'card_declined',
      cardTail: '0002',
    });
    expect(await recordOf(first.paymentRecordId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'card_declined',
    });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect(await earnedFor(order.id)).toEqual([]);
    // The declined payment cannot be approved afterwards on the hosted page.
    expect((await hostedPost(first.channelToken, 'approve', '4242424242424242')).statusCode).toBe(303);
    await sleep(100);
    expect(await mockpayOf(first.channelToken)).toMatchObject({ status: 'DECLINED' });
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'PAY_FAILED' });
  });

  it('status-by-contract says PAY_FAILED with the record id (the page asks to confirm paying again)', async () => {
    expect((await statusByContract(buyer, order.id)).json()).toEqual({
      payUniqueKey: order.payUniqueKey,
      paymentRecordStatus: 'PAY_FAILED',
      paymentRecordId: first.paymentRecordId,
    });
  });

  it('a failed attempt does not block firstPay; the retry is approved', async () => {
    const retry = await firstPayOk(buyer, order.id);
    expect(retry.paymentRecordId).not.toBe(first.paymentRecordId);
    expect(retry.channelToken).not.toBe(first.channelToken);
    expect((await statusByContract(buyer, order.id)).json()).toMatchObject({
      paymentRecordStatus: 'PAY_PENDING',
      paymentRecordId: retry.paymentRecordId,
    });
    expect((await hostedPost(retry.channelToken, 'approve', '4242424242424242')).statusCode).toBe(303);
    expect(await pollResult(buyer, order.id)).toMatchObject({
      status: 'PAY_SUCCESS',
      failedReason: null,
      paymentRecordId: retry.paymentRecordId,
    });
    await delivered(retry.channelToken);
    expect((await recordsOf(order.id)).map((r) => [String(r.id), r.status])).toEqual([
      [first.paymentRecordId, 'PAY_FAILED'],
      [retry.paymentRecordId, 'PAY_SUCCESS'],
    ]);
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    expect(await earnedFor(order.id)).toHaveLength(1);
  });

  it('insufficient funds card and the decline button give their reasons; a failed record can be closed', async () => {
    const o = await smallOrder();
    const a = await firstPayOk(buyer, o.id);
    await hostedPost(a.channelToken, 'approve', '4000000000009995');
    expect(await pollResult(buyer, o.id)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'insufficient_funds' });
    await delivered(a.channelToken);
    // The buyer confirms "pay again": the failed record is closed first.
    expect((await closeRecord(buyer, o.payUniqueKey, a.paymentRecordId)).json()).toEqual({ closed: true });
    expect(await recordOf(a.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    expect((await statusByContract(buyer, o.id)).json()).toMatchObject({
      paymentRecordStatus: 'CLOSED',
      paymentRecordId: a.paymentRecordId,
    });
    const b = await firstPayOk(buyer, o.id);
    await hostedPost(b.channelToken, 'decline');
    expect(await pollResult(buyer, o.id)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'card_declined',
      paymentRecordId: b.paymentRecordId,
    });
    await delivered(b.channelToken);
  });

  it('a bad outcome on the hosted page -> 400, nothing decided', async () => {
    const o = await smallOrder();
    const a = await firstPayOk(buyer, o.id);
    const res = await hostedPost(a.channelToken, 'steal');
    expect(res.statusCode).toBe(400);
    expect(await mockpayOf(a.channelToken)).toMatchObject({ status: 'CREATED' });
    expect(await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, a.channelToken))).toEqual([]);
  });
});

describe('pending, then close and pay again', () => {
  let order: OrderResult;
  let first: Awaited<ReturnType<typeof firstPayOk>>;

  beforeAll(async () => {
    order = await smallOrder();
    first = await firstPayOk(buyer, order.id);
  });

  it('outcome=pending -> payResult stays PAY_PENDING after the webhook', async () => {
    const res = await hostedPost(first.channelToken, 'pending');
    expect(res.statusCode).toBe(303);
    const [ev] = await delivered(first.channelToken);
    expect(ev).toMatchObject({ type: 'payment.pending' });
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, ev!.id))).toHaveLength(1);
    expect((await payResult(buyer, order.id)).json()).toMatchObject({
      contractId: order.id,
      status: 'PAY_PENDING',
      failedReason: null,
      paymentRecordId: first.paymentRecordId,
      needPayAmt: order.needPayAmt,
    });
    expect(await mockpayOf(first.channelToken)).toMatchObject({ status: 'PENDING' });
    const page = await hostedGet(first.channelToken);
    expect(page.body).toContain('This payment is pending');
  });

  it('firstPay again -> 409 Payment.pending with the open record id; nothing new is created', async () => {
    const before = await t.db.select({ n: count() }).from(mockpayPayments);
    const err = expectError(await firstPay(buyer, order.id), 409, 'Payment.pending');
    expect(err.message).toBe('You have already started a payment, please wait for the result');
    expect(err.details).toEqual({ paymentRecordId: first.paymentRecordId });
    expect(await recordsOf(order.id)).toHaveLength(1);
    expect(await t.db.select({ n: count() }).from(mockpayPayments)).toEqual(before);
    expect((await statusByContract(buyer, order.id)).json()).toEqual({
      payUniqueKey: order.payUniqueKey,
      paymentRecordStatus: 'PAY_PENDING',
      paymentRecordId: first.paymentRecordId,
    });
  });

  it('closePaymentRecordAfterConfirm needs the right payUniqueKey and record', async () => {
    expectError(await closeRecord(buyer, 'not-the-key', first.paymentRecordId), 404, 'Common.notFound');
    expectError(await closeRecord(buyer, order.payUniqueKey, '999999999'), 404, 'Common.notFound');
    expectError(
      await buyer.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
        payUniqueKey: order.payUniqueKey,
      }),
      400,
      'Common.invalidRequest',
    );
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
  });

  it('closing: record CLOSED, MOCKPAY payment CANCELLED; a later approve does not capture', async () => {
    const res = await closeRecord(buyer, order.payUniqueKey, first.paymentRecordId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ closed: true });
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    expect(await mockpayOf(first.channelToken)).toMatchObject({ status: 'CANCELLED' });
    expect((await payResult(buyer, order.id)).json()).toMatchObject({
      status: 'CLOSED',
      paymentRecordId: first.paymentRecordId,
    });
    // Closing twice is refused.
    expectError(await closeRecord(buyer, order.payUniqueKey, first.paymentRecordId), 409, 'Payment.recordNotClosable');

    const late = await hostedPost(first.channelToken, 'approve');
    expect(late.statusCode).toBe(303);
    await sleep(100);
    expect(await mockpayOf(first.channelToken)).toMatchObject({ status: 'CANCELLED' });
    expect(await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, first.channelToken))).toHaveLength(
      1,
    );
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect((await hostedGet(first.channelToken)).body).toContain('<h1>Payment cancelled</h1>');
  });

  it('then firstPay works and approve succeeds', async () => {
    const second = await firstPayOk(buyer, order.id);
    expect(second.paymentRecordId).not.toBe(first.paymentRecordId);
    expect((await hostedPost(second.channelToken, 'approve')).statusCode).toBe(303);
    expect(await pollResult(buyer, order.id)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: second.paymentRecordId,
    });
    await delivered(second.channelToken);
    expect((await recordsOf(order.id)).map((r) => r.status)).toEqual(['CLOSED', 'PAY_SUCCESS']);
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    expect(await earnedFor(order.id)).toHaveLength(1);
  });

  it('a pending payment settled later by the provider is captured', async () => {
    const o = await smallOrder();
    const a = await firstPayOk(buyer, o.id);
    await hostedPost(a.channelToken, 'pending', '4000000000000077');
    await delivered(a.channelToken);
    expect((await payResult(buyer, o.id)).json().status).toBe('PAY_PENDING');
    expect((await hostedPost(a.channelToken, 'approve')).statusCode).toBe(303);
    expect(await pollResult(buyer, o.id)).toMatchObject({ status: 'PAY_SUCCESS', paymentRecordId: a.paymentRecordId });
    await delivered(a.channelToken, 2);
    expect(await contractRow(o.id)).toMatchObject({ status: 'PAID' });
  });
});

describe('concurrency', () => {
  it('two sessions of the same buyer start paying one contract at once: one 200, one 409 Payment.pending', async () => {
    const order = await smallOrder();
    const tab1 = await login(t.app, 'buyer@demo.shop');
    const tab2 = await login(t.app, 'buyer@demo.shop');
    const [a, b] = await Promise.all([firstPay(tab1, order.id), firstPay(tab2, order.id)]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    const refused = [a, b].filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const err = expectError(refused[0]!, 409, 'Payment.pending');
    expect(err.details).toEqual({ paymentRecordId: ok[0]!.json().paymentRecordId });
    const records = await recordsOf(order.id);
    expect(records.map((r) => r.status)).toEqual(['PAY_PENDING']);
    expect(
      await t.db
        .select()
        .from(mockpayPayments)
        .where(eq(mockpayPayments.merchantReference, String(records[0]!.id))),
    ).toHaveLength(1);
  });

  it('the same tab firing firstPay 4 times at once: one attempt', async () => {
    const order = await smallOrder();
    const results = await Promise.all(Array.from({ length: 4 }, () => firstPay(buyer, order.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await recordsOf(order.id)).toHaveLength(1);
  });

  it('an approval for a closed attempt after a restart: exactly one PAY_SUCCESS, paid once', async () => {
    const order = await smallOrder();
    const a = await firstPayOk(buyer, order.id);
    const recordA = await recordOf(a.paymentRecordId);
    expect((await closeRecord(buyer, order.payUniqueKey, a.paymentRecordId)).json()).toEqual({ closed: true });
    const b = await firstPayOk(buyer, order.id);
    // B is approved on the hosted page ...
    expect((await hostedPost(b.channelToken, 'approve')).statusCode).toBe(303);
    expect(await pollResult(buyer, order.id)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: b.paymentRecordId,
    });
    await delivered(b.channelToken);
    // ... and the provider also reports A as approved (it had been captured before the cancel arrived).
    const res = await signed(JSON.stringify(eventFor(a.channelToken, recordA)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });

    const records = await recordsOf(order.id);
    expect(records.map((r) => [String(r.id), r.status])).toEqual([
      [a.paymentRecordId, 'CLOSED'],
      [b.paymentRecordId, 'PAY_SUCCESS'],
    ]);
    expect(records[0]!.failedReason).toMatch(/not captured/);
    expect(await contractRow(order.id)).toMatchObject({ status: 'PAID' });
    const orders = await ordersOf(order.id);
    expect(orders.map((o) => [o.status, o.paidAmtMinor])).toEqual([['UN_DELIVERY', orders[0]!.needPayAmtMinor]]);
    expect(await earnedFor(order.id)).toHaveLength(1);
    expect((await payResult(buyer, order.id)).json()).toMatchObject({ status: 'PAY_SUCCESS' });
  });

  it('an approval for a closed attempt before the new one is decided: not captured, the new one pays', async () => {
    const order = await smallOrder();
    const a = await firstPayOk(buyer, order.id);
    const recordA = await recordOf(a.paymentRecordId);
    await closeRecord(buyer, order.payUniqueKey, a.paymentRecordId);
    const b = await firstPayOk(buyer, order.id);
    const res = await signed(JSON.stringify(eventFor(a.channelToken, recordA)));
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect((await payResult(buyer, order.id)).json()).toMatchObject({
      status: 'PAY_PENDING',
      paymentRecordId: b.paymentRecordId,
    });
    await hostedPost(b.channelToken, 'approve');
    expect(await pollResult(buyer, order.id)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: b.paymentRecordId,
    });
    await delivered(b.channelToken);
    const records = await recordsOf(order.id);
    expect(records.filter((r) => r.status === 'PAY_SUCCESS').map((r) => String(r.id))).toEqual([b.paymentRecordId]);
    expect(await earnedFor(order.id)).toHaveLength(1);
  });

  it('an approval racing with the close of its attempt: a closed attempt never captures', async () => {
    const order = await smallOrder();
    const a = await firstPayOk(buyer, order.id);
    const body = JSON.stringify(eventFor(a.channelToken, await recordOf(a.paymentRecordId)));
    // Hold the contract's payment lock so the webhook stops right after reading its record.
    const holder = await t.db.$client.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [`pay:${order.id}`]);
      const webhook = signed(body);
      for (let i = 0; i < 100; i++) {
        const { rows } = await holder.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        if (rows[0].n > 0) break;
        await sleep(20);
      }
      // Meanwhile the buyer confirms "pay again", which closes the attempt.
      expect((await closeRecord(buyer, order.payUniqueKey, a.paymentRecordId)).json()).toEqual({ closed: true });
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [`pay:${order.id}`]);
      const res = await webhook;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('ignored');
    } finally {
      holder.release();
    }
    expect(await recordOf(a.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    expect(await contractRow(order.id)).toMatchObject({ status: 'PENDING_PAY' });
    expect(await earnedFor(order.id)).toEqual([]);
    // The buyer's new attempt is the one that pays.
    const b = await firstPayOk(buyer, order.id);
    await hostedPost(b.channelToken, 'approve');
    expect(await pollResult(buyer, order.id)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: b.paymentRecordId,
    });
    await delivered(b.channelToken);
  });

  it('the database allows at most one PAY_SUCCESS record per contract', async () => {
    const order = await smallOrder();
    const started = await payAndApprove(buyer, order.id);
    const r = await recordOf(started.paymentRecordId);
    await expect(
      t.db.insert(paymentRecords).values({
        contractId: r.contractId,
        buyerId: r.buyerId,
        channel: 'MOCKPAY',
        status: 'PAY_SUCCESS',
        amountMinor: r.amountMinor,
        currency: r.currency,
      }),
    ).rejects.toThrow();
    expect((await recordsOf(order.id)).filter((x) => x.status === 'PAY_SUCCESS')).toHaveLength(1);
  });
});

describe('ownership and other refusals', () => {
  let mine: OrderResult;
  let other: Browser;
  let started: Awaited<ReturnType<typeof firstPayOk>>;

  beforeAll(async () => {
    mine = await smallOrder();
    started = await firstPayOk(buyer, mine.id);
    other = await login(t.app, 'main@demo.shop');
  });

  it('another buyer gets 404 Trade.tradeContractNotExist for my contract on every call', async () => {
    for (const res of [
      await firstPay(other, mine.id),
      await payResult(other, mine.id),
      await statusByContract(other, mine.id),
      await contractDetail(other, mine.id),
    ]) {
      const body = expectError(res, 404, 'Trade.tradeContractNotExist');
      expect(body.message).toBe('This order does not exist');
    }
    // Nor can they close my attempt.
    expectError(await closeRecord(other, mine.payUniqueKey, started.paymentRecordId), 404, 'Common.notFound');
    expect((await recordsOf(mine.id)).map((r) => r.status)).toEqual(['PAY_PENDING']);
  });

  it('no session (and a fresh tourist) -> 404 Trade.tradeContractNotExist', async () => {
    const anon = browser(t.app);
    for (const res of [
      await firstPay(anon, mine.id),
      await payResult(anon, mine.id),
      await statusByContract(anon, mine.id),
      await contractDetail(anon, mine.id),
    ]) {
      expectError(res, 404, 'Trade.tradeContractNotExist');
    }
    const g = browser(t.app);
    await guestOrder(g);
    expectError(await payResult(g, mine.id), 404, 'Trade.tradeContractNotExist');
    expectError(await firstPay(g, mine.id), 404, 'Trade.tradeContractNotExist');
  });

  it('an unknown contract -> 404; malformed ids and channels -> 400', async () => {
    expectError(await firstPay(buyer, '999999999'), 404, 'Trade.tradeContractNotExist');
    expectError(await payResult(buyer, '999999999'), 404, 'Trade.tradeContractNotExist');
    expectError(await firstPay(buyer, 'abc'), 400, 'Common.invalidRequest');
    expectError(await firstPay(buyer, mine.id, { payChannel: 'NOPE_PAY' }), 400, 'Common.invalidRequest');
    // A channel the shop knows but has no keys for is not available.
    expectError(await firstPay(buyer, mine.id, { payChannel: 'PAYPAL_PAY_PC' }), 400, 'Payment.channelUnavailable');
    expectError(await firstPay(buyer, mine.id, { extra: true }), 400, 'Common.invalidRequest');
  });

  it('a tourist pays its own order', async () => {
    const g = browser(t.app);
    const order = await guestOrder(g);
    const s = await payAndApprove(g, order.id);
    expect(await recordOf(s.paymentRecordId)).toMatchObject({ buyerId: BigInt(order.buyerId), status: 'PAY_SUCCESS' });
    expectError(await firstPay(g, order.id), 409, 'Payment.alreadyPaid');
    // The result names the guest's order and the checkout email: the pay-result page links to the guest lookup with both.
    const result = (await payResult(g, order.id)).json();
    expect(result).toMatchObject({ status: 'PAY_SUCCESS', email: 'gina@example.com' });
    expect(result.tradeOrderList.map((o: any) => o.id)).toEqual(order.tradeOrderIdList);
    expect(result.tradeOrderList[0].tradeOrderCode).toMatch(/^\d{17}$/);
    // The registered buyer cannot see it.
    expectError(await payResult(buyer, order.id), 404, 'Trade.tradeContractNotExist');
  });

  it('an expired or closed contract -> 409 Payment.contractNotPayable', async () => {
    const o = await smallOrder();
    await t.db
      .update(tradeContracts)
      .set({ payDeadline: new Date(Date.now() - 1000) })
      .where(eq(tradeContracts.id, BigInt(o.id)));
    expectError(await firstPay(buyer, o.id), 409, 'Payment.contractNotPayable');
    await t.db
      .update(tradeContracts)
      .set({ payDeadline: null, status: 'CLOSED' })
      .where(eq(tradeContracts.id, BigInt(o.id)));
    expectError(await firstPay(buyer, o.id), 409, 'Payment.contractNotPayable');
    expect(await recordsOf(o.id)).toEqual([]);
  });

  it('a webhook for an unknown payment -> 200 ignored, nothing else changes', async () => {
    const before = await t.db
      .select({ id: paymentRecords.id, status: paymentRecords.status })
      .from(paymentRecords)
      .orderBy(asc(paymentRecords.id));
    const event = eventFor('mp_doesnotexist', { id: 1n, amountMinor: 100n, currency: 'USD' });
    const res = await signed(JSON.stringify(event));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(
      await t.db
        .select({ id: paymentRecords.id, status: paymentRecords.status })
        .from(paymentRecords)
        .orderBy(asc(paymentRecords.id)),
    ).toEqual(before);
  });

  it('a cancelled event is acknowledged without effect', async () => {
    const res = await signed(
      JSON.stringify(eventFor(started.channelToken, await recordOf(started.paymentRecordId), 'payment.cancelled')),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await recordsOf(mine.id)).map((r) => r.status)).toEqual(['PAY_PENDING']);
    expect(await contractRow(mine.id)).toMatchObject({ status: 'PENDING_PAY' });
  });
});
