/**
 * Reviews (SPEC §3 Review): a first review of a bought order line (top_id null, the spec's -1)
 * and at most one follow-up of it (top_id = the first review), the shop's one reply, and the
 * seller's reports to the platform (the only way a review is ever hidden; sellers never edit).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './catalog.js';
import { tradeOrderLines, tradeOrders } from './checkout.js';
import { users } from './identity.js';

export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Null on a first review; the first review's id on its follow-up. */
    topId: bigint('top_id', { mode: 'bigint' }),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    orderLineId: bigint('order_line_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrderLines.id),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    sellerId: bigint('seller_id', { mode: 'bigint' }).notNull(),
    itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
    skuId: bigint('sku_id', { mode: 'bigint' }).notNull(),
    /** 1..5 on a first review, null on a follow-up. */
    rate: integer('rate'),
    /** Stored as typed; always rendered escaped. */
    content: text('content').notNull(),
    images: jsonb('images')
      .$type<{ url: string; thumbUrl: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['PUBLISHED', 'HIDDEN'] })
      .notNull()
      .default('PUBLISHED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One first review per line and one follow-up per review: a retry or a second tab writes none twice.
    uniqueIndex('comments_one_first_per_line')
      .on(t.orderLineId)
      .where(sql`top_id IS NULL`),
    uniqueIndex('comments_one_follow_up')
      .on(t.topId)
      .where(sql`top_id IS NOT NULL`),
    index('comments_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('comments_item_idx')
      .on(t.itemId, t.createdAt.desc())
      .where(sql`top_id IS NULL AND status = 'PUBLISHED'`),
    index('comments_shop_idx').on(t.shopId, t.createdAt.desc()),
  ],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    commentId: bigint('comment_id', { mode: 'bigint' })
      .notNull()
      .references(() => comments.id),
    sellerId: bigint('seller_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_replies_one_per_comment').on(t.commentId)],
);

export const commentReports = pgTable(
  'comment_reports',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    commentId: bigint('comment_id', { mode: 'bigint' })
      .notNull()
      .references(() => comments.id),
    sellerId: bigint('seller_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** OPEN until the platform decides: HIDDEN (the review is hidden) or KEPT. */
    status: text('status', { enum: ['OPEN', 'HIDDEN', 'KEPT'] })
      .notNull()
      .default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reports_one_open')
      .on(t.commentId)
      .where(sql`status = 'OPEN'`),
  ],
);
