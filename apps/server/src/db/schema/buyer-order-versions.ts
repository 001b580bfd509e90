import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * One row per buyer who has orders: a number bumped by deferred triggers (migration 0026) in the
 * same transaction as any change the buyer's order list, tab counts or order detail show (trade
 * orders, contracts, lines, packages, payment records, reverse orders, refunds, line coupons).
 * The session lookup of those routes reads it, and every app server keeps their serialized
 * answers with the version they were read under (modules/trade/read-cache.ts), so a change made
 * through any server is seen by the next request on every server. Written only by those triggers.
 */
export const buyerOrderVersions = pgTable('buyer_order_versions', {
  buyerId: bigint('buyer_id', { mode: 'bigint' }).primaryKey(),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`1`),
  /** The transaction that bumped last: one bump per transaction however many rows it changes. */
  bumpedBy: bigint('bumped_by', { mode: 'bigint' }),
});
