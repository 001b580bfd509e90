import { describe, expect, it } from 'vitest';
import {
  APPLICATION_EVENTS,
  MERCHANT_STATE_EVENTS,
  merchantMay,
  merchantStateEvents,
  nextApplicationStatus,
  nextMerchantState,
  type ApplicationEvent,
  type MerchantStateEvent,
} from './merchant-state.js';

describe('merchant state transitions', () => {
  it('every allowed move lands where the table says', () => {
    for (const e of Object.keys(MERCHANT_STATE_EVENTS) as MerchantStateEvent[]) {
      for (const from of MERCHANT_STATE_EVENTS[e].from)
        expect(nextMerchantState(from, e), `${from} ${e}`).toBe(MERCHANT_STATE_EVENTS[e].to);
    }
    expect(nextMerchantState('seller', 'FREEZE')).toBe('frozen');
    expect(nextMerchantState('frozen', 'CLEAR')).toBe('clear');
    expect(nextMerchantState('clear', 'RESTORE')).toBe('seller');
  });
  it('forbidden moves: a cleared seller cannot be frozen, an active one not restored', () => {
    expect(nextMerchantState('clear', 'FREEZE')).toBeNull();
    expect(nextMerchantState('seller', 'RESTORE')).toBeNull();
    expect(nextMerchantState('clear', 'CLEAR')).toBeNull();
    expect(merchantStateEvents('seller')).toEqual(['FREEZE', 'CLEAR']);
  });
  it('rights: frozen keeps query, delivery and after-sales; cleared only queries', () => {
    expect(merchantMay('seller', 'sell')).toBe(true);
    expect(merchantMay('frozen', 'fulfil')).toBe(true);
    expect(merchantMay('frozen', 'sell')).toBe(false);
    expect(merchantMay('clear', 'read')).toBe(true);
    expect(merchantMay('clear', 'fulfil')).toBe(false);
    expect(merchantMay('clear', 'sell')).toBe(false);
  });
});

describe('merchant application transitions', () => {
  it('every allowed move lands where the table says', () => {
    for (const e of Object.keys(APPLICATION_EVENTS) as ApplicationEvent[]) {
      for (const from of APPLICATION_EVENTS[e].from)
        expect(nextApplicationStatus(from, e), `${from} ${e}`).toBe(APPLICATION_EVENTS[e].to);
    }
    expect(nextApplicationStatus('reject', 'RESUBMIT')).toBe('audit');
  });
  it('forbidden moves: a passed application is final, a rejected one cannot be passed without a new review', () => {
    expect(nextApplicationStatus('pass', 'REJECT')).toBeNull();
    expect(nextApplicationStatus('pass', 'RESUBMIT')).toBeNull();
    expect(nextApplicationStatus('reject', 'PASS')).toBeNull();
  });
});
