/**
 * The PayPal adapter against the PayPal emulator: the official SDK makes real HTTP calls to it,
 * the buyer's side is played by fetching the emulator's approval page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '@mall/contracts';
import { startPaypalEmulator, type Approval, type PaypalEmulator } from '../../../../test/emulators/paypal/emulator.js';
import { PaypalProvider, paypalValue } from './paypal.js';
import type { StartInput } from './types.js';

const creds = { clientId: 'shop-client-id', clientSecret: 'shop-client-secret', webhookId: '1JE4291016473214C' };
const publicUrl = 'https://shop.example.test';
let emulator: PaypalEmulator;
let paypal: PaypalProvider;
let seq = 0;

beforeAll(async () => {
  emulator = await startPaypalEmulator(creds);
  paypal = new PaypalProvider({ ...creds, apiBase: emulator.url, publicUrl });
});
afterAll(async () => {
  await emulator.close();
});

function input(over: Partial<StartInput> = {}): StartInput {
  seq++;
  return {
    channel: 'PAYPAL_PAY_PC',
    merchantReference: String(1000 + seq),
    amountMinor: 1234n,
    currency: 'USD',
    returnPath: `/buyer/pay-result?contractId=${seq}`,
    cancelPath: `/buyer/pay?contractId=${seq}&cancelled=1`,
    payer: { id: 7n, email: 'buyer@example.test', isEnterpriseMain: false },
    language: 'en',
    siteCode: 'US',
    idempotencyKey: `start-${seq}-${Date.now()}`,
    ...over,
  };
}

/** The buyer on PayPal's page: reads it, presses a button; returns where PayPal sends the browser. */
async function buyer(redirectUrl: string, choice: Approval): Promise<URL> {
  const pageRes = await fetch(redirectUrl);
  expect(pageRes.status).toBe(200);
  const html = await pageRes.text();
  const token = new URL(redirectUrl).searchParams.get('token')!;
  expect(html).toContain(token);
  const res = await fetch(new URL('/checkoutnow/decide', redirectUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, choice }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function paid(over: Partial<StartInput> = {}) {
  const i = input(over);
  const started = await paypal.start(i);
  await buyer(started.redirectUrl, 'approve');
  const events = await paypal.confirm(started.providerPaymentId);
  return { i, orderId: started.providerPaymentId, events };
}

const webhooksOf = (orderId: string, type?: string) =>
  emulator.deliveries.filter(
    (d) => JSON.stringify(d.event.resource).includes(orderId) && (!type || d.event.event_type === type),
  );

describe('PayPal adapter', () => {
  it('offers PAYPAL_PAY_PC with its client id and the emulator as the only page host', () => {
    expect(paypal.name).toBe('paypal');
    expect(paypal.channels).toEqual([
      {
        channelName: 'PAYPAL_PAY_PC',
        paymentMethods: [{ type: 'paypal', name: 'PayPal' }],
        configMap: { clientId: creds.clientId },
        redirectHosts: [new URL(emulator.url).host],
        rules: {
          anonymous: true,
          payLater: false,
          enterpriseCredit: false,
          currencies: 'ANY',
          savedCards: false,
          needsDevice: null,
        },
      },
    ]);
    const live = new PaypalProvider({ ...creds, publicUrl, live: true });
    expect(live.channels[0]!.redirectHosts).toEqual(['www.paypal.com', 'www.sandbox.paypal.com']);
  });

  it('creates an order: the amount, the shop reference, the way back, and the approval page to send the buyer to', async () => {
    const i = input({ amountMinor: 4599n });
    const started = await paypal.start(i);
    const order = emulator.order(started.providerPaymentId)!;
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.unit.amount).toEqual({ currency_code: 'USD', value: '45.99' });
    expect(order.unit.custom_id).toBe(i.merchantReference);
    expect(order.returnUrl).toBe(publicUrl + i.returnPath);
    expect(order.cancelUrl).toBe(publicUrl + i.cancelPath);
    expect(started.redirectUrl).toBe(`${emulator.url}/checkoutnow?token=${order.id}`);
    expect(started.clientSession).toEqual({ orderId: order.id });
    // Not approved yet: nothing decided.
    expect(await paypal.confirm(order.id)).toEqual([]);
  });

  it('a retried start (same idempotency key) gets the same order, not a second one', async () => {
    const i = input();
    const a = await paypal.start(i);
    const b = await paypal.start(i);
    expect(b.providerPaymentId).toBe(a.providerPaymentId);
  });

  it('each attempt has its own invoice id, so paying again for one record is not refused as a duplicate invoice', async () => {
    const i = input();
    const first = await paid(i);
    const second = await paid({ ...i, idempotencyKey: `${i.idempotencyKey}-again` });
    expect(emulator.order(first.orderId)!.unit.invoice_id).not.toBe(emulator.order(second.orderId)!.unit.invoice_id);
    expect(second.events[0]?.type).toBe('payment.succeeded');
  });

  it('approve, come back, confirm: captured once even when confirmed twice at the same time and again later', async () => {
    const i = input({ amountMinor: 2500n });
    const started = await paypal.start(i);
    const back = await buyer(started.redirectUrl, 'approve');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/buyer/pay-result`);
    expect(back.searchParams.get('token')).toBe(started.providerPaymentId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    const before = emulator.captureCount();
    const [a, b] = await Promise.all([
      paypal.confirm(started.providerPaymentId, { token: started.providerPaymentId }),
      paypal.confirm(started.providerPaymentId),
    ]);
    const c = await paypal.confirm(started.providerPaymentId);
    const succeeded = {
      type: 'payment.succeeded',
      providerPaymentId: started.providerPaymentId,
      merchantReference: i.merchantReference,
      amountMinor: '2500',
      currency: 'USD',
    };
    expect([a, b, c]).toEqual([[succeeded], [succeeded], [succeeded]]);
    expect(emulator.captureCount() - before).toBe(1);
    expect(emulator.order(started.providerPaymentId)!.capture!.status).toBe('COMPLETED');
  });

  it('approved but declined at capture: the payment failed', async () => {
    const i = input();
    const started = await paypal.start(i);
    await buyer(started.redirectUrl, 'decline_at_capture');
    const events = await paypal.confirm(started.providerPaymentId);
    expect(events).toEqual([
      {
        type: 'payment.failed',
        providerPaymentId: started.providerPaymentId,
        merchantReference: i.merchantReference,
        reason: 'capture_declined',
      },
    ]);
    // Asking again does not capture again and says the same.
    expect(await paypal.confirm(started.providerPaymentId)).toEqual(events);
    expect(emulator.order(started.providerPaymentId)!.capture!.status).toBe('DECLINED');
  });

  it('a capture still being processed when the return and the webhook ask together: the second is told "not decided yet", never "failed"', async () => {
    const i = input({ amountMinor: 3100n });
    const started = await paypal.start(i);
    await buyer(started.redirectUrl, 'approve');
    emulator.setCaptureDelay(200);
    try {
      const before = emulator.captureCount();
      const first = paypal.confirm(started.providerPaymentId);
      await new Promise((r) => setTimeout(r, 50));
      // PayPal answers ORDER_COMPLETION_IN_PROGRESS to the second caller (same request id or not).
      expect(await paypal.confirm(started.providerPaymentId)).toEqual([]);
      const succeeded = {
        type: 'payment.succeeded',
        providerPaymentId: started.providerPaymentId,
        merchantReference: i.merchantReference,
        amountMinor: '3100',
        currency: 'USD',
      };
      expect(await first).toEqual([succeeded]);
      expect(await paypal.confirm(started.providerPaymentId)).toEqual([succeeded]);
      expect(emulator.captureCount() - before).toBe(1);
    } finally {
      emulator.setCaptureDelay(0);
    }
  });

  it("PayPal refuses the capture (the buyer's funding declined, 422 INSTRUMENT_DECLINED): the payment failed with that issue", async () => {
    const i = input();
    const started = await paypal.start(i);
    await buyer(started.redirectUrl, 'instrument_declined');
    const failed = [
      {
        type: 'payment.failed',
        providerPaymentId: started.providerPaymentId,
        merchantReference: i.merchantReference,
        reason: 'INSTRUMENT_DECLINED',
      },
    ];
    expect(await paypal.confirm(started.providerPaymentId)).toEqual(failed);
    expect(await paypal.confirm(started.providerPaymentId)).toEqual(failed);
    expect(emulator.order(started.providerPaymentId)!.status).toBe('APPROVED');
    expect(emulator.order(started.providerPaymentId)!.capture).toBeUndefined();
  });

  it('a capture left pending by PayPal: pending, then paid when PayPal completes it (webhook and confirm agree)', async () => {
    const i = input({ amountMinor: 990n });
    const started = await paypal.start(i);
    await buyer(started.redirectUrl, 'pending_at_capture');
    expect(await paypal.confirm(started.providerPaymentId)).toEqual([
      { type: 'payment.pending', providerPaymentId: started.providerPaymentId, merchantReference: i.merchantReference },
    ]);
    const capture = emulator.order(started.providerPaymentId)!.capture!;
    await emulator.idle();
    const pendingHook = webhooksOf(started.providerPaymentId, 'PAYMENT.CAPTURE.PENDING')[0]!;
    expect((await paypal.verifyWebhook(pendingHook.body, pendingHook.headers))?.event).toEqual({
      type: 'payment.pending',
      providerPaymentId: started.providerPaymentId,
      merchantReference: i.merchantReference,
    });
    emulator.settleCapture(capture.id, 'COMPLETED');
    await emulator.idle();
    const hook = webhooksOf(started.providerPaymentId, 'PAYMENT.CAPTURE.COMPLETED')[0]!;
    const succeeded = {
      type: 'payment.succeeded',
      providerPaymentId: started.providerPaymentId,
      merchantReference: i.merchantReference,
      amountMinor: '990',
      currency: 'USD',
    };
    expect(await paypal.verifyWebhook(hook.body, hook.headers)).toEqual({ eventId: hook.event.id, event: succeeded });
    expect(await paypal.confirm(started.providerPaymentId)).toEqual([succeeded]);
  });

  it('a pending capture PayPal then denies: failed', async () => {
    const started = await paypal.start(input());
    await buyer(started.redirectUrl, 'pending_at_capture');
    await paypal.confirm(started.providerPaymentId);
    emulator.settleCapture(emulator.order(started.providerPaymentId)!.capture!.id, 'DECLINED');
    await emulator.idle();
    const hook = webhooksOf(started.providerPaymentId, 'PAYMENT.CAPTURE.DENIED')[0]!;
    expect((await paypal.verifyWebhook(hook.body, hook.headers))?.event).toMatchObject({
      type: 'payment.failed',
      providerPaymentId: started.providerPaymentId,
      reason: 'capture_denied',
    });
    expect(await paypal.confirm(started.providerPaymentId)).toMatchObject([{ type: 'payment.failed' }]);
  });

  it("cancel on PayPal's page: back to the cancel page, nothing decided, nothing captured; an expired order is failed", async () => {
    const i = input();
    const started = await paypal.start(i);
    const back = await buyer(started.redirectUrl, 'cancel');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/buyer/pay`);
    expect(back.searchParams.get('token')).toBe(started.providerPaymentId);
    expect(await paypal.confirm(started.providerPaymentId)).toEqual([]);
    await paypal.cancel(started.providerPaymentId);
    expect(emulator.order(started.providerPaymentId)!.capture).toBeUndefined();
    emulator.expire(started.providerPaymentId);
    expect(await paypal.confirm(started.providerPaymentId)).toEqual([
      { type: 'payment.failed', providerPaymentId: started.providerPaymentId, reason: 'expired' },
    ]);
  });

  it('webhooks: CHECKOUT.ORDER.APPROVED captures (once, even replayed) and yields the payment; the capture webhook says the same', async () => {
    const i = input({ amountMinor: 7700n });
    const started = await paypal.start(i);
    await buyer(started.redirectUrl, 'approve');
    await emulator.idle();
    const approved = webhooksOf(started.providerPaymentId, 'CHECKOUT.ORDER.APPROVED')[0]!;
    expect(approved.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    const before = emulator.captureCount();
    const succeeded = {
      type: 'payment.succeeded',
      providerPaymentId: started.providerPaymentId,
      merchantReference: i.merchantReference,
      amountMinor: '7700',
      currency: 'USD',
    };
    for (let n = 0; n < 3; n++)
      expect(await paypal.verifyWebhook(approved.body, approved.headers)).toEqual({
        eventId: approved.event.id,
        event: succeeded,
      });
    expect(emulator.captureCount() - before).toBe(1);
    await emulator.idle();
    const completed = webhooksOf(started.providerPaymentId, 'PAYMENT.CAPTURE.COMPLETED')[0]!;
    expect(await paypal.verifyWebhook(completed.body, completed.headers)).toEqual({
      eventId: completed.event.id,
      event: succeeded,
    });
    // The buyer's return after the webhook: the same answer, no new capture.
    expect(await paypal.confirm(started.providerPaymentId)).toEqual([succeeded]);
    expect(emulator.captureCount() - before).toBe(1);
  });

  it('webhooks that are not genuine are refused: altered body, another webhook id, a forged signature, missing headers, not JSON', async () => {
    const { orderId } = await paid({ amountMinor: 1000n });
    await emulator.idle();
    const good = webhooksOf(orderId, 'PAYMENT.CAPTURE.COMPLETED')[0]!;
    expect(await paypal.verifyWebhook(good.body, good.headers)).not.toBeNull();
    const richer = good.body.replace('"value":"10.00"', '"value":"1000.00"');
    expect(richer).not.toBe(good.body);
    expect(await paypal.verifyWebhook(richer, good.headers)).toBeNull();
    expect(
      await paypal.verifyWebhook(good.body, emulator.sign(good.body, { webhookId: 'ANOTHERWEBHOOK1' })),
    ).toBeNull();
    const forged = { ...good.headers, 'paypal-transmission-sig': Buffer.from('not a signature').toString('base64') };
    expect(await paypal.verifyWebhook(good.body, forged)).toBeNull();
    const otherCert = { ...good.headers, 'paypal-cert-url': 'https://evil.example/cert.pem' };
    expect(await paypal.verifyWebhook(good.body, otherCert)).toBeNull();
    const { 'paypal-transmission-sig': _sig, ...unsigned } = good.headers;
    expect(await paypal.verifyWebhook(good.body, unsigned)).toBeNull();
    expect(await paypal.verifyWebhook('not json', emulator.sign('not json'))).toBeNull();
    // Signed anew by the emulator's key for the shop's webhook id: genuine again.
    expect(await paypal.verifyWebhook(good.body, emulator.sign(good.body))).toMatchObject({ eventId: good.event.id });
  });

  it('a genuine event the shop does not act on is acknowledged with no event', async () => {
    const body = JSON.stringify({
      id: 'WH-IGNORED-1',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource_type: 'dispute',
      resource: {},
      create_time: new Date().toISOString(),
      event_version: '1.0',
      resource_version: '2.0',
      summary: 'x',
      links: [],
    });
    expect(await paypal.verifyWebhook(body, emulator.sign(body))).toEqual({ eventId: 'WH-IGNORED-1', event: null });
  });

  it("refunds: partial, the same key twice (one refund), the rest, then nothing is left; PayPal's refusals are failures with the issue", async () => {
    const { orderId } = await paid({ amountMinor: 10000n });
    const base = { providerPaymentId: orderId, payerId: 7n, currency: 'USD' };
    const before = emulator.refundCount();
    const first = await paypal.refund({ ...base, idempotencyKey: `rev1-pay${seq}-1`, amountMinor: 3000n });
    expect(first).toMatchObject({ status: 'succeeded' });
    const again = await paypal.refund({ ...base, idempotencyKey: `rev1-pay${seq}-1`, amountMinor: 3000n });
    expect(again).toEqual(first);
    expect(emulator.refundCount() - before).toBe(1);
    const capture = emulator.order(orderId)!.capture!;
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
    expect(await paypal.refund({ ...base, idempotencyKey: `rev1-pay${seq}-too-much`, amountMinor: 7001n })).toEqual({
      status: 'failed',
      reason: 'REFUND_AMOUNT_EXCEEDED',
    });
    expect(await paypal.refund({ ...base, idempotencyKey: `rev1-pay${seq}-2`, amountMinor: 7000n })).toMatchObject({
      status: 'succeeded',
    });
    expect(capture.status).toBe('REFUNDED');
    expect(capture.refunds.map((r) => r.amount.value)).toEqual(['30.00', '70.00']);
    expect(await paypal.refund({ ...base, idempotencyKey: `rev1-pay${seq}-3`, amountMinor: 100n })).toEqual({
      status: 'failed',
      reason: 'CAPTURE_FULLY_REFUNDED',
    });
    // The refund webhook names the shop's key.
    await emulator.idle();
    const hooks = emulator.deliveries.filter(
      (d) =>
        d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && capture.refunds.some((r) => r.id === d.event.resource.id),
    );
    expect(hooks).toHaveLength(2);
    const firstId = (first as { providerRefundId: string }).providerRefundId;
    const hook = hooks.find((d) => d.event.resource.id === firstId)!;
    expect((await paypal.verifyWebhook(hook.body, hook.headers))?.event).toEqual({
      type: 'refund.succeeded',
      providerRefundId: firstId,
      refundKey: `rev1-pay${seq}-1`,
    });
  });

  it('a refund PayPal holds pending: pending, then its webhook settles it', async () => {
    const { orderId } = await paid({ amountMinor: 5000n });
    emulator.refundsPending(true);
    const answer = await paypal.refund({
      providerPaymentId: orderId,
      payerId: 7n,
      currency: 'USD',
      idempotencyKey: `notkept-pay${seq}`,
      amountMinor: 5000n,
    });
    expect(answer).toMatchObject({ status: 'pending' });
    const refundId = (answer as { providerRefundId: string }).providerRefundId;
    emulator.settleRefund(refundId);
    await emulator.idle();
    const hook = emulator.deliveries.find(
      (d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && d.event.resource.id === refundId,
    )!;
    expect((await paypal.verifyWebhook(hook.body, hook.headers))?.event).toEqual({
      type: 'refund.succeeded',
      providerRefundId: refundId,
      refundKey: `notkept-pay${seq}`,
    });
  });

  it('refunding a payment that was never captured fails without asking PayPal for money', async () => {
    const started = await paypal.start(input());
    expect(
      await paypal.refund({
        providerPaymentId: started.providerPaymentId,
        payerId: 7n,
        currency: 'USD',
        idempotencyKey: 'x-1',
        amountMinor: 100n,
      }),
    ).toEqual({ status: 'failed', reason: 'not_captured' });
    expect(
      await paypal.refund({
        providerPaymentId: null,
        payerId: 7n,
        currency: 'USD',
        idempotencyKey: 'x-2',
        amountMinor: 100n,
      }),
    ).toEqual({ status: 'failed', reason: 'payment_not_found' });
  });

  const AMOUNTS: [Currency, bigint, string][] = [
    ['USD', 100000n, '1000.00'],
    ['EUR', 1999n, '19.99'],
    ['GBP', 5n, '0.05'],
    ['JPY', 1500n, '1500'],
  ];
  it.each(AMOUNTS)(
    '%s: %s minor units are %s at PayPal, paid and refunded in the same units',
    async (currency, minor, value) => {
      expect(paypalValue(minor, currency)).toBe(value);
      const { orderId, events, i } = await paid({ amountMinor: minor, currency });
      expect(emulator.order(orderId)!.unit.amount).toEqual({ currency_code: currency, value });
      expect(events).toEqual([
        {
          type: 'payment.succeeded',
          providerPaymentId: orderId,
          merchantReference: i.merchantReference,
          amountMinor: String(minor),
          currency,
        },
      ]);
      const half = minor / 2n;
      expect(
        await paypal.refund({
          providerPaymentId: orderId,
          payerId: 7n,
          currency,
          idempotencyKey: `cur-${currency}-${seq}`,
          amountMinor: half,
        }),
      ).toMatchObject({ status: 'succeeded' });
      expect(emulator.order(orderId)!.capture!.refunds[0]!.amount).toEqual({
        currency_code: currency,
        value: paypalValue(half, currency),
      });
    },
  );

  it('PayPal out of reach: start, confirm, refund and webhook checks throw (the caller retries), they do not decide', async () => {
    const gone = await startPaypalEmulator(creds);
    const url = gone.url;
    await gone.close();
    const offline = new PaypalProvider({ ...creds, apiBase: url, publicUrl });
    await expect(offline.start(input())).rejects.toThrow();
    await expect(offline.confirm('5O190127TN364715T')).rejects.toThrow();
    await expect(
      offline.refund({
        providerPaymentId: '5O190127TN364715T',
        payerId: 7n,
        currency: 'USD',
        idempotencyKey: 'k',
        amountMinor: 1n,
      }),
    ).rejects.toThrow();
    const body = '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{}}';
    await expect(offline.verifyWebhook(body, emulator.sign(body))).rejects.toThrow();
  });

  it('wrong credentials: the start fails loudly (a configuration error, not a refusal of the buyer)', async () => {
    const wrong = new PaypalProvider({ ...creds, clientSecret: 'wrong', apiBase: emulator.url, publicUrl });
    const err = await wrong.start(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { status?: number }).status).toBeUndefined();
  });
});
