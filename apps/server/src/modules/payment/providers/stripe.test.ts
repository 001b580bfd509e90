/**
 * StripeProvider against the local Stripe emulator: the official SDK speaks HTTP to it as it
 * would to Stripe, the buyer's part is played by submitting the emulator's hosted pages, and
 * webhooks are the emulator's signed deliveries.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Currency } from '@mall/contracts';
import { startStripeEmulator, type StripeEmulator } from '../../../../test/emulators/stripe/server.js';
import { StripeProvider, type StripeConfig } from './stripe.js';
import type { ProviderEvent, StartInput } from './types.js';

const WEBHOOK_SECRET = 'whsec_adapter_test';
const PUBLIC_URL = 'http://shop.test';
let emulator: StripeEmulator;
let config: StripeConfig;
let provider: StripeProvider;
/** The webhooks the emulator sent, as the shop's route would receive them. */
let received: { body: string; headers: Record<string, string> }[] = [];
let seq = 0;

beforeAll(async () => {
  emulator = await startStripeEmulator({
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (req) => {
      received.push(req);
      return 200;
    },
  });
  config = {
    secretKey: 'sk_test_adapter',
    publishableKey: 'pk_test_adapter',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: emulator.url,
    publicUrl: PUBLIC_URL,
  };
  provider = new StripeProvider(config);
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  received = [];
});

function input(over: Partial<StartInput> = {}): StartInput {
  seq += 1;
  return {
    channel: 'STRIPE_PAY_PC',
    merchantReference: String(1000 + seq),
    amountMinor: 2599n,
    currency: 'USD',
    returnPath: `/pay/result?attempt=${seq}`,
    cancelPath: `/pay/cancel?attempt=${seq}`,
    payer: { id: 7n, email: 'buyer@example.com', isEnterpriseMain: false },
    language: 'en',
    siteCode: 'US',
    idempotencyKey: `start-${seq}-${Date.now()}`,
    ...over,
  };
}

/** Submits the hosted Checkout page (or the 3-D Secure page) like the buyer's browser. */
async function submit(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}
const payWith = (url: string, card: string) => submit(url, { action: 'pay', card });

/** The webhooks received so far, verified by the provider, in order. */
async function verifiedWebhooks() {
  await emulator.drain();
  const out = [];
  for (const r of received)
    out.push({
      type: (JSON.parse(r.body) as { type: string }).type,
      verified: await provider.verifyWebhook(r.body, r.headers),
    });
  return out;
}

