/** Presale: deposit, then the balance inside its window (SPEC §4 presale, issue "Payment" 9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentRecords, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { createTestApp, login, skuIdOf, type Browser, type TestApp } from '../../../test/helpers.js';
import { freshIp, newKey, submit, submitBodyFor } from '../../../test/checkout-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function order(b: Browser, lines: { skuId: string; qty: string }[]) {
  const choices = { previewTradeContractLineReqTOList: lines, selectedAddress: { id: '1' }, couponIds: [] };
  const p = await b.post('/api/checkout/preview', choices, { remoteAddress: freshIp() });
  expect(p.statusCode, p.body).toBe(200);
  const preCalShippingList = p
    .json()
    .renderTradeOrderTOList.map((o: { shopId: string; selectedShippingMethodId: string }) => ({
      shopId: o.shopId,
      shippingMethodId: o.selectedShippingMethodId,
    }));
  return submit(b, await submitBodyFor(b, { ...choices, preCalShippingList }), newKey());
}

async function payWithMockpay(b: Browser, contractId: string): Promise<bigint> {
  const start = await b.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' });
  expect(start.statusCode, start.body).toBe(200);
  const [record] = await t.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.id, BigInt(start.json().paymentRecordId)));
  await t.app.inject({
    method: 'POST',
    url: start.json().redirectUrl,
    payload: 'outcome=approve&card=4242424242424242',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  for (let i = 0; i < 40; i++) {
    const [r] = await t.db.select().from(paymentRecords).where(eq(paymentRecords.id, record!.id));
    if (r!.status === 'PAY_SUCCESS') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return record!.amountMinor;
}

const contract = async (id: string) =>
  (
    await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(id)))
  )[0]!;
const orderStatuses = async (id: string) =>
  (
    await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(id)))
  ).map((o) => o.status);

describe('presale deposit and balance', () => {
  it('pays the deposit first, refuses the balance before its window with the start time, then pays the balance inside it', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const skuId = await skuIdOf(t.app, 'pro-desk-2027', 'PRO27-WAL');
    const res = await order(buyer, [{ skuId, qty: '1' }]);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    let c = await contract(id);
    // 20 % of 898.99 = 179.798 -> 179.80 deposit; the rest (with shipping and tax) is the balance.
    expect(c).toMatchObject({ presaleStage: 'DEPOSIT', depositMinor: 17980n, status: 'PENDING_PAY' });
    expect(await orderStatuses(id)).toEqual(['PENDING_DEPOSIT']);
    const detail = (
      await buyer.post('/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById', { id })
    ).json();
    expect(detail.stageAmt).toEqual({ value: '179.80', currency: 'USD' });
    expect(detail.presale).toMatchObject({ stage: 'DEPOSIT', deposit: { value: '179.80', currency: 'USD' } });

    expect(await payWithMockpay(buyer, id)).toBe(17980n);
    c = await contract(id);
    expect(c).toMatchObject({ presaleStage: 'BALANCE', status: 'PENDING_PAY' });
    expect(await orderStatuses(id)).toEqual(['PENDING_BALANCE']);
    expect((await buyer.post('/sapi/mall-pay/payment/payResult', { contractId: id })).json().status).toBe(
      'PAY_SUCCESS',
    );

    // Before the window: refused, with when payment begins.
    const later = new Date(Date.now() + 3 * 86400_000);
    await t.db
      .update(tradeContracts)
      .set({ balanceStartAt: later })
      .where(eq(tradeContracts.id, BigInt(id)));
    const early = await buyer.post('/sapi/mall-pay/payment/firstPay', { contractId: id, payChannel: 'MOCKPAY' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'Payment.balanceNotStarted',
      details: { balancePaymentStartTime: later.toISOString() },
    });

    await t.db
      .update(tradeContracts)
      .set({ balanceStartAt: new Date(Date.now() - 60_000) })
      .where(eq(tradeContracts.id, BigInt(id)));
    const balance = await payWithMockpay(buyer, id);
    expect(balance).toBe(c.needPayAmtMinor - 17980n);
    c = await contract(id);
    expect(c.status).toBe('PAID');
    expect(await orderStatuses(id)).toEqual(['UN_DELIVERY']);
    const again = await buyer.post('/sapi/mall-pay/payment/firstPay', { contractId: id, payChannel: 'MOCKPAY' });
    expect(again.json().code).toBe('Payment.alreadyPaid');
  });

  it('presale items are checked out on their own', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const presale = await skuIdOf(t.app, 'pro-desk-2027', 'PRO27-WAL');
    const tray = await skuIdOf(t.app, 'cable-tray', 'TRAY-STEEL');
    const res = await order(buyer, [
      { skuId: presale, qty: '1' },
      { skuId: tray, qty: '1' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'Checkout.cannotBuy',
      message: 'Presale items are checked out on their own',
    });
  });
});
