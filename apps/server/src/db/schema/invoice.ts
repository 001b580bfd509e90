/**
 * VAT invoices: what a shop prints on its invoices, the buyer's request per order, the issued
 * documents (invoices and credit notes) and the one gapless number sequence per shop and year
 * that numbers them. Written only by modules/invoice.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shops } from './catalog.js';
import { tradeOrders } from './checkout.js';
import { users } from './identity.js';
import { refunds } from './reverse.js';

/** Invoice address as the request and the profile keep it (contracts InvoiceAddress). */
export interface InvoiceAddressJson {
  addressLine1: string;
  addressLine2?: string;
  postalCode?: string;
  city: string;
  state?: string;
  country: string;
}

/** The seller's shop as its invoices name it: legal name, VAT ID and the address of its registration. */
export const shopTaxProfiles = pgTable('shop_tax_profiles', {
  shopId: bigint('shop_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => shops.id),
  legalName: text('legal_name').notNull(),
  vatId: text('vat_id').notNull(),
  country: text('country').notNull(),
  address: jsonb('address').$type<InvoiceAddressJson>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The next number of a shop's documents in a year; moved by `UPDATE ... next = next + 1` in the transaction that issues. */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    year: integer('year').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.year] })],
);

/** A buyer's request for the VAT invoice of one order; its status moves only by INVOICE_EVENTS. */
export const vatInvoiceRequests = pgTable(
  'vat_invoice_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    status: text('status', { enum: ['REQUESTED', 'ISSUED', 'CREDITED'] }).notNull(),
    companyName: text('company_name').notNull(),
    vatId: text('vat_id').notNull(),
    country: text('country').notNull(),
    billingAddress: jsonb('billing_address').$type<InvoiceAddressJson>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vat_invoice_requests_order').on(t.orderId),
    index('vat_invoice_requests_shop').on(t.shopId, t.status),
  ],
);

/**
 * An issued invoice or credit note. Its content (parties, lines, totals) is fixed at issue; the
 * PDF drawn from it is kept in the file storage under storage_key.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind', { enum: ['INVOICE', 'CREDIT_NOTE'] }).notNull(),
    requestId: bigint('request_id', { mode: 'bigint' })
      .notNull()
      .references(() => vatInvoiceRequests.id),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeOrders.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    shopId: bigint('shop_id', { mode: 'bigint' })
      .notNull()
      .references(() => shops.id),
    sellerId: bigint('seller_id', { mode: 'bigint' }).notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** The invoice a credit note corrects. */
    creditsDocumentId: bigint('credits_document_id', { mode: 'bigint' }),
    /** The refund a credit note answers (one credit note per refund). */
    refundId: bigint('refund_id', { mode: 'bigint' }).references(() => refunds.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplyDate: date('supply_date').notNull(),
    currency: text('currency').notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'bigint' }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    content: jsonb('content').notNull(),
    storageKey: text('storage_key').notNull(),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_documents_number').on(t.shopId, t.year, t.seq),
    uniqueIndex('invoice_documents_one_invoice')
      .on(t.requestId)
      .where(sql`kind = 'INVOICE'`),
    uniqueIndex('invoice_documents_refund').on(t.refundId),
    index('invoice_documents_order').on(t.orderId),
  ],
);
