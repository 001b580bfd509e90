import { describe, expect, it } from 'vitest';
import {
  BUYER_REVERSE_TYPES,
  isOpen,
  nextReverseStatus,
  PAYMENT_RECORD_EVENTS,
  REFUND_EVENTS,
  REVERSE_EVENTS,
  REVERSE_STATUSES,
  REVERSE_TYPE_EVENTS,
  REVERSE_TYPES,
  reverseEventsNow,
  reverseOperationList,
  type ReverseEvent,
  type ReverseStatus,
  type ReverseType,
} from './reverse-state.js';
import { nextStatus } from './state-table.js';

/** Walks a type's happy path from the initial status; each step must be allowed and land where expected. */
function walk(type: ReverseType, steps: [ReverseEvent, ReverseStatus][]) {
  let s: ReverseStatus = 'WAITING_FOR_AUDIT_BY_SELLER';
  for (const [e, to] of steps) {
    const next = nextReverseStatus(type, s, e);
    expect(next, `${type}: ${s} --${e}-->`).toBe(to);
    s = next!;
  }
  return s;
}

describe('reverse order transitions per type', () => {
  it('cancel before delivery: audit, then the refund; never waits for goods', () => {
    walk('SALE_CANCEL_BEFORE_DELIVERY', [
      ['APPROVE_CANCEL', 'REFUND_PENDING'],
      ['REFUND_SUCCEEDED', 'REFUND_DONE'],
    ]);
    expect(
      nextReverseStatus('SALE_CANCEL_BEFORE_DELIVERY', 'WAITING_FOR_AUDIT_BY_SELLER', 'APPROVE_RETURN'),
    ).toBeNull();
  });
  it('cancel after paid: approve refunds, reject closes; the buyer cannot withdraw it', () => {
    walk('SALE_CANCEL_AFTER_PAID', [
      ['APPROVE_CANCEL', 'REFUND_PENDING'],
      ['REFUND_FAILED', 'REFUND_FAIL'],
      ['RETRY_REFUND', 'REFUND_PENDING'],
      ['REFUND_SUCCEEDED', 'REFUND_DONE'],
    ]);
    expect(nextReverseStatus('SALE_CANCEL_AFTER_PAID', 'WAITING_FOR_AUDIT_BY_SELLER', 'REJECT')).toBe('REVERSE_CLOSE');
    expect(nextReverseStatus('SALE_CANCEL_AFTER_PAID', 'WAITING_FOR_AUDIT_BY_SELLER', 'BUYER_CANCEL')).toBeNull();
  });
  it('refund only: audit, the seller refunds, the provider answers', () => {
    walk('SALE_REFUND', [
      ['APPROVE_REFUND', 'WAITING_FOR_REFUND'],
      ['REFUND', 'REFUND_PENDING'],
      ['REFUND_SUCCEEDED', 'REFUND_DONE'],
    ]);
    expect(nextReverseStatus('SALE_REFUND', 'WAITING_FOR_REFUND', 'POST_BACK')).toBeNull();
  });
  it('return: audit, send back, QC, refund', () => {
    walk('SALE_RETURN', [
      ['APPROVE_RETURN', 'WAITING_FOR_BUYER_RETURN'],
      ['POST_BACK', 'WAITING_FOR_QC_DONE'],
      ['QC_PASS_RETURN', 'WAITING_FOR_REFUND'],
      ['REFUND', 'REFUND_PENDING'],
      ['REFUND_SUCCEEDED', 'REFUND_DONE'],
    ]);
    // A return never skips the check, and never ships a replacement.
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_BUYER_RETURN', 'REFUND')).toBeNull();
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_QC_DONE', 'QC_PASS_EXCHANGE')).toBeNull();
  });
  it('exchange: audit, send back, QC, replacement shipped, buyer confirms; no money moves', () => {
    walk('SALE_EXCHANGE', [
      ['APPROVE_RETURN', 'WAITING_FOR_BUYER_RETURN'],
      ['POST_BACK', 'WAITING_FOR_QC_DONE'],
      ['QC_PASS_EXCHANGE', 'WAITING_FOR_SELLER_SHIP'],
      ['SHIP_EXCHANGE', 'WAITING_FOR_BUYER_CONFIRMED'],
      ['CONFIRM_EXCHANGE', 'REVERSE_DONE'],
    ]);
    expect(nextReverseStatus('SALE_EXCHANGE', 'WAITING_FOR_QC_DONE', 'QC_PASS_RETURN')).toBeNull();
    expect(REVERSE_TYPE_EVENTS.SALE_EXCHANGE).not.toContain('REFUND');
  });
  it('every allowed move of every type, and a forbidden one for every event', () => {
    for (const type of REVERSE_TYPES) {
      for (const e of REVERSE_TYPE_EVENTS[type]) {
        for (const from of REVERSE_EVENTS[e].from)
          expect(nextReverseStatus(type, from, e), `${type} ${from} ${e}`).toBe(REVERSE_EVENTS[e].to);
      }
    }
    for (const e of Object.keys(REVERSE_EVENTS) as ReverseEvent[]) {
      expect(nextReverseStatus('SALE_EXCHANGE', 'REVERSE_DONE', e), `REVERSE_DONE ${e}`).toBeNull();
    }
  });
  it('buyer withdrawal: while waiting for audit or before sending back, not after the goods left', () => {
    for (const type of ['SALE_REFUND', 'SALE_RETURN', 'SALE_EXCHANGE'] as const) {
      expect(nextReverseStatus(type, 'WAITING_FOR_AUDIT_BY_SELLER', 'BUYER_CANCEL')).toBe('REVERSE_CANCELED');
    }
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_BUYER_RETURN', 'BUYER_CANCEL')).toBe('REVERSE_CANCELED');
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_QC_DONE', 'BUYER_CANCEL')).toBeNull();
    expect(nextReverseStatus('SALE_REFUND', 'REFUND_PENDING', 'BUYER_CANCEL')).toBeNull();
  });
  it('final statuses never move; open ones hold their lines (a failed refund stays open for the retry)', () => {
    for (const s of ['REFUND_DONE', 'REVERSE_DONE', 'REVERSE_CANCELED', 'REVERSE_CLOSE'] as const) {
      expect(isOpen(s)).toBe(false);
      for (const type of REVERSE_TYPES) expect(reverseEventsNow(type, s), `${type} ${s}`).toEqual([]);
    }
    expect(isOpen('REFUND_FAIL')).toBe(true);
    expect(REVERSE_STATUSES).toHaveLength(13);
    expect(BUYER_REVERSE_TYPES).toEqual([
      'SALE_REFUND',
      'SALE_RETURN',
      'SALE_EXCHANGE',
      'SALE_CANCEL_BEFORE_DELIVERY',
      'PURCHASE_RETURN',
    ]);
  });
  it('a checked return or exchange may be settled by a reissue; a refund-only request or a purchase return may not', () => {
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_REFUND', 'REISSUE')).toBe('REVERSE_DONE');
    expect(nextReverseStatus('SALE_EXCHANGE', 'WAITING_FOR_SELLER_SHIP', 'REISSUE')).toBe('REVERSE_DONE');
    expect(nextReverseStatus('SALE_RETURN', 'WAITING_FOR_QC_DONE', 'REISSUE')).toBeNull();
    expect(nextReverseStatus('SALE_RETURN', 'REFUND_PENDING', 'REISSUE')).toBeNull();
    expect(nextReverseStatus('SALE_REFUND', 'WAITING_FOR_REFUND', 'REISSUE')).toBeNull();
    expect(nextReverseStatus('PURCHASE_RETURN', 'WAITING_FOR_REFUND', 'REISSUE')).toBeNull();
  });
  it('a purchase return moves as a return: audit, send back, QC, refund', () => {
    expect(nextReverseStatus('PURCHASE_RETURN', 'WAITING_FOR_AUDIT_BY_SELLER', 'APPROVE_RETURN')).toBe(
      'WAITING_FOR_BUYER_RETURN',
    );
    expect(nextReverseStatus('PURCHASE_RETURN', 'WAITING_FOR_QC_DONE', 'QC_PASS_RETURN')).toBe('WAITING_FOR_REFUND');
    expect(nextReverseStatus('PURCHASE_RETURN', 'WAITING_FOR_QC_DONE', 'QC_PASS_EXCHANGE')).toBeNull();
    expect(nextReverseStatus('PURCHASE_RETURN', 'WAITING_FOR_REFUND', 'REFUND')).toBe('REFUND_PENDING');
  });
});