describe('hosted Checkout Session', () => {
  it('starts a session for the amount, the buyer pays on the hosted page, and confirm says succeeded with that amount', async () => {
    const i = input({ amountMinor: 2599n, currency: 'USD' });
    const started = await provider.start(i);
    expect(started.providerPaymentId).toMatch(/^cs_test_/);
    expect(started.redirectUrl).toBe(`${emulator.url}/c/pay/${started.providerPaymentId}`);
    const session = emulator.sessions.get(started.providerPaymentId)!;
    expect(session).toMatchObject({
      amount_total: 2599,
      currency: 'usd',
      mode: 'payment',
      client_reference_id: i.merchantReference,
      metadata: { paymentRecordId: i.merchantReference },
      success_url: `${PUBLIC_URL}${i.returnPath}`,
      cancel_url: `${PUBLIC_URL}${i.cancelPath}`,
      customer_email: 'buyer@example.com',
      locale: 'en',
    });
    expect(await provider.confirm(started.providerPaymentId)).toEqual([]);

    const page = await payWith(started.redirectUrl, '4242424242424242');
    expect(page).toMatchObject({ status: 303, location: `${PUBLIC_URL}${i.returnPath}` });
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      {
        type: 'payment.succeeded',
        providerPaymentId: started.providerPaymentId,
        merchantReference: i.merchantReference,
        amountMinor: '2599',
        currency: 'USD',
      },
    ]);
    // The PaymentIntent Checkout made carries the record id too.
    const pi = emulator.intents.get(String(emulator.sessions.get(started.providerPaymentId)!.payment_intent))!;
    expect(pi.metadata).toEqual({ paymentRecordId: i.merchantReference });
  });

  it('a retried start (same idempotency key) gets the same session back, not a second one', async () => {
    const i = input();
    const a = await provider.start(i);
    const b = await provider.start(i);
    expect(b.providerPaymentId).toBe(a.providerPaymentId);
    expect([...emulator.sessions.values()].filter((s) => s.client_reference_id === i.merchantReference)).toHaveLength(
      1,
    );
  });

  it("a declined card stays on the page with Stripe's message; confirm reports the failure with its reason", async () => {
    const started = await provider.start(input());
    const page = await payWith(started.redirectUrl, '4000000000000002');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your card was declined.');
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({
        type: 'payment.failed',
        providerPaymentId: started.providerPaymentId,
        reason: 'card_declined',
      }),
    ]);
    const other = await provider.start(input());
    await payWith(other.redirectUrl, '4000000000009995');
    expect(await provider.confirm(other.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.failed', reason: 'insufficient_funds' }),
    ]);
  });

  it('3-D Secure on the hosted page: completed goes on to the shop paid; failed goes back to the page', async () => {
    const started = await provider.start(input());
    const page = await payWith(started.redirectUrl, '4000002760003184');
    expect(page.status).toBe(303);
    expect(page.location).toMatch(/^\/3ds\/pi_/);
    const failed = await submit(`${emulator.url}${page.location}`, { action: 'fail' });
    expect(failed.location).toContain(`/c/pay/${started.providerPaymentId}`);
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.failed', reason: 'payment_intent_authentication_failure' }),
    ]);
    // The buyer tries again on the same page and authenticates.
    const again = await payWith(started.redirectUrl, '4000002760003184');
    const done = await submit(`${emulator.url}${again.location}`, { action: 'complete' });
    expect(done.location).toMatch(new RegExp(`^${PUBLIC_URL}/pay/result`));
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.succeeded', amountMinor: '2599' }),
    ]);
  });

  it('cancel on the hosted page sends the buyer to the cancel URL; the shop expiring it makes it failed (cancelled)', async () => {
    const i = input();
    const started = await provider.start(i);
    const page = await submit(started.redirectUrl, { action: 'cancel' });
    expect(page).toMatchObject({ status: 303, location: `${PUBLIC_URL}${i.cancelPath}` });
    expect(await provider.confirm(started.providerPaymentId)).toEqual([]);
    await provider.cancel(started.providerPaymentId);
    expect(emulator.sessions.get(started.providerPaymentId)!.status).toBe('expired');
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.failed', reason: 'cancelled' }),
    ]);
    // Cancelling again, or a paid one, is not an error: nothing is left to stop.
    await provider.cancel(started.providerPaymentId);
    const paid = await provider.start(input());
    await payWith(paid.redirectUrl, '4242424242424242');
    await provider.cancel(paid.providerPaymentId);
    expect(emulator.sessions.get(paid.providerPaymentId)!.status).toBe('complete');
  });

  it('a payment that stays processing (SEPA debit) is pending until the bank settles it', async () => {
    const started = await provider.start(input({ currency: 'EUR', amountMinor: 4500n }));
    const page = await submit(started.redirectUrl, { action: 'pay', method: 'sepa_debit' });
    expect(page.status).toBe(303);
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.pending', providerPaymentId: started.providerPaymentId }),
    ]);
    emulator.settle(String(emulator.sessions.get(started.providerPaymentId)!.payment_intent), 'succeeded');
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.succeeded', amountMinor: '4500', currency: 'EUR' }),
    ]);
    const hooks = await verifiedWebhooks();
    expect(hooks.map((h) => h.verified?.event?.type ?? null)).toEqual(
      expect.arrayContaining(['payment.pending', 'payment.succeeded']),
    );
  });
});

