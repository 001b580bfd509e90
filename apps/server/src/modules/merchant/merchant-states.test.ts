/**
 * Merchant states and the operator's review (SPEC §6, §4 "Merchant link", §2 enter step bar)
 * through app.inject on real Postgres: a frozen seller's items cannot be bought, yet its old
 * orders still ship and refund; a cleared seller only reads; only the operator reviews
 * applications, and a pass makes the applicant a seller with a shop.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carriers, reverseTradeOrders, users } from '../../db/schema/index.js';
import { Browser, login, type TestApp, createTestApp } from '../../../test/helpers.js';
import {
  freshIp,
  loadFixtures,
  preview,
  submit,
  usAddress,
  STEP0,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, upsTrackingNumber, waitFor } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let carrierId: string;
let seller: Browser;
let operator: Browser;
let sellerId: string;
const { signup, place, pay, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  carrierId = String(c!.id);
  seller = await login(t.app, 'seller@demo.shop');
  operator = await login(t.app, 'operator@demo.shop');
  sellerId = String((await t.db.select().from(users).where(eq(users.email, 'seller@demo.shop')))[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

const move = (event: 'FREEZE' | 'CLEAR' | 'RESTORE') =>
  operator.post(`/api/operator/sellers/${sellerId}/state`, { event });
const choices = (email: string) => ({
  previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
  selectedAddress: usAddress(f, { email }),
  preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
  couponIds: [],
});
const ship = async (b: Browser, orderId: string) => {
  const lines = await topLines(orderId);
  return b.post(`/api/merchant/orders/${orderId}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
};
/** The buyer asks to cancel a paid, unshipped order: an after-sales request the seller audits and refunds. */
const applyRefund = async (b: Browser, orderId: string) => {
  const res = await b.post(
    '/api/trantor/flow/bbc_trade_InitiateReverseTradeOrderForCancelUnDeliveryFlow',
    [{ tradeOrder: { id: orderId }, reverseReason: 'DELIVERY_TOO_SLOW', reverseTradeOrderLineList: [] }],
    { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const [rev] = await t.db
    .select()
    .from(reverseTradeOrders)
    .where(eq(reverseTradeOrders.orderId, BigInt(orderId)));
  return String(rev!.id);
};
const unrepliedReview = async () =>
  (await seller.post('/api/merchant/comments', { notReplied: true })).json().data[0].id as string;

describe('frozen seller (query, plus delivery and after-sales of historical orders)', () => {
  it('its items cannot be bought, but its old orders are still shipped and refunded', async () => {
    const buyer = await signup('frozen-buyer');
    // Two paid orders from before the freeze.
    const a = await place(buyer, [['TRAY-STEEL', '1']]);
    await pay(buyer.b, a.contractId);
    const b = await place(buyer, [['TRAY-STEEL', '1']]);
    await pay(buyer.b, b.contractId);
    const oldA = a.orderIds[0]!;
    const oldB = b.orderIds[0]!;

    const frozen = await move('FREEZE');
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({ merchantState: 'frozen', events: ['CLEAR', 'RESTORE'] });
    const s = await seller.get('/api/auth/session');
    expect(s.json().user.merchantState).toBe('frozen');

    // The checkout preview shows the cannot-buy notice; submit refuses; the item page says unavailable.
    const p = await preview(buyer.b, choices(buyer.email));
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().buyCanBuyTO).toMatchObject({ canBuy: false, operation: 0 });
    expect(p.json().buyCanBuyTO.content).toMatch(/unavailable/);
    const sub = await submit(buyer.b, {
      ...choices(buyer.email),
      ...STEP0,
      notifyInfo: { notifyType: 'email', contactInfo: buyer.email },
      needPayAmt: p.json().needPayAmt.value,
    });
    expectError(sub, 409, 'Checkout.cannotBuy');
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/items/cable-tray' })).json().sellerSelling).toBe(
      false,
    );
    // Nordic Home (another seller) still sells.
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/items/monitor-lamp' })).json().sellerSelling).toBe(
      true,
    );

    // Query, delivery and after-sales of the historical orders still work.
    expect((await seller.post('/api/merchant/orders', { status: 'TO_SHIP' })).statusCode).toBe(200);
    expect((await ship(seller, oldA)).statusCode).toBe(200);
    const rid = await applyRefund(buyer.b, oldB);
    // Approving the cancel refunds the buyer through the payment provider.
    const audit = await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().reverseTradeOrderStatus).toBe('REFUND_PENDING');
    await waitFor(
      () =>
        t.db
          .select()
          .from(reverseTradeOrders)
          .where(eq(reverseTradeOrders.id, BigInt(rid))),
      (r) => r[0]!.status === 'REFUND_DONE',
      'refund done',
    );
    // Answering reviews is an act of an active shop.
    expectError(
      await seller.post(`/api/merchant/comments/${await unrepliedReview()}/reply`, { content: 'Thanks' }),
      403,
      'Merchant.frozen',
    );
  });
});