describe('buyer operationList per status', () => {
  const ops = (
    type: ReverseType,
    status: ReverseStatus,
    extra: Partial<Parameters<typeof reverseOperationList>[0]> = {},
  ) =>
    reverseOperationList({ type, status, hasLogistics: false, hasRejectReason: false, viewerIsBuyer: true, ...extra });
  it('the operations each status offers', () => {
    expect(ops('SALE_RETURN', 'WAITING_FOR_AUDIT_BY_SELLER')).toEqual(['cancel']);
    expect(ops('SALE_RETURN', 'WAITING_FOR_BUYER_RETURN')).toEqual(['cancel', 'sendBack']);
    expect(ops('SALE_RETURN', 'WAITING_FOR_QC_DONE', { hasLogistics: true })).toEqual(['checkLogistics']);
    expect(ops('SALE_EXCHANGE', 'WAITING_FOR_BUYER_CONFIRMED', { hasLogistics: true })).toEqual([
      'confirmReceipt',
      'checkLogistics',
    ]);
    expect(ops('SALE_RETURN', 'REVERSE_CLOSE', { hasRejectReason: true })).toEqual(['viewRejectReason']);
    expect(ops('SALE_CANCEL_AFTER_PAID', 'WAITING_FOR_AUDIT_BY_SELLER')).toEqual([]);
    expect(ops('SALE_REFUND', 'REFUND_DONE')).toEqual([]);
  });
  it('someone who is not the buyer gets no buyer actions', () => {
    expect(ops('SALE_RETURN', 'WAITING_FOR_BUYER_RETURN', { viewerIsBuyer: false })).toEqual([]);
  });
});

