/**
 * After-sales (SPEC §3 "After-sales (reverse) order"): reverse orders and their lines, the
 * return and replacement shipments, the shops' return addresses, and refunds.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shops } from './catalog.js';
import { tradeContracts, tradeOrderLines, tradeOrders } from './checkout.js';
import { carriers } from './fulfillment.js';
import { users } from './identity.js';
import { paymentRecords } from './payment.js';

export const reverseTradeOrders = pgTable(
  'reverse_trade_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    reverseTradeOrderCode: text('reverse_trade_order_code').notNull(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    shopId: bigint('shop_id', { mode: 'bigint' }).notNull(),
    sellerId: bigint('seller_id', { mode: 'bigint' }),
    type: text('type', {
      enum: [
        'SALE_CANCEL_AFTER_PAID',
        'SALE_REFUND',
        'SALE_RETURN',
        'SALE_EXCHANGE',
        'PURCHASE_RETURN',
        'SALE_CANCEL_BEFORE_DELIVERY',
      ],
    }).notNull(),
    /** Written only through the reverse transition table (packages/domain reverse-state). */
    status: text('status').notNull(),
    applyRefundAmtMinor: bigint('apply_refund_amt_minor', { mode: 'bigint' }).notNull(),
    actualRefundAmtMinor: bigint('actual_refund_amt_minor', { mode: 'bigint' }),
    /** Return shipping the seller agreed to refund on top (sellerConfirmRefundShippingAmt) and what was refunded of it. */
    sellerConfirmRefundShippingAmtMinor: bigint('seller_confirm_refund_shipping_amt_minor', { mode: 'bigint' }),
    actualRefundShippingAmtMinor: bigint('actual_refund_shipping_amt_minor', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    reason: text('reason').notNull().default('OTHER'),
    reverseText: text('reverse_text'),
    attachments: jsonb('attachments')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    auditRejectReason: text('audit_reject_reason'),
    qcRejectReason: text('qc_reject_reason'),
    /** The shop's return address when the return was approved. */
    returnAddress: jsonb('return_address'),
    /** The next timed move (auto approve, auto close, auto confirm) and when. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** A retry or double submit with the same key returns the same reverse order. */
    idempotencyKey: text('idempotency_key'),
    /** The order (business type REVERSE_REISSUE) the seller settled this with by sending the goods again. */
    reissueOrderId: bigint('reissue_order_id', { mode: 'bigint' }).references(() => tradeOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reverse_trade_orders_code_key').on(t.reverseTradeOrderCode),
    index('reverse_trade_orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('reverse_trade_orders_order_idx').on(t.orderId),
    index('reverse_trade_orders_shop_status_idx').on(t.shopId, t.status),
    index('reverse_trade_orders_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`deadline_at IS NOT NULL`),
    uniqueIndex('reverse_trade_orders_open_cancel_key')
      .on(t.orderId)
      .where(sql`type = 'SALE_CANCEL_AFTER_PAID' AND status NOT IN ('REVERSE_CANCELED','REVERSE_CLOSE')`),
    uniqueIndex('reverse_trade_orders_idempotency_key')
      .on(t.buyerId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    uniqueIndex('reverse_trade_orders_reissue_order_key')
      .on(t.reissueOrderId)
      .where(sql`reissue_order_id IS NOT NULL`),
  ],
);

export const reverseTradeOrderLines = pgTable(
  'reverse_trade_order_lines',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    reverseId: bigint('reverse_id', { mode: 'bigint' })
      .notNull()
      .references(() => reverseTradeOrders.id),
    orderLineId: bigint('order_line_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrderLines.id),
    reverseQty: numeric('reverse_qty', { precision: 12, scale: 3 }).notNull(),
    applyRefundAmtMinor: bigint('apply_refund_amt_minor', { mode: 'bigint' }).notNull(),
    /** SALE_EXCHANGE: the replacement SKU (derivativeSku). */
    exchangeSkuId: bigint('exchange_sku_id', { mode: 'bigint' }),
    /** True while the reverse order is open: a line is in at most one open after-sales (unique index below). */
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    index('reverse_trade_order_lines_reverse_idx').on(t.reverseId),
    uniqueIndex('reverse_trade_order_lines_one_open')
      .on(t.orderLineId)
      .where(sql`is_open`),
  ],
);

/** Goods moving because of after-sales: RETURN (buyer to seller) or EXCHANGE (the replacement, seller to buyer). */
export const reverseShipments = pgTable(
  'reverse_shipments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    reverseId: bigint('reverse_id', { mode: 'bigint' })
      .notNull()
      .references(() => reverseTradeOrders.id),
    direction: text('direction', { enum: ['RETURN', 'EXCHANGE'] }).notNull(),
    carrierId: bigint('carrier_id', { mode: 'bigint' })
      .notNull()
      .references(() => carriers.id),
    serviceCode: text('service_code').notNull(),
    returnMode: text('return_mode').notNull().default('SELF_DELIVERY'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reverse_shipments_reverse_idx').on(t.reverseId),
    uniqueIndex('reverse_shipments_one_per_direction').on(t.reverseId, t.direction),
  ],
);

export const reverseTrackingEvents = pgTable(
  'reverse_tracking_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    shipmentId: bigint('shipment_id', { mode: 'bigint' })
      .notNull()
      .references(() => reverseShipments.id),
    context: text('context').notNull(),
    areaName: text('area_name'),
    operaterType: text('operater_type', { enum: ['USER', 'SELLER'] }).notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reverse_tracking_events_shipment_idx').on(t.shipmentId, t.happenedAt)],
);

/** Where buyers send returns, per shop (set in the seller console; copied onto a return when it is approved). */
export const shopReturnAddresses = pgTable('shop_return_addresses', {
  shopId: bigint('shop_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => shops.id),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  detailAddress: text('detail_address').notNull(),
  districtList: jsonb('district_list').$type<string[]>().notNull(),
  postalCode: text('postal_code').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money going back to a payer. Written in the transaction that decides it (REFUND_PENDING) and
 * carried out after commit by the refund job, with its idempotency key at the provider, until
 * the provider answers: REFUND_DONE or REFUND_FAIL. Statuses move only through REFUND_EVENTS.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeContracts.id),
    paymentRecordId: bigint('payment_record_id', { mode: 'bigint' })
      .notNull()
      .references(() => paymentRecords.id),
    /** Null for a charge that was not kept (NOT_CAPTURED). */
    reverseId: bigint('reverse_id', { mode: 'bigint' }).references(() => reverseTradeOrders.id),
    /** The order whose payment this gives back; null for a charge that was not kept (NOT_CAPTURED). */
    orderId: bigint('order_id', { mode: 'bigint' }).references(() => tradeOrders.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    reason: text('reason', { enum: ['AFTER_SALES', 'NOT_CAPTURED'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The part of amountMinor that gives back the order's shipping (refunded once per order). */
    shippingMinor: bigint('shipping_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['REFUND_PENDING', 'REFUND_DONE', 'REFUND_FAIL'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    failedReason: text('failed_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    index('refunds_contract_idx').on(t.contractId),
    index('refunds_reverse_idx').on(t.reverseId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`status = 'REFUND_PENDING'`),
    // A charge that was not kept is refunded once, however often its approval arrives.
    uniqueIndex('refunds_one_not_captured')
      .on(t.paymentRecordId)
      .where(sql`reason = 'NOT_CAPTURED'`),
  ],
);

/** MOCKPAY's own books of refunds: one per idempotency key, never more than was approved. */
export const mockpayRefunds = pgTable(
  'mockpay_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['SUCCEEDED', 'FAILED'] }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mockpay_refunds_idempotency_key').on(t.idempotencyKey)],
);
