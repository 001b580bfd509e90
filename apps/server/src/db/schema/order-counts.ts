import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many orders each buyer has per display status (what the list tabs count). Kept by
 * triggers on trade_orders (migration 0024) in the same transaction as every insert and every
 * change of buyer, status, trade type or pay channel, so the tab counts are one primary-key
 * read instead of a count over all of a buyer's orders. Written only by those triggers.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    buyerId: bigint('buyer_id', { mode: 'bigint' }).notNull(),
    displayStatus: text('display_status').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_status_counts_pkey', columns: [t.buyerId, t.displayStatus] })],
);
