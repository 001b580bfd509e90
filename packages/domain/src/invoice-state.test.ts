import { describe, expect, it } from 'vitest';
import {
  INVOICE_EVENTS,
  invoiceLines,
  invoiceNumber,
  invoiceOperations,
  nextInvoiceStatus,
  totalsPerRate,
} from './invoice-state.js';
import { eventsFrom } from './state-table.js';

describe('invoice transitions', () => {
  it('request, issue, credit in part then in full', () => {
    expect(nextInvoiceStatus('NOT_REQUESTED', 'REQUEST')).toBe('REQUESTED');
    expect(nextInvoiceStatus('REQUESTED', 'UPDATE_REQUEST')).toBe('REQUESTED');
    expect(nextInvoiceStatus('REQUESTED', 'ISSUE')).toBe('ISSUED');
    expect(nextInvoiceStatus('ISSUED', 'CREDIT_PART')).toBe('ISSUED');
    expect(nextInvoiceStatus('ISSUED', 'CREDIT_ALL')).toBe('CREDITED');
  });
  it("never issues twice, never issues unasked, never changes an issued invoice's buyer", () => {
    expect(nextInvoiceStatus('ISSUED', 'ISSUE')).toBeNull();
    expect(nextInvoiceStatus('NOT_REQUESTED', 'ISSUE')).toBeNull();
    expect(nextInvoiceStatus('ISSUED', 'UPDATE_REQUEST')).toBeNull();
    expect(nextInvoiceStatus('REQUESTED', 'CREDIT_PART')).toBeNull();
    expect(eventsFrom(INVOICE_EVENTS, 'CREDITED')).toEqual([]);
  });
});

describe('invoice operations', () => {
  const base = {
    status: 'UN_DELIVERY',
    invoiceStatus: 'NOT_REQUESTED' as const,
    viewerIsBuyer: true,
    isReissue: false,
    isPoints: false,
    vatApplies: true,
  };
  it('make while paid and not asked; check and email once issued', () => {
    expect(invoiceOperations(base)).toEqual(['makeInvoice']);
    expect(invoiceOperations({ ...base, status: 'COMPLETE' })).toEqual(['makeInvoice']);
    expect(invoiceOperations({ ...base, invoiceStatus: 'REQUESTED' })).toEqual([]);
    expect(invoiceOperations({ ...base, invoiceStatus: 'ISSUED' })).toEqual([
      'buyerCheckVATInvoice',
      'sendInvoiceEmail',
    ]);
    expect(invoiceOperations({ ...base, status: 'CANCEL_ALL', invoiceStatus: 'CREDITED' })).toEqual([
      'buyerCheckVATInvoice',
      'sendInvoiceEmail',
    ]);
  });
  it('nothing before payment, for another viewer, on a reissue or a points order', () => {
    expect(invoiceOperations({ ...base, status: 'PENDING_PAY' })).toEqual([]);
    expect(invoiceOperations({ ...base, status: 'CANCEL_ALL' })).toEqual([]);
    expect(invoiceOperations({ ...base, viewerIsBuyer: false, invoiceStatus: 'ISSUED' })).toEqual([]);
    expect(invoiceOperations({ ...base, isReissue: true })).toEqual([]);
    expect(invoiceOperations({ ...base, isPoints: true })).toEqual([]);
    expect(invoiceOperations({ ...base, vatApplies: false })).toEqual([]);
  });
});

describe('invoice lines', () => {
  it('spreads the tax over the lines to the cent, totals per rate', () => {
    // 119.00 + 59.50 + 4.99 shipping, 19 % included: tax 29.30.
    const lines = invoiceLines(
      [
        { description: 'Desk', quantity: '1', grossMinor: 11900n },
        { description: 'Chair', quantity: '1', grossMinor: 5950n },
        { description: 'Shipping', quantity: '1', grossMinor: 499n },
      ],
      2930n,
      '0.19',
      false,
    );
    expect(lines.map((l) => [l.netMinor, l.taxMinor])).toEqual([
      [10000n, 1900n],
      [5000n, 950n],
      [419n, 80n],
    ]);
    expect(totalsPerRate(lines)).toEqual([{ rate: '0.19', netMinor: 15419n, taxMinor: 2930n, grossMinor: 18349n }]);
  });
  it('reverse charge: net amounts at 0 %', () => {
    const lines = invoiceLines([{ description: 'Desk', quantity: '2', grossMinor: 23800n }], 3800n, '0.19', true);
    expect(lines).toEqual([
      { description: 'Desk', quantity: '2', netMinor: 20000n, rate: '0', taxMinor: 0n, grossMinor: 20000n },
    ]);
  });
  it('numbers: shop, year, sequence', () => {
    expect(invoiceNumber(12n, 2026, 42)).toBe('12-2026-000042');
  });
});
