/**
 * Membership rules (SPEC §7 Membership, §9 "earned points rounded up"), pure:
 * - a buyer's level is the highest level whose growth threshold the growth reaches;
 * - benefits from several sources (the level, a paid service) merge to the best of each;
 * - the member discount is a rate off the goods, shown as levelAmt;
 * - earned points are multiplied by the benefit's multiplier, then rounded up;
 * - points expire at the end of the year after the year they were earned in, oldest first.
 */
import { applyRate, decimalToFraction } from './money.js';

export interface LevelRule {
  rank: number;
  thresholdMinor: bigint;
}

/** The level reached with `growthMinor` (levels in any order; the entry level has threshold 0). */
export function levelForGrowth<L extends LevelRule>(levels: L[], growthMinor: bigint): L | null {
  let best: L | null = null;
  for (const l of levels) if (growthMinor >= l.thresholdMinor && (!best || l.rank > best.rank)) best = l;
  return best;
}

/** The next level above `growthMinor` and the growth still missing to reach it (null at the top). */
export function levelUpDifference<L extends LevelRule>(
  levels: L[],
  growthMinor: bigint,
): { next: L; missingMinor: bigint; progress: number } | null {
  const current = levelForGrowth(levels, growthMinor);
  const next = [...levels]
    .sort((a, b) => a.rank - b.rank)
    .find((l) => l.thresholdMinor > growthMinor && (!current || l.rank > current.rank));
  if (!next) return null;
  const from = current?.thresholdMinor ?? 0n;
  const span = next.thresholdMinor - from;
  // Progress between the current level's threshold and the next one's, in whole percent (floor).
  const progress = span <= 0n ? 0 : Number(((growthMinor - from) * 100n) / span);
  return { next, missingMinor: next.thresholdMinor - growthMinor, progress: Math.max(0, Math.min(99, progress)) };
}

/** What a buyer's benefits add up to for pricing. */
export interface MemberBenefits {
  /** Share off the goods ("0.05"); "0" for none. */
  discountRate: string;
  /** Earned points multiplier ("1.5"); "1" for none. */
  pointsMultiplier: string;
  /** Free shipping when a shop's goods reach this; null for none. */
  freeShippingMinor: bigint | null;
}

export const NO_BENEFITS: MemberBenefits = { discountRate: '0', pointsMultiplier: '1', freeShippingMinor: null };

const cmp = (a: string, b: string) => {
  const [an, ad] = decimalToFraction(a);
  const [bn, bd] = decimalToFraction(b);
  const l = an * bd;
  const r = bn * ad;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** Benefits of several sources do not add up: each benefit is the best any source gives. */
export function mergeBenefits(sources: MemberBenefits[]): MemberBenefits {
  return sources.reduce<MemberBenefits>(
    (acc, s) => ({
      discountRate: cmp(s.discountRate, acc.discountRate) > 0 ? s.discountRate : acc.discountRate,
      pointsMultiplier: cmp(s.pointsMultiplier, acc.pointsMultiplier) > 0 ? s.pointsMultiplier : acc.pointsMultiplier,
      freeShippingMinor:
        s.freeShippingMinor === null
          ? acc.freeShippingMinor
          : acc.freeShippingMinor === null || s.freeShippingMinor < acc.freeShippingMinor
            ? s.freeShippingMinor
            : acc.freeShippingMinor,
    }),
    NO_BENEFITS,
  );
}

/** Member discount on an amount of goods: rate x goods, rounded half up to the minor unit. */
export function memberDiscount(goodsMinor: bigint, rate: string): bigint {
  if (goodsMinor <= 0n) return 0n;
  const d = applyRate(goodsMinor, rate);
  return d > goodsMinor ? goodsMinor : d;
}

/**
 * Points earned by paying `paidMinor`: paid major units x earn rate x multiplier, rounded up
 * once at the end (SPEC §9 "earned points rounded up"), so 1.5 x 10.01 points gives 16, not 17.
 */
export function earnedPoints(paidMinor: bigint, minorPerUnit: bigint, earnPerUnit: string, multiplier: string): number {
  if (paidMinor <= 0n) return 0;
  const [en, ed] = decimalToFraction(earnPerUnit);
  const [mn, md] = decimalToFraction(multiplier);
  const den = ed * md * minorPerUnit;
  return Number((paidMinor * en * mn + den - 1n) / den);
}

/** Earned points times the multiplier, rounded up (SPEC §9). */
export function multiplyPoints(points: number, multiplier: string): number {
  if (points <= 0) return 0;
  const [n, d] = decimalToFraction(multiplier);
  return Number((BigInt(points) * n + d - 1n) / d);
}

/** Points earned in `earnYear` expire at the start of the year after next (end of the following year), UTC. */
export function pointsExpireAt(earnYear: number): Date {
  return new Date(Date.UTC(earnYear + 2, 0, 1));
}

/**
 * Points of `year` still left to expire, oldest first: every debit so far (spends, taken-back
 * earnings, earlier expiries) used the oldest credits first. Never more than that year's
 * credits, never less than zero.
 */
export function expiringPoints(creditsByYear: Map<number, number>, totalDebits: number, year: number): number {
  let upTo = 0;
  for (const [y, c] of creditsByYear) if (y <= year) upTo += c;
  const left = upTo - totalDebits;
  const ofYear = creditsByYear.get(year) ?? 0;
  return Math.max(0, Math.min(ofYear, left));
}
