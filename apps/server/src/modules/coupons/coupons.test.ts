/**
 * My coupons through app.inject: the available tab is what the checkout offers, a coupon the
 * checkout used moves to the used tab, ended ones are expired, pages of 4, only one's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { couponCampaigns, ownerCoupons } from '../../db/schema/index.js';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { loadFixtures, previewOk, usAddress, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
const { signup, place } = orderKit(() => ({ t, f }));
const PAGE = '/sapi/mall-customer/customer/pageMyCoupons';

const page = async (b: Browser, body: Record<string, unknown>) => {
  const res = await b.post(PAGE, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  buyer = await login(t.app, 'buyer@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

describe('my coupons of the demo buyer', () => {
  it('the available tab lists exactly the coupons the checkout offers, with the display rules', async () => {
    const mine = await page(buyer, { tab: 'AVAILABLE' });
    const checkout = await previewOk(buyer, {
      previewTradeContractLineReqTOList: [
        { skuId: f.sku['E7-BLK-140'], qty: '1' },
        { skuId: f.sku['LAMP-BAR'], qty: '1' },
      ],
      selectedAddress: usAddress(f),
    });
    const offered = checkout.availableCouponList.map((c: { ownerCouponId: string }) => c.ownerCouponId).sort();
    expect(mine.data.map((c: { ownerCouponId: string }) => c.ownerCouponId).sort()).toEqual(offered);
    expect(mine.total).toBe(4);
    expect(mine.counts).toEqual({ AVAILABLE: 4, USED: 2, EXPIRED: 2 });
    const byName = Object.fromEntries(mine.data.map((c: { couponCampaignName: string }) => [c.couponCampaignName, c]));
    // Discount coupons show 100 - 10 x value percent; amount coupons their amount; the member one is not combinable.
    expect(byName['Member 15% off']).toMatchObject({
      memberCouponType: 'DISCOUNT_COUPON',
      display: { type: 'percent', discount: '15' },
      useLimit: true,
      status: 'AVAILABLE',
      usedTime: null,
      shopName: null,
    });
    expect(byName['Nordic Home 10% off']).toMatchObject({
      display: { type: 'percent', discount: '10' },
      shopName: 'Nordic Home',
    });
    expect(byName['FlexiDesk $20 off']).toMatchObject({
      display: { type: 'amount', discount: '20.00' },
      minSpend: { value: '100.00', currency: 'USD' },
      shopName: 'FlexiDesk Official',
    });
    for (const c of mine.data) expect(new Date(c.endTime).getTime()).toBeGreaterThan(Date.now());
  });

  it('used and expired tabs, pages of 4', async () => {
    const used = await page(buyer, { tab: 'USED' });
    expect(used.data).toHaveLength(2);
    for (const c of used.data) expect(c).toMatchObject({ status: 'USED', usedTime: expect.any(String) });
    const expired = await page(buyer, { tab: 'EXPIRED' });
    expect(expired.data.map((c: { couponCampaignName: string }) => c.couponCampaignName).sort()).toEqual([
      'Nordic Home $8 off',
      'Summer member 20% off',
    ]);
    for (const c of expired.data) expect(new Date(c.endTime).getTime()).toBeLessThan(Date.now());
    expect(
      expired.data.find((c: { couponCampaignName: string }) => c.couponCampaignName === 'Summer member 20% off')
        .display,
    ).toEqual({ type: 'percent', discount: '20' });
    const defaults = await page(buyer, {});
    expect(defaults).toMatchObject({ pageNo: 1, pageSize: 4, total: 4 });
    const second = await page(buyer, { tab: 'AVAILABLE', pageNo: 2, pageSize: 3 });
    expect(second.data).toHaveLength(1);
    expect((await buyer.post(PAGE, { tab: 'SOON' })).statusCode).toBe(400);
  });
});

describe('the tabs follow the checkout', () => {
  it('a coupon used by an order moves from available to used; another buyer sees only their own', async () => {
    const x = await signup('coupons');
    const [campaign] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.name, 'Mall $5 off'));
    const [owned] = await t.db.insert(ownerCoupons).values({ campaignId: campaign!.id, buyerId: x.id }).returning();
    expect((await page(x.b, { tab: 'AVAILABLE' })).data.map((c: { ownerCouponId: string }) => c.ownerCouponId)).toEqual(
      [String(owned!.id)],
    );
    await place(x, [['E7-BLK-140', '1']], { couponIds: [String(owned!.id)] });
    const after = await page(x.b, { tab: 'AVAILABLE' });
    expect(after).toMatchObject({ data: [], total: 0, counts: { AVAILABLE: 0, USED: 1, EXPIRED: 0 } });
    const used = await page(x.b, { tab: 'USED' });
    expect(used.data).toMatchObject([{ ownerCouponId: String(owned!.id), status: 'USED' }]);
    // The demo buyer's tabs did not change, and a guest has none.
    expect((await page(buyer, { tab: 'USED' })).total).toBe(2);
    expect(await page(browser(t.app), { tab: 'AVAILABLE' })).toMatchObject({ data: [], total: 0 });
  });
});
