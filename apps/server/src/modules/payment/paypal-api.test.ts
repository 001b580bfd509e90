/**
 * PayPal through the shop's own routes (firstPay, payResult, the webhook route, pay again,
 * after-sales refunds) on real Postgres, with the PayPal adapter's SDK talking to the PayPal
 * emulator: the buyer approves on the emulator's page, its signed webhooks reach the shop's
 * webhook route. Rows (payment records, webhook events, refunds, points) and the emulator's books
 * (captures, refunds) are what is checked.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { carriers, refunds, reverseTradeOrders } from '../../db/schema/index.js';
import { browser, createTestApp, login, type Browser, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures, type SkuCode } from '../../../test/checkout-fixtures.js';
import { minorOf, paymentKit, type PlacedToPay as Placed } from '../../../test/payment-fixtures.js';
import { expectError, orderKit, upsTrackingNumber, waitFor } from '../../../test/order-fixtures.js';
import {
  startPaypalEmulator,
  type Approval,
  type PaypalEmulator,
  type WebhookDelivery,
} from '../../../test/emulators/paypal/emulator.js';

const creds = { clientId: 'shop-paypal-client', clientSecret: 'shop-paypal-secret', webhookId: '3WH12345AB678901C' };
const publicUrl = 'https://shop.example.test';
const WEBHOOK = '/api/payments/webhooks/paypal';
const CHANNEL = 'PAYPAL_PAY_PC';

let t: TestApp;
let f: Fixtures;
let emulator: PaypalEmulator;
let seller: Browser;
const { signup, topLines } = orderKit(() => ({ t, f }));
const kit = paymentKit(() => ({ t, f }), 'paypal');
const { payResult, recordOf, recordsOf, ordersOf, earnedFor, eventRows } = kit;
const contractOf = kit.contractRow;
const paypalEvents = kit.webhookRows;
const addresses = kit.siteAddresses;
const place = (
  b: Browser,
  email: string,
  items: [SkuCode, string][] = [['TRAY-STEEL', '1']],
  address?: Record<string, unknown>,
) => kit.placeFor(b, email, items, address);

/** PayPal's webhook as it reaches the shop (no session, no CSRF header: the signature is the check). */
const post = (d: Pick<WebhookDelivery, 'body' | 'headers'>) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, payload: d.body, headers: d.headers });

beforeAll(async () => {
  emulator = await startPaypalEmulator({ ...creds, deliver: async (d) => (await post(d)).statusCode });
  t = await createTestApp({ payments: { paypal: { ...creds, apiBase: emulator.url, publicUrl } } });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  // Webhooks still on their way must land before the pool closes.
  await emulator?.idle();
  await emulator?.close();
  await t?.close();
});

