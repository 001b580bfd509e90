/**
 * Membership rules with real figures: level from growth, the member discount in pricing on two
 * sites (USD with tax on top, JPY with no minor unit and VAT included), the points multiplier
 * rounding up and points expiry, oldest first.
 */
import { describe, expect, it } from 'vitest';
import { SITES } from '@mall/contracts';
import {
  earnedPoints,
  expiringPoints,
  levelForGrowth,
  levelUpDifference,
  memberDiscount,
  mergeBenefits,
  multiplyPoints,
  pointsExpireAt,
} from './membership.js';
import { priceContract, type PricingInput } from './pricing.js';

const levels = [
  { rank: 2, code: 'SILVER', thresholdMinor: 50_000n },
  { rank: 1, code: 'MEMBER', thresholdMinor: 0n },
  { rank: 3, code: 'GOLD', thresholdMinor: 200_000n },
];

describe('level from growth', () => {
  it('is the highest level whose threshold the growth reaches', () => {
    expect(levelForGrowth(levels, 0n)?.code).toBe('MEMBER');
    expect(levelForGrowth(levels, 49_999n)?.code).toBe('MEMBER');
    expect(levelForGrowth(levels, 50_000n)?.code).toBe('SILVER');
    expect(levelForGrowth(levels, 120_000n)?.code).toBe('SILVER');
    expect(levelForGrowth(levels, 999_999n)?.code).toBe('GOLD');
    expect(levelForGrowth([], 10n)).toBeNull();
  });

  it('says what is missing to the next level and how far the buyer got', () => {
    // 120000 between SILVER (50000) and GOLD (200000): 70000 of 150000 = 46 %, 80000 missing.
    expect(levelUpDifference(levels, 120_000n)).toMatchObject({
      next: { code: 'GOLD' },
      missingMinor: 80_000n,
      progress: 46,
    });
    expect(levelUpDifference(levels, 0n)).toMatchObject({
      next: { code: 'SILVER' },
      missingMinor: 50_000n,
      progress: 0,
    });
    expect(levelUpDifference(levels, 200_000n)).toBeNull();
  });
});

describe('benefits of several sources', () => {
  it('take the best of each benefit, they do not add up', () => {
    expect(
      mergeBenefits([
        { discountRate: '0.03', pointsMultiplier: '1.5', freeShippingMinor: 9900n },
        { discountRate: '0.1', pointsMultiplier: '1.2', freeShippingMinor: null },
      ]),
    ).toEqual({ discountRate: '0.1', pointsMultiplier: '1.5', freeShippingMinor: 9900n });
    expect(mergeBenefits([])).toEqual({ discountRate: '0', pointsMultiplier: '1', freeShippingMinor: null });
  });
});

function input(site: 'US' | 'JP', unitMinor: bigint, member?: PricingInput['member'], coupon?: bigint): PricingInput {
  const s = SITES[site];
  return {
    currency: s.currency,
    taxRate: s.taxRate,
    taxDisplay: s.taxDisplay,
    shops: [
      {
        shopId: '1',
        shippingMinor: 0n,
        lines: [{ key: 'a', unitMinor, qty: '1', pointsUnit: null }],
        ...(coupon
          ? {
              coupon: {
                id: 'c',
                scope: 'SHOP' as const,
                type: 'AMOUNT' as const,
                amountMinor: 1000n,
                minSpendMinor: coupon,
                useLimit: false,
              },
            }
          : {}),
      },
    ],
    points: { enabled: false, balance: 0, rule: s.points },
    member,
  };
}

