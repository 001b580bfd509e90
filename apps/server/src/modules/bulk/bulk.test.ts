/**
 * Bulk ("exceed") order requests through app.inject on real Postgres: a request is split per
 * shop, each shop's seller (and only it) reads it, both sides write on one thread, the seller
 * quotes and revises, an expired quote cannot be accepted, accepting twice (even at once) makes
 * one BULK order at the quoted prices taking stock once, the billing address changes only on
 * the buyer's own unpaid order, and the order is paid through MOCKPAY like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  bulkRequests,
  devMailbox,
  mockpayEvents,
  outboxMessages,
  pointBalances,
  pointLedger,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, newKey, stockOf, usAddress, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import { expireQuotes } from './expiry.js';
import { BULK_NOTICE_TEMPLATE } from './notify.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
let seller2: Browser;
const { signup, pay } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  if (t)
    await waitFor(
      () => t.db.select().from(mockpayEvents),
      (es) => es.every((e) => e.deliveredAt !== null),
      'mockpay webhooks',
    ).catch(() => {});
  await t?.close();
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Sends an order request for the bulk desk pack (FlexiDesk) and, when asked, a Nordic Home lamp; the buyer's new requests. */
async function ask(buyer: Buyer, withNordic = false, requirements = 'Deliver to dock B') {
  const lines = [
    { skuId: f.sku['BULK-E7-20'], qty: '2' },
    ...(withNordic ? [{ skuId: f.sku['LAMP-BAR'], qty: '3' }] : []),
  ];
  const res = await buyer.b.post(
    '/api/checkout/exceed-request',
    { previewTradeContractLineReqTOList: lines, selectedAddress: usAddress(f, { email: buyer.email }), requirements },
    { headers: { 'idempotency-key': newKey() }, remoteAddress: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return t.db
    .select()
    .from(bulkRequests)
    .where(eq(bulkRequests.preTradeRequestId, BigInt(res.json().id)))
    .orderBy(asc(bulkRequests.id));
}
const quoteOf = (s: Browser, id: bigint | string, body: Record<string, unknown>) =>
  s.post(`/api/merchant/bulk-requests/${id}/quote`, body);
const view = async (b: Browser, url: string) => {
  const res = await b.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a request goes to the shops concerned', () => {
  it('one request per shop; each seller lists and reads only its own', async () => {
    const x = await signup('bulk-split');
    const rows = await ask(x, true);
    expect(rows.map((r) => String(r.shopId)).sort()).toEqual([f.shop.flexi, f.shop.nordic].sort());
    expect(rows.every((r) => r.status === 'WAITING_QUOTE' && r.requirements === 'Deliver to dock B')).toBe(true);
    const flexi = rows.find((r) => String(r.shopId) === f.shop.flexi)!;
    const nordic = rows.find((r) => String(r.shopId) === f.shop.nordic)!;
    expect(flexi.lines.map((l) => [l.skuId, l.qty])).toEqual([[f.sku['BULK-E7-20'], '2']]);
    expect(nordic.lines.map((l) => [l.skuId, l.qty])).toEqual([[f.sku['LAMP-BAR'], '3']]);

    const mine = await view(x.b, '/api/bulk-requests');
    expect(mine.map((r: { id: string }) => r.id).sort()).toEqual([String(flexi.id), String(nordic.id)].sort());
    expect(mine[0]).toMatchObject({ status: 'WAITING_QUOTE', guideStep: 1 });

    const sellerList = (await view(seller, '/api/merchant/bulk-requests')).map((r: { id: string }) => r.id);
    expect(sellerList).toContain(String(flexi.id));
    expect(sellerList).not.toContain(String(nordic.id));
    const seller2List = (await view(seller2, '/api/merchant/bulk-requests')).map((r: { id: string }) => r.id);
    expect(seller2List).toContain(String(nordic.id));
    expect(seller2List).not.toContain(String(flexi.id));

    const read = await view(seller, `/api/merchant/bulk-requests/${flexi.id}`);
    expect(read).toMatchObject({
      status: 'WAITING_QUOTE',
      requirements: 'Deliver to dock B',
      actions: ['quote', 'message'],
      shippingAddress: { city: 'San Francisco' },
    });
    // Another shop's seller, another buyer and a buyer on the seller path get nothing.
    expectError(await seller2.get(`/api/merchant/bulk-requests/${flexi.id}`), 404, 'Bulk.requestNotExist');
    expectError(
      await quoteOf(seller2, flexi.id, { unitPrices: ['1'], shipping: '0', validUntil: tomorrow() }),
      404,
      'Bulk.requestNotExist',
    );
    expectError(
      await seller2.post(`/api/merchant/bulk-requests/${flexi.id}/messages`, { body: 'hi' }),
      404,
      'Bulk.requestNotExist',
    );
    const other = await signup('bulk-other');
    expectError(await other.b.get(`/api/bulk-requests/${flexi.id}`), 404, 'Bulk.requestNotExist');
    expectError(await other.b.post(`/api/bulk-requests/${flexi.id}/accept`), 404, 'Bulk.requestNotExist');
    expectError(await x.b.get('/api/merchant/bulk-requests'), 403, 'Merchant.notSeller');
  });
});

describe('the request itself', () => {
  it('is refused without a complete shipping address (the shops quote for it); nothing is stored', async () => {
    const x = await signup('bulk-no-address');
    const send = (selectedAddress: unknown) =>
      x.b.post(
        '/api/checkout/exceed-request',
        {
          previewTradeContractLineReqTOList: [{ skuId: f.sku['BULK-E7-20'], qty: '1' }],
          ...(selectedAddress ? { selectedAddress } : {}),
        },
        { headers: { 'idempotency-key': newKey() }, remoteAddress: freshIp() },
      );
    expectError(await send(null), 400, 'Checkout.shippingAddressRequired');
    expect((await send(usAddress(f, { postalCode: '' }))).statusCode).toBe(400);
    expect(await t.db.select().from(bulkRequests).where(eq(bulkRequests.buyerId, x.id))).toHaveLength(0);
  });
});

describe('negotiating', () => {
  let x: Buyer;
  let id: bigint;
  beforeAll(async () => {
    x = await signup('bulk-talk');
    id = (await ask(x))[0]!.id;
  });

  it('buyer and seller see the same thread, in order', async () => {
    expect((await x.b.post(`/api/bulk-requests/${id}/messages`, { body: 'Can you do 10 % off?' })).statusCode).toBe(
      200,
    );
    const afterSeller = await seller.post(`/api/merchant/bulk-requests/${id}/messages`, {
      body: 'We can do 8 % with free freight.',
    });
    expect(afterSeller.statusCode, afterSeller.body).toBe(200);
    const thread = (v: { messages: { author: string; body: string }[] }) => v.messages.map((m) => [m.author, m.body]);
    const expected = [
      ['BUYER', 'Can you do 10 % off?'],
      ['SELLER', 'We can do 8 % with free freight.'],
    ];
    expect(thread(await view(x.b, `/api/bulk-requests/${id}`))).toEqual(expected);
    expect(thread(await view(seller, `/api/merchant/bulk-requests/${id}`))).toEqual(expected);
    expectError(await x.b.post(`/api/bulk-requests/${id}/messages`, { body: '  ' }), 400, 'Common.invalidRequest');
  });

  it('a quote prices every line with a validity date from today; it is revised while not accepted', async () => {
    expectError(
      await quoteOf(seller, id, { unitPrices: ['8000', '1'], shipping: '0', validUntil: tomorrow() }),
      400,
      'Bulk.quoteInvalid',
    );
    expectError(
      await quoteOf(seller, id, { unitPrices: ['8000'], shipping: '0', validUntil: '2020-01-01' }),
      400,
      'Bulk.quoteInvalid',
    );
    expectError(await x.b.post(`/api/bulk-requests/${id}/accept`), 409, 'Bulk.statusChanged');

    const first = await quoteOf(seller, id, {
      unitPrices: ['8000'],
      shipping: '150',
      validUntil: tomorrow(),
      note: 'Freight included',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'QUOTED',
      actions: ['revise', 'message'],
      quote: { version: 1, goodsAmt: { value: '16000.00' }, shippingAmt: { value: '150.00' } },
    });
    const revised = await quoteOf(seller, id, { unitPrices: ['7800.50'], shipping: '0', validUntil: tomorrow() });
    expect(revised.statusCode, revised.body).toBe(200);
    const buyerView = await view(x.b, `/api/bulk-requests/${id}`);
    expect(buyerView).toMatchObject({
      status: 'QUOTED',
      guideStep: 2,
      actions: ['accept', 'decline', 'message'],
      quote: { version: 2, goodsAmt: { value: '15601.00' }, shippingAmt: { value: '0.00' } },
      lines: [
        {
          listUnitPrice: { value: '8989.99' },
          quotedUnitPrice: { value: '7800.50' },
          quotedAmt: { value: '15601.00' },
        },
      ],
    });
    // San Francisco sales tax on the goods, as checkout adds it.
    expect(Number(buyerView.quote.needPayAmt.value)).toBeCloseTo(15601 + Number(buyerView.quote.taxAmt.value), 2);
    expect(Number(buyerView.quote.taxAmt.value)).toBeGreaterThan(0);
  });

  it('an expired quote cannot be accepted until the seller revises it', async () => {
    await t.db
      .update(bulkRequests)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(bulkRequests.id, id));
    expect(await view(x.b, `/api/bulk-requests/${id}`)).toMatchObject({
      status: 'EXPIRED',
      actions: ['decline', 'message'],
    });
    expectError(await x.b.post(`/api/bulk-requests/${id}/accept`), 409, 'Bulk.quoteExpired');
    expect(await t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, x.id))).toHaveLength(0);
    const again = await quoteOf(seller, id, { unitPrices: ['7800.50'], shipping: '0', validUntil: tomorrow() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'QUOTED', quote: { version: 3 } });
  });
});

