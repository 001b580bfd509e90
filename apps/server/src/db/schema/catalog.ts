import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';

export const shops = pgTable('shops', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  name: text('name').notNull(),
  sellerId: bigint('seller_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  siteAddress: text('site_address').notNull().default(''),
  shopChannelType: text('shop_channel_type').notNull().default('SELF'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    urlKey: text('url_key').notNull(),
    itemName: text('item_name').notNull(),
    description: text('description').notNull().default(''),
    /** Name and description in other languages: { de: { itemName, description }, ... }; English is itemName/description. */
    texts: jsonb('texts')
      .$type<Partial<Record<string, { itemName?: string; description?: string }>>>()
      .notNull()
      .default({}),
    mainImage: text('main_image').notNull(),
    category: text('category').notNull().default(''),
    businessType: text('business_type', {
      enum: ['NORMAL', 'WEIGHT', 'DIY', 'GIFT', 'SERVICE', 'PRESALE', 'POINT', 'BULK'],
    }).notNull(),
    commerceType: text('commerce_type', { enum: ['B2C', 'B2B'] })
      .notNull()
      .default('B2C'),
    /** Gift items are only handed out with other items, never listed or sold alone. */
    listed: boolean('listed').notNull().default(true),
    isExceed: boolean('is_exceed').notNull().default(false),
    /** Presale: deposit share of the price and the windows of SPEC §4. */
    presaleDepositRate: numeric('presale_deposit_rate', { precision: 5, scale: 4 }),
    depositEndAt: timestamp('deposit_end_at', { withTimezone: true }),
    balanceStartAt: timestamp('balance_start_at', { withTimezone: true }),
    balanceEndAt: timestamp('balance_end_at', { withTimezone: true }),
    serviceUses: integer('service_uses'),
    serviceValidDays: integer('service_valid_days'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('items_url_key_key').on(t.urlKey), index('items_shop_idx').on(t.shopId)],
);

export const skus = pgTable(
  'skus',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => items.id),
    name: text('name').notNull(),
    skuCode: text('sku_code').notNull(),
    image: text('image').notNull(),
    pointsPrice: integer('points_price'),
    baseUnit: text('base_unit').notNull().default('pc'),
    marketingUnit: text('marketing_unit').notNull().default('pc'),
    attributes: jsonb('attributes').$type<{ attrKey: string; attrVal: string }[]>().notNull().default([]),
    nonfixedAttributes: jsonb('nonfixed_attributes')
      .$type<{ attrKey: string; attrVal: string; isShow: boolean }[]>()
      .notNull()
      .default([]),
    /**
     * Name and attributes in other languages, as items.texts: { de: { name, attributes: { Color: { attrKey: 'Farbe', attrVal: 'Schwarz' } } } },
     * attributes (fixed and non-fixed) by their English attrKey; English is name/attributes.
     */
    texts: jsonb('texts')
      .$type<
        Partial<Record<string, { name?: string; attributes?: Record<string, { attrKey?: string; attrVal?: string }> }>>
      >()
      .notNull()
      .default({}),
    adjustStep: numeric('adjust_step', { precision: 12, scale: 3 }).notNull().default('1'),
    minQty: numeric('min_qty', { precision: 12, scale: 3 }).notNull().default('1'),
    maxQty: numeric('max_qty', { precision: 12, scale: 3 }).notNull().default('10'),
    qtyDecimals: integer('qty_decimals').notNull().default(0),
    /** Units available to sell; taken with a conditional UPDATE, never read-then-write. */
    stock: numeric('stock', { precision: 14, scale: 3 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('skus_sku_code_key').on(t.skuCode), index('skus_item_idx').on(t.itemId)],
);

/** Sale price per currency in minor units (sites sharing a currency share the price). */
export const skuPrices = pgTable(
  'sku_prices',
  {
    skuId: bigint('sku_id', { mode: 'bigint' })
      .notNull()
      .references(() => skus.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.skuId, t.currency] })],
);

/** Parts that come with an item: DIY bundle children and free gifts. */
export const itemParts = pgTable(
  'item_parts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => items.id),
    partSkuId: bigint('part_sku_id', { mode: 'bigint' })
      .notNull()
      .references(() => skus.id),
    kind: text('kind', { enum: ['DIY_CHILD', 'GIFT'] }).notNull(),
    qty: numeric('qty', { precision: 12, scale: 3 }).notNull().default('1'),
  },
  (t) => [index('item_parts_item_idx').on(t.itemId)],
);