describe('amounts by currency: minor units pass through (x100, JPY x1)', () => {
  const cases: [Currency, bigint][] = [
    ['USD', 1999n],
    ['EUR', 1999n],
    ['GBP', 1999n],
    ['JPY', 1200n],
  ];
  it.each(cases)('%s %s', async (currency, amountMinor) => {
    const started = await provider.start(input({ currency, amountMinor }));
    const session = emulator.sessions.get(started.providerPaymentId)!;
    expect(session).toMatchObject({ amount_total: Number(amountMinor), currency: currency.toLowerCase() });
    expect(page(await payWith(started.redirectUrl, '4242424242424242'))).toBe(303);
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.succeeded', amountMinor: String(amountMinor), currency }),
    ]);
  });
  const page = (p: { status: number }) => p.status;

  it("an amount below Stripe's minimum for the currency is refused at start, before the buyer leaves", async () => {
    await expect(provider.start(input({ currency: 'JPY', amountMinor: 10n }))).rejects.toMatchObject({
      status: 400,
      code: 'Payment.channelUnavailable',
    });
  });
});

describe('webhooks', () => {
  it('one payment brings checkout.session.completed and payment_intent.succeeded: both verified, both name the record', async () => {
    const i = input({ amountMinor: 3100n });
    const started = await provider.start(i);
    await payWith(started.redirectUrl, '4242424242424242');
    const hooks = await verifiedWebhooks();
    const byType = Object.fromEntries(hooks.map((h) => [h.type, h.verified]));
    expect(byType['checkout.session.completed']!.event).toEqual({
      type: 'payment.succeeded',
      providerPaymentId: started.providerPaymentId,
      merchantReference: i.merchantReference,
      amountMinor: '3100',
      currency: 'USD',
    });
    expect(byType['payment_intent.succeeded']!.event).toMatchObject({
      type: 'payment.succeeded',
      merchantReference: i.merchantReference,
      amountMinor: '3100',
      currency: 'USD',
    });
    expect(byType['payment_intent.succeeded']!.eventId).toMatch(/^evt_/);
    // Events the shop does not act on are genuine and acknowledged, with nothing to apply.
    expect(byType['payment_intent.created']).toEqual({ eventId: expect.stringMatching(/^evt_/), event: null });
    expect(byType['charge.succeeded']!.event).toBeNull();
  });

  it('refuses a body signed with another secret, a changed body, a missing header, and a signature older than 5 minutes', async () => {
    const body = JSON.stringify(emulator.events[emulator.events.length - 1]);
    expect(await provider.verifyWebhook(body, { 'stripe-signature': emulator.signatureHeader(body) })).not.toBeNull();
    expect(
      await provider.verifyWebhook(body, {
        'stripe-signature': emulator.signatureHeader(body, { secret: 'whsec_other' }),
      }),
    ).toBeNull();
    expect(await provider.verifyWebhook(`${body} `, { 'stripe-signature': emulator.signatureHeader(body) })).toBeNull();
    expect(await provider.verifyWebhook(body, {})).toBeNull();
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(
      await provider.verifyWebhook(body, { 'stripe-signature': emulator.signatureHeader(body, { timestamp: old }) }),
    ).toBeNull();
    expect(
      await provider.verifyWebhook(body, {
        'stripe-signature': emulator.signatureHeader(body, { timestamp: old + 10 }),
      }),
    ).not.toBeNull();
  });

  it('a declined attempt and an expired session come as failures', async () => {
    const started = await provider.start(input());
    await payWith(started.redirectUrl, '4000000000000002');
    emulator.expireSession(started.providerPaymentId);
    const events = (await verifiedWebhooks())
      .map((h) => h.verified!.event)
      .filter((e): e is ProviderEvent => e !== null);
    expect(events).toEqual([
      expect.objectContaining({ type: 'payment.failed', reason: 'card_declined' }),
      {
        type: 'payment.failed',
        providerPaymentId: started.providerPaymentId,
        merchantReference: expect.any(String),
        reason: 'cancelled',
      },
    ]);
  });
});

