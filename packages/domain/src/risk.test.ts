import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RISK_RULES,
  isDisposableEmail,
  isRiskHeld,
  riskReviewEndsAt,
  scoreRisk,
  type RiskSignals,
} from './risk.js';

const calm: RiskSignals = {
  currency: 'USD',
  amountMinor: 12_000n,
  accountAgeDays: 400,
  paidOrdersBefore: 3,
  shippingCountry: 'US',
  billingCountry: null,
  email: 'buyer@demo.shop',
  ordersByBuyer: 1,
  ordersByEmail: 1,
  ordersByIp: 1,
  ordersByDevice: null,
  cardsByBuyer: 0,
  addressesByBuyer: 1,
};
const codes = (s: Partial<RiskSignals>) => scoreRisk({ ...calm, ...s }).reasons.map((r) => r.code);

describe('scoreRisk', () => {
  it('an ordinary order scores nothing', () => {
    expect(scoreRisk(calm)).toEqual({ score: 0, reasons: [] });
  });

  it("a new account's order above the limit of its currency scores; an old account or one with a paid order does not", () => {
    const big = { accountAgeDays: 0, paidOrdersBefore: 0, amountMinor: 100_001n };
    expect(codes(big)).toEqual(['NEW_ACCOUNT_AMOUNT']);
    expect(codes({ ...big, amountMinor: 100_000n })).toEqual([]);
    expect(codes({ ...big, accountAgeDays: 30 })).toEqual([]);
    expect(codes({ ...big, paidOrdersBefore: 1 })).toEqual([]);
    // JPY has no minor digits: its own limit.
    expect(codes({ ...big, currency: 'JPY', amountMinor: 100_001n })).toEqual([]);
    expect(codes({ ...big, currency: 'JPY', amountMinor: 150_001n })).toEqual(['NEW_ACCOUNT_AMOUNT']);
  });

  it('billing in another country than shipping scores; no billing address (same as shipping) does not', () => {
    expect(codes({ billingCountry: 'NG' })).toEqual(['COUNTRY_MISMATCH']);
    expect(codes({ billingCountry: 'us' })).toEqual([]);
    expect(codes({ billingCountry: null })).toEqual([]);
  });

  it('a throwaway mailbox scores, subdomains too', () => {
    expect(codes({ email: 'x@Mailinator.com' })).toEqual(['DISPOSABLE_EMAIL']);
    expect(isDisposableEmail('a@eu.yopmail.com')).toBe(true);
    expect(isDisposableEmail('a@notmailinator.com')).toBe(false);
    expect(isDisposableEmail(null)).toBe(false);
  });

  it('velocity: more orders in an hour per buyer or email than 5, per IP or device than 20', () => {
    expect(codes({ ordersByBuyer: 5 })).toEqual([]);
    expect(codes({ ordersByBuyer: 6 })).toEqual(['ORDER_VELOCITY']);
    expect(codes({ ordersByEmail: 6 })).toEqual(['ORDER_VELOCITY']);
    expect(codes({ ordersByIp: 20 })).toEqual([]);
    expect(codes({ ordersByIp: 21 })).toEqual(['ORDER_VELOCITY']);
    expect(codes({ ordersByDevice: 21 })).toEqual(['ORDER_VELOCITY']);
    // Several keys over their limit are one velocity sign, not several.
    expect(codes({ ordersByBuyer: 9, ordersByIp: 99 })).toEqual(['ORDER_VELOCITY']);
    expect(codes({ cardsByBuyer: 4 })).toEqual(['CARD_VELOCITY']);
    expect(codes({ addressesByBuyer: 4 })).toEqual(['ADDRESS_VELOCITY']);
  });

  it('one strong sign alone is not held; two are; the threshold decides', () => {
    const t = DEFAULT_RISK_RULES.threshold;
    const one = scoreRisk({ ...calm, email: 'x@yopmail.com' });
    expect(isRiskHeld(one.score, t)).toBe(false);
    const two = scoreRisk({
      ...calm,
      email: 'x@yopmail.com',
      accountAgeDays: 0,
      paidOrdersBefore: 0,
      amountMinor: 200_000n,
    });
    expect(two.score).toBe(90);
    expect(isRiskHeld(two.score, t)).toBe(true);
    expect(isRiskHeld(two.score, 91)).toBe(false);
    // Velocity and a mismatch together are not enough: a traveller's busy hour.
    expect(isRiskHeld(scoreRisk({ ...calm, ordersByBuyer: 9, billingCountry: 'CA' }).score, t)).toBe(false);
    expect(
      isRiskHeld(scoreRisk({ ...calm, ordersByBuyer: 9, addressesByBuyer: 5, billingCountry: 'CA' }).score, t),
    ).toBe(false);
    // A strong sign with a mismatch is.
    expect(isRiskHeld(scoreRisk({ ...calm, email: 'x@yopmail.com', billingCountry: 'CA' }).score, t)).toBe(true);
  });
});

describe('riskReviewEndsAt', () => {
  it('a hold placed on Friday evening is cancelled on Monday evening if nobody decides', () => {
    expect(riskReviewEndsAt(new Date('2026-12-04T18:30:00Z')).toISOString()).toBe('2026-12-07T18:30:00.000Z');
  });
});
