import { describe, expect, it } from 'vitest';
import { CONTRACT_EVENTS, MASTER_EVENTS, PRESALE_STAGE_EVENTS } from './contract-state.js';
import { eventsFrom, nextStatus } from './state-table.js';

describe('contract status', () => {
  it('an unpaid contract is paid or closed; a paid or closed one moves no more', () => {
    expect(nextStatus(CONTRACT_EVENTS, 'PENDING_PAY', 'PAY')).toBe('PAID');
    expect(nextStatus(CONTRACT_EVENTS, 'PENDING_PAY', 'CLOSE')).toBe('CLOSED');
    expect(nextStatus(CONTRACT_EVENTS, 'PAID', 'CLOSE')).toBeNull();
    expect(nextStatus(CONTRACT_EVENTS, 'PAID', 'PAY')).toBeNull();
    expect(nextStatus(CONTRACT_EVENTS, 'CLOSED', 'PAY')).toBeNull();
    expect(eventsFrom(CONTRACT_EVENTS, 'CLOSED')).toEqual([]);
  });

  it("a presale's deposit opens the balance stage, once", () => {
    expect(nextStatus(PRESALE_STAGE_EVENTS, 'DEPOSIT', 'PAY_DEPOSIT')).toBe('BALANCE');
    expect(nextStatus(PRESALE_STAGE_EVENTS, 'BALANCE', 'PAY_DEPOSIT')).toBeNull();
  });

  it('a sub-account hands a contract to the main account once; only a handed-over one is paid by it', () => {
    expect(nextStatus(MASTER_EVENTS, 'NONE', 'SUBMIT_TO_MASTER')).toBe('PENDING');
    expect(nextStatus(MASTER_EVENTS, 'PENDING', 'SUBMIT_TO_MASTER')).toBeNull();
    expect(nextStatus(MASTER_EVENTS, 'PENDING', 'MASTER_PAY')).toBe('PAID');
    expect(nextStatus(MASTER_EVENTS, 'NONE', 'MASTER_PAY')).toBeNull();
    expect(nextStatus(MASTER_EVENTS, 'PAID', 'SUBMIT_TO_MASTER')).toBeNull();
  });
});