async function firstPay(b: Browser, contractId: string) {
  const res = await b.post(
    '/sapi/mall-pay/payment/firstPay',
    { contractId, payChannel: CHANNEL, payMethod: 'paypal' },
    { remoteAddress: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    redirectUrl: string;
    channelToken: string;
    paymentRecordId: string;
    channel: string;
    clientSession?: Record<string, string>;
  }>();
}

/** The buyer on PayPal's page: presses a button; returns where PayPal sends the browser back. */
async function onPaypal(redirectUrl: string, choice: Approval): Promise<URL> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  await page.text();
  const token = new URL(redirectUrl).searchParams.get('token')!;
  const res = await fetch(new URL('/checkoutnow/decide', redirectUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, choice }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

const hooksOf = (orderId: string, type: string) =>
  emulator.deliveries.filter((d) => d.event.event_type === type && JSON.stringify(d.event.resource).includes(orderId));
/** The contract is paid: its orders wait for shipping, one record succeeded, captured once at PayPal for what the contract asked. */
async function expectPaidOnce(placed: Placed, orderId: string) {
  expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PAID' });
  expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(placed.orderIds.map(() => 'UN_DELIVERY'));
  expect(
    (await recordsOf(placed.contractId)).filter((r) => r.status === 'PAY_SUCCESS').map((r) => r.providerPaymentId),
  ).toEqual([orderId]);
  const capture = emulator.order(orderId)!.capture!;
  expect(capture).toMatchObject({
    status: 'COMPLETED',
    amount: { currency_code: placed.needPayAmt.currency, value: placed.needPayAmt.value },
  });
}

describe('PayPal is offered when configured', () => {
  it('US site: after MOCKPAY, with its client id and page host; the DE site lists it last; guests get it too', async () => {
    const x = await signup('ppchan');
    const us = (await x.b.post('/sapi/mall-pay/payment/payChannel', { site: 'US' })).json();
    const names = us.payChannelGroups.map((g: { groupName: string }) => g.groupName);
    expect(names).toEqual(['MOCKPAY', CHANNEL]);
    expect(us.payChannelGroups[1].channels[0]).toEqual({
      channelName: CHANNEL,
      anonymous: true,
      configMap: { clientId: creds.clientId },
      redirectHosts: [new URL(emulator.url).host],
      paymentMethods: [{ type: 'paypal', name: 'PayPal' }],
    });
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'DE' })).statusCode).toBe(200);
    const de = (await g.post('/sapi/mall-pay/payment/payChannel', { site: 'DE' })).json();
    expect(de.payChannelGroups.map((c: { groupName: string }) => c.groupName).at(-1)).toBe(CHANNEL);
  });
});

