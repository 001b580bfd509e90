/**
 * Adyen through the shop's own routes, on real Postgres, against the local Adyen emulator: the
 * official `@adyen/api-library` talks HTTP to the emulator (ADYEN_CHECKOUT_BASE), the buyer's
 * browser is played by posting the emulator's hosted Pay by Link page, its 3-D Secure page and
 * its Drop-in call, and the emulator's HMAC-signed standard notifications reach the shop's
 * webhook route. Checked: records, contracts, orders, webhook rows, refunds, the emulator's books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds } from '../../db/schema/index.js';
import { Browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Body, type Fixtures } from '../../../test/checkout-fixtures.js';
import { paymentKit, shipAndApply, type Started } from '../../../test/payment-fixtures.js';
import { orderKit, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import {
  startAdyenEmulator,
  type AdyenEmulator,
  type NotificationItem,
} from '../../../test/emulators/adyen/emulator.js';

const KEYS = {
  apiKey: 'AQE_api_test_key',
  merchantAccount: 'MallShopECOM',
  clientKey: 'test_CLIENTKEY0123456789',
  hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};
const PUBLIC_URL = 'http://shop.test';
const WEBHOOK = '/api/payments/webhooks/adyen';

let t: TestApp;
let f: Fixtures;
let emulator: AdyenEmulator;
let seller: Browser;
let carrierId: string;
const { signup, place, statusOf, topLines, orderRow } = orderKit(() => ({ t, f }));
const pay = paymentKit(() => ({ t, f }), 'adyen');
const { payResult, recordsOf, recordOf, contractRow, ordersOf, eventRows, earnedFor, guestOrderIn } = pay;
const adyenRows = pay.webhookRows;
const addresses = pay.siteAddresses;
const firstPay = (b: Browser, contractId: string, payChannel = 'ADYEN_LINK', extra: Body = {}): Promise<Started> =>
  pay.firstPay(b, { contractId, payChannel, ...extra });

beforeAll(async () => {
  // Adyen's notifications reach the shop's route as a provider's POST: no session, no CSRF header.
  emulator = await startAdyenEmulator({
    ...KEYS,
    deliver: async (d) =>
      (
        await t.app.inject({
          method: 'POST',
          url: WEBHOOK,
          payload: d.body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
  });
  t = await createTestApp({ payments: { adyen: { ...KEYS, checkoutBase: emulator.url, publicUrl: PUBLIC_URL } } });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  carrierId = await pay.upsCarrierId();
});
afterAll(async () => {
  await emulator?.idle();
  await t?.close();
  await emulator?.close();
});

/** The buyer on the emulator's hosted Pay by Link page. */
async function onLink(url: string, choice: 'pay' | 'decline' | 'pending') {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}
const postWebhook = (body: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, payload: body, headers: { 'content-type': 'application/json' } });
/** The payment Adyen made on a link or in a session. */
const paymentsOf = (id: string) => [...emulator.payments.values()].filter((p) => p.linkId === id || p.sessionId === id);
const authorisationOf = (id: string) =>
  emulator.deliveries.find(
    (d) =>
      d.item.eventCode === 'AUTHORISATION' &&
      (d.item.additionalData.paymentLinkId === id || d.item.additionalData.checkoutSessionId === id) &&
      d.item.success === 'true',
  )!;
/** Sends the held or just-made notifications to the shop and waits for them. */
async function flush() {
  await emulator.idle();
}

async function paidByLink(buyer: Buyer, items: Parameters<typeof place>[1] = [['TRAY-STEEL', '1']]) {
  const placed = await place(buyer, items);
  const started = await firstPay(buyer.b, placed.contractId);
  expect((await onLink(started.redirectUrl, 'pay')).status).toBe(303);
  await flush();
  expect((await recordOf(started.paymentRecordId)).status).toBe('PAY_SUCCESS');
  return { ...placed, started };
}

describe('channels', () => {
  it('offers ADYEN_PC with its client key (public), never the API key or the HMAC key', async () => {
    const x = await signup('channels');
    const res = await x.b.post('/sapi/mall-pay/payment/payChannel', { site: 'US' });
    expect(res.statusCode, res.body).toBe(200);
    const channels = res
      .json<{
        payChannelGroups: {
          channels: { channelName: string; configMap: Record<string, string>; paymentMethods: { type: string }[] }[];
        }[];
      }>()
      .payChannelGroups.flatMap((g) => g.channels);
    const pc = channels.find((c) => c.channelName === 'ADYEN_PC')!;
    expect(pc.configMap).toMatchObject({ clientKey: KEYS.clientKey, environment: 'test', deviceMethods: 'applepay' });
    expect(pc.paymentMethods.map((m) => m.type)).toEqual(['scheme', 'applepay', 'googlepay', 'afterpaytouch']);
    // Adyen's channels are sorted last on the US site (SPEC §4).
    expect(channels.slice(-2).map((c) => c.channelName)).toEqual(['ADYEN_LINK', 'ADYEN_PC']);
    const body = JSON.stringify(res.json());
    expect(body).not.toContain(KEYS.apiKey);
    expect(body).not.toContain(KEYS.hmacKey);
  });
});