describe('member discount in pricing (levelAmt)', () => {
  it('US: 5 % off $129.99 is $6.50, tax 7.25 % on the rest, points x1.5 rounded up', () => {
    // 12999 x 0.05 = 649.95 -> 650; goods 12349; tax 12349 x 0.0725 = 895.30 -> 895; pay 13244.
    // Points: 132.44 x 1 x 1.5 = 198.66 -> 199 (without the multiplier: 133).
    const r = priceContract(input('US', 12_999n, { discountRate: '0.05', pointsMultiplier: '1.5' }));
    expect(r.levelAmt).toBe(650n);
    expect(r.totalTaxAmt).toBe(895n);
    expect(r.needPayAmt).toBe(13_244n);
    expect(r.shops[0]!.lines[0]!.discountAmt).toBe(650n);
    expect(r.earnPoints).toBe(199);
    expect(priceContract(input('US', 12_999n)).earnPoints).toBe(Math.ceil((12_999 + 942) / 100));
  });

  it("US: a shop coupon's minimum spend counts the goods after the member discount", () => {
    // Minimum 125.00: 129.99 reaches it, 129.99 - 6.50 = 123.49 does not.
    expect(priceContract(input('US', 12_999n, undefined, 12_500n)).shopDiscountAmt).toBe(1000n);
    expect(
      priceContract(input('US', 12_999n, { discountRate: '0.05', pointsMultiplier: '1' }, 12_500n)).shopDiscountAmt,
    ).toBe(0n);
  });

  it('JP: 3 % off 12999 yen is 390 yen (whole yen), VAT included, points x1.2 rounded up', () => {
    // 12999 x 0.03 = 389.97 -> 390; pay 12609 (10 % VAT inside: 12609 - round(12609 / 1.1) = 1146).
    // Points: 12609 x 0.01 x 1.2 = 151.308 -> 152 (without the multiplier 126.09 -> 127).
    const r = priceContract(input('JP', 12_999n, { discountRate: '0.03', pointsMultiplier: '1.2' }));
    expect(r.levelAmt).toBe(390n);
    expect(r.needPayAmt).toBe(12_609n);
    expect(r.totalTaxAmt).toBe(1146n);
    expect(r.earnPoints).toBe(152);
    expect(priceContract(input('JP', 12_999n, { discountRate: '0', pointsMultiplier: '1' })).earnPoints).toBe(130);
  });

  it('never takes more than the goods', () => {
    expect(memberDiscount(100n, '1.5')).toBe(100n);
    expect(memberDiscount(0n, '0.05')).toBe(0n);
  });
});

describe('points multiplier', () => {
  it('rounds up once, at the end', () => {
    // 10.01 paid x 1 point x 1.5 = 15.015 -> 16 (rounding 10.01 -> 11 first would give 17).
    expect(earnedPoints(1001n, 100n, '1', '1.5')).toBe(16);
    expect(earnedPoints(1000n, 100n, '1', '1.5')).toBe(15);
    expect(earnedPoints(0n, 100n, '1', '2')).toBe(0);
    expect(multiplyPoints(11, '1.5')).toBe(17);
    expect(multiplyPoints(10, '1.25')).toBe(13);
  });
});

describe('points expiry', () => {
  it("expires a year's points at the end of the following year", () => {
    expect(pointsExpireAt(2025).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('takes the oldest credits first and never more than is left of that year', () => {
    // 1000 earned in 2024, 300 in 2025, 400 spent: 600 of 2024 are left to expire.
    expect(
      expiringPoints(
        new Map([
          [2024, 1000],
          [2025, 300],
        ]),
        400,
        2024,
      ),
    ).toBe(600);
    // 500 + 300 earned, 600 spent: nothing of 2024 is left; 200 of 2025.
    expect(
      expiringPoints(
        new Map([
          [2024, 500],
          [2025, 300],
        ]),
        600,
        2024,
      ),
    ).toBe(0);
    expect(
      expiringPoints(
        new Map([
          [2024, 500],
          [2025, 300],
        ]),
        600,
        2025,
      ),
    ).toBe(200);
    // After 2024 expired (its 600 count as debits), 2025 loses only its own 300.
    expect(
      expiringPoints(
        new Map([
          [2024, 1000],
          [2025, 300],
        ]),
        1000,
        2025,
      ),
    ).toBe(300);
  });
});
