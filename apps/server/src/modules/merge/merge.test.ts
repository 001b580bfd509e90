/**
 * Paying and cancelling several unpaid orders together (SPEC §4 MERGE_PAY, MERGE_CANCEL) through
 * app.inject on real Postgres: orders placed by the real checkout, paid on MOCKPAY's hosted page
 * with its signed webhooks, refunded per order by the refund job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  contractMerges,
  couponCampaigns,
  mockpayEvents,
  mockpayPayments,
  ownerCoupons,
  paymentRecords,
  pointLedger,
  refunds,
  tradeContracts,
  tradeOrders,
  webhookEvents,
} from '../../db/schema/index.js';
import { DEV_MOCKPAY_SECRET } from '../../app.js';
import { login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { freshIp, loadFixtures, pointsOf, stockOf, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer, type Placed } from '../../../test/order-fixtures.js';
import { grantPoints } from '../points/ledger.js';
import { signatureHeader } from '../mockpay/provider.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
const { signup, place, pay, orderRow, statusOf } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

const mergePay = (b: Browser, tradeOrderIds: string[]) =>
  b.post('/api/trade/merge-pay', { tradeOrderIds }, { remoteAddress: freshIp() });
const mergeCancel = (b: Browser, tradeOrderIds: string[]) => b.post('/api/trade/merge-cancel', { tradeOrderIds });
const firstPay = (b: Browser, contractId: string) =>
  b.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' }, { remoteAddress: freshIp() });
const hostedApprove = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/mockpay/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=approve&card=4242424242424242',
  });
const contract = async (id: string | bigint) =>
  (
    await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(id)))
  )[0]!;
const recordsOf = (contractId: string | bigint) =>
  t.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.contractId, BigInt(contractId)))
    .orderBy(asc(paymentRecords.id));
const mockpayCount = async () => (await t.db.select({ n: count() }).from(mockpayPayments))[0]!.n;
const detail = (b: Browser, id: string) =>
  b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
const listPending = async (b: Browser) =>
  (
    await b.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', { searchStatus: 'PENDING_PAY', pageSize: 50 })
  ).json().data as any[];

async function mergeOk(b: Browser, ids: string[]) {
  const res = await mergePay(b, ids);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    id: string;
    payUniqueKey: string;
    needPayAmt: { value: string; currency: string };
    tradeOrderList: { id: string; tradeOrderCode: string }[];
  }>();
}

describe('pay together', () => {
  let x: Buyer;
  let a: Placed;
  let b: Placed;
  let merged: Awaited<ReturnType<typeof mergeOk>>;
  let token: string;

  beforeAll(async () => {
    x = await signup('merger');
    a = await place(x, [['E7-BLK-140', '1']]);
    // A checkout of two shops: both its orders go with it.
    b = await place(x, [
      ['TRAY-STEEL', '2'],
      ['LAMP-BAR', '1'],
    ]);
  });

  it('the list offers MERGE_PAY and MERGE_CANCEL on each unpaid normal order', async () => {
    const rows = await listPending(x.b);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.operationList).toEqual(
        expect.arrayContaining(['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']),
      );
      expect(r.operationCodes).toEqual(expect.arrayContaining(['MERGE_PAY', 'MERGE_CANCEL']));
    }
  });

  it('merge-pay makes one contract covering every order of both checkouts, the total of both; the same selection gives the same one', async () => {
    merged = await mergeOk(x.b, [a.orderIds[0]!, b.orderIds[0]!]);
    const all = [...a.orderIds, ...b.orderIds].sort();
    expect(merged.tradeOrderList.map((o) => o.id).sort()).toEqual(all);
    const total = (await contract(a.contractId)).needPayAmtMinor + (await contract(b.contractId)).needPayAmtMinor;
    expect(merged.needPayAmt).toEqual({ value: (Number(total) / 100).toFixed(2), currency: 'USD' });
    // Double click, retry, or the other order of the same checkout picked: the same merged contract.
    expect((await mergeOk(x.b, [b.orderIds[1]!, a.orderIds[0]!])).id).toBe(merged.id);
    expect((await mergeOk(x.b, [...all])).id).toBe(merged.id);
    const members = await t.db
      .select()
      .from(contractMerges)
      .where(eq(contractMerges.mergeContractId, BigInt(merged.id)));
    expect(members.map((m) => String(m.contractId)).sort()).toEqual([a.contractId, b.contractId].sort());
  });

  it('firstPay fired 4 times at once starts one payment for the total', async () => {
    const starts = await Promise.all([1, 2, 3, 4].map(() => firstPay(x.b, merged.id)));
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of starts.filter((s) => s.statusCode !== 200)) expectError(r, 409, 'Payment.pending');
    const records = await recordsOf(merged.id);
    expect(records).toHaveLength(1);
    token = starts.find((r) => r.statusCode === 200)!.json().channelToken;
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, token));
    expect(mp!.amountMinor).toBe((await contract(merged.id)).needPayAmtMinor);
  });

  it('while it is open, an order of it cannot be paid alone', async () => {
    expectError(await firstPay(x.b, a.contractId), 409, 'Payment.pending');
    expect(await recordsOf(a.contractId)).toEqual([]);
  });

  it("the provider's one success pays every order, each with its own number, shop and amount; points are earned per checkout", async () => {
    expect((await hostedApprove(token)).statusCode).toBe(303);
    await waitFor(
      () =>
        t.db
          .select()
          .from(tradeOrders)
          .where(inArray(tradeOrders.contractId, [BigInt(a.contractId), BigInt(b.contractId)])),
      (os) => os.length === 3 && os.every((o) => o.status === 'UN_DELIVERY'),
      'all paid',
    );
    for (const id of [...a.orderIds, ...b.orderIds]) {
      const o = await orderRow(id);
      expect(o).toMatchObject({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', paidAmtMinor: o.needPayAmtMinor });
      const d = (await detail(x.b, id)).json();
      expect(d.tradeOrderCode).toBe(o.tradeOrderCode);
      expect(d.operationList).toContain('buyerCancelAfterPay');
      expect(d.operationList).not.toContain('mergePay');
    }
    expect(new Set((await Promise.all([...a.orderIds, ...b.orderIds].map(orderRow))).map((o) => o.shopId)).size).toBe(
      2,
    );
    for (const c of [a.contractId, b.contractId, merged.id]) expect((await contract(c)).status).toBe('PAID');
    expect((await recordsOf(merged.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    // Each order's payment info shows the one payment that paid it (for all the orders paid with it).
    const info = (await detail(x.b, a.orderIds[0]!)).json().paymentInfo;
    expect(info.records).toHaveLength(1);
    expect(info.records[0]).toMatchObject({
      recordStatus: 'PAY_SUCCESS',
      payChannel: 'MOCKPAY',
      amount: merged.needPayAmt,
    });
    // The members keep no payment record of their own.
    expect(await recordsOf(a.contractId)).toEqual([]);
    const earned = await t.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.buyerId, x.id), eq(pointLedger.reason, 'EARN')));
    expect(earned.map((l) => String(l.tradeContractId)).sort()).toEqual([a.contractId, b.contractId].sort());
    const result = (await x.b.post('/sapi/mall-pay/payment/payResult', { contractId: merged.id })).json();
    expect(result.status).toBe('PAY_SUCCESS');
    expect(result.tradeOrderList).toHaveLength(3);
  });

  it('the webhook replayed 3 times (freshly signed): still one payment, nothing paid twice', async () => {
    const [ev] = await t.db
      .select()
      .from(mockpayEvents)
      .where(and(eq(mockpayEvents.paymentId, token), eq(mockpayEvents.type, 'payment.approved')));
    const body = JSON.stringify(ev!.payload);
    const earnedBefore = await pointsOf(t.db, x.id);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/mockpay',
        payload: body,
        headers: { 'content-type': 'application/json', 'mockpay-signature': signatureHeader(DEV_MOCKPAY_SECRET, body) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, ev!.id))).toHaveLength(1);
    expect((await recordsOf(merged.id)).map((r) => r.status)).toEqual(['PAY_SUCCESS']);
    expect(await pointsOf(t.db, x.id)).toBe(earnedBefore);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentRecordId, (await recordsOf(merged.id))[0]!.id)),
    ).toEqual([]);
  });

  it('a refund goes per order through the refund job, at most what that order paid', async () => {
    const id = a.orderIds[0]!;
    const rev = (
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }])
    ).json().reverseTradeOrderId as string;
    const decided = await seller.post(`/api/merchant/reverse/${rev}/decision`, { approve: true });
    expect(decided.statusCode, decided.body).toBe(200);
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    const paid = (await orderRow(id)).paidAmtMinor;
    const [record] = await recordsOf(merged.id);
    const given = await t.db.select().from(refunds).where(eq(refunds.paymentRecordId, record!.id));
    expect(given.map((r) => [String(r.orderId), r.amountMinor, r.status])).toEqual([[id, paid, 'REFUND_DONE']]);
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, token));
    expect(mp!.refundedMinor).toBe(paid);
    expect(mp!.refundedMinor).toBeLessThan(mp!.amountMinor);
    // The other checkout's orders are untouched.
    for (const o of b.orderIds) expect(await statusOf(o)).toBe('UN_DELIVERY');
  });
});

describe('refused before any provider call', () => {
  let x: Buyer;
  beforeAll(async () => {
    x = await signup('merge-refused');
  });

  it('a cancelled, paid or expired order: 409 Payment.mergeNotPayable naming it; nothing is written', async () => {
    const ok = await place(x, [['E7-BLK-140', '1']]);
    const cancelled = await place(x, [['E7-BLK-140', '1']]);
    expect(
      (await x.b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { id: cancelled.orderIds[0] }))
        .statusCode,
    ).toBe(200);
    const paid = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, paid.contractId);
    const expired = await place(x, [['TRAY-STEEL', '1']]);
    await t.db
      .update(tradeContracts)
      .set({ payDeadline: new Date(Date.now() - 1000) })
      .where(eq(tradeContracts.id, BigInt(expired.contractId)));
    const before = await mockpayCount();
    for (const bad of [cancelled, paid, expired]) {
      const body = expectError(
        await mergePay(x.b, [ok.orderIds[0]!, bad.orderIds[0]!]),
        409,
        'Payment.mergeNotPayable',
      );
      expect(body.details?.tradeOrderIds ?? body.tradeOrderIds).toEqual([bad.orderIds[0]]);
    }
    expect(await mockpayCount()).toBe(before);
    const mergedRows = await t.db
      .select()
      .from(tradeContracts)
      .where(and(eq(tradeContracts.buyerId, x.id), eq(tradeContracts.tradeType, 'MERGED')));
    expect(mergedRows).toEqual([]);
  });

  it("another buyer's order: 404; one checkout only: 400 Payment.mergeCount; other currency: 409 Payment.mergeMixed", async () => {
    const mine = await place(x, [['E7-BLK-140', '1']]);
    const other = await signup('merge-other');
    const theirs = await place(other, [['E7-BLK-140', '1']]);
    expectError(await mergePay(x.b, [mine.orderIds[0]!, theirs.orderIds[0]!]), 404, 'Trade.tradeOrderNotExist');
    expectError(await mergeCancel(x.b, [mine.orderIds[0]!, theirs.orderIds[0]!]), 404, 'Trade.tradeOrderNotExist');
    expect(await statusOf(theirs.orderIds[0]!)).toBe('PENDING_PAY');
    const two = await place(x, [
      ['TRAY-STEEL', '1'],
      ['LAMP-BAR', '1'],
    ]);
    expectError(await mergePay(x.b, two.orderIds), 400, 'Payment.mergeCount');
    const eur = await place(x, [['TRAY-STEEL', '1']]);
    await t.db
      .update(tradeContracts)
      .set({ currency: 'EUR', site: 'DE' })
      .where(eq(tradeContracts.id, BigInt(eur.contractId)));
    expectError(await mergePay(x.b, [mine.orderIds[0]!, eur.orderIds[0]!]), 409, 'Payment.mergeMixed');
    // Not the zod schema's: one id is not a selection.
    expect((await mergePay(x.b, [mine.orderIds[0]!])).statusCode).toBe(400);
  });

  it('a member cancelled after the merge: firstPay of the merged contract is refused before the provider', async () => {
    const p = await place(x, [['E7-BLK-140', '1']]);
    const q = await place(x, [['TRAY-STEEL', '1']]);
    const merged = await mergeOk(x.b, [p.orderIds[0]!, q.orderIds[0]!]);
    expect(
      (await x.b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { id: q.orderIds[0] })).statusCode,
    ).toBe(200);
    const before = await mockpayCount();
    expectError(await firstPay(x.b, merged.id), 409, 'Payment.mergeNotPayable');
    expect(await mockpayCount()).toBe(before);
    expect(await recordsOf(merged.id)).toEqual([]);
  });

  it('all or none at settlement: a member closed while the merged payment was open is not paid, nor is any other; the charge is refunded in full', async () => {
    const p = await place(x, [['E7-BLK-140', '1']]);
    const q = await place(x, [['TRAY-STEEL', '1']]);
    const merged = await mergeOk(x.b, [p.orderIds[0]!, q.orderIds[0]!]);
    const start = await firstPay(x.b, merged.id);
    expect(start.statusCode, start.body).toBe(200);
    // The pay deadline of one checkout passes while the buyer is on the provider's page.
    expect(
      (await x.b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { id: q.orderIds[0] })).statusCode,
    ).toBe(200);
    const token = start.json().channelToken as string;
    expect((await hostedApprove(token)).statusCode).toBe(303);
    const [record] = await waitFor(
      () => recordsOf(merged.id),
      (rs) => rs[0]?.status !== 'PAY_PENDING',
      'merged attempt decided',
    );
    expect(record!.status).not.toBe('PAY_SUCCESS');
    expect(await statusOf(p.orderIds[0]!)).toBe('PENDING_PAY');
    expect((await contract(merged.id)).status).toBe('PENDING_PAY');
    const given = await waitFor(
      () => t.db.select().from(refunds).where(eq(refunds.paymentRecordId, record!.id)),
      (rs) => rs.length > 0 && rs.every((r) => r.status === 'REFUND_DONE'),
      'refund',
    );
    expect(given.reduce((s, r) => s + r.amountMinor, 0n)).toBe(record!.amountMinor);
    // The unpaid checkout can still be paid alone.
    await pay(x.b, p.contractId);
  });
});

describe('cancel together', () => {
  let x: Buyer;
  let couponId: string;
  beforeAll(async () => {
    x = await signup('merge-cancel');
    await grantPoints(t.db, { buyerId: x.id, delta: 2000, reason: 'WELCOME' });
    const [campaign] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.name, 'FlexiDesk $20 off'));
    couponId = String(
      (await t.db.insert(ownerCoupons).values({ campaignId: campaign!.id, buyerId: x.id }).returning())[0]!.id,
    );
  });

  it('closes every order of the selected checkouts in one go; each returns its stock, coupon and points', async () => {
    const watched = [f.sku['E7-BLK-140'], f.sku['TRAY-STEEL'], f.sku['LAMP-BAR']];
    const stockBefore = await Promise.all(watched.map((id) => stockOf(t.db, id)));
    const pointsBefore = await pointsOf(t.db, x.id);
    const a = await place(x, [['E7-BLK-140', '1']], { couponIds: [couponId], enablePointDeduction: true });
    const b = await place(x, [
      ['TRAY-STEEL', '2'],
      ['LAMP-BAR', '1'],
    ]);
    expect(await pointsOf(t.db, x.id)).toBeLessThan(pointsBefore);
    const res = await mergeCancel(x.b, [a.orderIds[0]!, b.orderIds[1]!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().closedOrderIds.sort()).toEqual([...a.orderIds, ...b.orderIds].sort());
    for (const id of [...a.orderIds, ...b.orderIds]) expect(await statusOf(id)).toBe('CANCELED');
    expect(await Promise.all(watched.map((id) => stockOf(t.db, id)))).toEqual(stockBefore);
    const [coupon] = await t.db
      .select()
      .from(ownerCoupons)
      .where(eq(ownerCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'NOT_USED', tradeContractId: null });
    expect(await pointsOf(t.db, x.id)).toBe(pointsBefore);
    // A repeat changes nothing: the orders can no longer be cancelled.
    expectError(await mergeCancel(x.b, [a.orderIds[0]!, b.orderIds[1]!]), 409, 'Payment.mergeNotPayable');
  });

  it('one order that cannot be cancelled: none is', async () => {
    const a = await place(x, [['E7-BLK-140', '1']]);
    const paid = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, paid.contractId);
    const stock = await stockOf(t.db, f.sku['E7-BLK-140']);
    expectError(await mergeCancel(x.b, [a.orderIds[0]!, paid.orderIds[0]!]), 409, 'Payment.mergeNotPayable');
    expect(await statusOf(a.orderIds[0]!)).toBe('PENDING_PAY');
    expect(await statusOf(paid.orderIds[0]!)).toBe('UN_DELIVERY');
    expect(await stockOf(t.db, f.sku['E7-BLK-140'])).toBe(stock);
  });
});