describe('Pay by Link', () => {
  it("pays on the hosted page: the link is for the record's amount, the notification settles it once, the return agrees", async () => {
    const x = await signup('link');
    const placed = await place(x, [['TRAY-STEEL', '2']]);
    const started = await firstPay(x.b, placed.contractId);
    const record = await recordOf(started.paymentRecordId);
    expect(started.channelToken).toMatch(/^PL[0-9A-F]{16}$/);
    expect(started.redirectUrl).toBe(`${emulator.url}/link/${started.channelToken}`);
    expect(record).toMatchObject({
      status: 'PAY_PENDING',
      channel: 'ADYEN_LINK',
      providerPaymentId: started.channelToken,
      currency: 'USD',
    });
    const link = emulator.links.get(started.channelToken)!;
    expect(link).toMatchObject({
      amount: { currency: 'USD', value: Number(record.amountMinor) },
      merchantAccount: KEYS.merchantAccount,
      reference: started.paymentRecordId,
    });
    expect(link.returnUrl).toMatch(new RegExp(`^${PUBLIC_URL}/buyer/pay-result\\?contractId=${placed.contractId}&`));
    // Still on Adyen's page: the result page waits.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');

    emulator.hold();
    const page = await onLink(started.redirectUrl, 'pay');
    expect(page.status).toBe(303);
    expect(page.location).toBe(link.returnUrl);
    // Back before the notification: the result page reads the link (completed) and settles it.
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    await emulator.release();
    await flush();
    const auth = authorisationOf(started.channelToken);
    expect(auth.status).toBe(200);
    expect(await eventRows(`${auth.item.pspReference}:AUTHORISATION:true`)).toHaveLength(1);
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
    expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(['UN_DELIVERY']);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.contractId, BigInt(placed.contractId))),
    ).toEqual([]);
  });

  it('a refused card: the AUTHORISATION (success false) fails the attempt with its reason, and a new attempt can pay', async () => {
    const x = await signup('declined');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    const page = await onLink(started.redirectUrl, 'decline');
    expect(page.status).toBe(200);
    expect(page.text).toContain('The payment was refused');
    await flush();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'card_declined',
    });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    const again = await firstPay(x.b, placed.contractId);
    expect(again.channelToken).not.toBe(started.channelToken);
    await onLink(again.redirectUrl, 'pay');
    await flush();
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
  });

  it("pending (the payment is still being processed), then paid when Adyen's AUTHORISATION comes", async () => {
    const x = await signup('pending');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    expect((await onLink(started.redirectUrl, 'pending')).status).toBe(303);
    await flush();
    expect(emulator.links.get(started.channelToken)!.status).toBe('paymentPending');
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    emulator.settle(paymentsOf(started.channelToken)[0]!.pspReference, true);
    await flush();
    expect((await recordOf(started.paymentRecordId)).status).toBe('PAY_SUCCESS');
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
  });
});

