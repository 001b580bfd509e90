import { describe, expect, it } from 'vitest';
import { lineAfterSalesQty, lineShares, planRefund, refundableAmount, refundRoom, toMilli } from './refund.js';

describe('refundable amount', () => {
  // $100 desk + $20 tray; $8 shipping and $9.60 tax: $137.60 paid.
  const lines = [
    { needPayMinor: 10000n, qtyMilli: 1000n, usedMilli: 0n },
    { needPayMinor: 2000n, qtyMilli: 2000n, usedMilli: 0n },
  ];
  const paid = 13760n;
  it('each line gets its share of what was paid, the remainder on the last', () => {
    expect(lineShares(paid, lines)).toEqual([11466n, 2294n]);
    expect(lineShares(0n, lines)).toEqual([0n, 0n]);
  });
  it('part of a line gives back that part of its share', () => {
    expect(
      refundableAmount({ paidMinor: paid, committedMinor: 0n, lines, chosen: [{ index: 1, qtyMilli: 1000n }] }),
    ).toBe(1147n);
  });
  it('everything left gives back all that is left, shipping and tax included', () => {
    expect(
      refundableAmount({
        paidMinor: paid,
        committedMinor: 0n,
        lines,
        chosen: [
          { index: 0, qtyMilli: 1000n },
          { index: 1, qtyMilli: 2000n },
        ],
      }),
    ).toBe(paid);
    const afterDesk = [{ ...lines[0]!, usedMilli: 1000n }, lines[1]!];
    expect(
      refundableAmount({
        paidMinor: paid,
        committedMinor: 11466n,
        lines: afterDesk,
        chosen: [{ index: 1, qtyMilli: 2000n }],
      }),
    ).toBe(paid - 11466n);
  });
  it('never more than the payment minus what other after-sales hold', () => {
    expect(
      refundableAmount({ paidMinor: paid, committedMinor: 13000n, lines, chosen: [{ index: 0, qtyMilli: 1000n }] }),
    ).toBe(760n);
    expect(
      refundableAmount({ paidMinor: paid, committedMinor: paid, lines, chosen: [{ index: 0, qtyMilli: 1000n }] }),
    ).toBe(0n);
  });
});

describe('after-sales quantities of a line', () => {
  const base = {
    topLevel: true,
    inOpenAfterSales: false,
    qtyMilli: toMilli('3'),
    deliveredMilli: toMilli('2'),
    cancelledMilli: 0n,
    reversedMilli: 0n,
  };
  it('unshipped can be cancelled while waiting for delivery; delivered can be reversed once shipped', () => {
    expect(lineAfterSalesQty({ ...base, orderStatus: 'UN_DELIVERY' })).toEqual({
      canCancelMilli: 1000n,
      canReverseMilli: 0n,
    });
    expect(
      lineAfterSalesQty({ ...base, orderStatus: 'COMPLETE', deliveredMilli: 3000n, reversedMilli: 1000n }),
    ).toEqual({ canCancelMilli: 0n, canReverseMilli: 2000n });
  });
  it('nothing while in an open after-sales, for gifts and DIY parts, or before payment', () => {
    expect(lineAfterSalesQty({ ...base, orderStatus: 'COMPLETE', inOpenAfterSales: true })).toEqual({
      canCancelMilli: 0n,
      canReverseMilli: 0n,
    });
    expect(lineAfterSalesQty({ ...base, orderStatus: 'COMPLETE', topLevel: false })).toEqual({
      canCancelMilli: 0n,
      canReverseMilli: 0n,
    });
    expect(lineAfterSalesQty({ ...base, orderStatus: 'PENDING_PAY' })).toEqual({
      canCancelMilli: 0n,
      canReverseMilli: 0n,
    });
  });
  it('weight items keep their decimals', () => {
    expect(lineAfterSalesQty({ ...base, orderStatus: 'COMPLETE', qtyMilli: 1500n, deliveredMilli: 1500n })).toEqual({
      canCancelMilli: 0n,
      canReverseMilli: 1500n,
    });
  });
});

describe('refundRoom and planRefund: the one refund limit of an order', () => {
  // Paid 56.82: 41.82 of goods and 15.00 of shipping.
  const paid = { paidMinor: 5682n, shippingPaidMinor: 1500n };
  it('shipping goes back once per order', () => {
    const room = refundRoom({ ...paid, refundedMinor: 0n, refundedShippingMinor: 0n });
    expect(room).toEqual({ goodsMinor: 4182n, shippingMinor: 1500n });
    expect(planRefund(room, { amountMinor: 2091n, shippingMinor: 1500n })).toEqual({
      ok: true,
      totalMinor: 3591n,
      shippingMinor: 1500n,
    });
    const after = refundRoom({ ...paid, refundedMinor: 3591n, refundedShippingMinor: 1500n });
    expect(after).toEqual({ goodsMinor: 2091n, shippingMinor: 0n });
    expect(planRefund(after, { amountMinor: 2091n, shippingMinor: 1500n })).toEqual({
      ok: false,
      refusal: 'SHIPPING_OVER',
    });
    expect(planRefund(after, { amountMinor: 2092n, shippingMinor: 0n })).toEqual({ ok: false, refusal: 'OVER' });
    expect(planRefund(after, { amountMinor: 2091n, shippingMinor: 0n })).toEqual({
      ok: true,
      totalMinor: 2091n,
      shippingMinor: 0n,
    });
  });
  it('a request that covers what is left gives back the shipping left after the goods, counted as shipping', () => {
    const room = refundRoom({ ...paid, refundedMinor: 0n, refundedShippingMinor: 0n });
    expect(planRefund(room, { amountMinor: 5682n, shippingMinor: 0n })).toEqual({
      ok: true,
      totalMinor: 5682n,
      shippingMinor: 1500n,
    });
    expect(planRefund(room, { amountMinor: 5683n, shippingMinor: 0n })).toEqual({ ok: false, refusal: 'OVER' });
  });
  it('nothing, or less than nothing, is no refund', () => {
    const room = refundRoom({ ...paid, refundedMinor: 0n, refundedShippingMinor: 0n });
    expect(planRefund(room, { amountMinor: 0n, shippingMinor: 0n })).toEqual({ ok: false, refusal: 'ZERO' });
    expect(planRefund(room, { amountMinor: -1n, shippingMinor: 0n })).toEqual({ ok: false, refusal: 'NEGATIVE' });
  });
  it('an order refunded in full has no room; shipping above what was paid counts only what was paid', () => {
    expect(refundRoom({ ...paid, refundedMinor: 5682n, refundedShippingMinor: 1500n })).toEqual({
      goodsMinor: 0n,
      shippingMinor: 0n,
    });
    expect(
      refundRoom({ paidMinor: 1000n, shippingPaidMinor: 1500n, refundedMinor: 0n, refundedShippingMinor: 0n }),
    ).toEqual({ goodsMinor: 0n, shippingMinor: 1000n });
  });
});
