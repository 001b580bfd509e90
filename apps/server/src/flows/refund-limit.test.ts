/**
 * The one refund limit (flows/refund.ts writeRefunds, domain planRefund): an order's refunds,
 * pending and done, never exceed what it paid, goods and shipping apart (shipping once per
 * order); a payment shared by two shops' orders is never used up by one of them; a refund of
 * nothing is refused; and twenty refunds racing on one order stay within what it paid.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  carriers,
  mockpayEvents,
  mockpayPayments,
  paymentRecords,
  refunds,
  reverseTradeOrders,
  tradeOrders,
} from '../db/schema/index.js';
import { login, type Browser, type TestApp, createTestApp } from '../../test/helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../test/checkout-fixtures.js';
import { expectError, orderKit, upsTrackingNumber, waitFor } from '../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
let seller2: Browser;
let carrierId: string;
const { signup, place, pay, orderRow, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  carrierId = String(c!.id);
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  // MOCKPAY's refund webhooks are delivered in-process after the refunds settle: let them land before the pool closes.
  for (let i = 0; i < 100; i++) {
    const left = await t.db
      .select({ id: mockpayEvents.id })
      .from(mockpayEvents)
      .where(isNull(mockpayEvents.deliveredAt));
    if (!left.length) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await t?.close();
});

const value = (m: bigint) => (Number(m) / 100).toFixed(2);
const applyRefund = (b: Browser, body: Record<string, unknown>) =>
  b.post('/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow', [body], {
    headers: { 'idempotency-key': crypto.randomUUID() },
    remoteAddress: freshIp(),
  });
const refundOf = (who: Browser, id: string, amount: bigint, shipping?: bigint) =>
  who.post(`/api/merchant/reverse/${id}/refund`, {
    amount: value(amount),
    ...(shipping !== undefined ? { refundShippingAmt: value(shipping) } : {}),
  });
const orderRefunds = async (orderId: string) => {
  const [r] = await t.db
    .select({
      n: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)`,
      s: sql<string>`coalesce(sum(${refunds.shippingMinor}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, BigInt(orderId)));
  return { total: BigInt(r!.n), shipping: BigInt(r!.s) };
};
async function ship(orderId: string) {
  const lines = await topLines(orderId);
  const res = await seller.post(`/api/merchant/orders/${orderId}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** The seller console's view of one request (what the refund dialog shows). */
async function sellerView(id: string) {
  const res = await seller.post('/api/merchant/reverse', { status: 'ALL', pageSize: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((r: { id: string }) => r.id === id);
}

describe('one payment for two shops', () => {
  it('return shipping is refunded once per order, and the other shop can still refund all its order paid', async () => {
    const x = await signup('twoshops');
    const placed = await place(x, [
      ['TRAY-STEEL', '2'],
      ['LAMP-BAR', '1'],
    ]);
    await pay(x.b, placed.contractId);
    const [flexiId, nordicId] = placed.orderIds as [string, string];
    const flexi = await orderRow(flexiId);
    const paid = flexi.paidAmtMinor;
    const shipping = flexi.shippingAmtMinor;
    expect(shipping).toBeGreaterThan(0n);
    await ship(flexiId);
    const tray = String((await topLines(flexiId))[0]!.id);

    // One refund per unit. The first gives back its half of what the order paid and the return shipping.
    const half = paid / 2n;
    const ask = (amount: bigint) =>
      applyRefund(x.b, {
        tradeOrder: { id: flexiId },
        reverseReason: 'QUALITY_ISSUE',
        applyRefundAmt: value(amount),
        reverseTradeOrderLineList: [{ tradeOrderLine: { id: tray }, reverseQty: '1' }],
      });
    const r1 = (await ask(half)).json().id as string;
    expect((await seller.post(`/api/merchant/reverse/${r1}/audit`, { approve: true })).statusCode).toBe(200);
    // Before any refund the dialog shows the whole order as refundable.
    let view = await sellerView(r1);
    expect(view.refundableGoodsAmt.value).toBe(value(paid - shipping));
    expect(view.refundableShippingAmt.value).toBe(value(shipping));
    expect((await refundOf(seller, r1, half, shipping)).json().reverseTradeOrderStatus).toBe('REFUND_PENDING');
    await waitFor(
      () =>
        t.db
          .select()
          .from(reverseTradeOrders)
          .where(eq(reverseTradeOrders.id, BigInt(r1))),
      (rs) => rs[0]!.status === 'REFUND_DONE',
      'first refund done',
    );

    // The second unit: the order's shipping went back with the first, so it cannot go back again.
    const rest = paid - half - shipping;
    const r2res = await ask(rest);
    expect(r2res.statusCode, r2res.body).toBe(200);
    const r2 = r2res.json().id as string;
    expect((await seller.post(`/api/merchant/reverse/${r2}/audit`, { approve: true })).statusCode).toBe(200);
    view = await sellerView(r2);
    expect(view.refundableGoodsAmt.value).toBe(value(rest));
    expect(view.refundableShippingAmt.value).toBe('0.00');
    expect(view.maxRefundAmt.value).toBe(value(rest));
    const again = expectError(await refundOf(seller, r2, rest, shipping), 400, 'AfterSales.refundAmountOutOfRange');
    expect(again.details.refundableShippingAmt.value).toBe('0.00');
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.reverseId, BigInt(r2))),
    ).toEqual([]);
    expect((await refundOf(seller, r2, rest)).json().reverseTradeOrderStatus).toBe('REFUND_PENDING');
    expect(await orderRefunds(flexiId)).toEqual({ total: paid, shipping });

    // The other shop's order cancels after pay and is refunded in full from the same payment.
    const nordicPaid = (await orderRow(nordicId)).paidAmtMinor;
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id: nordicId } },
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const audit = await seller2.post(`/api/merchant/reverse/${cancel.json().reverseTradeOrderId}/audit`, {
      approve: true,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    await waitFor(
      () =>
        t.db
          .select()
          .from(reverseTradeOrders)
          .where(eq(reverseTradeOrders.orderId, BigInt(nordicId))),
      (rs) => rs.length === 1 && rs[0]!.status === 'REFUND_DONE',
      'the other shop refunded',
    );
    await waitFor(
      () =>
        t.db
          .select()
          .from(reverseTradeOrders)
          .where(eq(reverseTradeOrders.orderId, BigInt(flexiId))),
      (rs) => rs.every((r) => r.status === 'REFUND_DONE'),
      'both halves refunded',
    );
    const [rec] = await t.db
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.contractId, BigInt(placed.contractId)), eq(paymentRecords.status, 'PAY_SUCCESS')));
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, rec!.providerPaymentId!));
    expect(mp!.refundedMinor).toBe(paid + nordicPaid);
    expect(rec!.amountMinor).toBe(paid + nordicPaid);
  });
});

