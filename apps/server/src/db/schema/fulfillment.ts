import { bigint, bigserial, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tradeOrderLines, tradeOrders } from './checkout.js';
import { users } from './identity.js';

/** Carriers the seller chooses from (flexispot_md_QueryCarrierFlow). */
export const carriers = pgTable(
  'carriers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    code: text('code').notNull(),
    entityName: text('entity_name').notNull(),
  },
  (t) => [uniqueIndex('carriers_code_key').on(t.code)],
);

/** A shipment package (SPEC §3): some quantity of some lines, sent with one tracking number. */
export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    status: text('status', { enum: ['SEND_DELIVERY', 'SIGN_IN', 'CANCEL'] }).notNull(),
    carrierId: bigint('carrier_id', { mode: 'bigint' })
      .notNull()
      .references(() => carriers.id),
    serviceCode: text('service_code').notNull(),
    /** BUYER when the buyer confirmed receipt, AUTO when the receipt deadline did. */
    signedBy: text('signed_by', { enum: ['BUYER', 'AUTO'] }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_packages_order_idx').on(t.orderId),
    // A waybill number belongs to one parcel of its carrier, so its tracking never mixes two packages.
    uniqueIndex('shipment_packages_waybill_key').on(t.carrierId, t.serviceCode),
  ],
);

export const shipmentPackageLines = pgTable(
  'shipment_package_lines',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'bigint' })
      .notNull()
      .references(() => shipmentPackages.id),
    orderLineId: bigint('order_line_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrderLines.id),
    qty: numeric('qty', { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [index('shipment_package_lines_package_idx').on(t.packageId)],
);

/** Tracking timeline of a package (what the waybill query returns). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'bigint' })
      .notNull()
      .references(() => shipmentPackages.id),
    context: text('context').notNull(),
    areaName: text('area_name'),
    operaterType: text('operater_type', { enum: ['USER', 'SELLER'] })
      .notNull()
      .default('SELLER'),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_package_idx').on(t.packageId, t.happenedAt)],
);

/** Codes of service items (SPEC §3 tradeOrderLineCouponsBOList), issued when the order is paid. */
export const tradeOrderLineCoupons = pgTable(
  'trade_order_line_coupons',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderLineId: bigint('order_line_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrderLines.id),
    couponCode: text('coupon_code').notNull(),
    couponsPassword: text('coupons_password').notNull(),
    usedStatus: text('used_status', { enum: ['NOT_USED', 'USED', 'REFUNDED'] })
      .notNull()
      .default('NOT_USED'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The seller who redeemed it. */
    usedBy: bigint('used_by', { mode: 'bigint' }).references(() => users.id),
    /** Its unit was refunded before use: the code is void. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_order_line_coupons_line_idx').on(t.orderLineId),
    uniqueIndex('trade_order_line_coupons_code_key').on(t.couponCode),
  ],
);