describe('paying with PayPal', () => {
  it('pay: the approval page, back to the shop, captured on return; the webhooks that follow change nothing', async () => {
    const x = await signup('pppay');
    const placed = await place(x.b, x.email);
    emulator.hold();
    const started = await firstPay(x.b, placed.contractId);
    expect(started.channel).toBe(CHANNEL);
    expect(new URL(started.redirectUrl).host).toBe(new URL(emulator.url).host);
    expect(started.clientSession).toEqual({ orderId: started.channelToken });
    const record = await recordOf(started.paymentRecordId);
    expect(record).toMatchObject({
      status: 'PAY_PENDING',
      channel: CHANNEL,
      providerPaymentId: started.channelToken,
      amountMinor: minorOf(placed.needPayAmt),
      currency: 'USD',
    });
    const order = emulator.order(started.channelToken)!;
    expect(order.unit).toMatchObject({
      amount: { currency_code: 'USD', value: placed.needPayAmt.value },
      custom_id: started.paymentRecordId,
    });
    // Not approved yet: still waiting.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');

    const back = await onPaypal(started.redirectUrl, 'approve');
    expect(back.origin).toBe(publicUrl);
    expect(back.pathname).toBe('/buyer/pay-result');
    expect(back.searchParams.get('contractId')).toBe(placed.contractId);
    expect(back.searchParams.get('token')).toBe(started.channelToken);
    const captures = emulator.captureCount();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    expect(emulator.captureCount() - captures).toBe(1);
    await expectPaidOnce(placed, started.channelToken);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);

    // PayPal's webhooks arrive after the return: stored, acknowledged, nothing moves twice.
    await emulator.release();
    await emulator.idle();
    const approved = hooksOf(started.channelToken, 'CHECKOUT.ORDER.APPROVED');
    const completed = hooksOf(started.channelToken, 'PAYMENT.CAPTURE.COMPLETED');
    expect([...approved, ...completed].map((d) => d.status)).toEqual([200, 200]);
    expect(await eventRows(completed[0]!.event.id)).toMatchObject([{ outcome: 'ignored' }]);
    expect(emulator.captureCount() - captures).toBe(1);
    await expectPaidOnce(placed, started.channelToken);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('webhook before the return: CHECKOUT.ORDER.APPROVED captures and pays the order; the return then finds it paid', async () => {
    const x = await signup('ppwhfirst');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId);
    const captures = emulator.captureCount();
    await onPaypal(started.redirectUrl, 'approve');
    await emulator.idle();
    // The buyer has not come back yet, the order is paid already.
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_SUCCESS' });
    // The approval (which captured) and the capture's own webhook race: one of them moved the record.
    const hooks = [
      ...hooksOf(started.channelToken, 'CHECKOUT.ORDER.APPROVED'),
      ...hooksOf(started.channelToken, 'PAYMENT.CAPTURE.COMPLETED'),
    ];
    expect(hooks.map((d) => d.status)).toEqual([200, 200]);
    const outcomes = (await Promise.all(hooks.map(async (d) => (await eventRows(d.event.id))[0]?.outcome))).sort();
    expect(outcomes).toEqual(['applied', 'ignored']);
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    expect(emulator.captureCount() - captures).toBe(1);
    await expectPaidOnce(placed, started.channelToken);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('declined at capture: the attempt failed with its reason, the order still waits for payment and can be paid again', async () => {
    const x = await signup('ppdecline');
    const placed = await place(x.b, x.email);
    emulator.hold();
    const started = await firstPay(x.b, placed.contractId);
    await onPaypal(started.redirectUrl, 'decline_at_capture');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'capture_declined',
    });
    await emulator.release();
    await emulator.idle();
    expect(await recordOf(started.paymentRecordId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'capture_declined',
    });
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    expect(await earnedFor(placed.contractId)).toEqual([]);

    const again = await firstPay(x.b, placed.contractId);
    expect(again.channelToken).not.toBe(started.channelToken);
    await onPaypal(again.redirectUrl, 'approve');
    await emulator.idle();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    await expectPaidOnce(placed, again.channelToken);
  });

  it("cancel on PayPal's page: back at the shop the attempt failed as cancelled, nothing was captured, and paying again works", async () => {
    const x = await signup('ppcancels');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId);
    const back = await onPaypal(started.redirectUrl, 'cancel');
    expect(back.pathname).toBe('/api/payments/return/cancel');
    const res = await x.b.get(back.pathname + back.search);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^/buyer/pay-result\\?contractId=${placed.contractId}&`));
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'cancelled' });
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'cancelled' });
    const again = await firstPay(x.b, placed.contractId);
    await onPaypal(again.redirectUrl, 'approve');
    await emulator.idle();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    await expectPaidOnce(placed, again.channelToken);
  });

  it('pending at PayPal, then paid when PayPal completes the capture (by webhook)', async () => {
    const x = await signup('pppending');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId);
    await onPaypal(started.redirectUrl, 'pending_at_capture');
    await emulator.idle();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_PENDING' });
    const capture = emulator.order(started.channelToken)!.capture!;
    expect(capture.status).toBe('PENDING');
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });

    emulator.settleCapture(capture.id, 'COMPLETED');
    await emulator.idle();
    const completed = hooksOf(started.channelToken, 'PAYMENT.CAPTURE.COMPLETED')[0]!;
    expect(completed.status).toBe(200);
    expect(await eventRows(completed.event.id)).toMatchObject([{ outcome: 'applied' }]);
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    await expectPaidOnce(placed, started.channelToken);
  });

  it('the approval webhook delivered 20 times at once: one capture, one payment, one event row, points once', async () => {
    const x = await signup('ppreplay');
    const placed = await place(x.b, x.email);
    emulator.hold();
    const started = await firstPay(x.b, placed.contractId);
    await onPaypal(started.redirectUrl, 'approve');
    const approved = hooksOf(started.channelToken, 'CHECKOUT.ORDER.APPROVED')[0]!;
    const captures = emulator.captureCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(approved)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect(answers.filter((a) => a.json().outcome === 'duplicate')).toHaveLength(19);
    expect(emulator.captureCount() - captures).toBe(1);
    expect(await eventRows(approved.event.id)).toHaveLength(1);
    await emulator.release();
    await emulator.idle();
    // And the capture's own webhook, 20 times more, one after the other.
    const completed = hooksOf(started.channelToken, 'PAYMENT.CAPTURE.COMPLETED')[0]!;
    for (let n = 0; n < 20; n++) expect((await post(completed)).statusCode).toBe(200);
    expect(await eventRows(completed.event.id)).toHaveLength(1);
    expect(emulator.captureCount() - captures).toBe(1);
    await expectPaidOnce(placed, started.channelToken);
    expect(await recordsOf(placed.contractId)).toHaveLength(1);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('webhooks with a bad signature are refused and change nothing', async () => {
    const x = await signup('ppforge');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId);
    const record = await recordOf(started.paymentRecordId);
    // A capture event for this (unapproved) order, worded as PayPal words it.
    const event = {
      id: `WH-FORGED-${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: `Payment completed for ${placed.needPayAmt.value} USD`,
      event_version: '1.0',
      resource_version: '2.0',
      links: [],
      resource: {
        id: '9XY12345AB6789012',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: placed.needPayAmt.value },
        custom_id: started.paymentRecordId,
        supplementary_data: { related_ids: { order_id: started.channelToken } },
        final_capture: true,
        create_time: new Date().toISOString(),
        update_time: new Date().toISOString(),
      },
    };
    const body = JSON.stringify(event);
    const before = await paypalEvents();
    const captures = emulator.captureCount();
    const attempts: [string, Record<string, string>][] = [
      // Another message's genuine signature.
      [body, emulator.sign(JSON.stringify({ ...event, id: 'WH-OTHER' }))],
      // Signed with PayPal's key, but for another webhook subscription.
      [body, emulator.sign(body, { webhookId: 'OTHERWEBHOOK123' })],
      // No signature at all.
      [body, { 'content-type': 'application/json' }],
      // A genuine message with another transmission id.
      [body, { ...emulator.sign(body), 'paypal-transmission-id': crypto.randomUUID() }],
      // A genuine message altered after signing (a richer amount).
      [body.replace(`"value":"${placed.needPayAmt.value}"`, '"value":"0.01"'), emulator.sign(body)],
    ];
    for (const [payload, headers] of attempts)
      expectError(await post({ body: payload, headers }), 400, 'Payment.badSignature');
    expect(await paypalEvents()).toBe(before);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({
      status: 'PAY_PENDING',
      updatedAt: record.updatedAt,
    });
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    expect(emulator.captureCount()).toBe(captures);
  });

  it('pay again while the first attempt is pending: the second pays; the first, approved later, is captured and refunded in full', async () => {
    const x = await signup('ppagain');
    const placed = await place(x.b, x.email);
    const first = await firstPay(x.b, placed.contractId);
    // The buyer left PayPal's page open and chose "pay again" in the shop.
    const blocked = await x.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId: placed.contractId, payChannel: CHANNEL },
      { remoteAddress: freshIp() },
    );
    expectError(blocked, 409, 'Payment.pending');
    const closed = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: placed.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const second = await firstPay(x.b, placed.contractId);
    await onPaypal(second.redirectUrl, 'approve');
    await emulator.idle();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: second.paymentRecordId,
    });

    // The old tab: the buyer approves the first order too. PayPal's webhook makes the shop capture it, and it is not kept.
    await onPaypal(first.redirectUrl, 'approve');
    await emulator.idle();
    const refund = await waitFor(
      () =>
        t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId))),
      (rs) => rs.length === 1 && rs[0]!.status === 'REFUND_DONE',
      'the first charge refunded',
    );
    const firstCapture = emulator.order(first.channelToken)!.capture!;
    expect(firstCapture.status).toBe('REFUNDED');
    expect(firstCapture.refunds.map((r) => r.amount)).toEqual([
      { currency_code: 'USD', value: placed.needPayAmt.value },
    ]);
    expect(refund[0]).toMatchObject({
      reason: 'NOT_CAPTURED',
      amountMinor: minorOf(placed.needPayAmt),
      providerRefundId: firstCapture.refunds[0]!.id,
    });
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    await expectPaidOnce(placed, second.channelToken);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
    // PayPal's refund webhook names the shop's key; whether it beats the refund job's answer or
    // not, it is recorded once and the refund above stays the only one.
    await emulator.idle();
    const refunded = emulator.deliveries.find(
      (d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && d.event.resource.id === firstCapture.refunds[0]!.id,
    )!;
    expect(refunded.event.resource.custom_id).toBe(refund[0]!.idempotencyKey);
    const recorded = await eventRows(refunded.event.id);
    expect(recorded).toHaveLength(1);
    expect(['applied', 'ignored']).toContain(recorded[0]!.outcome);
  });
});