describe('accepting', () => {
  it('accepting twice at once makes one BULK order at the quoted prices, taking stock once; no revise after', async () => {
    const x = await signup('bulk-accept');
    const [r] = await ask(x);
    expect(
      (await quoteOf(seller, r!.id, { unitPrices: ['7500'], shipping: '99.99', validUntil: tomorrow() })).statusCode,
    ).toBe(200);
    const before = Number(await stockOf(t.db, f.sku['BULK-E7-20']));
    const [a, b] = await Promise.all([
      x.b.post(`/api/bulk-requests/${r!.id}/accept`),
      x.b.post(`/api/bulk-requests/${r!.id}/accept`),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    const third = await x.b.post(`/api/bulk-requests/${r!.id}/accept`);
    expect(third.json()).toEqual(a.json());

    const orders = await t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, x.id));
    expect(orders).toHaveLength(1);
    const o = orders[0]!;
    expect(String(o.id)).toBe(a.json().orderId);
    expect(o).toMatchObject({
      tradeOrderType: 'BULK',
      status: 'PENDING_PAY',
      skuAmtMinor: 1500000n,
      shippingAmtMinor: 9999n,
      shopId: BigInt(f.shop.flexi),
    });
    expect(o.needPayAmtMinor).toBe(1500000n + 9999n + o.taxAmtMinor);
    const lines = await t.db.select().from(tradeOrderLines).where(eq(tradeOrderLines.orderId, o.id));
    expect(lines.map((l) => [String(l.skuId), Number(l.qty), l.unitAmtMinor, l.needPayAmtMinor])).toEqual([
      [f.sku['BULK-E7-20'], 2, 750000n, 1500000n],
    ]);
    expect(Number(await stockOf(t.db, f.sku['BULK-E7-20']))).toBe(before - 2);

    const v = await view(x.b, `/api/bulk-requests/${r!.id}`);
    expect(v).toMatchObject({
      status: 'ACCEPTED',
      guideStep: 3,
      actions: ['pay', 'message'],
      order: { id: String(o.id), paid: false },
    });
    expectError(
      await quoteOf(seller, r!.id, { unitPrices: ['1'], shipping: '0', validUntil: tomorrow() }),
      409,
      'Bulk.statusChanged',
    );
    expectError(await x.b.post(`/api/bulk-requests/${r!.id}/decline`), 409, 'Bulk.statusChanged');

    // The confirm-pay view (order detail by bulk order id) and the order's own detail agree.
    const detail = await view(x.b, `/api/bulk-orders/${o.id}`);
    expect(detail).toMatchObject({
      requestId: String(r!.id),
      skuAmt: { value: '15000.00' },
      shippingAmt: { value: '99.99' },
      billingEditable: true,
      shippingAddress: { city: 'San Francisco' },
      lines: [{ unitPrice: { value: '7500.00' }, amount: { value: '15000.00' } }],
    });
  });

  it('a declined request cannot be accepted', async () => {
    const x = await signup('bulk-decline');
    const [r] = await ask(x);
    expect(
      (await quoteOf(seller, r!.id, { unitPrices: ['7500'], shipping: '0', validUntil: tomorrow() })).statusCode,
    ).toBe(200);
    const d = await x.b.post(`/api/bulk-requests/${r!.id}/decline`);
    expect(d.json()).toMatchObject({ status: 'DECLINED', actions: [] });
    expectError(await x.b.post(`/api/bulk-requests/${r!.id}/accept`), 409, 'Bulk.statusChanged');
  });
});

