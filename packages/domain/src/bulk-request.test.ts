import { describe, expect, it } from 'vitest';
import {
  BULK_REQUEST_EVENTS,
  BULK_REQUEST_STATUSES,
  bulkGuideStep,
  bulkQuoteTotals,
  bulkRequestStatusAt,
  nextBulkRequestStatus,
} from './bulk-request.js';

describe('bulk request transitions', () => {
  it('a request is quoted, revised while not accepted, then accepted or declined', () => {
    expect(nextBulkRequestStatus('WAITING_QUOTE', 'QUOTE')).toBe('QUOTED');
    expect(nextBulkRequestStatus('QUOTED', 'REVISE')).toBe('QUOTED');
    expect(nextBulkRequestStatus('EXPIRED', 'REVISE')).toBe('QUOTED');
    expect(nextBulkRequestStatus('QUOTED', 'ACCEPT')).toBe('ACCEPTED');
    expect(nextBulkRequestStatus('QUOTED', 'DECLINE')).toBe('DECLINED');
    expect(nextBulkRequestStatus('QUOTED', 'EXPIRE')).toBe('EXPIRED');
  });

  it('nothing moves an accepted or declined request; an unquoted or expired one cannot be accepted', () => {
    for (const event of Object.keys(BULK_REQUEST_EVENTS) as (keyof typeof BULK_REQUEST_EVENTS)[]) {
      expect(nextBulkRequestStatus('ACCEPTED', event)).toBeNull();
      expect(nextBulkRequestStatus('DECLINED', event)).toBeNull();
    }
    expect(nextBulkRequestStatus('WAITING_QUOTE', 'ACCEPT')).toBeNull();
    expect(nextBulkRequestStatus('EXPIRED', 'ACCEPT')).toBeNull();
    expect(nextBulkRequestStatus('WAITING_QUOTE', 'REVISE')).toBeNull();
    expect(nextBulkRequestStatus('QUOTED', 'QUOTE')).toBeNull();
  });

  it('every event leads to a known status', () => {
    for (const t of Object.values(BULK_REQUEST_EVENTS)) expect(BULK_REQUEST_STATUSES).toContain(t.to);
  });

  it('a quote past its validity date reads as EXPIRED', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(bulkRequestStatusAt('QUOTED', new Date('2026-12-02T11:59:59Z'), now)).toBe('EXPIRED');
    expect(bulkRequestStatusAt('QUOTED', new Date('2026-12-03T00:00:00Z'), now)).toBe('QUOTED');
    expect(bulkRequestStatusAt('ACCEPTED', new Date('2026-12-01T00:00:00Z'), now)).toBe('ACCEPTED');
  });

  it('the shopping guide step follows the request', () => {
    expect(bulkGuideStep('WAITING_QUOTE', false)).toBe(1);
    expect(bulkGuideStep('QUOTED', false)).toBe(2);
    expect(bulkGuideStep('ACCEPTED', false)).toBe(3);
    expect(bulkGuideStep('ACCEPTED', true)).toBe(4);
  });
});

describe('bulk quote totals', () => {
  it('US: sales tax on goods is added; lines rounded half up', () => {
    const t = bulkQuoteTotals(
      [
        { unitMinor: 799950n, qty: '2' },
        { unitMinor: 333n, qty: '1.5' },
      ],
      5000n,
      '0.0725',
      'EXCLUSIVE',
    );
    expect(t.lines).toEqual([1599900n, 500n]);
    expect(t.goodsMinor).toBe(1600400n);
    expect(t.taxMinor).toBe(116029n);
    expect(t.needPayMinor).toBe(1600400n + 5000n + 116029n);
  });
  it('VAT sites: the VAT is inside goods and shipping, nothing added', () => {
    const t = bulkQuoteTotals([{ unitMinor: 10000n, qty: '1' }], 2000n, '0.20', 'INCLUSIVE');
    expect(t.taxMinor).toBe(2000n);
    expect(t.needPayMinor).toBe(12000n);
  });
});