describe('refunds from after-sales go back to PayPal', () => {
  let carrierId: string;
  beforeAll(async () => {
    const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
    carrierId = String(c!.id);
  });
  const value = (m: bigint) => (Number(m) / 100).toFixed(2);

  async function paidWithPaypal(name: string, items: [SkuCode, string][]) {
    const x = await signup(name);
    const placed = await place(x.b, x.email, items);
    const started = await firstPay(x.b, placed.contractId);
    await onPaypal(started.redirectUrl, 'approve');
    await emulator.idle();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    return { x, placed, orderId: started.channelToken };
  }
  const reverseDone = (id: string) =>
    waitFor(
      () =>
        t.db
          .select()
          .from(reverseTradeOrders)
          .where(eq(reverseTradeOrders.id, BigInt(id))),
      (rs) => rs[0]?.status === 'REFUND_DONE',
      `after-sales ${id} refunded`,
    );

  it("a partial refund, then the rest: PayPal refunds 2 parts of the capture, the shop's refunds carry PayPal's ids", async () => {
    const { x, placed, orderId } = await paidWithPaypal('pprefund', [['TRAY-STEEL', '2']]);
    const tradeOrderId = placed.orderIds[0]!;
    const lines = await topLines(tradeOrderId);
    const shipped = await seller.post(`/api/merchant/orders/${tradeOrderId}/packages`, {
      carrierId,
      serviceCode: upsTrackingNumber(),
      lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = (await ordersOf(placed.contractId))[0]!;
    const paid = order.paidAmtMinor;
    const shipping = order.shippingAmtMinor;
    const part = (paid - shipping) / 2n;
    const ask = (amount: bigint) =>
      x.b.post(
        '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
        [
          {
            tradeOrder: { id: tradeOrderId },
            reverseReason: 'QUALITY_ISSUE',
            applyRefundAmt: value(amount),
            reverseTradeOrderLineList: [{ tradeOrderLine: { id: String(lines[0]!.id) }, reverseQty: '1' }],
          },
        ],
        { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
      );

    const r1 = await ask(part);
    expect(r1.statusCode, r1.body).toBe(200);
    const r1Id = r1.json().id as string;
    expect((await seller.post(`/api/merchant/reverse/${r1Id}/audit`, { approve: true })).statusCode).toBe(200);
    const refunded1 = await seller.post(`/api/merchant/reverse/${r1Id}/refund`, { amount: value(part) });
    expect(refunded1.statusCode, refunded1.body).toBe(200);
    await reverseDone(r1Id);
    const capture = emulator.order(orderId)!.capture!;
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
    expect(capture.refunds.map((r) => r.amount.value)).toEqual([value(part)]);

    const rest = paid - part;
    const r2 = await ask(rest - shipping);
    expect(r2.statusCode, r2.body).toBe(200);
    const r2Id = r2.json().id as string;
    expect((await seller.post(`/api/merchant/reverse/${r2Id}/audit`, { approve: true })).statusCode).toBe(200);
    const refunded2 = await seller.post(`/api/merchant/reverse/${r2Id}/refund`, {
      amount: value(rest - shipping),
      refundShippingAmt: value(shipping),
    });
    expect(refunded2.statusCode, refunded2.body).toBe(200);
    await reverseDone(r2Id);
    expect(capture.status).toBe('REFUNDED');
    expect(capture.refunds.map((r) => r.amount.value)).toEqual([value(part), value(rest)]);

    const rows = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, BigInt(tradeOrderId)))
      .orderBy(asc(refunds.id));
    expect(rows.map((r) => [r.status, r.amountMinor, r.providerRefundId])).toEqual(
      capture.refunds.map((r) => ['REFUND_DONE', minorOf({ value: r.amount.value, currency: 'USD' }), r.id]),
    );
    // Each refund webhook is acknowledged and recorded once. It may beat the refund job's own
    // answer (then it settles the refund) or come after it (then nothing changes); either way
    // the refunds above stay one per PayPal refund.
    await emulator.idle();
    for (const pr of capture.refunds) {
      const hook = emulator.deliveries.find(
        (d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && d.event.resource.id === pr.id,
      )!;
      expect(hook.status).toBe(200);
      const recorded = await eventRows(hook.event.id);
      expect(recorded).toHaveLength(1);
      expect(['applied', 'ignored']).toContain(recorded[0]!.outcome);
    }
    expect(emulator.refundCount()).toBeGreaterThanOrEqual(2);
  });

  it('an order cancelled after payment is refunded in full at PayPal, once', async () => {
    const { x, placed, orderId } = await paidWithPaypal('ppcancel', [['TRAY-STEEL', '1']]);
    const refundsBefore = emulator.refundCount();
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id: placed.orderIds[0] } },
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const reverseId = cancel.json().reverseTradeOrderId as string;
    const audit = await seller.post(`/api/merchant/reverse/${reverseId}/audit`, { approve: true });
    expect(audit.statusCode, audit.body).toBe(200);
    await reverseDone(reverseId);
    const capture = emulator.order(orderId)!.capture!;
    expect(capture.status).toBe('REFUNDED');
    expect(capture.refunds.map((r) => r.amount)).toEqual([{ currency_code: 'USD', value: placed.needPayAmt.value }]);
    expect(emulator.refundCount() - refundsBefore).toBe(1);
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.reverseId, BigInt(reverseId)));
    expect(row).toMatchObject({
      status: 'REFUND_DONE',
      channel: CHANNEL,
      amountMinor: minorOf(placed.needPayAmt),
      providerRefundId: capture.refunds[0]!.id,
    });
    // The refund job asked again with the same key (a retry after a lost answer): still one refund at PayPal.
    await t.app.refunder.execute(row!.id);
    expect(emulator.refundCount() - refundsBefore).toBe(1);
  });
});