describe('paying the bulk order', () => {
  it("the billing address changes only on the buyer's own unpaid order; MOCKPAY pays it", async () => {
    const x = await signup('bulk-pay');
    const [r] = await ask(x);
    expect(
      (await quoteOf(seller, r!.id, { unitPrices: ['7000'], shipping: '0', validUntil: tomorrow() })).statusCode,
    ).toBe(200);
    const { orderId, contractId } = (await x.b.post(`/api/bulk-requests/${r!.id}/accept`)).json();
    const billing = usAddress(f, { firstName: 'Bill', lastName: 'Payer', poiName: '1 Market St', email: x.email });

    const other = await signup('bulk-pay-other');
    expectError(
      await other.b.post(`/api/orders/${orderId}/billing-address`, { billingAddress: billing }),
      404,
      'Trade.tradeOrderNotExist',
    );
    expectError(
      await browser(t.app).post(`/api/orders/${orderId}/billing-address`, { billingAddress: billing }),
      404,
      'Trade.tradeOrderNotExist',
    );
    const bad = await x.b.post(`/api/orders/${orderId}/billing-address`, {
      billingAddress: { ...billing, postalCode: '' },
    });
    expect(bad.statusCode).toBe(400);

    const ok = await x.b.post(`/api/orders/${orderId}/billing-address`, { billingAddress: billing });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().billingAddress).toMatchObject({ firstName: 'Bill', poiName: '1 Market St' });
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(contractId)));
    expect(c!.billingAddress).toMatchObject({ firstName: 'Bill' });

    const balance = async () =>
      (await t.db.select().from(pointBalances).where(eq(pointBalances.buyerId, x.id)))[0]?.balance ?? 0;
    const pointsBefore = await balance();
    await pay(x.b, contractId);
    // A negotiated (BULK) price earns no points: no ledger line for the contract, the balance as before.
    expect(
      await t.db
        .select()
        .from(pointLedger)
        .where(eq(pointLedger.tradeContractId, BigInt(contractId))),
    ).toHaveLength(0);
    expect(await balance()).toBe(pointsBefore);
    expect(await view(x.b, `/api/bulk-requests/${r!.id}`)).toMatchObject({
      guideStep: 4,
      order: { paid: true },
      actions: ['message'],
    });
    expect((await view(x.b, `/api/bulk-orders/${orderId}`)).billingEditable).toBe(false);
    expectError(
      await x.b.post(`/api/orders/${orderId}/billing-address`, { billingAddress: billing }),
      409,
      'Bulk.orderNotEditable',
    );
  });
});

