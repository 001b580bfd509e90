/** Cross-border orders (migration 0050): shops selling into a site from abroad, and customs declarations. */
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from './catalog.js';
import { tradeContracts, tradeOrders } from './checkout.js';
import { users } from './identity.js';
import { userCertificates } from './account-settings.js';

/** A shop that sells into `site` cross-border: its items there ship from `originCountry` as NORMAL_SALE_CBE orders. */
export const crossBorderShops = pgTable(
  'cross_border_shops',
  {
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    site: text('site').notNull(),
    originCountry: text('origin_country').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.site] })],
);

export interface CustomsLine {
  skuId: string;
  itemName: string;
  qty: string;
  hsCode: string;
  customsCategory: string;
  valueMinor: string;
  dutyRate: string;
  dutyMinor: string;
}

/** What a cross-border order declares to customs, written with the order. */
export const customsDeclarations = pgTable('customs_declarations', {
  orderId: bigint('order_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => tradeOrders.id),
  contractId: bigint('contract_id', { mode: 'bigint' })
    .notNull()
    .references(() => tradeContracts.id),
  buyerId: bigint('buyer_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  site: text('site').notNull(),
  currency: text('currency').notNull(),
  originCountry: text('origin_country').notNull(),
  declaredValueMinor: bigint('declared_value_minor', { mode: 'bigint' }).notNull(),
  shippingMinor: bigint('shipping_minor', { mode: 'bigint' }).notNull(),
  dutyMinor: bigint('duty_minor', { mode: 'bigint' }).notNull(),
  importTaxMinor: bigint('import_tax_minor', { mode: 'bigint' }).notNull(),
  certificateId: bigint('certificate_id', { mode: 'bigint' }).references(() => userCertificates.id, {
    onDelete: 'set null',
  }),
  certificateName: text('certificate_name'),
  certificateNumberMasked: text('certificate_number_masked'),
  lines: jsonb('lines').$type<CustomsLine[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
