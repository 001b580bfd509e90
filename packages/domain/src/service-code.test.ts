import { describe, expect, it } from 'vitest';
import { lineAfterSalesQty } from './refund.js';
import { operationList, type OperationInput } from './order-state.js';
import { nextServiceCodeStatus, redeemProblem, serviceCodesSummary, serviceUnitsLeftMilli } from './service-code.js';

const now = new Date('2026-06-01T12:00:00Z');
const line = (over: Partial<Parameters<typeof serviceCodesSummary>[0][number]> = {}) => ({
  qtyMilli: 2000n,
  cancelledMilli: 0n,
  reversedMilli: 0n,
  remaining: 2 as number | null,
  expiresAt: null as Date | null,
  ...over,
});

describe('service code statuses', () => {
  it('an unused code is redeemed or refunded once; a used or refunded one moves no more', () => {
    expect(nextServiceCodeStatus('NOT_USED', 'REDEEM')).toBe('USED');
    expect(nextServiceCodeStatus('NOT_USED', 'REFUND')).toBe('REFUNDED');
    for (const from of ['USED', 'REFUNDED'] as const) {
      expect(nextServiceCodeStatus(from, 'REDEEM')).toBeNull();
      expect(nextServiceCodeStatus(from, 'REFUND')).toBeNull();
    }
  });

  it('redemption is refused for used, refunded, expired codes, unpaid orders and lines in after-sales', () => {
    const ok = { status: 'NOT_USED' as const, orderStatus: 'COMPLETE', expiresAt: null, lineInAfterSales: false, now };
    expect(redeemProblem(ok)).toBeNull();
    expect(redeemProblem({ ...ok, orderStatus: 'UN_DELIVERY' })).toBeNull();
    expect(redeemProblem({ ...ok, status: 'USED' })).toBe('USED');
    expect(redeemProblem({ ...ok, status: 'REFUNDED' })).toBe('REFUNDED');
    expect(redeemProblem({ ...ok, orderStatus: 'CANCEL_ALL' })).toBe('ORDER_NOT_PAID');
    expect(redeemProblem({ ...ok, orderStatus: 'PROCESSING' })).toBe('ORDER_NOT_PAID');
    expect(redeemProblem({ ...ok, expiresAt: new Date(now.getTime() - 1) })).toBe('EXPIRED');
    expect(redeemProblem({ ...ok, expiresAt: new Date(now.getTime() + 60_000) })).toBeNull();
    expect(redeemProblem({ ...ok, lineInAfterSales: true })).toBe('IN_AFTER_SALES');
  });
});

describe('what the codes allow', () => {
  it('counts codes to use (not expired), codes to show and whether one was used', () => {
    expect(serviceCodesSummary([line()], now)).toEqual({ usable: 2, shown: 2, used: false });
    expect(serviceCodesSummary([line({ remaining: 1 })], now)).toEqual({ usable: 1, shown: 2, used: true });
    expect(serviceCodesSummary([line({ remaining: 0 })], now)).toEqual({ usable: 0, shown: 2, used: true });
    // One unit refunded (its code voided), one used: only the used one is left to show.
    expect(serviceCodesSummary([line({ remaining: 0, reversedMilli: 1000n })], now)).toEqual({
      usable: 0,
      shown: 1,
      used: true,
    });
    expect(serviceCodesSummary([line({ expiresAt: new Date(now.getTime() - 1) })], now)).toEqual({
      usable: 0,
      shown: 2,
      used: false,
    });
    expect(serviceCodesSummary([line({ remaining: null })], now)).toBeUndefined();
  });

  it('after-sales takes only units whose code is unused', () => {
    const base = {
      orderStatus: 'COMPLETE',
      topLevel: true,
      inOpenAfterSales: false,
      qtyMilli: 2000n,
      deliveredMilli: 2000n,
      cancelledMilli: 0n,
      reversedMilli: 0n,
    };
    expect(lineAfterSalesQty({ ...base, serviceUnitsLeftMilli: serviceUnitsLeftMilli(1) }).canReverseMilli).toBe(1000n);
    expect(lineAfterSalesQty({ ...base, serviceUnitsLeftMilli: serviceUnitsLeftMilli(0) }).canReverseMilli).toBe(0n);
    expect(lineAfterSalesQty({ ...base, serviceUnitsLeftMilli: serviceUnitsLeftMilli(null) }).canReverseMilli).toBe(
      2000n,
    );
    const unshipped = { ...base, orderStatus: 'UN_DELIVERY', deliveredMilli: 0n };
    expect(lineAfterSalesQty({ ...unshipped, serviceUnitsLeftMilli: serviceUnitsLeftMilli(1) }).canCancelMilli).toBe(
      1000n,
    );
  });
});

describe('toUse and checkVerifyCode', () => {
  const base: OperationInput = {
    status: 'COMPLETE',
    tradeType: 'NORMAL_SALE_B2C',
    payChannel: 'MOCKPAY',
    notFirstTime: false,
    viewerIsBuyer: true,
    masterPending: false,
    packageCount: 1,
    openPackageCount: 0,
    postponeCount: 0,
    postponeLimit: 2,
    hasInvoiceUrl: false,
    evaluated: true,
    hasServiceItems: true,
    reversible: false,
    reverseInProgress: false,
    isReissue: false,
    isPoints: false,
  };
  const ops = (over: Partial<OperationInput>) => operationList({ ...base, ...over });

  it('codes to use: both; all used: only checkVerifyCode; none left to show: neither', () => {
    expect(ops({ serviceCodes: { usable: 1, shown: 2, used: true } })).toEqual(
      expect.arrayContaining(['toUse', 'checkVerifyCode']),
    );
    const allUsed = ops({ serviceCodes: { usable: 0, shown: 2, used: true } });
    expect(allUsed).toContain('checkVerifyCode');
    expect(allUsed).not.toContain('toUse');
    const refunded = ops({ serviceCodes: { usable: 0, shown: 0, used: false } });
    expect(refunded).not.toContain('toUse');
    expect(refunded).not.toContain('checkVerifyCode');
  });

  it('never before payment, nor for another viewer', () => {
    expect(
      ops({ status: 'PENDING_PAY', payChannel: null, serviceCodes: { usable: 1, shown: 1, used: false } }),
    ).not.toContain('checkVerifyCode');
    expect(ops({ status: 'CANCEL_ALL', serviceCodes: { usable: 0, shown: 1, used: true } })).not.toContain(
      'checkVerifyCode',
    );
    expect(ops({ viewerIsBuyer: false, serviceCodes: { usable: 1, shown: 1, used: false } })).not.toContain(
      'checkVerifyCode',
    );
  });

  it('a used code ends the whole-order cancel: the rest is cancelled line by line', () => {
    const waiting = { status: 'UN_DELIVERY' as const, packageCount: 0, cancelable: true };
    expect(ops({ ...waiting, serviceCodes: { usable: 2, shown: 2, used: false } })).toContain('buyerCancelAfterPay');
    const used = ops({ ...waiting, serviceCodes: { usable: 1, shown: 2, used: true } });
    expect(used).not.toContain('buyerCancelAfterPay');
    expect(used).toContain('buyerApplyReverse');
  });
});
