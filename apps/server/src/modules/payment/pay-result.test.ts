/**
 * The payer back from MOCKPAY's page before its webhook (SPEC §4 "Payment polling"): the first
 * payResult answers the provider's decision, not "pending". The webhooks here wait in a queue that
 * is never run (as pg-boss's does until its next poll), so only the read can settle the attempt;
 * the webhook that arrives later is a replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mockpayEvents, paymentRecords, tradeContracts } from '../../db/schema/index.js';
import type { Jobs } from '../../lib/jobs.js';
import { MOCKPAY_WEBHOOK_QUEUE, signatureHeader } from '../mockpay/provider.js';
import { DEV_MOCKPAY_SECRET } from '../../app.js';
import { createTestApp, login, type Browser, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, submit, submitBodyFor, type Fixtures } from '../../../test/checkout-fixtures.js';

/** A job queue that keeps what is sent and runs nothing. */
function heldJobs(): Jobs & { sent: { queue: string; data: object }[] } {
  const sent: { queue: string; data: object }[] = [];
  return {
    sent,
    send: async (queue, data) => {
      sent.push({ queue, data });
      return String(sent.length);
    },
    work: async () => {},
    schedule: async () => {},
    queueDepths: async () => ({}),
    stop: async () => {},
  };
}

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
const jobs = heldJobs();

beforeAll(async () => {
  t = await createTestApp({ jobs });
  f = await loadFixtures(t.db);
  buyer = await login(t.app, 'buyer@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

/** A one-line order of the buyer with its payment started on MOCKPAY. */
async function startedPayment() {
  const body = await submitBodyFor(buyer, {
    previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
    selectedAddress: { id: '1' },
    preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
    couponIds: [],
  });
  const placed = await submit(buyer, body);
  expect(placed.statusCode, placed.body).toBe(200);
  const contractId = placed.json().id as string;
  const started = await buyer.post(
    '/sapi/mall-pay/payment/firstPay',
    { contractId, payChannel: 'MOCKPAY' },
    { remoteAddress: freshIp() },
  );
  expect(started.statusCode, started.body).toBe(200);
  return { contractId, paymentId: started.json().channelToken as string };
}

/** The payer's choice on MOCKPAY's hosted page, which sends them back to the shop. */
async function decide(paymentId: string, outcome: 'approve' | 'decline' | 'pending', card = '4242 4242 4242 4242') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/mockpay/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome, card }).toString(),
  });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toMatch(/^\/buyer\/pay-result\?contractId=/);
}

const payResult = async (contractId: string) => {
  const res = await buyer.post('/sapi/mall-pay/payment/payResult', { contractId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string; failedReason: string | null }>();
};

/** Waits for the decision's webhook to be queued (decide hands it over after its commit). */
async function queued(n: number) {
  for (let i = 0; i < 100 && jobs.sent.filter((j) => j.queue === MOCKPAY_WEBHOOK_QUEUE).length < n; i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(jobs.sent.filter((j) => j.queue === MOCKPAY_WEBHOOK_QUEUE)).toHaveLength(n);
}

describe('payResult right after the payer comes back', () => {
  it('an approved payment whose webhook has not arrived reads as paid at once, and the webhook then is a replay', async () => {
    const { contractId, paymentId } = await startedPayment();
    await decide(paymentId, 'approve');
    await queued(1);
    expect((await payResult(contractId)).status).toBe('PAY_SUCCESS');
    const [contract] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(contractId)));
    expect(contract!.status).toBe('PAID');

    // The queued webhook, delivered now, changes nothing.
    const [event] = await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, paymentId));
    const raw = JSON.stringify(event!.payload);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/mockpay',
      headers: { 'content-type': 'application/json', 'mockpay-signature': signatureHeader(DEV_MOCKPAY_SECRET, raw) },
      payload: raw,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().outcome).toBe('duplicate');
    const records = await t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, BigInt(contractId)));
    expect(records.map((r) => r.status)).toEqual(['PAY_SUCCESS']);
  });

  it('a declined payment reads as failed with its reason at once', async () => {
    const { contractId, paymentId } = await startedPayment();
    await decide(paymentId, 'decline', '4000 0000 0000 0002');
    await queued(2);
    expect(await payResult(contractId)).toMatchObject({ status: 'PAY_FAILED', failedReason: 'card_declined' });
  });

  it('a payment the provider left pending stays pending', async () => {
    const { contractId, paymentId } = await startedPayment();
    await decide(paymentId, 'pending');
    await queued(3);
    expect((await payResult(contractId)).status).toBe('PAY_PENDING');
  });
});
