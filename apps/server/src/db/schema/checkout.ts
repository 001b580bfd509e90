import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { shops } from './catalog.js';

/**
 * Shipping methods a shop offers. Cost per currency (minor units; absent = unknown until
 * quoted), free above a threshold, limits that make a method unusable for an order
 * (ORDER_AMOUNT_NOT_SUPPORTED) or an address (REGION_NOT_SUPPORTED).
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Name and description in other languages, as items.texts: { de: { name, description } }; English is name/description. */
    texts: jsonb('texts')
      .$type<Partial<Record<string, { name?: string; description?: string }>>>()
      .notNull()
      .default({}),
    amounts: jsonb('amounts').$type<Record<string, string>>().notNull().default({}),
    freeOver: jsonb('free_over').$type<Record<string, string>>().notNull().default({}),
    maxOrder: jsonb('max_order').$type<Record<string, string>>().notNull().default({}),
    /** Destination country codes; empty = everywhere. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('shipping_methods_shop_idx').on(t.shopId)],
);

export const pickupStores = pgTable('pickup_stores', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  shopId: bigint('shop_id', { mode: 'bigint' })
    .notNull()
    .references(() => shops.id),
  storeName: text('store_name').notNull(),
  storeAddress: text('store_address').notNull(),
  storeCity: text('store_city').notNull(),
  storeState: text('store_state').notNull().default(''),
  storeZipCode: text('store_zip_code').notNull().default(''),
  country: text('country').notNull(),
  businessHours: text('business_hours').notNull().default(''),
  supportPickUp: boolean('support_pick_up').notNull().default(true),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** Coupon campaigns: shop or platform coupons handed to buyers, and promotion codes anyone may type. */
export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['SHOP', 'PLATFORM'] }).notNull(),
    shopId: bigint('shop_id', { mode: 'bigint' }).references(() => shops.id),
    type: text('type', { enum: ['AMOUNT', 'DISCOUNT_COUPON'] }).notNull(),
    /** AMOUNT coupons: amount off per currency (minor units as strings). */
    amounts: jsonb('amounts').$type<Record<string, string>>().notNull().default({}),
    /** DISCOUNT_COUPON: share paid in tenths ("8.5" pays 85 %). */
    discountValue: numeric('discount_value', { precision: 4, scale: 2 }),
    minSpend: jsonb('min_spend').$type<Record<string, string>>().notNull().default({}),
    useLimit: boolean('use_limit').notNull().default(false),
    /** Promotion code (upper case); null for coupons handed to buyers. */
    code: text('code'),
    /** For codes: how many orders may use it in total (null = unlimited). */
    totalUses: integer('total_uses'),
    usedCount: integer('used_count').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('coupon_campaigns_code_key').on(t.code)],
);

/** A coupon owned by a buyer; used once. */
export const ownerCoupons = pgTable(
  'owner_coupons',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => couponCampaigns.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['NOT_USED', 'USED'] })
      .notNull()
      .default('NOT_USED'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    tradeContractId: bigint('trade_contract_id', { mode: 'bigint' }),
  },
  (t) => [index('owner_coupons_buyer_idx').on(t.buyerId)],
);

/**
 * Points ledger: the balance is the sum; every change names its kind (`reason`), its contract and
 * order where it has one, and for credits the year it was earned in (points expire at the end
 * of the following year). Written only by modules/points/ledger.ts.
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    tradeContractId: bigint('trade_contract_id', { mode: 'bigint' }),
    tradeOrderId: bigint('trade_order_id', { mode: 'bigint' }),
    /** Credits: the year earned; EXPIRY lines: the year whose points expired. */
    earnYear: integer('earn_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_ledger_buyer_idx').on(t.buyerId, t.id),
    // Retries never write a contract's earn, spend or give-back twice, nor a year's expiry.
    uniqueIndex('point_ledger_once_per_contract')
      .on(t.tradeContractId, t.reason)
      .where(sql`${t.reason} IN ('EARN', 'ORDER', 'ORDER_CLOSED')`),
    uniqueIndex('point_ledger_expiry_once')
      .on(t.buyerId, t.earnYear)
      .where(sql`${t.reason} = 'EXPIRY'`),
  ],
);

