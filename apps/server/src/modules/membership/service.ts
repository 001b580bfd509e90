/**
 * Membership reads (SPEC §7 Membership) and the monthly member coupons. Every read is scoped
 * by the session's buyer; levels are per site (the request's site).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  type Currency,
  type CustomerBenefits,
  type CustomerInfo,
  type LevelBenefits,
  type LevelPage,
  type LevelUpDifference,
  type MemberLevel,
  type PointHistory,
  type PointLineKind,
  type Site,
  SITES,
} from '@mall/contracts';
import { decimalToFraction, levelUpDifference, money, pointsExpireAt } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  couponCampaigns,
  memberCouponCampaigns,
  memberCouponGrants,
  memberGrowth,
  memberLevels,
  ownerCoupons,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { pointBalance, pointHistory } from '../points/ledger.js';
import { activeBenefits, levelOf, levelsOf, type LevelRow } from './benefits.js';
import { queryPaidService } from './paid-service.js';

const percentOf = (rate: string) => {
  const [n, d] = decimalToFraction(rate);
  return Number((n * 10000n) / d) / 100;
};

function benefitsOut(l: LevelRow, currency: Currency): LevelBenefits {
  return {
    discountPercent: percentOf(l.discountRate),
    pointsMultiplier: String(Number(l.pointsMultiplier)),
    freeShippingThreshold: l.freeShippingMinor === null ? null : money(l.freeShippingMinor, currency),
    monthlyCoupon:
      l.monthlyCouponMinor === null
        ? null
        : {
            amount: money(l.monthlyCouponMinor, currency),
            minSpend: money(l.monthlyCouponMinSpendMinor ?? 0n, currency),
          },
  };
}

export function levelOut(l: LevelRow, site: Site): MemberLevel {
  return {
    id: String(l.id),
    rank: l.rank,
    code: l.code,
    name: l.name,
    threshold: money(l.thresholdMinor, site.currency),
    benefits: benefitsOut(l, site.currency),
  };
}

export const levelNotFound = () =>
  new AppError(404, ERROR_CODES.memberLevelNotFound, 'This member level does not exist');

export async function pageLevels(
  db: Db,
  user: UserRow | null,
  site: Site,
  pageNo: number,
  pageSize: number,
): Promise<LevelPage> {
  const levels = await levelsOf(db, site.code);
  const mine = user ? (await levelOf(db, user.id, site.code)).level : null;
  return {
    data: levels.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((l) => levelOut(l, site)),
    total: levels.length,
    currentLevelId: mine ? String(mine.id) : null,
  };
}

/** A level of the request's site by id; without an id the caller's current level. */
export async function queryLevel(db: Db, user: UserRow | null, site: Site, id?: string): Promise<MemberLevel> {
  if (id) {
    const [l] = await db
      .select()
      .from(memberLevels)
      .where(and(eq(memberLevels.id, BigInt(id)), eq(memberLevels.site, site.code)));
    if (!l) throw levelNotFound();
    return levelOut(l, site);
  }
  if (!user) throw new AppError(401, ERROR_CODES.unauthorized, 'Please log in first');
  const { level } = await levelOf(db, user.id, site.code);
  if (!level) throw levelNotFound();
  return levelOut(level, site);
}

export async function levelUpDiff(db: Db, user: UserRow, site: Site): Promise<LevelUpDifference> {
  const { level, levels, growthMinor } = await levelOf(db, user.id, site.code);
  const d = levelUpDifference(levels, growthMinor);
  return {
    currentLevel: level ? levelOut(level, site) : null,
    nextLevel: d ? levelOut(d.next, site) : null,
    growth: money(growthMinor, site.currency),
    missingGrowth: d ? money(d.missingMinor, site.currency) : null,
    progress: d ? d.progress : 100,
  };
}

/** The super member service as queryCustomerFlow shows it: null until bought. */
async function paidServiceOf(db: Db, buyerId: bigint): Promise<CustomerInfo['paidService']> {
  const s = await queryPaidService(db, buyerId);
  return s.status === 'NONE' ? null : { active: s.active, periodCode: s.periodCode, endTime: s.endTime };
}

export async function customerInfo(db: Db, user: UserRow, site: Site): Promise<CustomerInfo> {
  const { level, growthMinor } = await levelOf(db, user.id, site.code);
  return {
    userId: String(user.id),
    nickname: user.nickname,
    level: level ? levelOut(level, site) : null,
    growth: money(growthMinor, site.currency),
    pointBalance: await pointBalance(db, user.id),
    paidService: await paidServiceOf(db, user.id),
  };
}