describe('enterprise', () => {
  it('a sub-account over its limit submits its accepted bulk order to the main account, which pays it on terms within its credit', async () => {
    const sub = await login(t.app, 'sub1@demo.shop');
    const subBuyer: Buyer = { b: sub, id: 0n, email: 'sub1@demo.shop' };
    // Over the sub-account's $1,000 order limit (it pays neither by card nor on terms itself).
    const [r] = await ask(subBuyer);
    expect(
      (await quoteOf(seller, r!.id, { unitPrices: ['7000'], shipping: '0', validUntil: tomorrow() })).statusCode,
    ).toBe(200);
    const accepted = await sub.post(`/api/bulk-requests/${r!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { orderId, contractId } = accepted.json();

    expectError(
      await sub.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' }),
      403,
      'Payment.orderLimitExceeded',
    );
    const submitted = await sub.post('/api/payments/submit-to-master', { contractId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Handed over: the sub-account no longer changes its billing address.
    expectError(
      await sub.post(`/api/orders/${orderId}/billing-address`, { billingAddress: usAddress(f) }),
      409,
      'Bulk.orderNotEditable',
    );

    const main = await login(t.app, 'main@demo.shop');
    expect(
      (await main.get('/api/payments/master-pending')).json<{ contractId: string }[]>().map((c) => c.contractId),
    ).toContain(contractId);
    // The main account pays on payment terms (INVOICE_ME) within its remaining credit, which the order takes.
    const [before] = await t.db.select().from(users).where(eq(users.email, 'main@demo.shop'));
    const paid = await main.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [c] = await waitFor(
      () =>
        t.db
          .select()
          .from(tradeContracts)
          .where(eq(tradeContracts.id, BigInt(contractId))),
      (cs) => cs[0]!.status === 'PAID',
      'bulk order paid on terms',
    );
    expect(c).toMatchObject({ masterStatus: 'PAID' });
    const [after] = await t.db.select().from(users).where(eq(users.email, 'main@demo.shop'));
    expect(before!.remainingAmtMinor - after!.remainingAmtMinor).toBe(c!.needPayAmtMinor);
    expect((await view(sub, `/api/bulk-requests/${r!.id}`)).order).toMatchObject({ paid: true });
  });
});

describe('the expiry job', () => {
  it('stores EXPIRED for quotes past their validity, only those; the buyer sees expired and cannot accept', async () => {
    const x = await signup('bulk-expiry');
    const [past] = await ask(x);
    const [valid] = await ask(x);
    for (const r of [past!, valid!])
      expect(
        (await quoteOf(seller, r.id, { unitPrices: ['7600'], shipping: '0', validUntil: tomorrow() })).statusCode,
      ).toBe(200);
    await t.db
      .update(bulkRequests)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(bulkRequests.id, past!.id));

    const moved = await expireQuotes(t.db);
    expect(moved).toContain(past!.id);
    expect(moved).not.toContain(valid!.id);
    const statusOf = async (id: bigint) =>
      (await t.db.select().from(bulkRequests).where(eq(bulkRequests.id, id)))[0]!.status;
    expect(await statusOf(past!.id)).toBe('EXPIRED');
    expect(await statusOf(valid!.id)).toBe('QUOTED');
    // Run again: nothing left to move for these.
    expect(await expireQuotes(t.db)).not.toContain(past!.id);

    expect(await view(x.b, `/api/bulk-requests/${past!.id}`)).toMatchObject({
      status: 'EXPIRED',
      actions: ['decline', 'message'],
    });
    expectError(await x.b.post(`/api/bulk-requests/${past!.id}/accept`), 409, 'Bulk.quoteExpired');
    expect(await t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, x.id))).toHaveLength(0);
    // The seller finds it under its stored status, and revising gives it a new life.
    const expired = (await view(seller, '/api/merchant/bulk-requests?status=EXPIRED')).map((r: { id: string }) => r.id);
    expect(expired).toContain(String(past!.id));
    const revised = await quoteOf(seller, past!.id, { unitPrices: ['7600'], shipping: '0', validUntil: tomorrow() });
    expect(revised.json()).toMatchObject({ status: 'QUOTED' });
    expect(await statusOf(past!.id)).toBe('QUOTED');
  });

  it('an accepted request is never expired by the job, even past the validity date', async () => {
    const x = await signup('bulk-expiry-accepted');
    const [r] = await ask(x);
    expect(
      (await quoteOf(seller, r!.id, { unitPrices: ['7600'], shipping: '0', validUntil: tomorrow() })).statusCode,
    ).toBe(200);
    expect((await x.b.post(`/api/bulk-requests/${r!.id}/accept`)).statusCode).toBe(200);
    await t.db
      .update(bulkRequests)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(bulkRequests.id, r!.id));
    expect(await expireQuotes(t.db)).not.toContain(r!.id);
    expect((await view(x.b, `/api/bulk-requests/${r!.id}`)).status).toBe('ACCEPTED');
  });
});

describe('notices to the other party', () => {
  /** The bulk notices queued in the outbox after `since` (its id), as [recipient, language]. */
  const outboxSince = async (since: bigint) =>
    (
      await t.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.template, BULK_NOTICE_TEMPLATE), sql`${outboxMessages.id} > ${since}`))
        .orderBy(asc(outboxMessages.id))
    ).map((m) => m.destination);
  const watermark = async () =>
    BigInt((await t.db.select({ m: sql<string>`coalesce(max(${outboxMessages.id}), 0)` }).from(outboxMessages))[0]!.m);
  /** The delivered emails about request `id`, as [recipient, subject], once `n` have arrived. */
  const mailsAbout = async (id: bigint, n: number) =>
    (
      await waitFor(
        () =>
          t.db
            .select()
            .from(devMailbox)
            .where(sql`${devMailbox.subject} ~ ${`request ${id}( |$)`}`)
            .orderBy(asc(devMailbox.id)),
        (ms) => ms.length >= n,
        `${n} notices about request ${id}`,
      )
    ).map((m) => ({ to: m.toAddress, subject: m.subject.replace(/ – Mall$/, ''), text: m.textBody }));

  it("the buyer is emailed of the seller's messages (once per 10 minutes) and quotes; the seller of the buyer's messages and the acceptance", async () => {
    const x = await signup('bulk-notice');
    const [r] = await ask(x);
    const id = r!.id;
    const since = await watermark();

    // Two seller messages in a row: one email to the buyer.
    for (const body of ['Thanks for the request.', 'We will quote today.'])
      expect((await seller.post(`/api/merchant/bulk-requests/${id}/messages`, { body })).statusCode).toBe(200);
    expect(await outboxSince(since)).toEqual([x.email]);
    // A quote always notifies the buyer, a revision too.
    for (const unit of ['7700', '7650'])
      expect(
        (await quoteOf(seller, id, { unitPrices: [unit], shipping: '0', validUntil: tomorrow() })).statusCode,
      ).toBe(200);
    // The buyer writes: the shop's seller hears of it. Accepting twice tells the seller once.
    expect((await x.b.post(`/api/bulk-requests/${id}/messages`, { body: 'Accepting now.' })).statusCode).toBe(200);
    expect((await x.b.post(`/api/bulk-requests/${id}/accept`)).statusCode).toBe(200);
    expect((await x.b.post(`/api/bulk-requests/${id}/accept`)).statusCode).toBe(200);
    expect(await outboxSince(since)).toEqual([x.email, x.email, x.email, 'seller@demo.shop', 'seller@demo.shop']);

    const mails = await mailsAbout(id, 5);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [x.email, `New message on order request ${id}`],
      [x.email, `Your order request ${id} has a quote`],
      [x.email, `Your order request ${id} has a quote`],
      ['seller@demo.shop', `New message from the buyer on order request ${id}`],
      ['seller@demo.shop', `Order request ${id} was accepted`],
    ]);
    // Each names the shop and links to the request on the recipient's side; no message text is carried.
    expect(mails[0]!.text).toContain('FlexiDesk');
    expect(mails[0]!.text).toMatch(new RegExp(`/order-process/${id}\\n`));
    expect(mails[4]!.text).toMatch(new RegExp(`/merchant-console/bulk-requests/${id}\\n`));
    expect(mails[0]!.text).not.toContain('Thanks for the request.');
    expect(mails[3]!.text).not.toContain('Accepting now.');
  });

  it('a message after the interval notifies again; a decline tells the seller', async () => {
    const x = await signup('bulk-notice-decline');
    const [r] = await ask(x);
    const since = await watermark();
    expect((await x.b.post(`/api/bulk-requests/${r!.id}/messages`, { body: 'Any news?' })).statusCode).toBe(200);
    expect((await x.b.post(`/api/bulk-requests/${r!.id}/messages`, { body: 'Hello?' })).statusCode).toBe(200);
    expect(await outboxSince(since)).toEqual(['seller@demo.shop']);
    // Eleven minutes later (the interval is ten), the next message is emailed again.
    await t.db
      .update(bulkRequests)
      .set({ sellerNotifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(bulkRequests.id, r!.id));
    expect((await x.b.post(`/api/bulk-requests/${r!.id}/messages`, { body: 'Still there?' })).statusCode).toBe(200);
    expect((await x.b.post(`/api/bulk-requests/${r!.id}/decline`)).statusCode).toBe(200);
    expect((await mailsAbout(r!.id, 3)).map((m) => [m.to, m.subject])).toEqual([
      ['seller@demo.shop', `New message from the buyer on order request ${r!.id}`],
      ['seller@demo.shop', `New message from the buyer on order request ${r!.id}`],
      ['seller@demo.shop', `Order request ${r!.id} was declined`],
    ]);
  });
});

describe('demo data', () => {
  it('the demo buyer has a request waiting for a quote, one quoted and one accepted and paid; FlexiDesk sees them', async () => {
    const demo = await login(t.app, 'buyer@demo.shop');
    const mine = (await view(demo, '/api/bulk-requests')) as {
      id: string;
      status: string;
      order: { paid: boolean } | null;
      quote: unknown;
    }[];
    expect(mine.map((r) => r.status).sort()).toEqual(['ACCEPTED', 'QUOTED', 'WAITING_QUOTE']);
    expect(mine.find((r) => r.status === 'ACCEPTED')!.order).toMatchObject({ paid: true });
    expect(mine.find((r) => r.status === 'QUOTED')!.quote).toBeTruthy();
    const quoted = await view(demo, `/api/bulk-requests/${mine.find((r) => r.status === 'QUOTED')!.id}`);
    expect(quoted.messages.map((m: { author: string }) => m.author)).toEqual(['BUYER', 'SELLER']);
    const sellerIds = (await view(seller, '/api/merchant/bulk-requests?status=WAITING_QUOTE')).map(
      (r: { id: string }) => r.id,
    );
    expect(sellerIds).toContain(mine.find((r) => r.status === 'WAITING_QUOTE')!.id);
  });
});
