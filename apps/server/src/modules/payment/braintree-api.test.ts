/**
 * Braintree through the shop's own routes, on real Postgres, against the local Braintree emulator:
 * the official `braintree` SDK talks HTTP (XML) to the emulator (BRAINTREE_API_BASE), the buyer's
 * hosted fields are played by posting Braintree's sandbox test nonces to the shop, and the
 * emulator's signed webhooks (bt_signature, bt_payload) reach the shop's webhook route. Checked:
 * records, contracts, orders, webhook rows, refunds and voids, the emulator's books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds } from '../../db/schema/index.js';
import { Browser, browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Body, type Fixtures } from '../../../test/checkout-fixtures.js';
import {
  paymentKit,
  shipAndApply as shipForRefund,
  type PayResult as Result,
  type Started,
} from '../../../test/payment-fixtures.js';
import { orderKit, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import {
  startBraintreeEmulator,
  type BraintreeEmulator,
  type EmulatedTransaction,
} from '../../../test/emulators/braintree/emulator.js';

const KEYS = { merchantId: 'mallmerchant', publicKey: 'mallpublickey', privateKey: 'mallprivatekey0123456789' };
const ACCOUNTS = { USD: 'mall_usd', EUR: 'mall_eur', JPY: 'mall_jpy' } as const;
const WEBHOOK = '/api/payments/webhooks/braintree';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let f: Fixtures;
let emulator: BraintreeEmulator;
let seller: Browser;
let carrierId: string;
const { signup, place, statusOf, topLines, orderRow } = orderKit(() => ({ t, f }));
const kit = paymentKit(() => ({ t, f }), 'braintree');
const { payResult, recordsOf, recordOf, contractRow, ordersOf, eventRows, earnedFor, guestOrderIn } = kit;
const braintreeRows = kit.webhookRows;
const addresses = kit.siteAddresses;
const firstPay = (b: Browser, contractId: string, extra: Body = {}): Promise<Started> =>
  kit.firstPay(b, { contractId, payChannel: 'BRAINTREE', payMethod: 'card', ...extra });

beforeAll(async () => {
  // Braintree's webhooks reach the shop's route as a provider's form POST: no session, no CSRF header.
  emulator = await startBraintreeEmulator({
    ...KEYS,
    merchantAccounts: { mall_usd: 'USD', mall_eur: 'EUR', mall_jpy: 'JPY' },
    deliver: async (d) =>
      (await t.app.inject({ method: 'POST', url: WEBHOOK, payload: d.body, headers: FORM })).statusCode,
  });
  t = await createTestApp({
    payments: { braintree: { ...KEYS, apiBase: emulator.url, merchantAccounts: { ...ACCOUNTS } } },
  });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  carrierId = await kit.upsCarrierId();
});
afterAll(async () => {
  await emulator?.idle();
  await t?.close();
  await emulator?.close();
});

/** The hosted fields tokenized a card: the page gives the nonce to the shop. */
const postNonce = (b: Browser, contractId: string, paymentMethodNonce: string) =>
  b.post('/api/payments/braintree/nonce', { contractId, paymentMethodNonce }, { remoteAddress: freshIp() });
async function pay(b: Browser, contractId: string, nonce: string): Promise<Result> {
  const res = await postNonce(b, contractId, nonce);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const postWebhook = (payload: string, headers: Record<string, string> = FORM) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, payload, headers });
/** The sales Braintree made for a payment record (orderId = the record's id). */
const salesOf = (recordId: string): EmulatedTransaction[] =>
  [...emulator.transactions.values()].filter((tx) => tx.type === 'sale' && tx.orderId === recordId);
const saleOf = (recordId: string) => {
  const s = salesOf(recordId);
  expect(s).toHaveLength(1);
  return s[0]!;
};
const refundsOf = (sale: EmulatedTransaction) => sale.refundIds.map((id) => emulator.transactions.get(id)!);
const flush = () => emulator.idle();
const clientTokenOf = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
    merchantAccountId: string;
    authorizationFingerprint: string;
  };

