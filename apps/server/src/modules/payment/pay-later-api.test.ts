/**
 * Klarna and Affirm through the shop's own routes (firstPay, /api/payments/v1/sessions,
 * payResult, the cancel return, Klarna's notification on the webhook route, pay again,
 * after-sales refunds) on real Postgres, with the adapters talking to the Klarna and Affirm
 * emulators: the buyer decides on the emulators' hosted pages. Checked: payment records, the
 * contract, points, refunds, and the emulators' books (orders, captures, transactions, refunds).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds, reverseTradeOrders } from '../../db/schema/index.js';
import { browser, createTestApp, login, type Browser, type TestApp } from '../../../test/helpers.js';
import {
  amsterdamAddress,
  freshIp,
  loadFixtures,
  usAddress,
  type Fixtures,
  type SkuCode,
} from '../../../test/checkout-fixtures.js';
import { minorOf, paymentKit, type PlacedToPay as Placed, type Started } from '../../../test/payment-fixtures.js';
import { expectError, orderKit, waitFor } from '../../../test/order-fixtures.js';
import { startKlarnaEmulator, type HppChoice, type KlarnaEmulator } from '../../../test/emulators/klarna/emulator.js';
import { startAffirmEmulator, type AffirmEmulator } from '../../../test/emulators/affirm/emulator.js';
import type { ProviderEvent } from './providers/types.js';
import { sweepStaleAttempts } from './settle.js';
import { closeUnpaidContract } from '../trade/transitions.js';

const klarnaCreds = { username: 'PK12345_shop', password: 'klarna-shop-password' };
const affirmCreds = { publicKey: 'AFFIRMPUBLICKEY123', privateKey: 'affirm-private-key-456' };
const publicUrl = 'https://shop.example.test';
const KLARNA = 'KLARNA';
const AFFIRM = 'AFFIRM_PC';

let t: TestApp;
let f: Fixtures;
let klarna: KlarnaEmulator;
let affirm: AffirmEmulator;
let seller: Browser;
const { signup } = orderKit(() => ({ t, f }));
const kit = paymentKit(() => ({ t, f }), 'klarna');
const { payResult, recordOf, recordsOf, ordersOf, earnedFor } = kit;
const contractOf = kit.contractRow;
const place = (
  b: Browser,
  email: string,
  items: [SkuCode, string][] = [['TRAY-STEEL', '2']],
  address?: Record<string, unknown>,
) => kit.placeFor(b, email, items, address);
const firstPay = (b: Browser, contractId: string, channel: string): Promise<Started> =>
  kit.firstPay(b, { contractId, payChannel: channel });

beforeAll(async () => {
  klarna = await startKlarnaEmulator({
    ...klarnaCreds,
    // Klarna's notification reaches the shop's webhook route as Klarna sends it: unsigned JSON.
    deliver: async (d) =>
      (
        await t.app.inject({
          method: 'POST',
          url: new URL(d.url).pathname,
          payload: d.body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
  });
  affirm = await startAffirmEmulator(affirmCreds);
  t = await createTestApp({
    payments: {
      klarna: { ...klarnaCreds, apiBase: klarna.url, publicUrl },
      affirm: { ...affirmCreds, apiBase: affirm.url, publicUrl },
    },
  });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await klarna?.close();
  await affirm?.close();
  await t?.close();
});

const channelsOf = async (b: Browser, body: Record<string, unknown> = {}) =>
  (await b.post('/sapi/mall-pay/payment/payChannel', body)).json().payChannelGroups as {
    groupName: string;
    channels: { configMap: Record<string, string>; redirectHosts: string[] }[];
  }[];

const hppIdOf = (providerPaymentId: string) => /^hpp:([^:]+):/.exec(providerPaymentId)![1]!;
const klarnaOrderIdOf = async (recordId: string) =>
  /^order:(.+)$/.exec((await recordOf(recordId)).providerPaymentId ?? '')?.[1];
const affirmTxOf = async (recordId: string) =>
  /^txn:(.+)$/.exec((await recordOf(recordId)).providerPaymentId ?? '')?.[1];

/** The contract is paid once: its orders wait for shipping, one record succeeded, the points earned once. */
async function expectPaidOnce(placed: Placed, recordId: string) {
  expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PAID' });
  expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(placed.orderIds.map(() => 'UN_DELIVERY'));
  expect(
    (await recordsOf(placed.contractId)).filter((r) => r.status === 'PAY_SUCCESS').map((r) => String(r.id)),
  ).toEqual([recordId]);
  expect(await earnedFor(placed.contractId)).toHaveLength(1);
}

