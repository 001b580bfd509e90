import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * A buyer's saved card. The shop never sees the card number: the provider keeps it and hands
 * back a token (payCenterToken) plus the last four digits once the setup succeeded.
 */
export const cards = pgTable(
  'cards',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['SETUP_PENDING', 'ACTIVE', 'FAILED'] }).notNull(),
    payCenterToken: text('pay_center_token'),
    tailNumber: text('tail_number'),
    bankNetName: text('bank_net_name'),
    isDefault: boolean('is_default').notNull().default(false),
    isSave: boolean('is_save').notNull().default(true),
    /** Cardholder and billing details of the card form (SPEC §3 Card). */
    holder: jsonb('holder').$type<Record<string, string>>().notNull(),
    /** The provider the card is saved with (its PaymentProvider name) and its customer there, if it has customers. */
    provider: text('provider').notNull().default('mockpay'),
    customerRef: text('customer_ref'),
    setupId: text('setup_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cards_buyer_idx').on(t.buyerId)],
);

/** MOCKPAY's side of a card setup: the card data lives only here, as a token and a tail. */
export const mockpaySetups = pgTable('mockpay_setups', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  merchantReference: text('merchant_reference').notNull(),
  status: text('status', { enum: ['CREATED', 'SUCCEEDED', 'FAILED'] }).notNull(),
  token: text('token'),
  cardTail: text('card_tail'),
  brand: text('brand'),
  /** The test card behind the token, so charges with it behave like the card would. */
  outcome: text('outcome'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CardHolder = {
  cardHolderName: string;
  mobile: string;
  email: string;
  country: string;
  province?: string;
  city: string;
  region?: string;
  street: string;
  houseNumber: string;
  zipCode: string;
};
