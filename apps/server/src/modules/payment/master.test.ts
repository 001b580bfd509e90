/** Enterprise sub-account hands an order to the main account, which pays it (SPEC §4, §5, §6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { createTestApp, login, type Browser, type TestApp } from '../../../test/helpers.js';
import { newKey, submit, submitBodyFor, usAddress, loadFixtures, freshIp } from '../../../test/checkout-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Three E7 desks (~$1,600): above sub1's $1,000 order limit. */
async function bigOrder(b: Browser, email: string): Promise<string> {
  const f = await loadFixtures(t.db);
  const lines = [{ skuId: '1', qty: '3' }];
  const address = usAddress(f, { email });
  const p = await b.post(
    '/api/checkout/preview',
    { previewTradeContractLineReqTOList: lines, selectedAddress: address, couponIds: [] },
    { remoteAddress: freshIp() },
  );
  expect(p.statusCode, p.body).toBe(200);
  const o = p.json().renderTradeOrderTOList[0];
  const body = await submitBodyFor(
    b,
    {
      previewTradeContractLineReqTOList: lines,
      selectedAddress: address,
      couponIds: [],
      preCalShippingList: [{ shopId: o.shopId, shippingMethodId: o.selectedShippingMethodId }],
    },
    { notifyInfo: { notifyType: 'email', contactInfo: email } },
  );
  const res = await submit(b, body, newKey());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 40; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return fn();
}

describe('Submit Master Account', () => {
  it('a sub-account over its limit cannot pay itself, submits to the main account, and the main account pays it', async () => {
    const sub = await login(t.app, 'sub1@demo.shop');
    const contractId = await bigOrder(sub, 'sub1@demo.shop');

    const own = await sub.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('Payment.orderLimitExceeded');

    const submitted = await sub.post('/api/payments/submit-to-master', { contractId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toEqual({ contractId, masterStatus: 'PENDING' });

    // Another buyer still cannot see it; the main account can.
    const buyer = await login(t.app, 'buyer@demo.shop');
    expect(
      (await buyer.post('/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById', { id: contractId }))
        .statusCode,
    ).toBe(404);
    const main = await login(t.app, 'main@demo.shop');
    const list = (await main.get('/api/payments/master-pending')).json<{ contractId: string }[]>();
    expect(list).toContainEqual(expect.objectContaining({ contractId, buyerName: 'Acme Purchasing' }));
    const pendingBefore = list.length;
    const detail = (
      await main.post('/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById', { id: contractId })
    ).json();
    expect(detail).toMatchObject({ id: contractId, status: 'PENDING_PAY', masterStatus: 'PENDING' });
    // The main account sees the orders' numbers, not the contract id; the sub-account's email is not handed over.
    expect(list.find((c) => c.contractId === contractId)).toMatchObject({
      tradeOrderCodes: detail.tradeOrderList.map((o: { tradeOrderCode: string }) => o.tradeOrderCode),
    });
    expect(detail.tradeOrderList[0].tradeOrderCode).toMatch(/^\d{17}$/);
    expect(detail.email).toBeNull();

    const start = await main.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' });
    expect(start.statusCode, start.body).toBe(200);
    const page = await t.app.inject({
      method: 'POST',
      url: start.json().redirectUrl,
      payload: 'outcome=approve&card=4242424242424242',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);

    const result = await waitFor(
      () => main.post('/sapi/mall-pay/payment/payResult', { contractId }).then((r) => r.json()),
      (r) => r.status === 'PAY_SUCCESS',
    );
    expect(result.status).toBe('PAY_SUCCESS');
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(contractId)));
    expect(c).toMatchObject({ status: 'PAID', masterStatus: 'PAID' });
    // The sub-account sees its order paid, and the main account's list is empty again.
    expect((await sub.post('/sapi/mall-pay/payment/payResult', { contractId })).json().status).toBe('PAY_SUCCESS');
    const after = (await main.get('/api/payments/master-pending')).json<{ contractId: string }[]>();
    expect(after.map((x) => x.contractId)).not.toContain(contractId);
    expect(after).toHaveLength(pendingBefore - 1);
  });

  it('only sub-accounts submit to the main account', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const contractId = await bigOrder(buyer, 'buyer@demo.shop');
    const res = await buyer.post('/api/payments/submit-to-master', { contractId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Enterprise.notEnterpriseUser');
  });
});

describe('secondaryPay', () => {
  it("answers the payment status of the order's contract, for its buyer only", async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const contractId = await bigOrder(buyer, 'buyer@demo.shop');
    const [order] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(contractId)));
    const res = await buyer.post('/sapi/mall-order/web/order/secondaryPay', { id: String(order!.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ contractId, paymentRecordStatus: 'NONE', paymentRecordId: null });
    const other = await login(t.app, 'main@demo.shop');
    const denied = await other.post('/sapi/mall-order/web/order/secondaryPay', { id: String(order!.id) });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe('Trade.tradeContractNotExist');
  });
});
