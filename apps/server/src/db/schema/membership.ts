/**
 * Membership (SPEC §7 Membership): levels per site with their benefits, each buyer's growth per
 * site, the per-buyer points balance kept beside the points ledger, and the monthly member
 * coupons already handed out. The ledger itself is `point_ledger` (checkout.ts); the only module
 * that writes it and `point_balances` is modules/points/ledger.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  bigserial,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { couponCampaigns, ownerCoupons } from './checkout.js';

/** The points balance of a buyer: always the sum of their ledger lines, never below zero. */
export const pointBalances = pgTable(
  'point_balances',
  {
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('point_balances_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * A member level of one site. `rank` orders the levels (1 = entry level, threshold 0); growth and
 * thresholds are minor units of the site's currency.
 */
export const memberLevels = pgTable(
  'member_levels',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    site: text('site').notNull(),
    rank: integer('rank').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    thresholdMinor: bigint('threshold_minor', { mode: 'bigint' }).notNull(),
    /** Member discount on goods ("0.03" = 3 % off), shown as levelAmt at checkout. */
    discountRate: numeric('discount_rate', { precision: 5, scale: 4 }).notNull().default('0'),
    /** Earned points are multiplied by this ("1.5"), then rounded up. */
    pointsMultiplier: numeric('points_multiplier', { precision: 4, scale: 2 }).notNull().default('1'),
    /** Shipping is free when the shop's goods reach this amount (null: no such benefit). */
    freeShippingMinor: bigint('free_shipping_minor', { mode: 'bigint' }),
    /** Monthly member coupon: amount off and minimum spend (null: none). */
    monthlyCouponMinor: bigint('monthly_coupon_minor', { mode: 'bigint' }),
    monthlyCouponMinSpendMinor: bigint('monthly_coupon_min_spend_minor', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('member_levels_site_rank_key').on(t.site, t.rank),
    uniqueIndex('member_levels_site_code_key').on(t.site, t.code),
  ],
);

/** Growth of a buyer on a site: paid and not refunded order amounts, minor units of the site's currency. */
export const memberGrowth = pgTable(
  'member_growth',
  {
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    growthMinor: bigint('growth_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.site] }),
    check('member_growth_not_negative', sql`${t.growthMinor} >= 0`),
  ],
);

/** The campaign of a level's member coupon for one month (created once by the monthly job). */
export const memberCouponCampaigns = pgTable(
  'member_coupon_campaigns',
  {
    levelId: bigint('level_id', { mode: 'bigint' })
      .notNull()
      .references(() => memberLevels.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => couponCampaigns.id),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.month] })],
);

/** One member coupon per buyer, site and month: the key that makes the monthly job idempotent. */
export const memberCouponGrants = pgTable(
  'member_coupon_grants',
  {
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    month: text('month').notNull(),
    ownerCouponId: bigint('owner_coupon_id', { mode: 'bigint' })
      .notNull()
      .references(() => ownerCoupons.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.site, t.month] })],
);