describe('notifications', () => {
  it('the same signed notification 20 times at once: one payment, one PAY_SUCCESS, points once, one stored event', async () => {
    const x = await signup('replay');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    emulator.hold();
    await onLink(started.redirectUrl, 'pay');
    const auth = authorisationOf(started.channelToken);
    const replies = await Promise.all(Array.from({ length: 20 }, () => postWebhook(auth.body)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.map((r) => r.json().outcome).filter((o) => o === 'applied')).toHaveLength(1);
    expect(replies.map((r) => r.json().outcome).filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(await eventRows(`${auth.item.pspReference}:AUTHORISATION:true`)).toHaveLength(1);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
    // Adyen's own delivery comes later: acknowledged, nothing more changes.
    await emulator.release();
    expect(auth.status).toBe(200);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('a bad HMAC is refused (400) and changes nothing: another key, a changed amount, no signature, another merchant account', async () => {
    const x = await signup('forged');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    emulator.hold();
    await onLink(started.redirectUrl, 'pay');
    const auth = authorisationOf(started.channelToken);
    const { additionalData, ...item } = auth.item;
    const before = await adyenRows();
    const tampered = JSON.parse(auth.body) as { notificationItems: { NotificationRequestItem: NotificationItem }[] };
    tampered.notificationItems[0]!.NotificationRequestItem.amount.value = 1;
    const unsigned = JSON.parse(auth.body) as typeof tampered;
    delete unsigned.notificationItems[0]!.NotificationRequestItem.additionalData.hmacSignature;
    for (const body of [
      emulator.notification(
        { ...item, additionalData },
        'ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789',
      ),
      JSON.stringify(tampered),
      JSON.stringify(unsigned),
      emulator.notification({ ...item, merchantAccountCode: 'SomeoneElseECOM', additionalData }),
      'not json',
    ]) {
      const res = await postWebhook(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'Payment.badSignature' });
    }
    expect(await adyenRows()).toBe(before);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    await emulator.release();
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_SUCCESS' });
  });
});

describe('pay again while the first attempt is pending', () => {
  it('the first payment, authorised after all, is not kept: Adyen refunds it in full, once, and the REFUND notification settles it', async () => {
    const x = await signup('twice');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const first = await firstPay(x.b, placed.contractId);
    // The buyer pays on Adyen's page but does not come back, and the notification is late…
    emulator.hold();
    await onLink(first.redirectUrl, 'pay');
    // …the buyer, still seeing "waiting", chooses to pay again: the first attempt is closed.
    const c = await contractRow(placed.contractId);
    const close = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: c.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(close.statusCode, close.body).toBe(200);
    const second = await firstPay(x.b, placed.contractId);
    await onLink(second.redirectUrl, 'pay');
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
    // Now the notifications arrive: the first payment's money goes back.
    await emulator.release();
    await waitFor(
      async () => {
        await flush();
        return t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId)));
      },
      (r) => r.length === 1 && r[0]!.status === 'REFUND_DONE',
      'not-kept payment refunded',
    );
    const records = await recordsOf(placed.contractId);
    expect(records.filter((r) => r.status === 'PAY_SUCCESS').map((r) => String(r.id))).toEqual([
      second.paymentRecordId,
    ]);
    const firstPayment = paymentsOf(first.channelToken)[0]!;
    const amount = Number((await recordOf(first.paymentRecordId)).amountMinor);
    expect(firstPayment.refunds.map((r) => [r.amount.value, r.status])).toEqual([[amount, 'done']]);
    expect(paymentsOf(second.channelToken)[0]!.refunds).toEqual([]);
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId)));
    expect(row).toMatchObject({ reason: 'NOT_CAPTURED', providerRefundId: firstPayment.refunds[0]!.pspReference });
    expect(firstPayment.refunds[0]).toMatchObject({
      reference: row!.idempotencyKey,
      idempotencyKey: row!.idempotencyKey,
    });
    expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(['UN_DELIVERY']);
  });
});

describe('refunds from after-sales', () => {
  const minorToValue = (m: bigint) => (Number(m) / 100).toFixed(2);

  it('a partial refund, then the rest: Adyen gives back exactly what was paid, each refund once, pending until its REFUND notification', async () => {
    const x = await signup('aftersales');
    const { orderIds, started } = await paidByLink(x, [['TRAY-STEEL', '2']]);
    const id = orderIds[0]!;
    const lines = await topLines(id);
    const { apply, refundVia } = await shipAndApply({ seller, carrierId, buyer: x.b, orderId: id, lines, flush });
    const payment = paymentsOf(started.channelToken)[0]!;

    const partial = await apply('5.00', '1');
    expect(partial.statusCode, partial.body).toBe(200);
    await refundVia(partial.json().id, '5.00');
    expect(payment.refunds.map((r) => r.amount.value)).toEqual([500]);

    const paid = (await orderRow(id)).paidAmtMinor;
    const render = await x.b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [
      { tradeOrder: { id }, reverseTradeOrderType: 'SALE_REFUND' },
    ]);
    const rest = render.json().availableRefundAmt.value as string;
    expect(rest).toBe(minorToValue(paid - 500n));
    const full = await apply(rest, '1');
    expect(full.statusCode, full.body).toBe(200);
    await refundVia(full.json().id, rest);
    expect(payment.refunds.map((r) => [r.amount.value, r.amount.currency])).toEqual([
      [500, 'USD'],
      [Number(paid - 500n), 'USD'],
    ]);

    // The refund job run again (a lost answer) asks Adyen with the same Idempotency-Key: nothing is given twice.
    const rows = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, BigInt(id)));
    expect(rows.map((r) => r.status)).toEqual(['REFUND_DONE', 'REFUND_DONE']);
    const made = emulator.refundCount();
    await t.db.update(refunds).set({ status: 'REFUND_PENDING' }).where(eq(refunds.id, rows[0]!.id));
    await Promise.all(Array.from({ length: 5 }, () => t.app.refunder.execute(rows[0]!.id)));
    expect(emulator.refundCount()).toBe(made);
    expect(payment.refunds).toHaveLength(2);
    expect(payment.refunds.map((r) => r.idempotencyKey).sort()).toEqual(rows.map((r) => r.idempotencyKey).sort());
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded in full',
    );
  });
});

