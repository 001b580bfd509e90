import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, skus } from './catalog.js';
import { tradeOrders } from './checkout.js';
import { users } from './identity.js';

/**
 * Group-buy (migration 0048): a shop's campaign on one SKU at a group price (one currency), a
 * group size, hours to fill a group and its own stock of units. Starting a group sets aside
 * `size` units of the campaign's stock; a failed group gives them back.
 */
export const groupBuyCampaigns = pgTable(
  'group_buy_campaigns',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    skuId: bigint('sku_id', { mode: 'bigint' })
      .notNull()
      .references(() => skus.id),
    currency: text('currency').notNull(),
    groupPriceMinor: bigint('group_price_minor', { mode: 'bigint' }).notNull(),
    groupSize: integer('group_size').notNull(),
    hours: integer('hours').notNull(),
    stock: integer('stock').notNull(),
    stockLeft: integer('stock_left').notNull(),
    status: text('status', { enum: ['ACTIVE', 'ENDED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_buy_campaigns_sku_idx')
      .on(t.skuId)
      .where(sql`"status" = 'ACTIVE'`),
    index('group_buy_campaigns_shop_idx').on(t.shopId),
  ],
);

/** A group: `members` slots taken (held from the order until it closes unpaid), `paid` of them paid. */
export const groupBuyGroups = pgTable(
  'group_buy_groups',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => groupBuyCampaigns.id),
    leaderId: bigint('leader_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['OPEN', 'FILLED', 'FAILED'] })
      .notNull()
      .default('OPEN'),
    size: integer('size').notNull(),
    members: integer('members').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_buy_groups_campaign_idx').on(t.campaignId, t.status),
    index('group_buy_groups_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`"status" = 'OPEN'`),
  ],
);

/** One order per member (one unit); released when the order closed unpaid. */
export const groupBuyMembers = pgTable(
  'group_buy_members',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => tradeOrders.id),
    groupId: bigint('group_id', { mode: 'bigint' })
      .notNull()
      .references(() => groupBuyGroups.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_buy_members_one_per_buyer')
      .on(t.groupId, t.buyerId)
      .where(sql`"released_at" IS NULL`),
  ],
);