describe('payment record and refund tables', () => {
  it('a captured payment is never closed; a not-kept charge closes from any open status', () => {
    expect(nextStatus(PAYMENT_RECORD_EVENTS, 'PAY_SUCCESS', 'CLOSE')).toBeNull();
    expect(nextStatus(PAYMENT_RECORD_EVENTS, 'PAY_SUCCESS', 'NOT_CAPTURED')).toBeNull();
    expect(nextStatus(PAYMENT_RECORD_EVENTS, 'CLOSED', 'NOT_CAPTURED')).toBe('CLOSED');
    expect(nextStatus(PAYMENT_RECORD_EVENTS, 'PAY_PENDING', 'CAPTURE')).toBe('PAY_SUCCESS');
    expect(nextStatus(PAYMENT_RECORD_EVENTS, 'PAY_FAILED', 'CAPTURE')).toBeNull();
  });
  it('a refund settles once; only a failed one is retried', () => {
    expect(nextStatus(REFUND_EVENTS, 'REFUND_PENDING', 'SUCCEEDED')).toBe('REFUND_DONE');
    expect(nextStatus(REFUND_EVENTS, 'REFUND_DONE', 'SUCCEEDED')).toBeNull();
    expect(nextStatus(REFUND_EVENTS, 'REFUND_DONE', 'RETRY')).toBeNull();
    expect(nextStatus(REFUND_EVENTS, 'REFUND_FAIL', 'RETRY')).toBe('REFUND_PENDING');
  });
});