describe('amounts in USD, EUR, GBP and JPY', () => {
  it.each([
    ['US', 'USD'],
    ['NL', 'EUR'],
    ['UK', 'GBP'],
    ['JP', 'JPY'],
  ])(
    "a guest on site %s pays in %s: PayPal is asked for the record's amount and captures exactly it",
    async (site, currency) => {
      const g = browser(t.app);
      expect((await g.post('/api/preferences', { site })).statusCode).toBe(200);
      const placed = await place(g, 'gina@example.com', [['TRAY-STEEL', '1']], await addresses[site]!());
      expect(placed.needPayAmt.currency).toBe(currency);
      if (currency === 'JPY') expect(placed.needPayAmt.value).toMatch(/^\d+$/);
      const started = await firstPay(g, placed.contractId);
      expect(await recordOf(started.paymentRecordId)).toMatchObject({
        amountMinor: minorOf(placed.needPayAmt),
        currency,
      });
      expect(emulator.order(started.channelToken)!.unit.amount).toEqual({
        currency_code: currency,
        value: placed.needPayAmt.value,
      });
      await onPaypal(started.redirectUrl, 'approve');
      await emulator.idle();
      expect(await payResult(g, placed.contractId)).toMatchObject({
        status: 'PAY_SUCCESS',
        needPayAmt: placed.needPayAmt,
      });
      await expectPaidOnce(placed, started.channelToken);
    },
  );
});