describe('cleared seller (query only)', () => {
  it('reads, but shipping, after-sales audit and refund, and review replies are refused', async () => {
    const buyer = await signup('cleared-buyer');
    expect((await move('RESTORE')).statusCode).toBe(200);
    const a = await place(buyer, [['TRAY-STEEL', '1']]);
    await pay(buyer.b, a.contractId);
    const b = await place(buyer, [['TRAY-STEEL', '1']]);
    await pay(buyer.b, b.contractId);
    const rid = await applyRefund(buyer.b, b.orderIds[0]!);

    const cleared = await move('CLEAR');
    expect(cleared.json()).toMatchObject({ merchantState: 'clear', events: ['RESTORE'] });
    expect((await seller.post('/api/merchant/orders', { status: 'ALL' })).statusCode).toBe(200);
    expect((await seller.post('/api/merchant/reverse', {})).statusCode).toBe(200);
    expectError(await ship(seller, a.orderIds[0]!), 403, 'Merchant.cleared');
    expectError(await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true }), 403, 'Merchant.cleared');
    expectError(await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: '5.00' }), 403, 'Merchant.cleared');
    expectError(
      await seller.post(`/api/merchant/comments/${await unrepliedReview()}/reply`, { content: 'Thanks' }),
      403,
      'Merchant.cleared',
    );
    expect((await preview(buyer.b, choices(buyer.email))).json().buyCanBuyTO.canBuy).toBe(false);
    // Not through the table: a cleared seller cannot be frozen.
    expectError(await move('FREEZE'), 409, 'Merchant.stateChanged');

    expect((await move('RESTORE')).json().merchantState).toBe('seller');
    expect((await ship(seller, a.orderIds[0]!)).statusCode).toBe(200);
    expect((await preview(buyer.b, choices(buyer.email))).json().buyCanBuyTO.canBuy).toBe(true);
  });
});

describe('merchant applications reviewed by the operator', () => {
  it('only the operator may list, pass or reject applications and move sellers', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const [pending] = (await operator.get('/api/operator/merchant-applications')).json();
    expect(pending).toMatchObject({
      status: 'audit',
      shopName: 'Anna Living Studio',
      applicant: { email: 'anna@demo.shop' },
    });
    for (const b of [buyer, seller]) {
      expectError(await b.get('/api/operator/merchant-applications'), 403, 'Operator.notOperator');
      expectError(
        await b.post(`/api/operator/merchant-applications/${pending.id}/pass`, {}),
        403,
        'Operator.notOperator',
      );
      expectError(
        await b.post(`/api/operator/merchant-applications/${pending.id}/reject`, { reason: 'no' }),
        403,
        'Operator.notOperator',
      );
      expectError(
        await b.post(`/api/operator/sellers/${sellerId}/state`, { event: 'FREEZE' }),
        403,
        'Operator.notOperator',
      );
    }
    expectError(await new Browser(t.app).get('/api/operator/sellers'), 403, 'Operator.notOperator');
  });

  it('pass makes the applicant a seller with a shop of the applied name; a second review is refused', async () => {
    const anna = await login(t.app, 'anna@demo.shop');
    expect((await anna.get('/api/merchant/status')).json().auditStatus).toBe('audit');
    expect((await anna.get('/api/auth/session')).json().user.merchantAuditStatus).toBe('audit');
    const [pending] = (await operator.get('/api/operator/merchant-applications')).json();
    const passed = await operator.post(`/api/operator/merchant-applications/${pending.id}/pass`, {});
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toMatchObject({ status: 'pass', shopId: expect.any(String) });
    const status = (await anna.get('/api/merchant/status')).json();
    expect(status).toMatchObject({
      auditStatus: 'pass',
      merchantState: 'seller',
      shops: [{ name: 'Anna Living Studio', itemCount: 0 }],
    });
    expect((await anna.get('/api/auth/session')).json().user).toMatchObject({
      role: 'SELLER',
      merchantAuditStatus: 'pass',
    });
    expect((await anna.post('/api/merchant/orders', { status: 'ALL' })).statusCode).toBe(200);
    expectError(
      await operator.post(`/api/operator/merchant-applications/${pending.id}/pass`, {}),
      409,
      'Merchant.applicationStatusChanged',
    );
    expectError(
      await operator.post(`/api/operator/merchant-applications/${pending.id}/reject`, { reason: 'Too late' }),
      409,
      'Merchant.applicationStatusChanged',
    );
    expectError(
      await operator.post('/api/operator/merchant-applications/999999/pass', {}),
      404,
      'Merchant.applicationNotExist',
    );
    expect((await operator.get('/api/operator/sellers')).json().map((s: { email: string }) => s.email)).toContain(
      'anna@demo.shop',
    );
  });

  it('reject gives the applicant the reason at the review result; it may apply again', async () => {
    const x = await signup('applicant');
    expect(
      (
        await x.b.post('/api/merchant/apply', { shopName: 'Desk Corner', contactName: 'X', phone: '+1 415 555 0101' })
      ).json().auditStatus,
    ).toBe('audit');
    const list = (await operator.get('/api/operator/merchant-applications')).json();
    const mine = list.find((a: { applicant: { email: string } }) => a.applicant.email === x.email);
    expectError(
      await operator.post(`/api/operator/merchant-applications/${mine.id}/reject`, { reason: '' }),
      400,
      'Common.invalidRequest',
    );
    const rejected = await operator.post(`/api/operator/merchant-applications/${mine.id}/reject`, {
      reason: 'Please add a business phone number',
    });
    expect(rejected.json()).toMatchObject({ status: 'reject', rejectReason: 'Please add a business phone number' });
    const status = (await x.b.get('/api/merchant/status')).json();
    expect(status).toMatchObject({
      auditStatus: 'reject',
      application: { rejectReason: 'Please add a business phone number' },
    });
    expect((await x.b.get('/api/auth/session')).json().user).toMatchObject({
      role: 'BUYER',
      merchantAuditStatus: 'none',
    });
    const again = (
      await x.b.post('/api/merchant/apply', { shopName: 'Desk Corner', contactName: 'X', phone: '+1 415 555 0102' })
    ).json();
    expect(again).toMatchObject({ auditStatus: 'audit', application: { rejectReason: null } });
  });
});
