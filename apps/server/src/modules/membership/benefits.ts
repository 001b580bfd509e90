/**
 * A buyer's active benefits for pricing (checkout preview and submit): every benefit source is
 * asked and the results merge to the best of each benefit (packages/domain mergeBenefits).
 *
 * Sources today: the buyer's member level on the site. A paid service (super member) adds its
 * own source to `BENEFIT_SOURCES` below; nothing else needs to change for its benefits to apply
 * at checkout (member discount as levelAmt, points multiplier, free-shipping threshold).
 */
import { asc, eq } from 'drizzle-orm';
import type { Site } from '@mall/contracts';
import { levelForGrowth, mergeBenefits, NO_BENEFITS, type MemberBenefits } from '@mall/domain';
import { memberLevels } from '../../db/schema/index.js';
import { clientOf, type Db } from '../../db/client.js';
import { DRIVER_TYPES, tableColumns } from '../../db/rows.js';
import { paidServiceSource } from './paid-service-benefit.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type LevelRow = typeof memberLevels.$inferSelect;

/** One contributor of benefits; `null` when it gives none to this buyer now. */
export interface BenefitSource {
  /** Names the source in the result ("LEVEL", "PAID_SERVICE"). */
  kind: string;
  load(db: Tx, buyerId: bigint, site: Site): Promise<MemberBenefits | null>;
}

export interface ActiveBenefits extends MemberBenefits {
  /** The buyer's level on the site (null when the site has no levels). */
  level: LevelRow | null;
  growthMinor: bigint;
  /** What each source gave, for display. */
  sources: { kind: string; benefits: MemberBenefits }[];
}

/** The levels of a site, lowest first. */
export function levelsOf(db: Tx, site: string): Promise<LevelRow[]> {
  return db.select().from(memberLevels).where(eq(memberLevels.site, site)).orderBy(asc(memberLevels.rank));
}

export const levelBenefits = (l: LevelRow): MemberBenefits => ({
  discountRate: l.discountRate, pointsMultiplier: l.pointsMultiplier, freeShippingMinor: l.freeShippingMinor,
});

const L = tableColumns(memberLevels, 'l');
/**
 * Every checkout preview and submit asks (and the member pages): the site's levels and the
 * buyer's growth in one round trip, a named statement. The one-row `g` side keeps the growth
 * when the site has no levels; growth is read as member_growth keeps it (growth.ts owns writes).
 */
const LEVELS_AND_GROWTH = {
  name: 'member_levels_and_growth',
  text: `SELECT ${L.sql}, g.growth::text AS growth
  FROM (SELECT coalesce((SELECT growth_minor FROM member_growth WHERE buyer_id = $1 AND site = $2), 0) AS growth) g
  LEFT JOIN member_levels l ON l.site = $2 ORDER BY l.rank`,
};

/** The buyer's level and growth on a site. */
export async function levelOf(db: Tx, buyerId: bigint, site: string): Promise<{ level: LevelRow | null; levels: LevelRow[]; growthMinor: bigint }> {
  const { rows } = await clientOf(db).query({ ...LEVELS_AND_GROWTH, values: [String(buyerId), site], types: DRIVER_TYPES });
  const levels = rows.filter((r) => r['l.id'] !== null).map(L.map);
  const growthMinor = BigInt(rows[0]?.growth ?? 0);
  return { level: levelForGrowth(levels, growthMinor), levels, growthMinor };
}

const levelSource: BenefitSource = {
  kind: 'LEVEL',
  async load(db, buyerId, site) {
    const { level } = await levelOf(db, buyerId, site.code);
    return level ? levelBenefits(level) : null;
  },
};

/** Every source of benefits; the paid-service (super member) source is added here. */
export const BENEFIT_SOURCES: BenefitSource[] = [levelSource, paidServiceSource];

/** The merged benefits of a registered buyer on a site; guests have none (buyerId null). */
export async function activeBenefits(db: Tx, buyerId: bigint | null, site: Site): Promise<ActiveBenefits> {
  if (buyerId === null) return { ...NO_BENEFITS, level: null, growthMinor: 0n, sources: [] };
  const { level, growthMinor } = await levelOf(db, buyerId, site.code);
  const sources: ActiveBenefits['sources'] = level ? [{ kind: 'LEVEL', benefits: levelBenefits(level) }] : [];
  for (const s of BENEFIT_SOURCES) {
    if (s === levelSource) continue;
    const b = await s.load(db, buyerId, site);
    if (b) sources.push({ kind: s.kind, benefits: b });
  }
  return { ...mergeBenefits(sources.map((s) => s.benefits)), level, growthMinor, sources };
}
