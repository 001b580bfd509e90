/**
 * Super member, a paid service (SPEC §7 Membership "paid service"): the service items sold per
 * site and period, each buyer's service (one row, its status written only through the
 * transition table in packages/domain), and every paid purchase of it (one per order line, the
 * natural key that makes activation happen once).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { items, skus } from './catalog.js';
import { tradeOrderLines, tradeOrders } from './checkout.js';

/** The service item and SKU that sell one period of the super member on one site. */
export const paidServiceItems = pgTable(
  'paid_service_items',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    site: text('site').notNull(),
    periodCode: text('period_code', { enum: ['MONTHLY', 'YEARLY'] }).notNull(),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => items.id),
    skuId: bigint('sku_id', { mode: 'bigint' })
      .notNull()
      .references(() => skus.id),
  },
  (t) => [
    uniqueIndex('paid_service_items_site_period_key').on(t.site, t.periodCode),
    uniqueIndex('paid_service_items_sku_key').on(t.skuId),
  ],
);

/** A buyer's super member service: in force while ACTIVE and before end_at. */
export const paidServices = pgTable(
  'paid_services',
  {
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['ACTIVE', 'EXPIRED', 'ENDED_BY_REFUND'] }).notNull(),
    /** The period of the latest purchase. */
    periodCode: text('period_code', { enum: ['MONTHLY', 'YEARLY'] }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paid_services_active_end_idx')
      .on(t.endAt)
      .where(sql`status = 'ACTIVE'`),
  ],
);

/** One paid purchase (renewals included) and the period it added. */
export const paidServicePurchases = pgTable(
  'paid_service_purchases',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    orderLineId: bigint('order_line_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrderLines.id),
    periodCode: text('period_code', { enum: ['MONTHLY', 'YEARLY'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paid_service_purchases_line_key').on(t.orderLineId),
    index('paid_service_purchases_order_idx').on(t.orderId),
  ],
);