export async function customerBenefits(db: Db, user: UserRow, site: Site): Promise<CustomerBenefits> {
  const b = await activeBenefits(db, user.id, site);
  return {
    level: b.level ? levelOut(b.level, site) : null,
    discountPercent: percentOf(b.discountRate),
    pointsMultiplier: String(Number(b.pointsMultiplier)),
    freeShippingThreshold: b.freeShippingMinor === null ? null : money(b.freeShippingMinor, site.currency),
    sources: b.sources.map((s) => s.kind),
  };
}

export async function myPointHistory(
  db: Db,
  user: UserRow,
  q: { pageNo: number; pageSize: number; kinds?: PointLineKind[] },
): Promise<PointHistory> {
  const { rows, total } = await pointHistory(db, user.id, q);
  return {
    balance: await pointBalance(db, user.id),
    total,
    data: rows.map((l) => ({
      id: String(l.id),
      kind: l.reason as PointLineKind,
      delta: l.delta,
      createdAt: l.createdAt.toISOString(),
      tradeContractId: l.tradeContractId === null ? null : String(l.tradeContractId),
      tradeOrderId: l.tradeOrderId === null ? null : String(l.tradeOrderId),
      earnYear: l.earnYear,
      expiresAt: l.delta > 0 && l.earnYear !== null ? pointsExpireAt(l.earnYear).toISOString() : null,
    })),
  };
}

/** "2026-11" of a date (UTC). */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * Monthly member coupons: every buyer with growth on a site whose level has a monthly coupon
 * gets one owner coupon of that level's campaign for the month, valid to the month's end.
 * Idempotent per buyer, site and month (member_coupon_grants' key), so a rerun or a second
 * server running the job hands out nothing twice. Returns the coupons issued now.
 */
export async function issueMonthlyCoupons(db: Db, now = new Date()): Promise<number> {
  const month = monthOf(now);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const levels = await db
    .select()
    .from(memberLevels)
    .where(sql`${memberLevels.monthlyCouponMinor} IS NOT NULL`);
  let issued = 0;
  for (const level of levels) {
    const currency = SITE_CURRENCY[level.site];
    if (!currency) continue;
    const buyers = await db
      .select({ buyerId: memberGrowth.buyerId, growth: memberGrowth.growthMinor })
      .from(memberGrowth)
      .where(eq(memberGrowth.site, level.site));
    const higher = await db
      .select({ rank: memberLevels.rank, threshold: memberLevels.thresholdMinor })
      .from(memberLevels)
      .where(and(eq(memberLevels.site, level.site), sql`${memberLevels.rank} > ${level.rank}`));
    const nextThreshold = higher.reduce<bigint | null>(
      (a, h) => (a === null || h.threshold < a ? h.threshold : a),
      null,
    );
    const members = buyers.filter(
      (b) => b.growth >= level.thresholdMinor && (nextThreshold === null || b.growth < nextThreshold),
    );
    if (!members.length) continue;
    await db.transaction(async (tx) => {
      // The level's campaign for the month, created once.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`member-coupons:${level.id}:${month}`}))`);
      let [c] = await tx
        .select()
        .from(memberCouponCampaigns)
        .where(and(eq(memberCouponCampaigns.levelId, level.id), eq(memberCouponCampaigns.month, month)));
      if (!c) {
        const [campaign] = await tx
          .insert(couponCampaigns)
          .values({
            name: `${level.name} ${month}`,
            description: `Monthly member coupon of the ${level.name} level`,
            scope: 'PLATFORM',
            type: 'AMOUNT',
            amounts: { [currency]: String(level.monthlyCouponMinor) },
            minSpend: { [currency]: String(level.monthlyCouponMinSpendMinor ?? 0n) },
            startTime: start,
            endTime: end,
          })
          .returning({ id: couponCampaigns.id });
        [c] = await tx
          .insert(memberCouponCampaigns)
          .values({ levelId: level.id, month, campaignId: campaign!.id })
          .returning();
      }
      for (const m of members) {
        const [grant] = await tx
          .select()
          .from(memberCouponGrants)
          .where(
            and(
              eq(memberCouponGrants.buyerId, m.buyerId),
              eq(memberCouponGrants.site, level.site),
              eq(memberCouponGrants.month, month),
            ),
          );
        if (grant) continue;
        const [oc] = await tx
          .insert(ownerCoupons)
          .values({ campaignId: c!.campaignId, buyerId: m.buyerId })
          .returning({ id: ownerCoupons.id });
        await tx
          .insert(memberCouponGrants)
          .values({ buyerId: m.buyerId, site: level.site, month, ownerCouponId: oc!.id });
        issued += 1;
      }
    });
  }
  return issued;
}

const SITE_CURRENCY: Record<string, Currency> = Object.fromEntries(
  Object.values(SITES).map((s) => [s.code, s.currency]),
);
