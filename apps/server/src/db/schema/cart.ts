import { bigint, bigserial, boolean, index, numeric, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { skus } from './catalog.js';

/** One line per buyer and SKU; adding the same SKU again raises the quantity. */
export const cartLines = pgTable('cart_lines', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  buyerId: bigint('buyer_id', { mode: 'bigint' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  skuId: bigint('sku_id', { mode: 'bigint' }).notNull().references(() => skus.id),
  qty: numeric('qty', { precision: 12, scale: 3 }).notNull(),
  selected: boolean('selected').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cart_lines_buyer_sku_key').on(t.buyerId, t.skuId), index('cart_lines_buyer_idx').on(t.buyerId)]);
