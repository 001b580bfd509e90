/**
 * Service use codes end to end on real Postgres (SPEC §3 tradeOrderLineCouponsBOList,
 * serviceRemainingTimes; §4 toUse, checkVerifyCode): issued at payment from a cryptographic
 * source and unique in the database, shown to the buyer through checkVerifyCode only, redeemed
 * by the shop's seller once, refused with stable codes, and refunds take unused units only.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carriers, tradeOrderLineCoupons, tradeOrderLines } from '../../db/schema/index.js';
import { type Browser, type TestApp, createTestApp, login } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, upsTrackingNumber, waitFor, type Buyer } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
let carrierId: string;
const { signup, place, pay, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  carrierId = String((await t.db.select().from(carriers).where(eq(carriers.code, 'UPS')))[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

const DETAIL = '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer';
const detail = async (b: Browser, id: string) => {
  const res = await b.post(DETAIL, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const verifyCodes = (b: Browser, id: string) => b.post(`/api/orders/${id}/verify-codes`, {});
const redeem = (b: Browser, couponCode: string, couponsPassword: string) =>
  b.post('/api/merchant/service-codes/redeem', { couponCode, couponsPassword });
type Code = { couponCode: string; couponsPassword: string; usedStatus: string; usedTime: string | null };
const codesOf = async (b: Browser, id: string): Promise<Code[]> => {
  const res = await verifyCodes(b, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines.flatMap((l: { tradeOrderLineCouponsBOList: Code[] }) => l.tradeOrderLineCouponsBOList);
};

/** A paid order of `qty` assembly services, shipped (received) when asked. */
async function serviceOrder(buyer: Buyer, qty: string, shipped: boolean): Promise<string> {
  const placed = await place(buyer, [['SRV-ASSEMBLY', qty]]);
  await pay(buyer.b, placed.contractId);
  const id = placed.orderIds[0]!;
  if (shipped) {
    const lines = await topLines(id);
    const res = await seller.post(`/api/merchant/orders/${id}/packages`, {
      carrierId,
      serviceCode: upsTrackingNumber(),
      lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

describe('issuing and showing the codes', () => {
  it('a paid service line has one code per unit: masked in the order, in full behind checkVerifyCode', async () => {
    const x = await signup('codes');
    const unpaid = (await place(x, [['SRV-ASSEMBLY', '1']])).orderIds[0]!;
    const before = await detail(x.b, unpaid);
    expect(before.operationList).not.toContain('checkVerifyCode');
    expect(before.operationList).not.toContain('toUse');
    expectError(await verifyCodes(x.b, unpaid), 409, 'Trade.operationNotAllowed');

    const id = await serviceOrder(x, '2', false);
    const d = await detail(x.b, id);
    expect(d.operationList).toEqual(expect.arrayContaining(['toUse', 'checkVerifyCode']));
    const line = d.tradeOrderLineList[0];
    expect(line.serviceRemainingTimes).toBe(2);
    expect(line.tradeOrderLineCouponsBOList).toHaveLength(2);
    for (const c of line.tradeOrderLineCouponsBOList)
      expect(c).toMatchObject({
        couponCode: expect.stringMatching(/^•{8}[A-Z2-9]{4}$/),
        couponsPassword: '',
        usedStatus: 'NOT_USED',
      });
    // The list hides checkVerifyCode's button but carries the operation.
    const codes = await codesOf(x.b, id);
    expect(codes).toHaveLength(2);
    for (const c of codes) {
      expect(c.couponCode).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(c.couponsPassword).toMatch(/^\d{6}$/);
    }
    expect(new Set(codes.map((c) => c.couponCode)).size).toBe(2);
    expect(line.tradeOrderLineCouponsBOList.map((c: Code) => c.couponCode.slice(-4))).toEqual(
      codes.map((c) => c.couponCode.slice(-4)),
    );

    // Only the order's buyer reads them.
    const other = await signup('nosy');
    expectError(await verifyCodes(other.b, id), 404, 'Trade.tradeOrderNotExist');
  });

  it('the database refuses a second code like an existing one', async () => {
    const [any] = await t.db.select().from(tradeOrderLineCoupons).limit(1);
    await expect(
      t.db
        .insert(tradeOrderLineCoupons)
        .values({ orderLineId: any!.orderLineId, couponCode: any!.couponCode, couponsPassword: '123456' }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});

describe('the seller redeems', () => {
  let x: Buyer;
  let id: string;
  let codes: Code[];
  beforeAll(async () => {
    x = await signup('redeem');
    id = await serviceOrder(x, '3', true);
    codes = await codesOf(x.b, id);
  });

  it('a code becomes USED with its time and the remaining uses go down; the buyer sees it', async () => {
    const res = await redeem(
      seller,
      codes[0]!.couponCode.toLowerCase().replace(/(.{4})/g, '$1 '),
      codes[0]!.couponsPassword,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      couponCode: codes[0]!.couponCode,
      usedStatus: 'USED',
      tradeOrderId: id,
      itemName: 'On-site Assembly Service',
      serviceRemainingTimes: 2,
    });
    const after = await codesOf(x.b, id);
    expect(after[0]).toMatchObject({ usedStatus: 'USED', usedTime: res.json().usedTime });
    const d = await detail(x.b, id);
    expect(d.tradeOrderLineList[0].serviceRemainingTimes).toBe(2);
    expect(d.tradeOrderLineList[0].tradeOrderLineCouponsBOList[0].usedStatus).toBe('USED');
    const [row] = await t.db
      .select()
      .from(tradeOrderLineCoupons)
      .where(eq(tradeOrderLineCoupons.couponCode, codes[0]!.couponCode));
    expect(row!.usedBy).not.toBeNull();
  });

  it('used, unknown, wrong password, another shop and non-sellers are refused with their codes', async () => {
    expectError(await redeem(seller, codes[0]!.couponCode, codes[0]!.couponsPassword), 409, 'ServiceCode.used');
    expectError(await redeem(seller, 'ZZZZZZZZZZZZ', '123456'), 404, 'ServiceCode.notFound');
    const wrong = codes[1]!.couponsPassword === '000000' ? '000001' : '000000';
    expectError(await redeem(seller, codes[1]!.couponCode, wrong), 400, 'ServiceCode.wrongPassword');
    expectError(
      await redeem(await login(t.app, 'seller2@demo.shop'), codes[1]!.couponCode, codes[1]!.couponsPassword),
      404,
      'ServiceCode.notFound',
    );
    expectError(await redeem(x.b, codes[1]!.couponCode, codes[1]!.couponsPassword), 403, 'Merchant.notSeller');
    expectError(await redeem(seller, 'short', '123456'), 400, 'Common.invalidRequest');
    // Nothing of that touched the code.
    expect((await codesOf(x.b, id))[1]!.usedStatus).toBe('NOT_USED');
  });

  it('two redemptions of one code at once make one', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => redeem(seller, codes[1]!.couponCode, codes[1]!.couponsPassword)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ServiceCode.used')).toBe(true);
    const [line] = await t.db
      .select()
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.orderId, BigInt(id)));
    expect(line!.serviceRemainingTimes).toBe(1);
  });

  it('after-sales refunds only the unused unit; its code is then void', async () => {
    const render = await x.b.post('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', [
      { tradeOrder: { id }, reverseTradeOrderType: 'SALE_REFUND' },
    ]);
    expect(render.json().reverseTradeOrderLineList[0].canReverseQty).toBe('1');
    expect((await detail(x.b, id)).tradeOrderLineList[0].canReverseQty).toBe('1');
    const lineId = String((await topLines(id))[0]!.id);
    const apply = (qty: string) =>
      x.b.post(
        '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
        [
          {
            tradeOrder: { id },
            reverseReason: 'QUALITY_ISSUE',
            applyRefundAmt: '10.00',
            reverseTradeOrderLineList: [{ tradeOrderLine: { id: lineId }, reverseQty: qty }],
          },
        ],
        { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
      );
    expectError(await apply('2'), 400, 'AfterSales.quantityOutOfRange');
    const applied = await apply('1');
    expect(applied.statusCode, applied.body).toBe(200);
    const rid = applied.json().id as string;
    // While the request is open the shop cannot take the code it may refund.
    expectError(await redeem(seller, codes[2]!.couponCode, codes[2]!.couponsPassword), 409, 'ServiceCode.inAfterSales');
    expect((await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true })).statusCode).toBe(200);
    expect((await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount: '10.00' })).statusCode).toBe(200);
    await waitFor(
      () => codesOf(x.b, id),
      (cs) => cs[2]!.usedStatus === 'REFUNDED',
      'code voided by the refund',
    );
    expectError(await redeem(seller, codes[2]!.couponCode, codes[2]!.couponsPassword), 409, 'ServiceCode.refunded');
    const d = await detail(x.b, id);
    expect(d.tradeOrderLineList[0]).toMatchObject({ serviceRemainingTimes: 0, canReverseQty: '0' });
    // Nothing left to use, two used codes still to look at.
    expect(d.operationList).not.toContain('toUse');
    expect(d.operationList).toContain('checkVerifyCode');
  });
});

describe('cancel after pay', () => {
  it('a used code ends the whole-order cancel; the unused units are cancelled through after-sales', async () => {
    const x = await signup('cancel');
    const id = await serviceOrder(x, '2', false);
    expect((await detail(x.b, id)).operationList).toContain('buyerCancelAfterPay');
    const [first] = await codesOf(x.b, id);
    expect((await redeem(seller, first!.couponCode, first!.couponsPassword)).statusCode).toBe(200);
    const d = await detail(x.b, id);
    expect(d.operationList).not.toContain('buyerCancelAfterPay');
    expect(d.operationList).toContain('buyerApplyReverse');
    expect(d.tradeOrderLineList[0].canCancelQty).toBe('1');
    expectError(
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }]),
      409,
      'Trade.operationNotAllowed',
    );
  });
});
