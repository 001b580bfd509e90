/**
 * An order's payment rows show the order's own amount: one payment covers the whole checkout
 * (every shop's order), so each order shows its share, the whole payment as `contractAmount`,
 * and names the orders it is paid together with. Before, an unpaid order of a two-shop checkout
 * showed the whole checkout's amount ($486.06) while its own total was $433.81.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toMinor } from '@mall/domain';
import { tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { createTestApp, type Browser, type TestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit, waitFor } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
const { signup, place, pay } = orderKit(() => ({ t, f }));
beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
});
afterAll(async () => {
  await t?.close();
});

const detail = async (b: Browser, id: string) => {
  const res = await b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const usd = (m: { value: string }) => toMinor(m.value, 'USD');

describe('payment rows of an order paid together with another', () => {
  it('an unpaid two-shop checkout: each order shows its own amount and the other order', async () => {
    const buyer = await signup('together');
    const placed = await place(buyer, [
      ['E7-BLK-140', '1'],
      ['LAMP-BAR', '1'],
    ]);
    expect(placed.orderIds).toHaveLength(2);
    const start = await buyer.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId: placed.contractId, payChannel: 'MOCKPAY' },
      { remoteAddress: freshIp() },
    );
    expect(start.statusCode, start.body).toBe(200);

    const [contract] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(placed.contractId)));
    const rows = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(placed.contractId)))
      .orderBy(tradeOrders.id);
    const [a, b] = await Promise.all(placed.orderIds.map((id) => detail(buyer.b, id)));
    for (const [d, other] of [
      [a, b],
      [b, a],
    ]) {
      expect(d.displayStatus).toBe('PENDING_PAY');
      const rec = d.paymentInfo.records;
      expect(rec).toHaveLength(1);
      expect(rec[0].recordStatus).toBe('PAY_PENDING');
      // The row is this order's amount, not the checkout's.
      expect(rec[0].amount).toEqual(d.needPayAmt);
      expect(usd(rec[0].contractAmount)).toBe(contract!.needPayAmtMinor);
      expect(usd(d.paymentInfo.contractAmount)).toBe(contract!.needPayAmtMinor);
      expect(d.paymentInfo.togetherWith).toEqual([{ id: other.id, tradeOrderCode: other.tradeOrderCode }]);
    }
    expect(usd(a.paymentInfo.records[0].amount) + usd(b.paymentInfo.records[0].amount)).toBe(contract!.needPayAmtMinor);
    expect(rows.map((r) => r.needPayAmtMinor)).toEqual([usd(a.needPayAmt), usd(b.needPayAmt)]);

    // Paid (the started attempt approved on MOCKPAY's page): the successful row is split the same way.
    const page = await t.app.inject({
      method: 'POST',
      url: `/mockpay/pay/${start.json().channelToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve&card=4242424242424242',
    });
    expect(page.statusCode, page.body).toBe(303);
    await waitFor(
      () =>
        t.db
          .select()
          .from(tradeOrders)
          .where(eq(tradeOrders.contractId, BigInt(placed.contractId))),
      (os) => os.every((o) => o.status === 'UN_DELIVERY'),
      'paid',
    );
    const paidA = await detail(buyer.b, placed.orderIds[0]!);
    const success = paidA.paymentInfo.records.find((r: { recordStatus: string }) => r.recordStatus === 'PAY_SUCCESS');
    expect(success.amount).toEqual(paidA.needPayAmt);
    expect(usd(success.contractAmount)).toBe(contract!.needPayAmtMinor);
  });

  it('a checkout with one order shows the payment as it is and no other order', async () => {
    const buyer = await signup('alone');
    const placed = await place(buyer, [['TRAY-STEEL', '1']]);
    await pay(buyer.b, placed.contractId);
    const d = await detail(buyer.b, placed.orderIds[0]!);
    expect(d.paymentInfo.togetherWith).toEqual([]);
    expect(d.paymentInfo.records[0].amount).toEqual(d.paymentInfo.records[0].contractAmount);
    expect(d.paymentInfo.records[0].amount).toEqual(d.needPayAmt);
  });
});
