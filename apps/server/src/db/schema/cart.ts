import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { skus } from './catalog.js';

/** One line per buyer and SKU; adding the same SKU again raises the quantity. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: bigint('sku_id', { mode: 'bigint' })
      .notNull()
      .references(() => skus.id),
    qty: numeric('qty', { precision: 12, scale: 3 }).notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_lines_buyer_sku_key').on(t.buyerId, t.skuId), index('cart_lines_buyer_idx').on(t.buyerId)],
);

/**
 * How many lines each buyer's cart has, kept by row triggers on cart_lines (migration 0029) in
 * the same transaction as the change: the top bar's count is read with the session on every page
 * load, where counting the lines cost more than the rest of the lookup. Written only by those
 * triggers; a buyer without a row has an empty cart.
 */
export const cartLineCounts = pgTable('cart_line_counts', {
  buyerId: bigint('buyer_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lines: integer('lines').notNull(),
});
