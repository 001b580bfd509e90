import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { shops } from './catalog.js';
import { preTradeRequests } from './checkout.js';

/** A line of a bulk request as asked: the SKU, quantity and catalog price then, with its DIY parts per unit. */
export interface BulkLineSnapshot {
  skuId: string;
  itemId: string;
  itemName: string;
  skuName: string;
  image: string;
  unit: string | null;
  urlKey: string;
  businessType: string;
  attributes: unknown;
  lineGroupType: 'NORMAL' | 'DIY_MAIN';
  qty: string;
  listUnitMinor: string;
  diy: {
    skuId: string;
    itemId: string;
    itemName: string;
    skuName: string;
    image: string;
    unit: string | null;
    attributes: unknown;
    qty: string;
    unitMinor: string;
  }[];
}
export interface BulkQuoteSnapshot {
  unitMinor: string[];
  shippingMinor: string;
  note: string | null;
  /** Days after delivery the buyer may return goods at the quoted prices (PURCHASE_RETURN); absent on older quotes: the default. */
  returnDays?: number;
}

/**
 * Bulk ("exceed") order requests, one per shop concerned by a pre-trade request: the seller
 * quotes, the buyer accepts (a BULK trade order, order_id) or declines. Status moves only
 * through BULK_REQUEST_EVENTS (packages/domain).
 */
export const bulkRequests = pgTable(
  'bulk_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    preTradeRequestId: bigint('pre_trade_request_id', { mode: 'bigint' })
      .notNull()
      .references(() => preTradeRequests.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    sellerId: bigint('seller_id', { mode: 'bigint' }).notNull(),
    site: text('site').notNull(),
    currency: text('currency').notNull(),
    tradeType: text('trade_type').notNull(),
    status: text('status', { enum: ['WAITING_QUOTE', 'QUOTED', 'ACCEPTED', 'DECLINED', 'EXPIRED'] })
      .notNull()
      .default('WAITING_QUOTE'),
    requirements: text('requirements'),
    remark: text('remark'),
    shippingAddress: jsonb('shipping_address'),
    lines: jsonb('lines').$type<BulkLineSnapshot[]>().notNull(),
    shippingMethodId: bigint('shipping_method_id', { mode: 'bigint' }),
    shippingMethodCode: text('shipping_method_code'),
    taxRate: text('tax_rate').notNull(),
    taxDisplay: text('tax_display', { enum: ['INCLUSIVE', 'EXCLUSIVE'] }).notNull(),
    /** The current quote (prices in minor units); quoteVersion counts revisions. */
    quote: jsonb('quote').$type<BulkQuoteSnapshot>(),
    quoteVersion: integer('quote_version').notNull().default(0),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    orderId: bigint('order_id', { mode: 'bigint' }),
    contractId: bigint('contract_id', { mode: 'bigint' }),
    /** When each party was last emailed about this request (messages notify at most once per interval). */
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
    sellerNotifiedAt: timestamp('seller_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_requests_pre_trade_shop').on(t.preTradeRequestId, t.shopId),
    index('bulk_requests_buyer').on(t.buyerId, t.id),
    index('bulk_requests_shop').on(t.shopId, t.status),
    // The expiry job's scan: quoted requests by validity date.
    index('bulk_requests_quoted_valid')
      .on(t.validUntil)
      .where(sql`status = 'QUOTED'`),
    uniqueIndex('bulk_requests_order')
      .on(t.orderId)
      .where(sql`order_id IS NOT NULL`),
  ],
);

/** The message thread of a bulk request between its buyer and the shop's seller. */
export const bulkRequestMessages = pgTable(
  'bulk_request_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'bigint' })
      .notNull()
      .references(() => bulkRequests.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['BUYER', 'SELLER'] }).notNull(),
    authorId: bigint('author_id', { mode: 'bigint' }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_request_messages_request').on(t.requestId, t.id)],
);