/** The buyer on Klarna's hosted page: where the page sends the browser back to. */
async function onKlarna(started: Started, choice: HppChoice): Promise<URL> {
  const page = await fetch(started.redirectUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`data-testid="amount"`);
  const res = await fetch(new URL(`${new URL(started.redirectUrl).pathname}/decide`, started.redirectUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}
/** The buyer on Affirm's checkout: where Affirm sends the browser back to. */
async function onAffirm(started: Started, choice: 'confirm' | 'cancel'): Promise<URL> {
  const page = await fetch(started.redirectUrl);
  expect(page.status).toBe(200);
  await page.text();
  const res = await fetch(new URL('/products/checkout/decide', started.redirectUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      checkout_ari: new URL(started.redirectUrl).searchParams.get('checkout_ari')!,
      choice,
    }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describe('Klarna and Affirm are offered when configured', () => {
  it('US site: both, as pay-later channels with their page hosts; paying with points removes both; the UK site has Klarna only (Affirm is USD only)', async () => {
    const x = await signup('plchan');
    const us = await channelsOf(x.b, { site: 'US' });
    expect(us.map((g) => g.groupName)).toEqual(['MOCKPAY', KLARNA, AFFIRM]);
    expect(us[1]!.channels[0]).toMatchObject({
      configMap: { widget: 'klarna-payments' },
      redirectHosts: [new URL(klarna.url).host],
    });
    expect(us[2]!.channels[0]).toMatchObject({
      configMap: { publicKey: affirmCreds.publicKey },
      redirectHosts: [new URL(affirm.url).host],
    });
    // SPEC §4: the pay-later provider is removed when paying with points.
    expect((await channelsOf(x.b, { site: 'US', isPoint: true })).map((g) => g.groupName)).toEqual(['MOCKPAY']);
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'UK' })).statusCode).toBe(200);
    expect((await channelsOf(g, { site: 'UK' })).map((c) => c.groupName)).toEqual(['MOCKPAY', KLARNA]);
  });
});

