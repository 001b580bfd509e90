/**
 * Membership through the API: levels of the site, the buyer's level, growth and the difference
 * to the next level; the member discount shown as levelAmt is what submit charges; paying adds
 * growth and a refund takes it back; every buyer sees only their own level and points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberCouponGrants, ownerCoupons, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import {
  loadFixtures,
  previewOk,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { orderKit, waitFor } from '../../../test/order-fixtures.js';
import { addGrowth, growthOf } from './growth.js';
import { issueMonthlyCoupons } from './service.js';

let t: TestApp;
let f: Fixtures;
let demo: Browser;
let seller: Browser;
const { signup, place, pay, statusOf } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  demo = await login(t.app, 'buyer@demo.shop');
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await t.close();
});

const levels = async (b: Browser) => {
  const res = await b.post('/api/trantor/flow/customer_PagingLevelManageFlow', [{}]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const customer = async (b: Browser) => {
  const res = await b.post('/sapi/mall-customer/customer/queryCustomerFlow', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const difference = async (b: Browser) =>
  (await b.post('/api/trantor/flow/customer_QueryLevelUpDifferenceFlow', [{}])).json();

describe('levels', () => {
  it("lists the four levels of the site, lowest first, with their benefits; marks the buyer's", async () => {
    const page = await levels(demo);
    expect(page.total).toBe(4);
    expect(page.data.map((l: { code: string }) => l.code)).toEqual(['MEMBER', 'SILVER', 'GOLD', 'PLATINUM']);
    expect(page.data[2]).toMatchObject({
      name: 'Gold',
      threshold: { value: '15000.00', currency: 'USD' },
      benefits: {
        discountPercent: 3,
        pointsMultiplier: '1.5',
        freeShippingThreshold: { value: '99.00' },
        monthlyCoupon: { amount: { value: '10.00' } },
      },
    });
    const me = await customer(demo);
    expect(page.currentLevelId).toBe(me.level.id);
  });

  it('the demo buyer is Silver with 2,000 points and sees what is missing to Gold', async () => {
    const me = await customer(demo);
    expect(me).toMatchObject({ level: { code: 'SILVER' }, pointBalance: 2000, paidService: null });
    const d = await difference(demo);
    const growth = Number(d.growth.value);
    expect(d).toMatchObject({ currentLevel: { code: 'SILVER' }, nextLevel: { code: 'GOLD' } });
    expect(Number(d.missingGrowth.value)).toBeCloseTo(15000 - growth, 2);
    expect(d.progress).toBe(Math.floor(((growth - 5000) * 100) / 10000));
  });

  it('maria@demo.shop is Gold and an active super member', async () => {
    const maria = await customer(await login(t.app, 'maria@demo.shop'));
    expect(maria).toMatchObject({ level: { code: 'GOLD' }, paidService: { active: true, periodCode: 'YEARLY' } });
  });

  it('a level by id, its benefits, and a level of another site is not found', async () => {
    const page = await levels(demo);
    const gold = page.data[2];
    expect(
      (await demo.post('/api/trantor/func/marketing_QueryBenefitByLevelFunc', [{ levelId: gold.id }])).json(),
    ).toEqual(gold);
    expect((await demo.post('/api/trantor/flow/customer_QueryLevelManageFlow', [{ id: gold.id }])).json()).toEqual(
      gold,
    );
    const onJp = await login(t.app, 'buyer@demo.shop');
    onJp.cookies.set('site', 'JP');
    const jp = await onJp.post('/api/trantor/flow/customer_QueryLevelManageFlow', [{ id: gold.id }]);
    expect(jp.statusCode, jp.body).toBe(404);
    expect(jp.json().code).toBe('Member.levelNotFound');
  });

  it('guests see the levels but have no level, growth or points', async () => {
    const guest = browser(t.app);
    expect((await levels(guest)).currentLevelId).toBeNull();
    expect((await guest.post('/sapi/mall-customer/customer/queryCustomerFlow', {})).statusCode).toBe(401);
    expect((await guest.post('/sapi/mall-customer/points/queryPointHistory', {})).statusCode).toBe(401);
  });
});

describe('benefits in pricing', () => {
  it('a Gold buyer sees 3 % off as levelAmt, and submit charges exactly the preview', async () => {
    const x = await signup('gold');
    await addGrowth(t.db, { buyerId: x.id, site: 'US', amountMinor: 1_500_000n });
    expect((await customer(x.b)).level.code).toBe('GOLD');
    const benefits = (await x.b.post('/api/trantor/func/marketing_QueryCustomerBenefitByLevelFunc', [{}])).json();
    expect(benefits).toMatchObject({ discountPercent: 3, pointsMultiplier: '1.5', sources: ['LEVEL'] });
    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '2' }],
      selectedAddress: usAddress(f, { email: x.email }),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const p = await previewOk(x.b, choices);
    const sku = Math.round(Number(p.skuAmt.value) * 100);
    // 3 % of the goods, half up.
    expect(Math.round(Number(p.levelAmt.value) * 100)).toBe(Math.round(sku * 0.03));
    expect(Number(p.levelAmt.value)).toBeGreaterThan(0);
    // The same cart for a new buyer (entry level) has no member discount and earns fewer points.
    const y = await signup('entry');
    const q = await previewOk(y.b, { ...choices, selectedAddress: usAddress(f, { email: y.email }) });
    expect(q.levelAmt.value).toBe('0.00');
    expect(Number(q.needPayAmt.value)).toBeGreaterThan(Number(p.needPayAmt.value));

    const body = await submitBodyFor(x.b, choices, { notifyInfo: { notifyType: 'email', contactInfo: x.email } });
    const res = await submit(x.b, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().needPayAmt).toEqual(p.needPayAmt);
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(res.json().id)));
    expect(c!.levelAmtMinor).toBe(BigInt(Math.round(Number(p.levelAmt.value) * 100)));
    expect(c!.earnPoints).toBe(p.earnPoints);
    const [o] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.contractId, c!.id));
    expect(o!.levelAmtMinor).toBe(c!.levelAmtMinor);
    expect(o!.skuAmtMinor - o!.discountAmtMinor + o!.shippingAmtMinor + o!.taxAmtMinor).toBe(o!.needPayAmtMinor);
  });
});

describe('growth', () => {
  it('paying adds the paid amount; a refund takes it back', async () => {
    const x = await signup('grower');
    expect(await growthOf(t.db, x.id, 'US')).toBe(0n);
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    expect(await growthOf(t.db, x.id, 'US')).toBe(0n);
    await pay(x.b, placed.contractId);
    const id = placed.orderIds[0]!;
    const [o] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.id, BigInt(id)));
    expect(await growthOf(t.db, x.id, 'US')).toBe(o!.paidAmtMinor);
    expect((await customer(x.b)).growth.value).toBe((Number(o!.paidAmtMinor) / 100).toFixed(2));

    const rev = (
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }])
    ).json().reverseTradeOrderId as string;
    expect((await seller.post(`/api/merchant/reverse/${rev}/decision`, { approve: true })).statusCode).toBe(200);
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    expect(await growthOf(t.db, x.id, 'US')).toBe(0n);
  });
});

describe('monthly member coupons', () => {
  it('go to buyers of levels with a coupon, once per buyer and month', async () => {
    const x = await signup('coupon');
    await addGrowth(t.db, { buyerId: x.id, site: 'US', amountMinor: 1_500_000n });
    const now = new Date();
    await issueMonthlyCoupons(t.db, now);
    expect(await issueMonthlyCoupons(t.db, now)).toBe(0);
    const mine = await t.db.select().from(memberCouponGrants).where(eq(memberCouponGrants.buyerId, x.id));
    expect(mine).toHaveLength(1);
    const owned = await t.db
      .select()
      .from(ownerCoupons)
      .where(and(eq(ownerCoupons.buyerId, x.id), eq(ownerCoupons.id, mine[0]!.ownerCouponId)));
    expect(owned).toHaveLength(1);
    // The checkout offers it (a platform coupon of $10 off from $100).
    const p = await previewOk(x.b, {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '4' }],
      selectedAddress: usAddress(f, { email: x.email }),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
    });
    expect(p.availablePlatformCouponList.map((c: { ownerCouponId: string }) => c.ownerCouponId)).toContain(
      String(owned[0]!.id),
    );
  });
});