/**
 * A trade contract is one checkout: it holds the submit payload and groups one trade order
 * per shop. The Idempotency-Key makes a retried or double submit return the same contract.
 */
export const tradeContracts = pgTable(
  'trade_contracts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    site: text('site').notNull(),
    currency: text('currency').notNull(),
    tradeType: text('trade_type').notNull(),
    status: text('status', { enum: ['PENDING_PAY', 'PAID', 'CLOSED'] }).notNull(),
    skuAmtMinor: bigint('sku_amt_minor', { mode: 'bigint' }).notNull(),
    discountAmtMinor: bigint('discount_amt_minor', { mode: 'bigint' }).notNull(),
    shippingAmtMinor: bigint('shipping_amt_minor', { mode: 'bigint' }).notNull(),
    taxAmtMinor: bigint('tax_amt_minor', { mode: 'bigint' }).notNull(),
    pointsDiscountMinor: bigint('points_discount_minor', { mode: 'bigint' }).notNull(),
    /** Member discount (SPEC levelAmt), already inside discountAmtMinor. */
    levelAmtMinor: bigint('level_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    needPayAmtMinor: bigint('need_pay_amt_minor', { mode: 'bigint' }).notNull(),
    usedPoints: integer('used_points').notNull().default(0),
    redeemPoints: integer('redeem_points').notNull().default(0),
    earnPoints: integer('earn_points').notNull().default(0),
    isFreeTrade: boolean('is_free_trade').notNull().default(false),
    payUniqueKey: text('pay_unique_key').notNull(),
    paymentOrderId: text('payment_order_id').notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }),
    selectedAddress: jsonb('selected_address').notNull(),
    billingAddress: jsonb('billing_address'),
    /** The whole submit payload as received (remark, notifyInfo, hearFrom, inviteCode, ...). */
    /** Presale (SPEC §4): a deposit first, then the balance inside its window. Null for normal orders. */
    presaleStage: text('presale_stage', { enum: ['DEPOSIT', 'BALANCE'] }),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }),
    balanceStartAt: timestamp('balance_start_at', { withTimezone: true }),
    balanceEndAt: timestamp('balance_end_at', { withTimezone: true }),
    /** Enterprise sub-account orders handed to the main account for payment (SPEC §4, §6). */
    masterStatus: text('master_status', { enum: ['PENDING', 'PAID'] }),
    masterSubmittedAt: timestamp('master_submitted_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    /** Per-order pricing at submit time. */
    preview: jsonb('preview').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trade_contracts_buyer_key').on(t.buyerId, t.idempotencyKey)],
);

