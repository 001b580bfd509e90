import { bigint, check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * One row: a number bumped by triggers (migration 0025) in the same transaction as any change
 * the item list shows (items, shops, SKUs and whether they are in stock, prices, DIY parts).
 * Every app server keeps the serialized first page of the list with the version it was read
 * under and re-reads it when the version moved (modules/catalog/list-cache.ts), so the cache
 * holds across several servers on one database. Written only by those triggers.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'bigint' })
      .notNull()
      .default(sql`1`),
    /**
     * New at every bump (migration 0033): a number can come back (a dump restored into the running
     * database, a failover to a replica that lagged) and count up to one a server kept rows under;
     * the number with its token never does. Servers compare both (catalogVersionPart).
     */
    token: uuid('token').notNull().defaultRandom(),
    /** The transaction that bumped last: one bump per transaction however many rows it changes. */
    bumpedBy: bigint('bumped_by', { mode: 'bigint' }),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
);
