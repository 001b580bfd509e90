/**
 * Demo membership: four levels on every site (names in the site's language, thresholds in its
 * currency), growth from the seeded paid orders, and a points history with every kind of line.
 * The demo buyer keeps the documented 2,000 points: the history's older lines net to zero.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { SITES, type SiteCode } from '@mall/contracts';
import type { Tx } from '../db/client.js';
import { memberGrowth, memberLevels, refunds, tradeContracts, tradeOrders } from '../db/schema/index.js';
import { expirePoints, grantPoints, earnPoints, refundPoints, spendPoints } from '../modules/points/ledger.js';

const NAMES: Record<SiteCode, [string, string, string, string]> = {
  US: ['Member', 'Silver', 'Gold', 'Platinum'],
  UK: ['Member', 'Silver', 'Gold', 'Platinum'],
  DE: ['Mitglied', 'Silber', 'Gold', 'Platin'],
  JP: ['一般会員', 'シルバー会員', 'ゴールド会員', 'プラチナ会員'],
  ES: ['Miembro', 'Plata', 'Oro', 'Platino'],
  IT: ['Membro', 'Argento', 'Oro', 'Platino'],
  FR: ['Membre', 'Argent', 'Or', 'Platine'],
  NL: ['Lid', 'Zilver', 'Goud', 'Platina'],
};
const CODES = ['MEMBER', 'SILVER', 'GOLD', 'PLATINUM'] as const;

/**
 * The ladder in major units (JPY: x150, whole yen). Silver earns more points; Gold and Platinum
 * add the member discount, free shipping and a monthly coupon.
 */
const LADDER = [
  { threshold: 0, discountRate: '0', multiplier: '1', freeShipping: null, coupon: null },
  { threshold: 5000, discountRate: '0', multiplier: '1.25', freeShipping: null, coupon: null },
  {
    threshold: 15000,
    discountRate: '0.03',
    multiplier: '1.5',
    freeShipping: 99,
    coupon: { amount: 10, minSpend: 100 },
  },
  { threshold: 40000, discountRate: '0.05', multiplier: '2', freeShipping: 0, coupon: { amount: 20, minSpend: 150 } },
] as const;

export async function seedMemberLevels(tx: Tx): Promise<void> {
  const rows = Object.values(SITES).flatMap((site) => {
    const minor = (major: number) => BigInt(site.currency === 'JPY' ? major * 150 : major * 100);
    return LADDER.map((l, i) => ({
      site: site.code,
      rank: i + 1,
      code: CODES[i]!,
      name: NAMES[site.code][i]!,
      thresholdMinor: minor(l.threshold),
      discountRate: l.discountRate,
      pointsMultiplier: l.multiplier,
      freeShippingMinor: l.freeShipping === null ? null : minor(l.freeShipping),
      monthlyCouponMinor: l.coupon ? minor(l.coupon.amount) : null,
      monthlyCouponMinSpendMinor: l.coupon ? minor(l.coupon.minSpend) : null,
    }));
  });
  await tx.insert(memberLevels).values(rows);
}

/**
 * Points history of the demo buyer before this year's orders: an invitation reward and order
 * points two years ago, a spend and its refund, and what was left of that year expiring on
 * 1 January of this year. Runs before the demo orders, so the expiry takes exactly those points.
 */
export async function seedPointsHistory(tx: Tx, buyerId: bigint, now = new Date()): Promise<void> {
  const y = now.getUTCFullYear() - 2;
  const at = (month: number, day: number) => new Date(Date.UTC(y, month - 1, day, 10));
  await grantPoints(tx, { buyerId, delta: 300, reason: 'INVITATION', at: at(3, 14) });
  await earnPoints(tx, { buyerId, points: 450, at: at(5, 2) });
  await spendPoints(tx, { buyerId, points: 200, at: at(9, 20) });
  await refundPoints(tx, { buyerId, points: 200, reason: 'REFUND', at: at(10, 4) });
  await expirePoints(tx, buyerId, new Date(Date.UTC(y + 2, 0, 1, 0, 5)));
}

/**
 * Growth from the seeded orders (paid, minus what after-sales refunded), per buyer and site; the
 * reviewers also bought before the shop's records began, which places them on other levels.
 */
export async function seedGrowth(tx: Tx, others: { gold: bigint; platinum: bigint }): Promise<void> {
  const paid = await tx
    .select({
      buyerId: tradeOrders.buyerId,
      site: tradeContracts.site,
      n: sql<string>`sum(${tradeOrders.paidAmtMinor})`,
    })
    .from(tradeOrders)
    .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
    .where(isNotNull(tradeOrders.paidAt))
    .groupBy(tradeOrders.buyerId, tradeContracts.site);
  const back = await tx
    .select({ buyerId: refunds.buyerId, site: tradeContracts.site, n: sql<string>`sum(${refunds.amountMinor})` })
    .from(refunds)
    .innerJoin(tradeContracts, eq(tradeContracts.id, refunds.contractId))
    .where(and(eq(refunds.status, 'REFUND_DONE'), isNotNull(refunds.reverseId)))
    .groupBy(refunds.buyerId, tradeContracts.site);
  const growth = new Map<string, { buyerId: bigint; site: string; g: bigint }>();
  for (const p of paid) growth.set(`${p.buyerId}:${p.site}`, { buyerId: p.buyerId, site: p.site, g: BigInt(p.n) });
  for (const b of back) {
    const k = growth.get(`${b.buyerId}:${b.site}`);
    if (k) k.g -= BigInt(b.n);
  }
  const add = (buyerId: bigint, site: string, g: bigint) => {
    const k = growth.get(`${buyerId}:${site}`);
    if (k) k.g += g;
    else growth.set(`${buyerId}:${site}`, { buyerId, site, g });
  };
  add(others.gold, 'US', 1_600_000n);
  add(others.platinum, 'US', 4_200_000n);
  add(others.platinum, 'JP', 6_100_000n);
  const rows = [...growth.values()]
    .filter((r) => r.g > 0n)
    .map((r) => ({ buyerId: r.buyerId, site: r.site, growthMinor: r.g }));
  if (rows.length) await tx.insert(memberGrowth).values(rows);
}
