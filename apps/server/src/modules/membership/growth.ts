/**
 * A buyer's growth per site (membership level): paid and not refunded order amounts, in minor
 * units of the site's currency. Kept in one row per buyer and site, changed in the same
 * transaction as the payment (addGrowth) or the after-sales refund (takeGrowth), so levels and
 * after-sales always agree and reading a level is one row.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberGrowth } from '../../db/schema/index.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function addGrowth(tx: Tx, a: { buyerId: bigint; site: string; amountMinor: bigint }): Promise<void> {
  if (a.amountMinor <= 0n) return;
  await tx
    .insert(memberGrowth)
    .values({ buyerId: a.buyerId, site: a.site, growthMinor: a.amountMinor, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [memberGrowth.buyerId, memberGrowth.site],
      set: { growthMinor: sql`${memberGrowth.growthMinor} + ${a.amountMinor}`, updatedAt: new Date() },
    });
}

/** Refunded money leaves the growth (never below zero). */
export async function takeGrowth(
  tx: Tx,
  a: { buyerId: bigint; site: string | null; amountMinor: bigint },
): Promise<void> {
  if (a.amountMinor <= 0n || !a.site) return;
  await tx
    .update(memberGrowth)
    .set({ growthMinor: sql`GREATEST(${memberGrowth.growthMinor} - ${a.amountMinor}, 0)`, updatedAt: new Date() })
    .where(and(eq(memberGrowth.buyerId, a.buyerId), eq(memberGrowth.site, a.site)));
}

export async function growthOf(db: Tx, buyerId: bigint, site: string): Promise<bigint> {
  const [r] = await db
    .select({ g: memberGrowth.growthMinor })
    .from(memberGrowth)
    .where(and(eq(memberGrowth.buyerId, buyerId), eq(memberGrowth.site, site)));
  return r?.g ?? 0n;
}