async function paidByCard(buyer: Buyer, items: Parameters<typeof place>[1] = [['TRAY-STEEL', '1']]) {
  const placed = await place(buyer, items);
  const started = await firstPay(buyer.b, placed.contractId);
  expect(await pay(buyer.b, placed.contractId, 'fake-valid-nonce')).toMatchObject({ status: 'PAY_SUCCESS' });
  return { ...placed, started, sale: saleOf(started.paymentRecordId) };
}

describe('channel and client tokens', () => {
  it('offers BRAINTREE with its hosted fields on the currencies it has merchant accounts for; never a key', async () => {
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
    const bt = channels.find((c) => c.channelName === 'BRAINTREE')!;
    expect(bt.configMap).toEqual({ hostedFields: 'braintree', environment: 'sandbox' });
    expect(bt.paymentMethods.map((m) => m.type)).toEqual(['card']);
    expect(JSON.stringify(res.json())).not.toContain(KEYS.privateKey);
    // No GBP merchant account: not offered on the UK site.
    const uk = browser(t.app);
    await uk.post('/api/preferences', { site: 'UK' });
    const ukChannels = (await uk.post('/sapi/mall-pay/payment/payChannel', { site: 'UK' })).json<{
      payChannelGroups: { groupName: string }[];
    }>();
    expect(ukChannels.payChannelGroups.map((g) => g.groupName)).not.toContain('BRAINTREE');
  });

  it('SPEC §7 authority: BRAINTREE answers a client token (channelToken) for the merchant account of the currency', async () => {
    const x = await signup('authority');
    const authority = (body: Body) => x.b.post('/sapi/mall-pay/payment/authority', body, { remoteAddress: freshIp() });
    const res = await authority({ channel: 'BRAINTREE', site: 'US' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ redirectInfo: unknown; channelToken: string }>();
    expect(answer.redirectInfo).toBeNull();
    expect(clientTokenOf(answer.channelToken)).toMatchObject({
      merchantAccountId: ACCOUNTS.USD,
      authorizationFingerprint: expect.any(String),
    });
    expect(emulator.clientTokens.at(-1)).toEqual({ value: answer.channelToken, merchantAccountId: ACCOUNTS.USD });
    const eur = await authority({ channel: 'BRAINTREE', tradeAmt: { type: 'EUR', value: '12.34' } });
    expect(clientTokenOf(eur.json().channelToken).merchantAccountId).toBe(ACCOUNTS.EUR);
    const gbp = await authority({ channel: 'BRAINTREE', tradeAmt: { type: 'GBP', value: '1.00' } });
    expect(gbp.statusCode).toBe(400);
  });
});

describe('paying with the hosted fields', () => {
  it("the nonce pays the attempt: one sale for the record's amount, submitted for settlement, the record paid at once", async () => {
    const x = await signup('pay');
    const placed = await place(x, [['TRAY-STEEL', '2']]);
    const started = await firstPay(x.b, placed.contractId);
    const record = await recordOf(started.paymentRecordId);
    expect(started.redirectUrl).toBe('');
    expect(started.channelToken).toBe(`order-${started.paymentRecordId}`);
    expect(clientTokenOf(started.clientSession!.clientToken!).merchantAccountId).toBe(ACCOUNTS.USD);
    expect(salesOf(started.paymentRecordId)).toEqual([]);
    // The buyer has not typed the card yet: the result page waits.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');

    expect(await pay(x.b, placed.contractId, 'fake-valid-nonce')).toMatchObject({
      status: 'PAY_SUCCESS',
      paymentRecordId: started.paymentRecordId,
    });
    const sale = saleOf(started.paymentRecordId);
    expect(sale).toMatchObject({
      status: 'submitted_for_settlement',
      currency: 'USD',
      merchantAccountId: ACCOUNTS.USD,
      amount: (Number(record.amountMinor) / 100).toFixed(2),
    });
    expect(await recordOf(started.paymentRecordId)).toMatchObject({
      status: 'PAY_SUCCESS',
      providerPaymentId: sale.id,
    });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
    expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(['UN_DELIVERY']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);

    // The card's settlement webhook later repeats the payment: acknowledged, nothing changes.
    emulator.settle(sale.id);
    await flush();
    expect(emulator.webhooks.at(-1)).toMatchObject({ kind: 'transaction_settled', subjectId: sale.id, status: 200 });
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('double clicks and retries sell once: five nonce posts at once make one sale; a later one answers the result', async () => {
    const x = await signup('double');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    const before = emulator.saleCount();
    const replies = await Promise.all(
      [
        'fake-valid-nonce',
        'fake-valid-visa-nonce',
        'fake-valid-mastercard-nonce',
        'fake-valid-nonce',
        'fake-valid-amex-nonce',
      ].map((n) => postNonce(x.b, placed.contractId, n)),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.map((r) => r.json().status)).toEqual(Array(5).fill('PAY_SUCCESS'));
    expect(emulator.saleCount()).toBe(before + 1);
    saleOf(started.paymentRecordId);
    expect(await pay(x.b, placed.contractId, 'fake-valid-nonce')).toMatchObject({ status: 'PAY_SUCCESS' });
    expect(emulator.saleCount()).toBe(before + 1);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('nobody else\'s attempt: another buyer\'s nonce post is "does not exist" and sells nothing', async () => {
    const x = await signup('owner');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    const stranger = await signup('stranger');
    const res = await postNonce(stranger.b, placed.contractId, 'fake-valid-nonce');
    expect(res.statusCode).toBe(404);
    expect(salesOf(started.paymentRecordId)).toEqual([]);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
  });

  it("a processor decline fails the attempt with Braintree's response text; a new attempt pays", async () => {
    const x = await signup('declined');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    expect(await pay(x.b, placed.contractId, 'fake-processor-declined-visa-nonce')).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'do_not_honor',
    });
    expect(saleOf(started.paymentRecordId)).toMatchObject({
      status: 'processor_declined',
      processorResponseText: 'Do Not Honor',
    });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PENDING_PAY' });
    const again = await firstPay(x.b, placed.contractId);
    expect(again.paymentRecordId).not.toBe(started.paymentRecordId);
    expect(await pay(x.b, placed.contractId, 'fake-valid-nonce')).toMatchObject({ status: 'PAY_SUCCESS' });
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_FAILED', 'PAY_SUCCESS']);
  });

  it('a card number Braintree refuses (validation error) fails the attempt as an incorrect number; nothing is sold', async () => {
    const x = await signup('luhn');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    expect(await pay(x.b, placed.contractId, 'fake-luhn-invalid-nonce')).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'incorrect_number',
    });
    expect(salesOf(started.paymentRecordId)).toEqual([]);
  });
});

describe('pending, then settled by webhook', () => {
  it('a bank account sale stays pending (settlement_pending) until transaction_settled pays the record', async () => {
    const x = await signup('pending');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    expect(await pay(x.b, placed.contractId, 'fake-us-bank-account-nonce')).toMatchObject({ status: 'PAY_PENDING' });
    const sale = saleOf(started.paymentRecordId);
    expect(sale.status).toBe('settlement_pending');
    expect(await recordOf(started.paymentRecordId)).toMatchObject({
      status: 'PAY_PENDING',
      providerPaymentId: sale.id,
    });
    // The result page's poll asks Braintree: still pending.
    expect((await payResult(x.b, placed.contractId)).status).toBe('PAY_PENDING');
    emulator.settle(sale.id);
    await flush();
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_SUCCESS' });
    expect(await contractRow(placed.contractId)).toMatchObject({ status: 'PAID' });
    expect(await eventRows(`transaction_settled:${sale.id}`)).toHaveLength(1);
  });

  it('transaction_settlement_declined fails the pending attempt', async () => {
    const x = await signup('settle-declined');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    await pay(x.b, placed.contractId, 'fake-us-bank-account-nonce');
    emulator.settle(saleOf(started.paymentRecordId).id, true);
    await flush();
    expect(await payResult(x.b, placed.contractId)).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'settlement_declined',
    });
  });
});

