/**
 * The webhook pipeline as it runs in production, with real pg-boss jobs: a verified event is
 * stored once and acknowledged at once ('queued'), the payment-event job applies it once; a
 * replay is a duplicate; an event whose job was lost is applied by the sweep; a provider that
 * is not configured has no webhook that anyone can pass.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { MockpayEvent } from '@mall/contracts';
import { buildApp, DEV_MOCKPAY_SECRET } from '../../app.js';
import { createDb } from '../../db/client.js';
import { ensureDatabase } from '../../db/embedded.js';
import { paymentRecords, tradeContracts, webhookEvents } from '../../db/schema/index.js';
import { startJobs, type Jobs } from '../../lib/jobs.js';
import { signatureHeader } from '../mockpay/provider.js';
import { loadFixtures, type Fixtures, freshIp } from '../../../test/checkout-fixtures.js';
import type { TestApp } from '../../../test/helpers.js';
import { orderKit, waitFor } from '../../../test/order-fixtures.js';
import { PAYMENT_EVENT_QUEUE, workPaymentEvents } from './webhooks.js';

let t: TestApp;
let f: Fixtures;
let jobs: Jobs;
const kit = orderKit(() => ({ t, f }));

beforeAll(async () => {
  const url = await ensureDatabase(
    inject('pgServerUrl'),
    `test_${crypto.randomBytes(6).toString('hex')}`,
    'mall_template',
  );
  const db = createDb(url, 4);
  // Only the payment-event queue: MOCKPAY's own deliveries are left queued, the test posts the webhooks itself.
  jobs = await startJobs(url, [PAYMENT_EVENT_QUEUE, 'mockpay-webhook', 'refund-execute']);
  const app = await buildApp({ db, jobs });
  await app.ready();
  await workPaymentEvents(jobs, app.paymentEvents, false);
  t = {
    app,
    db,
    close: async () => {
      await app.close();
      await jobs.stop();
      await db.$client.end();
    },
  };
  f = await loadFixtures(db);
});
afterAll(async () => {
  await t?.close();
});

/** A pending MOCKPAY payment of a fresh buyer's order, and the approval MOCKPAY would sign for it. */
async function pendingPayment() {
  const buyer = await kit.signup('hooks');
  const placed = await kit.place(buyer, [['TRAY-STEEL', '1']]);
  const start = await buyer.b.post(
    '/sapi/mall-pay/payment/firstPay',
    { contractId: placed.contractId, payChannel: 'MOCKPAY' },
    { remoteAddress: freshIp() },
  );
  expect(start.statusCode, start.body).toBe(200);
  const { channelToken, paymentRecordId } = start.json<{ channelToken: string; paymentRecordId: string }>();
  const [record] = await t.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.id, BigInt(paymentRecordId)));
  const event: MockpayEvent = {
    id: `evt_hook_${crypto.randomBytes(8).toString('hex')}`,
    type: 'payment.approved',
    created: Math.floor(Date.now() / 1000),
    data: {
      paymentId: channelToken,
      merchantReference: paymentRecordId,
      amount: Number(record!.amountMinor),
      currency: record!.currency,
      reason: null,
    },
  };
  return { placed, record: record!, body: JSON.stringify(event), eventId: event.id };
}

const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
const signedPost = (body: string) =>
  post('mockpay', body, { 'mockpay-signature': signatureHeader(DEV_MOCKPAY_SECRET, body) });
const contractStatus = async (id: string) =>
  (
    await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(id)))
  )[0]!.status;
const stored = (eventId: string) => t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));

describe('provider webhooks with jobs', () => {
  it('a verified event is acknowledged at once, then applied once by the job; replays are duplicates', async () => {
    const { placed, record, body, eventId } = await pendingPayment();
    const first = await signedPost(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'queued' });
    const replays = await Promise.all(Array.from({ length: 5 }, () => signedPost(body)));
    expect(replays.map((r) => r.json().outcome)).toEqual(Array(5).fill('duplicate'));
    const [row] = await waitFor(
      () => stored(eventId),
      (rows) => rows[0]?.processedAt != null,
      'the job to apply the event',
    );
    expect(row).toMatchObject({ provider: 'mockpay', outcome: 'applied' });
    expect(await contractStatus(placed.contractId)).toBe('PAID');
    const [after] = await t.db.select().from(paymentRecords).where(eq(paymentRecords.id, record.id));
    expect(after!.status).toBe('PAY_SUCCESS');
    expect(await stored(eventId)).toHaveLength(1);
  });

  it('an event stored but never applied (its job lost) is applied by the sweep', async () => {
    const { placed, body, eventId } = await pendingPayment();
    const event = JSON.parse(body) as MockpayEvent;
    // As if the process died between storing the event and sending its job.
    await t.db.insert(webhookEvents).values({
      provider: 'mockpay',
      eventId,
      receivedAt: new Date(Date.now() - 120_000),
      payload: {
        type: 'payment.succeeded',
        providerPaymentId: event.data.paymentId,
        merchantReference: event.data.merchantReference,
        amountMinor: String(event.data.amount),
        currency: event.data.currency,
      },
    });
    expect(await contractStatus(placed.contractId)).toBe('PENDING_PAY');
    expect(await t.app.paymentEvents.sweep()).toBeGreaterThanOrEqual(1);
    expect(await contractStatus(placed.contractId)).toBe('PAID');
    expect((await stored(eventId))[0]).toMatchObject({ outcome: 'applied' });
    // The provider's own delivery of the same event later is a replay.
    expect((await signedPost(body)).json().outcome).toBe('duplicate');
  });

  it('a bad signature, an unknown provider and a provider without keys are refused and store nothing', async () => {
    const { placed, body, eventId } = await pendingPayment();
    for (const res of [
      await post('mockpay', body, { 'mockpay-signature': signatureHeader('not-the-secret', body) }),
      await post('mockpay', body),
      await post('stripe', body, { 'stripe-signature': 't=1,v1=00' }),
      await post('paypal', body),
      await post('no-such-provider', body),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('Payment.badSignature');
    }
    expect(await stored(eventId)).toHaveLength(0);
    expect(await contractStatus(placed.contractId)).toBe('PENDING_PAY');
  });
});
