/**
 * Super member through app.inject on real Postgres: the service item per site and period, bought
 * through the real checkout and MOCKPAY, active only once paid, renewed from its end, ended by
 * an after-sales refund, and only ever the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paidServicePurchases, paidServices, shippingMethods, shops } from '../../db/schema/index.js';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import {
  loadFixtures,
  previewOk,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import { expirePaidServices } from './paid-service.js';

let t: TestApp;
let f: Fixtures;
let servicesSeller: Browser;
let digital: { shopId: string; shippingMethodId: string };
const { signup, pay, statusOf } = orderKit(() => ({ t, f }));

const RENDER = '/api/trantor/func/bbc_item_RenderItemByPaidServicePeriodCodeFunc';
const QUERY = '/api/trantor/func/customer_QueryOnePaidServiceBOBuiltInFunc';
const render = (b: Browser, periodCode: string, site?: string) =>
  b.post(RENDER, [{ periodCode, ...(site && { site }) }]);
const query = async (b: Browser) => {
  const res = await b.post(QUERY, [{}]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const DAY = 86400_000;

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  servicesSeller = await login(t.app, 'services@demo.shop');
  const [shop] = await t.db.select().from(shops).where(eq(shops.name, 'Mall Services'));
  const [method] = await t.db.select().from(shippingMethods).where(eq(shippingMethods.shopId, shop!.id));
  digital = { shopId: String(shop!.id), shippingMethodId: String(method!.id) };
});
afterAll(async () => {
  await t?.close();
});

/** Puts the period's service item into the real checkout and submits; returns contract and order. */
async function buy(x: Buyer, periodCode: 'MONTHLY' | 'YEARLY') {
  const item = (await render(x.b, periodCode)).json();
  const choices = {
    previewTradeContractLineReqTOList: [{ skuId: item.skuId, qty: '1' }],
    selectedAddress: usAddress(f, { email: x.email }),
    preCalShippingList: [digital],
    couponIds: [],
  };
  const res = await submit(
    x.b,
    await submitBodyFor(x.b, choices, { notifyInfo: { notifyType: 'email', contactInfo: x.email } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { contractId: res.json().id as string, orderId: res.json().tradeOrderIdList[0] as string };
}

describe('service item by period code', () => {
  it('one item per site, a monthly and a yearly SKU, priced in the site currency', async () => {
    const b = browser(t.app);
    const us = await render(b, 'MONTHLY');
    expect(us.statusCode, us.body).toBe(200);
    expect(us.json()).toMatchObject({
      periodCode: 'MONTHLY',
      periodMonths: 1,
      price: { value: '9.99', currency: 'USD' },
      site: 'US',
    });
    const usYear = (await render(b, 'YEARLY')).json();
    expect(usYear).toMatchObject({
      periodMonths: 12,
      price: { value: '99.99', currency: 'USD' },
      itemId: us.json().itemId,
    });
    expect(usYear.skuId).not.toBe(us.json().skuId);
    const jp = (await render(b, 'YEARLY', 'JP')).json();
    expect(jp).toMatchObject({ site: 'JP', price: { value: '15000', currency: 'JPY' } });
    expect(jp.itemId).not.toBe(us.json().itemId);
    expect((await render(b, 'YEARLY', 'DE')).json().price).toEqual({ value: '89.99', currency: 'EUR' });
    expect((await render(b, 'MONTHLY', 'UK')).json().price).toEqual({ value: '7.99', currency: 'GBP' });
    expect((await render(b, 'WEEKLY')).statusCode).toBe(400);
  });

  it("is not in the catalog, and another site's service SKU cannot be bought here", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/catalog/items?pageSize=100' });
    expect(list.body).not.toContain('super-member');
    const buyer = await login(t.app, 'buyer@demo.shop');
    const jp = (await render(buyer, 'YEARLY', 'JP')).json();
    const res = await buyer.post('/api/checkout/preview', {
      previewTradeContractLineReqTOList: [{ skuId: jp.skuId, qty: '1' }],
    });
    expectError(res, 404, 'Catalog.skuNotFound');
  });
});

describe('buying, renewing and refunding the super member', () => {
  let x: Buyer;
  let other: Buyer;
  beforeAll(async () => {
    x = await signup('super');
    other = await signup('other');
  });

  it('a guest and a new buyer have none', async () => {
    expect(await query(browser(t.app))).toMatchObject({ status: 'NONE', active: false, endTime: null });
    expect(await query(x.b)).toMatchObject({ status: 'NONE', active: false });
  });

  let yearly: { contractId: string; orderId: string };
  it('submitting the order does not activate it; the payment does, for one year from payment', async () => {
    yearly = await buy(x, 'YEARLY');
    expect(await query(x.b)).toMatchObject({ status: 'NONE', active: false });
    const before = Date.now();
    await pay(x.b, yearly.contractId);
    const s = await query(x.b);
    expect(s).toMatchObject({
      status: 'ACTIVE',
      active: true,
      periodCode: 'YEARLY',
      benefits: { discountPercent: 5, freeShipping: true },
    });
    const start = new Date(s.startTime).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    const end = new Date(s.endTime);
    const expected = new Date(start);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(end.getTime()).toBe(expected.getTime());
    // Only the caller's own: another buyer's session still has none.
    expect(await query(other.b)).toMatchObject({ status: 'NONE', active: false });
  });

  it('its benefit shows in the checkout preview while active: free shipping and the member discount', async () => {
    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      selectedAddress: usAddress(f),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const member = await previewOk(x.b, choices);
    const plain = await previewOk(other.b, choices);
    expect(Number(plain.shippingAmt.value)).toBeGreaterThan(0);
    expect(member.shippingAmt.value).toBe('0.00');
    expect(Number(member.levelAmt.value)).toBeGreaterThan(0);
    expect(Number(member.needPayAmt.value)).toBeLessThan(Number(plain.needPayAmt.value));
  });

  it('buying again while active renews from the current end (once per payment)', async () => {
    const before = await query(x.b);
    const monthly = await buy(x, 'MONTHLY');
    await pay(x.b, monthly.contractId);
    const after = await query(x.b);
    const expected = new Date(before.endTime);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after).toMatchObject({
      status: 'ACTIVE',
      active: true,
      periodCode: 'MONTHLY',
      startTime: before.startTime,
      endTime: expected.toISOString(),
    });
    const purchases = await t.db.select().from(paidServicePurchases).where(eq(paidServicePurchases.buyerId, x.id));
    expect(purchases).toHaveLength(2);
  });

  it("an after-sales refund of it ends it in the refund's transaction", async () => {
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id: yearly.orderId } },
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await query(x.b)).active).toBe(true);
    const decided = await servicesSeller.post(`/api/merchant/reverse/${cancel.json().reverseTradeOrderId}/decision`, {
      approve: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await waitFor(
      () => statusOf(yearly.orderId),
      (s) => s === 'CANCEL_ALL',
      'service order refunded',
    );
    const s = await query(x.b);
    expect(s).toMatchObject({ status: 'ENDED_BY_REFUND', active: false });
    expect(Math.abs(new Date(s.endTime).getTime() - Date.now())).toBeLessThan(DAY);
    const [row] = await t.db.select().from(paidServices).where(eq(paidServices.buyerId, x.id));
    expect(row!.status).toBe('ENDED_BY_REFUND');
  });

  it('after it ended, buying again starts a new period at payment', async () => {
    const again = await buy(x, 'MONTHLY');
    const before = Date.now();
    await pay(x.b, again.contractId);
    const s = await query(x.b);
    expect(s).toMatchObject({ status: 'ACTIVE', active: true, periodCode: 'MONTHLY' });
    expect(new Date(s.startTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('the end of the period', () => {
  it('past its end the service reads EXPIRED, gives no benefit, and the sweep writes EXPIRED', async () => {
    const x = await signup('lapsed');
    const bought = await buy(x, 'MONTHLY');
    await pay(x.b, bought.contractId);
    expect((await query(x.b)).active).toBe(true);
    await t.db
      .update(paidServices)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(paidServices.buyerId, x.id));
    expect(await query(x.b)).toMatchObject({ status: 'EXPIRED', active: false });
    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      selectedAddress: usAddress(f),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    expect(Number((await previewOk(x.b, choices)).shippingAmt.value)).toBeGreaterThan(0);
    expect(await expirePaidServices(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(paidServices).where(eq(paidServices.buyerId, x.id));
    expect(row!.status).toBe('EXPIRED');
    // maria's service is still in force: the sweep left it alone.
    expect(await query(await login(t.app, 'maria@demo.shop'))).toMatchObject({ status: 'ACTIVE', active: true });
  });
});

describe('demo data', () => {
  it('maria@demo.shop is an active yearly super member; buyer@demo.shop is not one', async () => {
    expect(await query(await login(t.app, 'maria@demo.shop'))).toMatchObject({
      status: 'ACTIVE',
      active: true,
      periodCode: 'YEARLY',
    });
    expect(await query(await login(t.app, 'buyer@demo.shop'))).toMatchObject({ status: 'NONE', active: false });
  });
});