describe('webhooks', () => {
  it('the same signed webhook 20 times at once: one PAY_SUCCESS, points once, one stored event', async () => {
    const x = await signup('replay');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    await pay(x.b, placed.contractId, 'fake-us-bank-account-nonce');
    const sale = saleOf(started.paymentRecordId);
    emulator.hold();
    emulator.settle(sale.id);
    const hook = emulator.webhooks.at(-1)!;
    const replies = await Promise.all(Array.from({ length: 20 }, () => postWebhook(hook.body)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.map((r) => r.json().outcome).filter((o) => o === 'applied')).toHaveLength(1);
    expect(replies.map((r) => r.json().outcome).filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(await eventRows(`transaction_settled:${sale.id}`)).toHaveLength(1);
    expect((await recordsOf(placed.contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
    // Braintree's own delivery comes later: acknowledged, nothing more changes.
    await emulator.release();
    expect(hook.status).toBe(200);
    expect(await earnedFor(placed.contractId)).toHaveLength(1);
  });

  it('a bad signature is refused (400) and changes nothing: another private key, a changed payload, another public key, none, JSON', async () => {
    const x = await signup('forged');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const started = await firstPay(x.b, placed.contractId);
    await pay(x.b, placed.contractId, 'fake-us-bank-account-nonce');
    const sale = saleOf(started.paymentRecordId);
    const genuine = emulator.notification('transaction_settled', sale.id);
    const before = await braintreeRows();
    const otherKey = emulator.notification('transaction_settled', sale.id, 'someone-elses-private-key');
    const flipped = genuine.bt_payload[10] === 'A' ? 'B' : 'A';
    const changed = {
      ...genuine,
      bt_payload: genuine.bt_payload.slice(0, 10) + flipped + genuine.bt_payload.slice(11),
    };
    const otherPublic = { ...genuine, bt_signature: genuine.bt_signature.replace(/^[^|]+/, 'otherpublickey') };
    for (const [body, headers] of [
      [new URLSearchParams(otherKey).toString(), FORM],
      [new URLSearchParams(changed).toString(), FORM],
      [new URLSearchParams(otherPublic).toString(), FORM],
      [new URLSearchParams({ bt_payload: genuine.bt_payload }).toString(), FORM],
      [JSON.stringify(genuine), { 'content-type': 'application/json' }],
    ] as const) {
      const res = await postWebhook(body, headers);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'Payment.badSignature' });
    }
    expect(await braintreeRows()).toBe(before);
    expect(await recordOf(started.paymentRecordId)).toMatchObject({ status: 'PAY_PENDING' });
    const ok = await postWebhook(new URLSearchParams(genuine).toString());
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('disbursements and disputes are acknowledged and change nothing', async () => {
    const x = await signup('disbursed');
    const { contractId, sale } = await paidByCard(x);
    for (const kind of ['transaction_disbursed', 'dispute_opened']) {
      const res = await postWebhook(new URLSearchParams(emulator.notification(kind, sale.id)).toString());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ received: true, outcome: 'ignored' });
    }
    expect((await recordsOf(contractId)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
  });
});

describe('pay again while the first attempt is pending', () => {
  it('the first sale, settled after all, is not kept: Braintree refunds it in full, once', async () => {
    const x = await signup('twice');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    const first = await firstPay(x.b, placed.contractId);
    expect(await pay(x.b, placed.contractId, 'fake-us-bank-account-nonce')).toMatchObject({ status: 'PAY_PENDING' });
    const firstSale = saleOf(first.paymentRecordId);
    // The buyer, still seeing "waiting", chooses to pay again: the first attempt is closed.
    const c = await contractRow(placed.contractId);
    const close = await x.b.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: c.payUniqueKey,
      paymentRecordId: first.paymentRecordId,
    });
    expect(close.statusCode, close.body).toBe(200);
    const second = await firstPay(x.b, placed.contractId);
    expect(await pay(x.b, placed.contractId, 'fake-valid-nonce')).toMatchObject({ status: 'PAY_SUCCESS' });
    // Now the bank settles the first sale: its money goes back.
    emulator.settle(firstSale.id);
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
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentRecordId, BigInt(first.paymentRecordId)));
    expect(refundsOf(firstSale).map((r) => [r.amount, r.orderId, r.id])).toEqual([
      [firstSale.amount, row!.idempotencyKey, row!.providerRefundId],
    ]);
    expect(row).toMatchObject({ reason: 'NOT_CAPTURED' });
    expect(refundsOf(saleOf(second.paymentRecordId))).toEqual([]);
    expect((await ordersOf(placed.contractId)).map((o) => o.status)).toEqual(['UN_DELIVERY']);
  });
});

describe('refunds from after-sales', () => {
  const minorToValue = (m: bigint) => (Number(m) / 100).toFixed(2);
  const shipAndApply = async (x: Buyer, id: string) =>
    shipForRefund({ seller, carrierId, buyer: x.b, orderId: id, lines: await topLines(id), flush });

  it('a settled sale: a partial refund, then the rest, each a Braintree refund once; the job run again gives nothing twice', async () => {
    const x = await signup('aftersales');
    const { orderIds, sale } = await paidByCard(x, [['TRAY-STEEL', '2']]);
    emulator.settle(sale.id);
    await flush();
    const id = orderIds[0]!;
    const { apply, refundVia } = await shipAndApply(x, id);

    const partial = await apply('5.00', '1');
    expect(partial.statusCode, partial.body).toBe(200);
    await refundVia(partial.json().id, '5.00');
    expect(refundsOf(sale).map((r) => r.amount)).toEqual(['5.00']);

    const paid = (await orderRow(id)).paidAmtMinor;
    const render = await x.b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [
      { tradeOrder: { id }, reverseTradeOrderType: 'SALE_REFUND' },
    ]);
    const rest = render.json().availableRefundAmt.value as string;
    expect(rest).toBe(minorToValue(paid - 500n));
    const full = await apply(rest, '1');
    expect(full.statusCode, full.body).toBe(200);
    await refundVia(full.json().id, rest);
    expect(refundsOf(sale).map((r) => [r.amount, r.currency, r.type])).toEqual([
      ['5.00', 'USD', 'credit'],
      [rest, 'USD', 'credit'],
    ]);

    const rows = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, BigInt(id)));
    expect(rows.map((r) => r.status)).toEqual(['REFUND_DONE', 'REFUND_DONE']);
    expect(
      refundsOf(sale)
        .map((r) => r.orderId)
        .sort(),
    ).toEqual(rows.map((r) => r.idempotencyKey).sort());
    await t.db.update(refunds).set({ status: 'REFUND_PENDING' }).where(eq(refunds.id, rows[0]!.id));
    await Promise.all(Array.from({ length: 5 }, () => t.app.refunder.execute(rows[0]!.id)));
    expect(sale.refundIds).toHaveLength(2);
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded in full',
    );
  });

  it('a sale not settled yet, refunded in full: Braintree voids it (the buyer is never charged)', async () => {
    const x = await signup('void');
    const { orderIds, sale } = await paidByCard(x);
    const id = orderIds[0]!;
    const { apply, refundVia } = await shipAndApply(x, id);
    const paid = (await orderRow(id)).paidAmtMinor;
    const all = await apply(minorToValue(paid), '1');
    expect(all.statusCode, all.body).toBe(200);
    await refundVia(all.json().id, minorToValue(paid));
    expect(sale.status).toBe('voided');
    expect(sale.refundIds).toEqual([]);
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, BigInt(id)));
    expect(row).toMatchObject({ status: 'REFUND_DONE', providerRefundId: `void:${sale.id}` });
  });
});

describe('amounts in EUR and JPY', () => {
  it.each([
    ['NL', 'EUR'],
    ['JP', 'JPY'],
  ] as const)(
    "site %s pays in %s: the sale is the record's amount in major units (JPY without decimals) on that currency's merchant account",
    async (site, currency) => {
      const { g, order } = await guestOrderIn(site, await addresses[site]!());
      expect(order.needPayAmt.currency).toBe(currency);
      const started = await firstPay(g, order.id);
      const record = await recordOf(started.paymentRecordId);
      expect(record.currency).toBe(currency);
      expect(clientTokenOf(started.clientSession!.clientToken!).merchantAccountId).toBe(ACCOUNTS[currency]);
      expect(await pay(g, order.id, 'fake-valid-nonce')).toMatchObject({
        status: 'PAY_SUCCESS',
        needPayAmt: order.needPayAmt,
      });
      const sale = saleOf(started.paymentRecordId);
      const expected = currency === 'JPY' ? String(record.amountMinor) : (Number(record.amountMinor) / 100).toFixed(2);
      expect(sale).toMatchObject({ amount: expected, currency, merchantAccountId: ACCOUNTS[currency] });
      expect(sale.amount).toBe(order.needPayAmt.value);
    },
  );
});