describe('amounts in EUR and JPY', () => {
  it.each([
    ['NL', 'EUR'],
    ['JP', 'JPY'],
  ])("site %s pays in %s: Adyen is asked for the record's minor units (x100, JPY x1)", async (site, currency) => {
    const { g, order } = await guestOrderIn(site, await addresses[site]!());
    expect(order.needPayAmt.currency).toBe(currency);
    const minor =
      currency === 'JPY' ? Number(order.needPayAmt.value) : Math.round(Number(order.needPayAmt.value) * 100);
    const started = await firstPay(g, order.id);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ amountMinor: BigInt(minor), currency });
    expect(emulator.links.get(started.channelToken)!.amount).toEqual({ currency, value: minor });
    const page = await fetch(started.redirectUrl).then((r) => r.text());
    expect(page).toContain(`${currency === 'JPY' ? String(minor) : (minor / 100).toFixed(2)} ${currency}`);
    await onLink(started.redirectUrl, 'pay');
    await flush();
    expect(await payResult(g, order.id)).toMatchObject({ status: 'PAY_SUCCESS', needPayAmt: order.needPayAmt });
    expect(authorisationOf(started.channelToken).item.amount).toEqual({ currency, value: minor });
  });
});

describe('SPEC §7 authority', () => {
  const authority = (b: Browser, body: Body) =>
    b.post('/sapi/mall-pay/payment/authority', body, { remoteAddress: freshIp() });

  it("ADYEN_PC: a Drop-in session, 100 minor units of the site's currency when no amount is given", async () => {
    const x = await signup('authority');
    const res = await authority(x.b, { channel: 'ADYEN_PC', site: 'US', countryCode: 'US' });
    expect(res.statusCode, res.body).toBe(200);
    const { redirectInfo, channelToken } = res.json<{
      redirectInfo: Record<string, string>;
      channelToken: string | null;
    }>();
    expect(channelToken).toBeNull();
    expect(redirectInfo).toMatchObject({ clientKey: KEYS.clientKey, enviroment: 'test' });
    const session = emulator.sessions.get(redirectInfo.sessionId!)!;
    expect(session).toMatchObject({
      amount: { currency: 'USD', value: 100 },
      countryCode: 'US',
      merchantAccount: KEYS.merchantAccount,
      sessionData: redirectInfo.sessionData,
    });
    expect(session.reference).toMatch(new RegExp(`^authority-${x.id}-`));
  });

  it('an amount in minor units, or tradeAmt in major units of its currency (JPY x1)', async () => {
    const x = await signup('authority-amounts');
    const minor = await authority(x.b, { channel: 'ADYEN_PC', amount: 2599 });
    expect(emulator.sessions.get(minor.json().redirectInfo.sessionId)!.amount).toEqual({
      currency: 'USD',
      value: 2599,
    });
    const eur = await authority(x.b, { channel: 'ADYEN_PC', tradeAmt: { type: 'EUR', value: '12.34' } });
    expect(emulator.sessions.get(eur.json().redirectInfo.sessionId)!.amount).toEqual({ currency: 'EUR', value: 1234 });
    const jpy = await authority(x.b, { channel: 'ADYEN_PC', tradeAmt: { type: 'JPY', value: '1500' } });
    expect(emulator.sessions.get(jpy.json().redirectInfo.sessionId)!.amount).toEqual({ currency: 'JPY', value: 1500 });
  });

  it('BRAINTREE is not offered here (no Braintree keys): a clear refusal', async () => {
    const x = await signup('authority-bt');
    const res = await authority(x.b, { channel: 'BRAINTREE', site: 'US' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Payment.channelUnavailable',
      message: 'This payment method is not offered',
    });
  });
});

