/**
 * A merged payment through a real provider's adapter: Stripe's official SDK against the local
 * Stripe emulator (hosted Checkout, signed webhooks), then a refund of one of the orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { paymentRecords, refunds, tradeOrders, webhookEvents } from '../../db/schema/index.js';
import { type Browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit, waitFor } from '../../../test/order-fixtures.js';
import { startStripeEmulator, type StripeEmulator } from '../../../test/emulators/stripe/server.js';

const WEBHOOK_SECRET = 'whsec_merge_test';
const WEBHOOK = '/api/payments/webhooks/stripe';

let t: TestApp;
let f: Fixtures;
let emulator: StripeEmulator;
let seller: Browser;
const { signup, place, statusOf, orderRow } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  emulator = await startStripeEmulator({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    payments: {
      stripe: {
        secretKey: 'sk_test_merge',
        publishableKey: 'pk_test_merge',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: emulator.url,
        publicUrl: 'http://shop.test',
      },
    },
  });
  emulator.setDeliver(
    async (req) =>
      (await t.app.inject({ method: 'POST', url: WEBHOOK, payload: req.body, headers: req.headers })).statusCode,
  );
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await emulator?.drain();
  await t?.close();
  await emulator?.close();
});

describe('merged payment with Stripe', () => {
  it('one Checkout Session for the total; its events pay both checkouts once; a refund gives back one order only', async () => {
    const x = await signup('merge-stripe');
    const a = await place(x, [['E7-BLK-140', '1']]);
    const b = await place(x, [['TRAY-STEEL', '2']]);
    const merged = await x.b.post('/api/trade/merge-pay', { tradeOrderIds: [a.orderIds[0], b.orderIds[0]] });
    expect(merged.statusCode, merged.body).toBe(200);
    const mergedId = merged.json().id as string;
    const start = await x.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId: mergedId, payChannel: 'STRIPE_PAY_PC' },
      { remoteAddress: freshIp() },
    );
    expect(start.statusCode, start.body).toBe(200);
    const { redirectUrl, channelToken, paymentRecordId } = start.json<{
      redirectUrl: string;
      channelToken: string;
      paymentRecordId: string;
    }>();
    const [record] = await t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.id, BigInt(paymentRecordId)));
    const total = (await orderRow(a.orderIds[0]!)).needPayAmtMinor + (await orderRow(b.orderIds[0]!)).needPayAmtMinor;
    expect(record!.amountMinor).toBe(total);
    expect(emulator.sessions.get(channelToken)).toMatchObject({ amount_total: Number(total), currency: 'usd' });

    const page = await fetch(redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    await emulator.drain();
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(inArray(tradeOrders.id, [BigInt(a.orderIds[0]!), BigInt(b.orderIds[0]!)]))
      .orderBy(asc(tradeOrders.id));
    expect(orders.map((o) => [o.status, o.payChannel, o.paidAmtMinor === o.needPayAmtMinor])).toEqual([
      ['UN_DELIVERY', 'STRIPE_PAY_PC', true],
      ['UN_DELIVERY', 'STRIPE_PAY_PC', true],
    ]);
    // Stripe sent several events for the one payment: one success.
    expect(
      (await t.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'stripe'))).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      await t.db
        .select()
        .from(paymentRecords)
        .where(and(eq(paymentRecords.contractId, BigInt(mergedId)), eq(paymentRecords.status, 'PAY_SUCCESS'))),
    ).toHaveLength(1);

    // Cancel after pay of the desk: its refund at Stripe is the desk's amount, on the one PaymentIntent.
    const id = a.orderIds[0]!;
    const rev = (
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }])
    ).json().reverseTradeOrderId as string;
    expect((await seller.post(`/api/merchant/reverse/${rev}/decision`, { approve: true })).statusCode).toBe(200);
    await waitFor(
      async () => {
        await emulator.drain();
        return statusOf(id);
      },
      (s) => s === 'CANCEL_ALL',
      'desk refunded',
    );
    const pi = String(emulator.sessions.get(channelToken)!.payment_intent);
    const given = [...emulator.refunds.values()].filter((r) => r.payment_intent === pi);
    expect(given.map((r) => r.amount)).toEqual([Number((await orderRow(id)).paidAmtMinor)]);
    expect(
      (
        await t.db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentRecordId, BigInt(paymentRecordId)))
      ).map((r) => String(r.orderId)),
    ).toEqual([id]);
    expect(await statusOf(b.orderIds[0]!)).toBe('UN_DELIVERY');
  });
});