export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tradeOrderCode: text('trade_order_code').notNull(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeContracts.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    sellerId: bigint('seller_id', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    tradeType: text('trade_type').notNull(),
    currency: text('currency').notNull(),
    skuAmtMinor: bigint('sku_amt_minor', { mode: 'bigint' }).notNull(),
    discountAmtMinor: bigint('discount_amt_minor', { mode: 'bigint' }).notNull(),
    shippingAmtMinor: bigint('shipping_amt_minor', { mode: 'bigint' }).notNull(),
    taxAmtMinor: bigint('tax_amt_minor', { mode: 'bigint' }).notNull(),
    /** The rate the tax was computed with (US: the ship-to or pickup store's state); null on orders from before it was kept. */
    taxRate: numeric('tax_rate', { precision: 7, scale: 5 }),
    needPayAmtMinor: bigint('need_pay_amt_minor', { mode: 'bigint' }).notNull(),
    paidAmtMinor: bigint('paid_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** This order's share of the contract's points deduction (money and points), fixed at submit. */
    pointsDiscountMinor: bigint('points_discount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Member discount (SPEC levelAmt), already inside discountAmtMinor. */
    levelAmtMinor: bigint('level_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    usedPoints: integer('used_points').notNull().default(0),
    shippingMethodId: bigint('shipping_method_id', { mode: 'bigint' }),
    shippingMethodCode: text('shipping_method_code'),
    pickUpStoreId: bigint('pick_up_store_id', { mode: 'bigint' }),
    pickUpStoreSnapshot: jsonb('pick_up_store_snapshot'),
    remark: text('remark'),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** BULK orders are paid through /bulk-to-pay; REVERSE_REISSUE orders are replacements sent by after-sales. */
    tradeOrderType: text('trade_order_type', { enum: ['NORMAL', 'BULK'] })
      .notNull()
      .default('NORMAL'),
    businessType: text('business_type', { enum: ['NORMAL', 'REVERSE_REISSUE'] })
      .notNull()
      .default('NORMAL'),
    /** The channel that paid (MOCKPAY, INVOICE_ME, POINTS); null until paid. */
    payChannel: text('pay_channel'),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    /** Set when every line has shipped; packages auto-confirm after it (postpone moves it). */
    receiptDeadline: timestamp('receipt_deadline', { withTimezone: true }),
    postponeCount: integer('postpone_count').notNull().default(0),
    invoiceUrl: text('invoice_url'),
    commentStatus: text('comment_status', { enum: ['EVALUATED', 'NOT_EVALUATED'] })
      .notNull()
      .default('NOT_EVALUATED'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_orders_code_key').on(t.tradeOrderCode),
    // The buyer's order list: newest first, by buyer, optionally by status (SPEC §7 pageTradeOrderForBuyer).
    index('trade_orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    // trade_type and pay_channel ride along so the per-tab counts are index-only (display status needs them).
    index('trade_orders_buyer_status_idx').on(t.buyerId, t.status, t.createdAt.desc(), t.tradeType, t.payChannel),
    index('trade_orders_contract_idx').on(t.contractId),
    index('trade_orders_shop_status_idx').on(t.shopId, t.status),
    // Sweeps of the timed transitions only look at orders that can still move.
    index('trade_orders_pay_deadline_idx')
      .on(t.payDeadline)
      .where(sql`status IN ('PENDING_PAY','PENDING_DEPOSIT','PENDING_BALANCE')`),
    index('trade_orders_receipt_deadline_idx')
      .on(t.receiptDeadline)
      .where(sql`status = 'UN_RECEIVED'`),
  ],
);

export const tradeOrderLines = pgTable(
  'trade_order_lines',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    skuId: bigint('sku_id', { mode: 'bigint' }).notNull(),
    itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
    parentLineId: bigint('parent_line_id', { mode: 'bigint' }),
    lineGroupType: text('line_group_type', { enum: ['NORMAL', 'DIY_MAIN', 'DIY_CHILD', 'GIFT_CHILD'] }).notNull(),
    qty: numeric('qty', { precision: 12, scale: 3 }).notNull(),
    unitAmtMinor: bigint('unit_amt_minor', { mode: 'bigint' }).notNull(),
    skuAmtMinor: bigint('sku_amt_minor', { mode: 'bigint' }).notNull(),
    discountAmtMinor: bigint('discount_amt_minor', { mode: 'bigint' }).notNull(),
    needPayAmtMinor: bigint('need_pay_amt_minor', { mode: 'bigint' }).notNull(),
    points: integer('points').notNull().default(0),
    /** Item name, SKU name, image, attributes, unit and item business type at the time of the order. */
    snapshot: jsonb('snapshot').notNull(),
    /** Quantity in shipped (not cancelled) packages. */
    deliveredQty: numeric('delivered_qty', { precision: 12, scale: 3 }).notNull().default('0'),
    reverseStatus: text('reverse_status', { enum: ['NOT_REQUESTED', 'PROCESSING', 'DONE'] })
      .notNull()
      .default('NOT_REQUESTED'),
    /** After-sales: quantity cancelled before it shipped (never shipped), and quantity refunded, returned or exchanged after delivery. */
    cancelledQty: numeric('cancelled_qty', { precision: 12, scale: 3 }).notNull().default('0'),
    reversedQty: numeric('reversed_qty', { precision: 12, scale: 3 }).notNull().default('0'),
    /** Service items: uses left and when they expire (set when paid). */
    serviceRemainingTimes: integer('service_remaining_times'),
    serviceExpiresAt: timestamp('service_expires_at', { withTimezone: true }),
  },
  (t) => [index('trade_order_lines_order_idx').on(t.orderId)],
);

/** Exceed (oversized or bulk) flow: an order request the seller negotiates before any payment. */
export const preTradeRequests = pgTable(
  'pre_trade_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    site: text('site').notNull(),
    status: text('status').notNull().default('SUBMITTED'),
    requirements: text('requirements'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pre_trade_requests_buyer_key').on(t.buyerId, t.idempotencyKey)],
);
