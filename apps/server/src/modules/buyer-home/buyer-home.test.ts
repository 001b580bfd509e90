/**
 * User centre home: one call with the buyer's points, coupons, super member, latest order and
 * what waits (after-sales, reviews), agreeing with the pages those figures link to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { loadFixtures, pointsOf, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit } from '../../../test/order-fixtures.js';
import { levelOf } from '../membership/benefits.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
const { signup, place } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  buyer = await login(t.app, 'buyer@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

const home = async (b: Browser) => {
  const res = await b.get('/api/buyer/home');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/buyer/home', () => {
  it('the demo buyer: figures agree with the points ledger, my coupons, the after-sales list, reviews and orders', async () => {
    const h = await home(buyer);
    expect(h.nickname).toBe('Demo Buyer');
    expect(h.points).toBe(await pointsOf(t.db, f.buyerId));
    // The level the member benefits use (benefits.ts levelOf).
    const { level } = await levelOf(t.db, f.buyerId, 'US');
    expect(h.level).toEqual(level ? { code: level.code, name: level.name } : null);
    const coupons = (await buyer.post('/sapi/mall-customer/customer/pageMyCoupons', { tab: 'AVAILABLE' })).json();
    expect(h.couponsAvailable).toBe(coupons.total);
    expect(h.couponsAvailable).toBe(4);
    expect(h.superMember).toEqual({ active: false, endTime: null });
    const toReview = (
      await buyer.post('/api/trantor/flow/bbc_trade_PageTradeOrderForBuyerIdFlow', [{ commentStatus: 'unComment' }])
    ).json();
    expect(h.reviewsToDo).toBe(toReview.toReviewCount);
    expect(h.reviewsToDo).toBeGreaterThan(0);
    expect(h.afterSalesOpen).toBeGreaterThan(0);
    expect(h.afterSalesForBuyer).toBeGreaterThan(0);
    expect(h.afterSalesForBuyer).toBeLessThanOrEqual(h.afterSalesOpen);
    const list = (
      await buyer.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', { pageNo: 1, pageSize: 1 })
    ).json();
    expect(h.latestOrder).toMatchObject({
      id: list.data[0].id,
      tradeOrderCode: list.data[0].tradeOrderCode,
      displayStatus: list.data[0].displayStatus,
    });
  });

  it('a new buyer: nothing yet, then their own latest order; an active super member shows', async () => {
    const x = await signup('home');
    expect(await home(x.b)).toMatchObject({
      points: 0,
      couponsAvailable: 0,
      latestOrder: null,
      afterSalesOpen: 0,
      afterSalesForBuyer: 0,
      reviewsToDo: 0,
      superMember: { active: false },
    });
    const placed = await place(x, [['TRAY-STEEL', '2']]);
    const h = await home(x.b);
    expect(h.latestOrder).toMatchObject({
      id: placed.orderIds[0],
      displayStatus: 'PENDING_PAY',
      lineCount: 1,
      needPayAmt: { currency: 'USD' },
    });
    expect(h.latestOrder.itemName).toMatch(/tray/i);
    const maria = await home(await login(t.app, 'maria@demo.shop'));
    expect(maria.superMember.active).toBe(true);
    expect(new Date(maria.superMember.endTime).getTime()).toBeGreaterThan(Date.now());
  });

  it('guests are asked to log in', async () => {
    expectError(await browser(t.app).get('/api/buyer/home'), 401, 'Common.unauthorized');
  });
});