describe('a refund of nothing', () => {
  it('is refused when the buyer applies and when the seller refunds', async () => {
    const x = await signup('zero');
    const placed = await place(x, [['TRAY-STEEL', '1']]);
    await pay(x.b, placed.contractId);
    const id = placed.orderIds[0]!;
    await ship(id);
    const line = String((await topLines(id))[0]!.id);
    const body = {
      tradeOrder: { id },
      reverseReason: 'QUALITY_ISSUE',
      reverseTradeOrderLineList: [{ tradeOrderLine: { id: line }, reverseQty: '1' }],
    };
    expectError(await applyRefund(x.b, { ...body, applyRefundAmt: '0' }), 400, 'AfterSales.refundAmountZero');
    const r = await applyRefund(x.b, { ...body, applyRefundAmt: '5.00' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await seller.post(`/api/merchant/reverse/${r.json().id}/audit`, { approve: true })).statusCode).toBe(200);
    expectError(await refundOf(seller, r.json().id, 0n), 400, 'AfterSales.refundAmountZero');
    expectError(await refundOf(seller, r.json().id, 0n, 0n), 400, 'AfterSales.refundAmountZero');
    const [rev] = await t.db
      .select()
      .from(reverseTradeOrders)
      .where(eq(reverseTradeOrders.id, BigInt(r.json().id)));
    expect(rev!.status).toBe('WAITING_FOR_REFUND');
    expect(await orderRefunds(id)).toEqual({ total: 0n, shipping: 0n });
  });
});

describe('twenty refunds of one order at once', () => {
  it('stay within what the order paid, shipping once, though the payment covers another shop too', async () => {
    const x = await signup('race');
    const placed = await place(x, [
      ['TRAY-STEEL', '1'],
      ['LAMP-BAR', '1'],
    ]);
    await pay(x.b, placed.contractId);
    const o = await orderRow(placed.orderIds[0]!);
    await ship(String(o.id));
    // Twenty refund-only requests waiting for the seller's refund, each asking a quarter of what was paid.
    const quarter = o.paidAmtMinor / 4n;
    const rows = await t.db
      .insert(reverseTradeOrders)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          reverseTradeOrderCode: `RACE${crypto.randomBytes(5).toString('hex')}${i}`,
          orderId: o.id,
          buyerId: o.buyerId,
          shopId: o.shopId,
          sellerId: o.sellerId,
          type: 'SALE_REFUND' as const,
          status: 'WAITING_FOR_REFUND',
          applyRefundAmtMinor: quarter,
          currency: o.currency,
          reason: 'QUALITY_ISSUE',
        })),
      )
      .returning({ id: reverseTradeOrders.id });
    const answers = await Promise.all(
      rows.map((r, i) => refundOf(seller, String(r.id), quarter, i % 2 ? o.shippingAmtMinor : undefined)),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    for (const a of answers.filter((a) => a.statusCode !== 200))
      expectError(a, 400, 'AfterSales.refundAmountOutOfRange');
    const { total, shipping } = await orderRefunds(String(o.id));
    expect(total).toBeLessThanOrEqual(o.paidAmtMinor);
    expect(shipping).toBeLessThanOrEqual(o.shippingAmtMinor);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    // What the order may still give back is exactly what the refunds left.
    const left = (await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, o.id)))[0]!.paidAmtMinor - total;
    expect(left).toBeGreaterThanOrEqual(0n);
    expect(left).toBeLessThan(quarter);
    await waitFor(
      () => t.db.select().from(refunds).where(eq(refunds.orderId, o.id)),
      (rs) => rs.every((r) => r.status !== 'REFUND_PENDING'),
      'refunds settled',
    );
  });
});