describe('ADYEN_PC with the Drop-in', () => {
  it('a card authorised in the session: the AUTHORISATION names the session and pays the record', async () => {
    const x = await signup('dropin');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId, 'ADYEN_PC', { payMethod: 'scheme' });
    expect(started.redirectUrl).toBe('');
    expect(started.channelToken).toMatch(/^CS/);
    expect(started.clientSession).toMatchObject({
      sessionId: started.channelToken,
      clientKey: KEYS.clientKey,
      environment: 'test',
    });
    expect(emulator.sessions.get(started.channelToken)!.amount.value).toBe(
      Number((await recordOf(started.paymentRecordId)).amountMinor),
    );
    const paid = await emulator.payWithDropIn(started.channelToken, { type: 'scheme', number: '4111111145551142' });
    expect(paid.resultCode).toBe('Authorised');
    await flush();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
  });

  it("the Drop-in's sessionResult on the pay-result poll reads the outcome from Adyen at once; the notification that follows is a replay; a wrong one settles nothing", async () => {
    const x = await signup('sessionresult');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId, 'ADYEN_PC', { payMethod: 'scheme' });
    emulator.hold();
    const paid = await emulator.payWithDropIn(started.channelToken, { type: 'scheme', number: '4111111145551142' });
    expect(paid.sessionResult).toBeTruthy();
    const poll = (sessionResult?: string) =>
      x.b.post('/sapi/mall-pay/payment/payResult', {
        contractId: placed.contractId,
        ...(sessionResult && { sessionResult }),
      });
    // Without it (or with a forged one) the shop can only wait for the notification.
    expect((await poll()).json()).toMatchObject({ status: 'PAY_PENDING' });
    expect((await poll('forged')).json()).toMatchObject({ status: 'PAY_PENDING' });
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    const res = await poll(paid.sessionResult);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PAY_SUCCESS' });
    await emulator.release();
    expect(authorisationOf(started.channelToken).status).toBe(200);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('adyenDetails finishes a 3-D Secure payment: the record is paid at once, the later notification is a replay; nobody else can use the details', async () => {
    const x = await signup('threeds');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId, 'ADYEN_PC', { payMethod: 'card' });
    const dropIn = await emulator.payWithDropIn(started.channelToken, { type: 'scheme', number: '4917610000000000' });
    expect(dropIn).toMatchObject({ resultCode: 'RedirectShopper', action: { type: 'redirect' } });
    emulator.hold();
    const back = await fetch(dropIn.action!.url, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'complete' }),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const returned = new URL(back.headers.get('location')!);
    expect(returned.origin + returned.pathname).toBe(`${PUBLIC_URL}/buyer/pay-result`);
    const redirectResult = returned.searchParams.get('redirectResult')!;

    const stranger = await signup('stranger');
    const refused = await stranger.b.post('/sapi/mall-pay/payment/adyenDetails', {
      details: { redirectResult },
      site: 'US',
    });
    expect(refused.statusCode).toBe(404);

    const res = await x.b.post('/sapi/mall-pay/payment/adyenDetails', { details: { redirectResult }, site: 'US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      contractId: placed.contractId,
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
    const psp = paymentsOf(started.channelToken)[0]!.pspReference;
    expect(await eventRows(`${psp}:AUTHORISATION:true`)).toHaveLength(1);
    await emulator.release();
    expect(authorisationOf(started.channelToken).status).toBe(200);
    expect(await eventRows(`${psp}:AUTHORISATION:true`)).toHaveLength(1);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('3-D Secure failed: adyenDetails answers the failed result with its reason', async () => {
    const x = await signup('threeds-fail');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId, 'ADYEN_PC', { payMethod: 'card' });
    const dropIn = await emulator.payWithDropIn(started.channelToken, { type: 'scheme', number: '4917610000000000' });
    const back = await fetch(dropIn.action!.url, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'fail' }),
      redirect: 'manual',
    });
    const redirectResult = new URL(back.headers.get('location')!).searchParams.get('redirectResult')!;
    const res = await x.b.post('/sapi/mall-pay/payment/adyenDetails', { details: { redirectResult }, site: 'US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PAY_FAILED', failedReason: 'authentication_failed' });
    // Garbage details: Adyen refuses them, the shop says so.
    const bad = await x.b.post('/sapi/mall-pay/payment/adyenDetails', {
      details: { redirectResult: 'nonsense' },
      site: 'US',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'Payment.channelUnavailable' });
  });

  it('Afterpay stays pending until Adyen decides, then the notification pays the record', async () => {
    const x = await signup('afterpay');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId, 'ADYEN_PC', { payMethod: 'afterpaytouch' });
    // The Drop-in shows the method chosen in the shop's list.
    expect(emulator.sessions.get(started.channelToken)!.allowedPaymentMethods).toEqual(['afterpaytouch']);
    expect((await emulator.payWithDropIn(started.channelToken, { type: 'afterpaytouch' })).resultCode).toBe('Pending');
    await flush();
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');
    emulator.settle(paymentsOf(started.channelToken)[0]!.pspReference, true);
    await flush();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({ status: 'PAY_SUCCESS' });
  });
});
