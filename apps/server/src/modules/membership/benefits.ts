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
import { memberLevels, paidServices } from '../../db/schema/index.js';
import { clientOf, type Db } from '../../db/client.js';
import { DRIVER_TYPES, partsStatement, tableColumns, type ReadPart } from '../../db/rows.js';
import { paidServiceSource } from './paid-service-benefit.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type LevelRow = typeof memberLevels.$inferSelect;
type PaidServiceRow = typeof paidServices.$inferSelect;

/** What the benefit sources decide from: the buyer's level facts and paid service, read together (memberFactsPart). */
export interface MemberFacts {
  level: LevelRow | null;
  levels: LevelRow[];
  growthMinor: bigint;
  paidService: PaidServiceRow | null;
}

/** One contributor of benefits; `null` when it gives none to this buyer now. */
export interface BenefitSource {
  /** Names the source in the result ("LEVEL", "PAID_SERVICE"). */
  kind: string;
  from(facts: MemberFacts, now: Date): MemberBenefits | null;
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
  discountRate: l.discountRate,
  pointsMultiplier: l.pointsMultiplier,
  freeShippingMinor: l.freeShippingMinor,
});

const L = tableColumns(memberLevels, 'l');
const PS = tableColumns(paidServices, 'ps');
/**
 * The site's levels, the buyer's growth on it (as member_growth keeps it: growth.ts owns the
 * writes) and the buyer's paid service, as columns of a statement with other reads (every
 * checkout preview and submit asks, with the buyer's coupons, points and certificate).
 */
export const memberFactsPart: ReadPart<{ buyer: string; site: string }, MemberFacts> = {
  columns: (
    p,
  ) => `(SELECT json_agg(${L.json} ORDER BY l.rank) FROM member_levels l WHERE l.site = ${p.site}) AS member_levels,
  (SELECT growth_minor::text FROM member_growth WHERE buyer_id = ${p.buyer} AND site = ${p.site}) AS member_growth,
  (SELECT ${PS.json} FROM paid_services ps WHERE ps.buyer_id = ${p.buyer}) AS member_paid_service`,
  read: (row) => {
    const levels = ((row.member_levels ?? []) as (string | null)[][]).map(L.mapJson);
    const growthMinor = BigInt((row.member_growth as string | null) ?? 0);
    const paid = row.member_paid_service as (string | null)[] | null;
    return {
      level: levelForGrowth(levels, growthMinor),
      levels,
      growthMinor,
      paidService: paid ? PS.mapJson(paid) : null,
    };
  },
};
const MEMBER_FACTS = partsStatement('member_facts', { buyer: '$1', site: '$2' }, { member: memberFactsPart });

/** The buyer's level, growth and paid service on a site, in one round trip. */
export async function memberFacts(db: Tx, buyerId: bigint, site: string): Promise<MemberFacts> {
  const {
    rows: [row],
  } = await clientOf(db).query<Record<string, unknown>>({
    ...MEMBER_FACTS.statement,
    values: [String(buyerId), site],
    types: DRIVER_TYPES,
  });
  return MEMBER_FACTS.read(row!).member;
}

/** The buyer's level and growth on a site. */
export async function levelOf(
  db: Tx,
  buyerId: bigint,
  site: string,
): Promise<{ level: LevelRow | null; levels: LevelRow[]; growthMinor: bigint }> {
  const { level, levels, growthMinor } = await memberFacts(db, buyerId, site);
  return { level, levels, growthMinor };
}

const levelSource: BenefitSource = {
  kind: 'LEVEL',
  from: ({ level }) => (level ? levelBenefits(level) : null),
};

/** Every source of benefits; the paid-service (super member) source is added here. */
export const BENEFIT_SOURCES: BenefitSource[] = [levelSource, paidServiceSource];

/** The merged benefits of a registered buyer on a site; guests have none (buyerId null). */
export async function activeBenefits(db: Tx, buyerId: bigint | null, site: Site): Promise<ActiveBenefits> {
  return benefitsFrom(buyerId === null ? null : await memberFacts(db, buyerId, site.code));
}

/** The merged benefits from facts already read (null: a guest, who has none). */
export function benefitsFrom(facts: MemberFacts | null, now = new Date()): ActiveBenefits {
  if (!facts) return { ...NO_BENEFITS, level: null, growthMinor: 0n, sources: [] };
  const sources: ActiveBenefits['sources'] = [];
  for (const s of BENEFIT_SOURCES) {
    const benefits = s.from(facts, now);
    if (benefits) sources.push({ kind: s.kind, benefits });
  }
  return {
    ...mergeBenefits(sources.map((s) => s.benefits)),
    level: facts.level,
    growthMinor: facts.growthMinor,
    sources,
  };
}
