/**
 * Membership and points (SPEC §7 Membership; payloads not shown in the spec, these are ours).
 * Growth and thresholds are amounts of the site's currency (paid and not refunded orders).
 */
import { z } from 'zod';
import { MEMBERSHIP, POINT_LINE_KINDS } from './constants.js';
import { Id, Money } from './schemas.js';

export { MEMBERSHIP, POINT_LINE_KINDS } from './constants.js';
export const PointLineKind = z.enum(POINT_LINE_KINDS);
export type PointLineKind = z.infer<typeof PointLineKind>;

export const LevelBenefits = z.object({
  /** Member discount in percent of the goods (3 = 3 % off), shown as levelAmt at checkout. */
  discountPercent: z.number(),
  pointsMultiplier: z.string(),
  /** Shipping free from this amount of a shop's goods; null: no such benefit. */
  freeShippingThreshold: Money.nullable(),
  /** The monthly member coupon (amount off, minimum spend); null: none. */
  monthlyCoupon: z.object({ amount: Money, minSpend: Money }).nullable(),
});
export type LevelBenefits = z.infer<typeof LevelBenefits>;

export const MemberLevel = z.object({
  id: Id,
  rank: z.number().int(),
  code: z.string(),
  name: z.string(),
  threshold: Money,
  benefits: LevelBenefits,
});
export type MemberLevel = z.infer<typeof MemberLevel>;

export const PageLevelsBody = z
  .array(
    z.strictObject({
      pageNo: z.number().int().min(1).optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
  )
  .max(1);
export const LevelPage = z.object({
  data: z.array(MemberLevel),
  total: z.number().int(),
  currentLevelId: Id.nullable(),
});
export type LevelPage = z.infer<typeof LevelPage>;

/** One level by id, or (no id) the caller's current level. */
export const QueryLevelBody = z.array(z.strictObject({ id: Id.optional() })).max(1);
export const LevelByIdBody = z.array(z.strictObject({ levelId: Id })).length(1);
export const EmptyFlowBody = z.array(z.strictObject({})).max(1);

export const LevelUpDifference = z.object({
  currentLevel: MemberLevel.nullable(),
  nextLevel: MemberLevel.nullable(),
  growth: Money,
  /** Growth still missing to the next level; null at the top level. */
  missingGrowth: Money.nullable(),
  /** Progress from the current level's threshold to the next one's, whole percent. */
  progress: z.number().int(),
});
export type LevelUpDifference = z.infer<typeof LevelUpDifference>;

export const CustomerInfo = z.object({
  userId: Id,
  nickname: z.string(),
  level: MemberLevel.nullable(),
  growth: Money,
  pointBalance: z.number().int(),
  /** The super member service (null until bought or when not active). */
  paidService: z
    .object({ active: z.boolean(), periodCode: z.string().nullable(), endTime: z.string().nullable() })
    .nullable(),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

/** The caller's benefits now: merged from the level and any paid service. */
export const CustomerBenefits = LevelBenefits.omit({ monthlyCoupon: true }).extend({
  level: MemberLevel.nullable(),
  sources: z.array(z.string()),
});
export type CustomerBenefits = z.infer<typeof CustomerBenefits>;

export const PointHistoryBody = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(MEMBERSHIP.historyPageSize),
  kinds: z.array(PointLineKind).max(POINT_LINE_KINDS.length).optional(),
});
export const PointLine = z.object({
  id: Id,
  kind: PointLineKind,
  delta: z.number().int(),
  createdAt: z.string(),
  tradeContractId: Id.nullable(),
  tradeOrderId: Id.nullable(),
  earnYear: z.number().int().nullable(),
  /** A credit's expiry date (end of the year after it was earned); null for debits. */
  expiresAt: z.string().nullable(),
});
export type PointLine = z.infer<typeof PointLine>;
export const PointHistory = z.object({ balance: z.number().int(), data: z.array(PointLine), total: z.number().int() });
export type PointHistory = z.infer<typeof PointHistory>;
