import { describe, expect, it } from 'vitest';
import { PAID_SERVICE_STATUSES } from '@mall/contracts';
import {
  applyPurchase,
  nextPaidServiceStatus,
  PAID_SERVICE_EVENTS,
  paidServiceInForce,
  paidServicePeriodEnd,
  type PaidServiceEvent,
} from './paid-service.js';

const d = (s: string) => new Date(s);

describe('paid service transitions', () => {
  for (const event of Object.keys(PAID_SERVICE_EVENTS) as PaidServiceEvent[]) {
    for (const from of PAID_SERVICE_STATUSES) {
      const t = PAID_SERVICE_EVENTS[event];
      const allowed = (t.from as readonly string[]).includes(from);
      it(`${event} from ${from} -> ${allowed ? t.to : 'refused'}`, () =>
        expect(nextPaidServiceStatus(from, event)).toBe(allowed ? t.to : null));
    }
  }
  it('a refund ends only an active service; an ended one can be joined again', () => {
    expect(nextPaidServiceStatus('ACTIVE', 'END_BY_REFUND')).toBe('ENDED_BY_REFUND');
    expect(nextPaidServiceStatus('EXPIRED', 'END_BY_REFUND')).toBeNull();
    expect(nextPaidServiceStatus('ENDED_BY_REFUND', 'RENEW')).toBeNull();
    expect(nextPaidServiceStatus('ENDED_BY_REFUND', 'REJOIN')).toBe('ACTIVE');
  });
});

describe('paid service periods', () => {
  it('monthly and yearly add calendar months; a missing day becomes the month end', () => {
    expect(paidServicePeriodEnd(d('2026-03-15T10:00:00Z'), 'MONTHLY').toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(paidServicePeriodEnd(d('2026-01-31T08:00:00Z'), 'MONTHLY').toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(paidServicePeriodEnd(d('2028-02-29T00:00:00Z'), 'YEARLY').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(paidServicePeriodEnd(d('2026-11-23T07:00:00Z'), 'YEARLY').toISOString()).toBe('2027-11-23T07:00:00.000Z');
  });
  it('the first purchase starts at payment', () => {
    const r = applyPurchase(null, 'YEARLY', d('2026-11-23T00:00:00Z'));
    expect(r).toEqual({
      event: null,
      startAt: d('2026-11-23T00:00:00Z'),
      periodStart: d('2026-11-23T00:00:00Z'),
      endAt: d('2027-11-23T00:00:00Z'),
    });
  });
  it('buying again while active extends from the current end', () => {
    const current = { status: 'ACTIVE' as const, startAt: d('2026-11-01T00:00:00Z'), endAt: d('2026-12-01T00:00:00Z') };
    const r = applyPurchase(current, 'MONTHLY', d('2026-11-23T00:00:00Z'));
    expect(r.event).toBe('RENEW');
    expect(r.startAt).toEqual(current.startAt);
    expect(r.endAt).toEqual(d('2027-01-01T00:00:00Z'));
  });
  it('after the end (or a refund) a purchase starts a new period at payment', () => {
    for (const status of ['ACTIVE', 'EXPIRED', 'ENDED_BY_REFUND'] as const) {
      const r = applyPurchase(
        { status, startAt: d('2025-01-01T00:00:00Z'), endAt: d('2025-02-01T00:00:00Z') },
        'MONTHLY',
        d('2026-11-23T00:00:00Z'),
      );
      expect(r.event).toBe('REJOIN');
      expect(r.endAt).toEqual(d('2026-12-23T00:00:00Z'));
    }
  });
  it('in force only while active and before its end', () => {
    const endAt = d('2026-12-01T00:00:00Z');
    expect(paidServiceInForce({ status: 'ACTIVE', endAt }, d('2026-11-30T23:59:59Z'))).toBe(true);
    expect(paidServiceInForce({ status: 'ACTIVE', endAt }, endAt)).toBe(false);
    expect(paidServiceInForce({ status: 'ENDED_BY_REFUND', endAt }, d('2026-11-01T00:00:00Z'))).toBe(false);
  });
});

describe('super member discount on top of the level', () => {
  it('adds the rates exactly, at most 100 %', async () => {
    const { addDiscountRates } = await import('./paid-service.js');
    expect(addDiscountRates('0', '0.05')).toBe('0.0500');
    expect(addDiscountRates('0.03', '0.05')).toBe('0.0800');
    expect(addDiscountRates('0.0125', '0.05')).toBe('0.0625');
    expect(addDiscountRates('0.99', '0.05')).toBe('1.0000');
  });
});