describe('paying with Klarna', () => {
  it("pay on the hosted page: the authorisation becomes an order, captured at once for the contract's amount; the widget's session is the caller's own", async () => {
    const x = await signup('klpay');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    expect(started.channel).toBe(KLARNA);
    expect(new URL(started.redirectUrl).host).toBe(new URL(klarna.url).host);
    const record = await recordOf(started.paymentRecordId);
    expect(record).toMatchObject({
      status: 'PAY_PENDING',
      channel: KLARNA,
      amountMinor: minorOf(placed.needPayAmt),
      currency: 'USD',
    });
    expect(record.providerPaymentId).toMatch(/^hpp:/);
    const session = klarna.session(started.clientSession!.sessionId!)!;
    expect(session).toMatchObject({
      amount: Number(minorOf(placed.needPayAmt)),
      currency: 'USD',
      country: 'US',
      merchantReference1: started.paymentRecordId,
    });

    // SPEC §7: the widget's client token, for the caller's own attempt only.
    const s = await x.b.post('/api/payments/v1/sessions', { type: 'klarna', contractId: placed.contractId });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toMatchObject({
      client_token: started.clientSession!.clientToken,
      session_id: session.id,
      paymentRecordId: started.paymentRecordId,
    });
    expect(s.json().payment_method_categories.length).toBeGreaterThan(0);
    const other = await signup('klpayother');
    expectError(await other.b.post('/api/payments/v1/sessions', { type: 'KLARNA' }), 404, 'Common.notFound');
    expectError(
      await other.b.post('/api/payments/v1/sessions', { type: 'KLARNA', contractId: placed.contractId }),
      404,
      'Trade.tradeContractNotExist',
    );

    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');
    const back = await onKlarna(started, 'pay');
    expect(back.origin).toBe(publicUrl);
    expect(back.pathname).toBe('/buyer/pay-result');
    expect(back.searchParams.get('contractId')).toBe(placed.contractId);
    const captures = klarna.captureCount();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    const orderId = (await klarnaOrderIdOf(started.paymentRecordId))!;
    expect(klarna.order(orderId)).toMatchObject({
      status: 'CAPTURED',
      fraud: 'ACCEPTED',
      amount: Number(minorOf(placed.needPayAmt)),
      merchantReference1: started.paymentRecordId,
    });
    expect(klarna.order(orderId)!.captures.map((c) => c.captured_amount)).toEqual([Number(minorOf(placed.needPayAmt))]);
    expect(klarna.captureCount() - captures).toBe(1);
    await expectPaidOnce(placed, started.paymentRecordId);
    // Polled again: nothing more is captured; the session call has nothing left to hand out.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    expect(klarna.captureCount() - captures).toBe(1);
    expectError(
      await x.b.post('/api/payments/v1/sessions', { type: 'KLARNA', contractId: placed.contractId }),
      404,
      'Common.notFound',
    );
  });

  it("Klarna's widget in the page: the client token from the sessions call, the widget's authorization_token places the order, paid at once", async () => {
    const x = await signup('klwidget');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    const session = (await x.b.post('/api/payments/v1/sessions', { type: 'KLARNA' })).json<{
      client_token: string;
    }>();
    // What Klarna.Payments.authorize gives the browser.
    const token = klarna.authorizeWidget(session.client_token);
    const other = await signup('klwidgetother');
    expectError(
      await other.b.post('/api/payments/v1/authorizations', {
        contractId: placed.contractId,
        authorization_token: token,
      }),
      404,
      'Trade.tradeContractNotExist',
    );
    const orders = klarna.orderCount();
    const res = await x.b.post('/api/payments/v1/authorizations', {
      contractId: placed.contractId,
      authorization_token: token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
      needPayAmt: placed.needPayAmt,
    });
    expect(klarna.orderCount() - orders).toBe(1);
    const order = klarna.order((await klarnaOrderIdOf(started.paymentRecordId))!)!;
    expect(order.captures.map((c) => c.captured_amount)).toEqual([Number(minorOf(placed.needPayAmt))]);
    await expectPaidOnce(placed, started.paymentRecordId);
    // The same token again: nothing is waiting for it any more.
    expectError(
      await x.b.post('/api/payments/v1/authorizations', { contractId: placed.contractId, authorization_token: token }),
      404,
      'Common.notFound',
    );
    expect(klarna.orderCount() - orders).toBe(1);
  });

  it('rejected by Klarna: the attempt failed with its reason, nothing captured, and paying again works', async () => {
    const x = await signup('klreject');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(started, 'pay_rejected');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'klarna_rejected',
    });
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    expect(await earnedFor(placed.contractId)).toEqual([]);
    const again = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(again, 'pay');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: again.paymentRecordId,
    });
    await expectPaidOnce(placed, again.paymentRecordId);
  });

  it("cancel on Klarna's page: back at the shop the attempt failed as cancelled and paying again works", async () => {
    const x = await signup('klcancel');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    const back = await onKlarna(started, 'cancel');
    expect(back.pathname).toBe('/api/payments/return/cancel');
    const res = await x.b.get(back.pathname + back.search);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^/buyer/pay-result\\?contractId=${placed.contractId}&`));
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'cancelled' });
    expect(klarna.hpp(hppIdOf((await recordOf(started.paymentRecordId)).providerPaymentId!))!.status).toBe('CANCELLED');
    const again = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(again, 'pay');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    await expectPaidOnce(placed, again.paymentRecordId);
  });

  it('pending while Klarna reviews the purchase, then paid when its notification comes; the notification is read back from Klarna, a forged one changes nothing', async () => {
    const x = await signup('klpending');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(started, 'pay_fraud_pending');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_PENDING' });
    const orderId = (await klarnaOrderIdOf(started.paymentRecordId))!;
    expect(klarna.order(orderId)).toMatchObject({ fraud: 'PENDING', status: 'AUTHORIZED', captures: [] });
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });

    // Unsigned notifications: one naming an order Klarna does not know is refused; one naming this
    // order while Klarna still reviews it changes nothing (what Klarna says wins, not the body).
    const hook = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/klarna',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expectError(
      await hook({ order_id: crypto.randomUUID(), event_type: 'FRAUD_RISK_ACCEPTED' }),
      400,
      'Payment.badSignature',
    );
    expect((await hook({ order_id: orderId, event_type: 'FRAUD_RISK_ACCEPTED' })).statusCode).toBe(200);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    expect(klarna.order(orderId)!.captures).toEqual([]);

    await klarna.decideFraud(orderId, 'ACCEPTED');
    expect(klarna.notifications.at(-1)).toMatchObject({ status: 200 });
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_SUCCESS' });
    expect(klarna.order(orderId)).toMatchObject({ status: 'CAPTURED' });
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    // Klarna notifies again: one capture, one payment.
    expect((await hook({ order_id: orderId, event_type: 'FRAUD_RISK_ACCEPTED' })).json()).toMatchObject({
      outcome: 'duplicate',
    });
    expect(klarna.order(orderId)!.captures).toHaveLength(1);
    await expectPaidOnce(placed, started.paymentRecordId);
  });

  it('pay again while Klarna reviews the first: the first order is cancelled at Klarna and never captured; the second pays', async () => {
    const x = await signup('klagain');
    const placed = await place(x.b, x.email);
    const first = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(first, 'pay_fraud_pending');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');
    const firstOrder = (await klarnaOrderIdOf(first.paymentRecordId))!;
    expectError(
      await x.b.post(
        '/sapi/mall-pay/payment/firstPay',
        { contractId: placed.contractId, payChannel: KLARNA },
        { remoteAddress: freshIp() },
      ),
      409,
      'Payment.pending',
    );
    const closed = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: placed.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(klarna.order(firstOrder)!.status).toBe('CANCELLED');
    const second = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(second, 'pay');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: second.paymentRecordId,
    });
    // Klarna accepts the first purchase after all and notifies: the order is cancelled, nothing is taken.
    await klarna.decideFraud(firstOrder, 'ACCEPTED');
    expect(klarna.order(firstOrder)!.captures).toEqual([]);
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    await expectPaidOnce(placed, second.paymentRecordId);
  });

  it('pay again while a poll of the first is capturing it: the first charge is not kept and is refunded in full at Klarna', async () => {
    const x = await signup('klrace');
    const placed = await place(x.b, x.email);
    const first = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(first, 'pay');
    // A poll of the first attempt asks Klarna (order placed and captured) while the buyer, in another tab, chooses "pay again".
    const provider = t.app.paymentProviders.forChannel(KLARNA)!;
    const decided = await provider.confirm((await recordOf(first.paymentRecordId)).providerPaymentId!);
    expect(decided.map((e) => e.type)).toEqual(['payment.succeeded']);
    const closed = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: placed.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const second = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(second, 'pay');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: second.paymentRecordId,
    });
    // The poll's answer lands now: the closed attempt does not keep the money.
    expect(await t.app.paymentEvents.applyDirect('klarna', decided[0]!)).toBe('ignored');
    const refund = await waitFor(
      () =>
        t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId))),
      (rs) => rs[0]?.status === 'REFUND_DONE',
      'the first charge refunded',
    );
    const firstOrder = klarna.order((await klarnaOrderIdOf(first.paymentRecordId))!)!;
    expect(firstOrder.refunds.map((r) => r.refunded_amount)).toEqual([Number(minorOf(placed.needPayAmt))]);
    expect(refund[0]).toMatchObject({
      reason: 'NOT_CAPTURED',
      amountMinor: minorOf(placed.needPayAmt),
      providerRefundId: firstOrder.refunds[0]!.refund_id,
    });
    await expectPaidOnce(placed, second.paymentRecordId);
  });
});

describe('paying with Affirm', () => {
  it("confirm on Affirm's checkout: pending until the shop authorises the checkout, then captured at once for the contract's amount", async () => {
    const x = await signup('afpay');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, AFFIRM);
    expect(new URL(started.redirectUrl).host).toBe(new URL(affirm.url).host);
    const record = await recordOf(started.paymentRecordId);
    expect(record).toMatchObject({
      status: 'PAY_PENDING',
      channel: AFFIRM,
      amountMinor: minorOf(placed.needPayAmt),
      currency: 'USD',
    });
    const checkoutId = /^checkout:(.+)$/.exec(record.providerPaymentId!)![1]!;
    expect(affirm.checkout(checkoutId)).toMatchObject({
      total: Number(minorOf(placed.needPayAmt)),
      currency: 'USD',
      orderId: started.paymentRecordId,
    });
    // Not confirmed yet: the authorisation is refused by Affirm, the attempt keeps waiting.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');

    const back = await onAffirm(started, 'confirm');
    expect(back.origin).toBe(publicUrl);
    expect(back.pathname).toBe('/buyer/pay-result');
    expect(back.searchParams.get('checkout_token')).toBe(checkoutId);
    // SPEC §4: Affirm's confirmation is pending until authorised.
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    const before = { auth: affirm.authorizeCount(), capture: affirm.captureCount() };
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    const tx = affirm.transaction((await affirmTxOf(started.paymentRecordId))!)!;
    expect(tx).toMatchObject({
      status: 'captured',
      amount: Number(minorOf(placed.needPayAmt)),
      currency: 'USD',
      checkoutId,
      orderId: started.paymentRecordId,
    });
    expect([affirm.authorizeCount() - before.auth, affirm.captureCount() - before.capture]).toEqual([1, 1]);
    await expectPaidOnce(placed, started.paymentRecordId);
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    expect(affirm.captureCount() - before.capture).toBe(1);
  });

  it("cancel on Affirm's checkout is a failed result (SPEC §4); paying again works", async () => {
    const x = await signup('afcancel');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, AFFIRM);
    const back = await onAffirm(started, 'cancel');
    expect(back.pathname).toBe('/api/payments/return/cancel');
    expect((await x.b.get(back.pathname + back.search)).statusCode).toBe(303);
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'cancelled' });
    const again = await firstPay(x.b, placed.contractId, AFFIRM);
    await onAffirm(again, 'confirm');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    await expectPaidOnce(placed, again.paymentRecordId);
  });

  it('pay again while the first checkout is open: the first, confirmed later in the old tab, is never authorised; the second pays', async () => {
    const x = await signup('afagain');
    const placed = await place(x.b, x.email);
    const first = await firstPay(x.b, placed.contractId, AFFIRM);
    const closed = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: placed.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const second = await firstPay(x.b, placed.contractId, AFFIRM);
    await onAffirm(second, 'confirm');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: second.paymentRecordId,
    });
    const authorised = affirm.authorizeCount();
    await onAffirm(first, 'confirm');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    expect(affirm.authorizeCount()).toBe(authorised);
    expect(await recordOf(first.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    await expectPaidOnce(placed, second.paymentRecordId);
  });

  it('pay again while a poll of the first is capturing it: the first charge is refunded in full at Affirm', async () => {
    const x = await signup('afrace');
    const placed = await place(x.b, x.email);
    const first = await firstPay(x.b, placed.contractId, AFFIRM);
    await onAffirm(first, 'confirm');
    const decided = await t.app.paymentProviders
      .forChannel(AFFIRM)!
      .confirm((await recordOf(first.paymentRecordId)).providerPaymentId!);
    expect(decided.map((e) => e.type)).toEqual(['payment.succeeded']);
    expect(
      (
        await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
          payUniqueKey: placed.payUniqueKey,
          paymentRecordId: first.paymentRecordId,
        })
      ).statusCode,
    ).toBe(200);
    const second = await firstPay(x.b, placed.contractId, AFFIRM);
    await onAffirm(second, 'confirm');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
    expect(await t.app.paymentEvents.applyDirect('affirm', decided[0] as ProviderEvent)).toBe('ignored');
    await waitFor(
      () =>
        t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId))),
      (rs) => rs[0]?.status === 'REFUND_DONE',
      'the first charge refunded',
    );
    const tx = affirm.transaction((await affirmTxOf(first.paymentRecordId))!)!;
    expect(tx).toMatchObject({ status: 'refunded', amountRefunded: Number(minorOf(placed.needPayAmt)) });
    await expectPaidOnce(placed, second.paymentRecordId);
  });

  it('Affirm lends in USD only: on the UK site firstPay with it is refused', async () => {
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'UK' })).statusCode).toBe(200);
    const placed = await place(g, 'gus@example.com', [['TRAY-STEEL', '2']], await kit.siteAddresses.UK!());
    expect(placed.needPayAmt.currency).toBe('GBP');
    expectError(
      await g.post(
        '/sapi/mall-pay/payment/firstPay',
        { contractId: placed.contractId, payChannel: AFFIRM },
        { remoteAddress: freshIp() },
      ),
      400,
      'Payment.channelUnavailable',
    );
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
  });
});

describe('amounts: Klarna in USD, GBP and EUR (purchase country GB for the UK site), Affirm in USD', () => {
  const addresses: Record<string, () => Promise<Record<string, unknown>>> = {
    US: async () => usAddress(f),
    UK: kit.siteAddresses.UK!,
    NL: async () => amsterdamAddress(f),
  };
  it.each([
    ['US', 'USD', 'US'],
    ['UK', 'GBP', 'GB'],
    ['NL', 'EUR', 'NL'],
  ])(
    "a guest on site %s pays with Klarna in %s: Klarna is asked for the record's amount in purchase country %s and captures exactly it",
    async (site, currency, country) => {
      const g = browser(t.app);
      expect((await g.post('/api/preferences', { site })).statusCode).toBe(200);
      const placed = await place(g, 'gina@example.com', [['TRAY-STEEL', '1']], await addresses[site]!());
      expect(placed.needPayAmt.currency).toBe(currency);
      const started = await firstPay(g, placed.contractId, KLARNA);
      expect(klarna.session(started.clientSession!.sessionId!)).toMatchObject({
        amount: Number(minorOf(placed.needPayAmt)),
        currency,
        country,
      });
      await onKlarna(started, 'pay');
      expect(await payResult(g, placed.contractId)).toMatchObject({
        status: 'PAY_SUCCESS',
        needPayAmt: placed.needPayAmt,
      });
      const order = klarna.order((await klarnaOrderIdOf(started.paymentRecordId))!)!;
      expect(order).toMatchObject({ currency, country, status: 'CAPTURED' });
      expect(order.captures.map((c) => c.captured_amount)).toEqual([Number(minorOf(placed.needPayAmt))]);
    },
  );

  it('the JP site (JPY) offers neither', async () => {
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'JP' })).statusCode).toBe(200);
    expect((await channelsOf(g, { site: 'JP' })).map((c) => c.groupName)).toEqual(['MOCKPAY']);
  });
});

describe('refunds from after-sales go back to Klarna and Affirm', () => {
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

  it.each([[KLARNA], [AFFIRM]])(
    'an order paid with %s and cancelled after payment is refunded in full at the provider, once',
    async (channel) => {
      const x = await signup(`plrefund${channel.slice(0, 3)}`);
      const placed = await place(x.b, x.email);
      const started = await firstPay(x.b, placed.contractId, channel);
      if (channel === KLARNA) await onKlarna(started, 'pay');
      else await onAffirm(started, 'confirm');
      expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_SUCCESS');
      const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
        { tradeOrder: { id: placed.orderIds[0] } },
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const reverseId = cancel.json().reverseTradeOrderId as string;
      expect((await seller.post(`/api/merchant/reverse/${reverseId}/audit`, { approve: true })).statusCode).toBe(200);
      await reverseDone(reverseId);
      const [row] = await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.reverseId, BigInt(reverseId)));
      const paid = Number(minorOf(placed.needPayAmt));
      if (channel === KLARNA) {
        const order = klarna.order((await klarnaOrderIdOf(started.paymentRecordId))!)!;
        expect(order.refunds.map((r) => r.refunded_amount)).toEqual([paid]);
        expect(row).toMatchObject({
          status: 'REFUND_DONE',
          channel,
          amountMinor: BigInt(paid),
          providerRefundId: order.refunds[0]!.refund_id,
        });
        // The refund job asks again with the same key (a lost answer): still one refund at Klarna.
        const before = klarna.refundCount();
        await t.app.refunder.execute(row!.id);
        expect(klarna.refundCount()).toBe(before);
      } else {
        const tx = affirm.transaction((await affirmTxOf(started.paymentRecordId))!)!;
        expect(tx).toMatchObject({ status: 'refunded', amountRefunded: paid });
        const refundEvents = tx.events.filter((e) => e.type === 'refund');
        expect(refundEvents.map((e) => e.amount)).toEqual([paid]);
        expect(row).toMatchObject({
          status: 'REFUND_DONE',
          channel,
          amountMinor: BigInt(paid),
          providerRefundId: refundEvents[0]!.id,
        });
        const before = affirm.refundCount();
        await t.app.refunder.execute(row!.id);
        expect(affirm.refundCount()).toBe(before);
      }
    },
  );
});

describe("attempts left on the provider's page (the stale-attempt sweep)", () => {
  const later = (ms: number) => new Date(Date.now() + ms);
  const sweep = (now: Date) => sweepStaleAttempts(t.db, t.app.paymentProviders, t.app.paymentEvents, now);

  it("paid on Klarna's page, then the tab closed before coming back: the sweep finds the payment and the order is paid once", async () => {
    const x = await signup('klclosedtab');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, KLARNA);
    await onKlarna(started, 'pay');
    // Asked only once an attempt is a couple of minutes old: a buyer coming back is answered by the page's poll.
    await sweep(new Date());
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    const captures = klarna.captureCount();
    expect((await sweep(later(3 * 60_000))).asked).toBeGreaterThan(0);
    await expectPaidOnce(placed, started.paymentRecordId);
    expect(klarna.captureCount() - captures).toBe(1);
    await sweep(later(6 * 60_000));
    expect(klarna.captureCount() - captures).toBe(1);
  });

  it("an Affirm checkout left open past the pay deadline: the closed contract's attempt is closed, and a confirm in the old tab takes nothing", async () => {
    const x = await signup('afabandoned');
    const placed = await place(x.b, x.email);
    const started = await firstPay(x.b, placed.contractId, AFFIRM);
    await t.db.transaction((tx) => closeUnpaidContract(tx, BigInt(placed.contractId), 'PAY_DEADLINE_PASSED'));
    expect((await sweep(later(3 * 60_000))).closed).toBeGreaterThan(0);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'CLOSED' });
    // The buyer confirms in the tab left open: Affirm sends them back, the shop authorises nothing.
    const authorized = affirm.authorizeCount();
    await onAffirm(started, 'confirm');
    await x.b.post('/sapi/mall-pay/payment/payResult', { contractId: placed.contractId });
    await sweep(later(6 * 60_000));
    expect(affirm.authorizeCount()).toBe(authorized);
    expect(await contractOf(placed.contractId)).toMatchObject({ status: 'CLOSED' });
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['CLOSED']);
  });
});
