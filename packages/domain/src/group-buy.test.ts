import { describe, expect, it } from 'vitest';
import { GROUP_EVENTS, joinProblem, nextGroupStatus, slotsLeft } from './group-buy.js';
import { operationList, type OperationInput } from './order-state.js';

const now = new Date('2026-12-02T12:00:00Z');
const later = new Date('2026-12-02T13:00:00Z');

describe('group statuses', () => {
  it('an open group fills or fails, and nothing leaves a filled or failed group', () => {
    expect(nextGroupStatus('OPEN', 'FILL')).toBe('FILLED');
    expect(nextGroupStatus('OPEN', 'EXPIRE')).toBe('FAILED');
    for (const s of ['FILLED', 'FAILED'] as const)
      for (const e of Object.keys(GROUP_EVENTS) as (keyof typeof GROUP_EVENTS)[])
        expect(nextGroupStatus(s, e)).toBeNull();
  });

  it('joining: full, expired and closed groups are refused', () => {
    const g = { status: 'OPEN' as const, size: 3, members: 2, expiresAt: later };
    expect(joinProblem(g, now)).toBeNull();
    expect(joinProblem({ ...g, members: 3 }, now)).toBe('FULL');
    expect(joinProblem({ ...g, status: 'FILLED' }, now)).toBe('FULL');
    expect(joinProblem(g, later)).toBe('EXPIRED');
    expect(joinProblem({ ...g, status: 'FAILED' }, now)).toBe('EXPIRED');
    expect(slotsLeft(g)).toBe(1);
    expect(slotsLeft({ ...g, status: 'FAILED' })).toBe(0);
  });
});

describe('inviteToJoinGroup', () => {
  const base: OperationInput = {
    status: 'UN_DELIVERY',
    tradeType: 'NORMAL_SALE_B2C',
    payChannel: 'MOCKPAY',
    notFirstTime: true,
    viewerIsBuyer: true,
    masterPending: false,
    packageCount: 0,
    openPackageCount: 0,
    postponeCount: 0,
    postponeLimit: 1,
    hasInvoiceUrl: false,
    evaluated: false,
    hasServiceItems: false,
    reversible: false,
    reverseInProgress: false,
    isReissue: false,
    isPoints: false,
  };
  it('a paid order of an open group invites (and is not cancelled by hand); once filled it is an ordinary paid order', () => {
    expect(operationList({ ...base, groupStatus: 'OPEN' })).toContain('inviteToJoinGroup');
    expect(operationList({ ...base, groupStatus: 'OPEN' })).not.toContain('buyerCancelAfterPay');
    expect(operationList({ ...base, groupStatus: 'FILLED' })).not.toContain('inviteToJoinGroup');
    expect(operationList({ ...base, groupStatus: 'FILLED' })).toContain('buyerCancelAfterPay');
    expect(operationList(base)).not.toContain('inviteToJoinGroup');
  });
  it('not before payment, not to another viewer', () => {
    expect(operationList({ ...base, status: 'PENDING_PAY', payChannel: null, groupStatus: 'OPEN' })).not.toContain(
      'inviteToJoinGroup',
    );
    expect(operationList({ ...base, viewerIsBuyer: false, groupStatus: 'OPEN' })).not.toContain('inviteToJoinGroup');
  });
});