describe('refunds', () => {
  async function paid(amountMinor = 5000n, currency: Currency = 'USD') {
    const started = await provider.start(input({ amountMinor, currency }));
    await payWith(started.redirectUrl, '4242424242424242');
    return started.providerPaymentId;
  }

  it('partial then the rest, each key twice: one refund per key, and never more than was paid', async () => {
    const id = await paid(5000n);
    const first = await provider.refund({
      idempotencyKey: 'rev1-pay1-1',
      providerPaymentId: id,
      payerId: 7n,
      amountMinor: 1500n,
      currency: 'USD',
    });
    const again = await provider.refund({
      idempotencyKey: 'rev1-pay1-1',
      providerPaymentId: id,
      payerId: 7n,
      amountMinor: 1500n,
      currency: 'USD',
    });
    expect(first).toEqual({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
    expect(again).toEqual(first);
    const rest = await provider.refund({
      idempotencyKey: 'rev1-pay1-2',
      providerPaymentId: id,
      payerId: 7n,
      amountMinor: 3500n,
      currency: 'USD',
    });
    expect(
      await provider.refund({
        idempotencyKey: 'rev1-pay1-2',
        providerPaymentId: id,
        payerId: 7n,
        amountMinor: 3500n,
        currency: 'USD',
      }),
    ).toEqual(rest);
    const pi = String(emulator.sessions.get(id)!.payment_intent);
    const made = [...emulator.refunds.values()].filter((r) => r.payment_intent === pi);
    expect(made.map((r) => [r.amount, (r.metadata as Record<string, string>).idempotencyKey])).toEqual([
      [1500, 'rev1-pay1-1'],
      [3500, 'rev1-pay1-2'],
    ]);
    expect(emulator.charges.get(String(emulator.intents.get(pi)!.latest_charge))).toMatchObject({
      amount_refunded: 5000,
      refunded: true,
    });
    // A third refund under another key: Stripe refuses it, the answer is final.
    expect(
      await provider.refund({
        idempotencyKey: 'rev2-pay1-1',
        providerPaymentId: id,
        payerId: 7n,
        amountMinor: 100n,
        currency: 'USD',
      }),
    ).toEqual({ status: 'failed', reason: 'charge_already_refunded' });
    // The webhooks name the shop's key.
    const refundEvents = (await verifiedWebhooks())
      .filter((h) => h.type === 'refund.created')
      .map((h) => h.verified!.event);
    expect(refundEvents).toEqual([
      {
        type: 'refund.succeeded',
        refundKey: 'rev1-pay1-1',
        providerRefundId: first.status === 'succeeded' ? first.providerRefundId : '',
      },
      expect.objectContaining({ type: 'refund.succeeded', refundKey: 'rev1-pay1-2' }),
    ]);
  });

  it('JPY refunds in yen; more than is left is refused', async () => {
    const id = await paid(1200n, 'JPY');
    expect(
      await provider.refund({
        idempotencyKey: 'jpy-1',
        providerPaymentId: id,
        payerId: 7n,
        amountMinor: 1300n,
        currency: 'JPY',
      }),
    ).toEqual({ status: 'failed', reason: 'invalid_request_error' });
    expect(
      await provider.refund({
        idempotencyKey: 'jpy-2',
        providerPaymentId: id,
        payerId: 7n,
        amountMinor: 1200n,
        currency: 'JPY',
      }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('a refund the bank takes days over is pending, then its refund.updated webhook settles it', async () => {
    const id = await paid();
    emulator.nextRefundStatuses('pending');
    const answer = await provider.refund({
      idempotencyKey: 'slow-1',
      providerPaymentId: id,
      payerId: 7n,
      amountMinor: 1000n,
      currency: 'USD',
    });
    expect(answer).toEqual({ status: 'pending', providerRefundId: expect.stringMatching(/^re_/) });
    received = [];
    emulator.settleRefund(answer.status === 'pending' ? answer.providerRefundId : '', 'succeeded');
    const updated = (await verifiedWebhooks()).find((h) => h.type === 'refund.updated')!;
    expect(updated.verified!.event).toEqual({
      type: 'refund.succeeded',
      refundKey: 'slow-1',
      providerRefundId: answer.status === 'pending' ? answer.providerRefundId : '',
    });
  });

  it('Stripe out of reach: the refund throws, so the job retries it', async () => {
    const down = new StripeProvider({ ...config, apiBase: 'http://127.0.0.1:1' });
    await expect(
      down.refund({
        idempotencyKey: 'down-1',
        providerPaymentId: 'pi_x',
        payerId: 7n,
        amountMinor: 100n,
        currency: 'USD',
      }),
    ).rejects.toThrow();
  });
});

describe('saved cards', () => {
  /** The card form's part: Stripe.js confirms the SetupIntent with the publishable key and client secret. */
  async function saveCard(cardId: string, pm: string, customerRef: string | null = null) {
    const setup = await provider.createSetup({ cardId, buyerId: 7n, email: 'buyer@example.com', customerRef });
    expect(setup.configMap).toEqual({ publishableKey: 'pk_test_adapter' });
    const u = new URL(emulator.url);
    const browser = new Stripe('pk_test_adapter', {
      host: u.hostname,
      port: u.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await browser.setupIntents.confirm(setup.setupId, {
      payment_method: pm,
      client_secret: setup.clientSecret,
    } as Stripe.SetupIntentConfirmParams);
    return setup;
  }

  it('setup: a customer is made, the card is attached, and setupStatus gives its token, tail and brand', async () => {
    const setup = await provider.createSetup({
      cardId: 'card-1',
      buyerId: 7n,
      email: 'buyer@example.com',
      customerRef: null,
    });
    expect(setup.customerRef).toMatch(/^cus_/);
    expect(emulator.customers.get(setup.customerRef!)).toMatchObject({ email: 'buyer@example.com' });
    expect(emulator.setups.get(setup.setupId)).toMatchObject({
      usage: 'off_session',
      customer: setup.customerRef,
      metadata: { cardId: 'card-1' },
    });
    expect(await provider.setupStatus(setup.setupId)).toEqual([]);
    const u = new URL(emulator.url);
    const browser = new Stripe('pk_test_adapter', {
      host: u.hostname,
      port: u.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await browser.setupIntents.confirm(setup.setupId, {
      payment_method: 'pm_card_mastercard',
      client_secret: setup.clientSecret,
    } as Stripe.SetupIntentConfirmParams);
    const [status] = await provider.setupStatus(setup.setupId);
    expect(status).toEqual({
      type: 'setup.succeeded',
      setupId: setup.setupId,
      cardId: 'card-1',
      token: expect.stringMatching(/^pm_/),
      cardTail: '4444',
      brand: 'MASTERCARD',
    });
    const hook = (await verifiedWebhooks()).find((h) => h.type === 'setup_intent.succeeded')!;
    expect(hook.verified!.event).toEqual(status);
    // A second card of the same buyer goes to the same customer.
    const second = await provider.createSetup({
      cardId: 'card-2',
      buyerId: 7n,
      email: 'buyer@example.com',
      customerRef: setup.customerRef,
    });
    expect(second.customerRef).toBe(setup.customerRef);
  });

  it('pays with a saved card at once; a card the bank declines fails at once', async () => {
    const setup = await saveCard('card-ok', 'pm_card_visa');
    const [saved] = await provider.setupStatus(setup.setupId);
    const token = saved!.type === 'setup.succeeded' ? saved!.token : '';
    const i = input({ savedCard: { token, customerRef: setup.customerRef } });
    const started = await provider.start(i);
    expect(started.providerPaymentId).toMatch(/^pi_/);
    expect(started.events).toEqual([
      {
        type: 'payment.succeeded',
        providerPaymentId: started.providerPaymentId,
        merchantReference: i.merchantReference,
        amountMinor: '2599',
        currency: 'USD',
      },
    ]);

    const failing = await saveCard('card-fail', 'pm_card_chargeCustomerFail');
    const [f] = await provider.setupStatus(failing.setupId);
    const declined = await provider.start(
      input({ savedCard: { token: f!.type === 'setup.succeeded' ? f!.token : '', customerRef: failing.customerRef } }),
    );
    expect(declined.events).toEqual([
      expect.objectContaining({
        type: 'payment.failed',
        providerPaymentId: declined.providerPaymentId,
        reason: 'card_declined',
      }),
    ]);
  });

  it('3-D Secure: the bank asks to authenticate, the buyer is sent there, and comes back to the shop paid', async () => {
    const setup = await saveCard('card-3ds', 'pm_card_threeDSecure2Required');
    // Saving this card needs authentication too.
    const seti = emulator.setups.get(setup.setupId)!;
    expect(seti.status).toBe('requires_action');
    await submit(`${emulator.url}/3ds/${setup.setupId}`, { action: 'complete' });
    const [saved] = await provider.setupStatus(setup.setupId);
    expect(saved).toMatchObject({ type: 'setup.succeeded', cardTail: '3184', brand: 'VISA' });
    const token = saved!.type === 'setup.succeeded' ? saved!.token : '';

    const i = input({ savedCard: { token, customerRef: setup.customerRef } });
    const started = await provider.start(i);
    expect(started.events ?? []).toEqual([]);
    expect(started.redirectUrl).toBe(`${emulator.url}/3ds/${started.providerPaymentId}`);
    expect(await provider.confirm(started.providerPaymentId)).toEqual([]);
    const back = await submit(started.redirectUrl, { action: 'complete' });
    expect(back.status).toBe(303);
    const returned = new URL(back.location!);
    expect(`${returned.origin}${returned.pathname}`).toBe(`${PUBLIC_URL}/pay/result`);
    expect(returned.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await provider.confirm(started.providerPaymentId)).toEqual([
      expect.objectContaining({
        type: 'payment.succeeded',
        merchantReference: i.merchantReference,
        amountMinor: '2599',
      }),
    ]);

    const failed = await provider.start(input({ savedCard: { token, customerRef: setup.customerRef } }));
    await submit(failed.redirectUrl, { action: 'fail' });
    expect(await provider.confirm(failed.providerPaymentId)).toEqual([
      expect.objectContaining({ type: 'payment.failed', reason: 'payment_intent_authentication_failure' }),
    ]);
  });

  it('a removed card is detached at Stripe (twice is fine)', async () => {
    const setup = await saveCard('card-del', 'pm_card_visa');
    const [saved] = await provider.setupStatus(setup.setupId);
    const token = saved!.type === 'setup.succeeded' ? saved!.token : '';
    await provider.detachCard(token);
    expect(emulator.methods.get(token)!.customer).toBeNull();
    await provider.detachCard(token);
  });
});

describe('embedded Payment Element and Express Checkout', () => {
  it('gives the browser a PaymentIntent client secret; the widget confirms it and the shop confirms with Stripe', async () => {
    const embedded = new StripeProvider({ ...config, embedded: true });
    expect(embedded.channels.find((c) => c.channelName === 'STRIPE_PAY_PC')!.configMap).toEqual({
      publishableKey: 'pk_test_adapter',
      embedded: '1',
    });
    for (const channel of ['STRIPE_PAY_PC', 'STRIPE_PAY_QUICK']) {
      const i = input({ channel, currency: 'GBP', amountMinor: 1234n });
      const started = await embedded.start(i);
      expect(started).toMatchObject({
        providerPaymentId: expect.stringMatching(/^pi_/),
        redirectUrl: '',
        clientSession: { clientSecret: expect.stringContaining('_secret_'), publishableKey: 'pk_test_adapter' },
      });
      const u = new URL(emulator.url);
      const browser = new Stripe('pk_test_adapter', {
        host: u.hostname,
        port: u.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await browser.paymentIntents.confirm(started.providerPaymentId, {
        payment_method: 'pm_card_visa',
        return_url: `${PUBLIC_URL}${i.returnPath}`,
        client_secret: started.clientSession!.clientSecret,
      } as Stripe.PaymentIntentConfirmParams);
      expect(await embedded.confirm(started.providerPaymentId)).toEqual([
        {
          type: 'payment.succeeded',
          providerPaymentId: started.providerPaymentId,
          merchantReference: i.merchantReference,
          amountMinor: '1234',
          currency: 'GBP',
        },
      ]);
    }
  });

  it('the channels and their rules', () => {
    const [pc, quick] = provider.channels;
    expect(pc).toMatchObject({
      channelName: 'STRIPE_PAY_PC',
      configMap: { publishableKey: 'pk_test_adapter', embedded: '0' },
      redirectHosts: [new URL(emulator.url).host],
      rules: {
        anonymous: true,
        payLater: false,
        enterpriseCredit: false,
        currencies: 'ANY',
        savedCards: true,
        needsDevice: null,
      },
    });
    expect(quick).toMatchObject({ channelName: 'STRIPE_PAY_QUICK', rules: { anonymous: true, needsDevice: 'wallet' } });
    expect(new StripeProvider({ ...config, apiBase: undefined }).channels[0]!.redirectHosts).toContain(
      'checkout.stripe.com',
    );
  });
});
