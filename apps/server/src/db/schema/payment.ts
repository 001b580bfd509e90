import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, integer } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './identity.js';
import { tradeContracts } from './checkout.js';

/**
 * The shop's record of one payment attempt of a contract. A partial unique index allows at
 * most one PAY_SUCCESS per contract and stage, so two tabs or a replayed webhook can never capture twice.
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeContracts.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    payMethod: text('pay_method'),
    status: text('status', { enum: ['PAY_PENDING', 'PAY_SUCCESS', 'PAY_FAILED', 'CLOSED'] }).notNull(),
    /** What this attempt pays: the whole order, or a presale's deposit or balance. */
    stage: text('stage', { enum: ['FULL', 'DEPOSIT', 'BALANCE'] })
      .notNull()
      .default('FULL'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    providerPaymentId: text('provider_payment_id'),
    failedReason: text('failed_reason'),
    /** INVOICE_ME: the uploaded proof of invoice, when the account needs one. */
    proofUrl: text('proof_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_records_contract_idx').on(t.contractId),
    uniqueIndex('payment_records_one_success_per_stage')
      .on(t.contractId, t.stage)
      .where(sql`status = 'PAY_SUCCESS'`),
    uniqueIndex('payment_records_provider_key').on(t.providerPaymentId),
  ],
);

/**
 * Verified webhook events, stored once by (provider, provider's event id): a replay is
 * acknowledged and ignored. `processedAt` is set in the transaction that applies the event, so
 * a crash between storing and applying leaves it for the job or the sweep to apply.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What applying it did: applied, or ignored (nothing to change). */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event').on(t.provider, t.eventId),
    index('webhook_events_unprocessed')
      .on(t.receivedAt)
      .where(sql`processed_at IS NULL`),
  ],
);

/**
 * MOCKPAY, the simulated payment service, keeps its own books: a payment per start, and the
 * webhook events it owes the shop (delivered by a retrying job until acknowledged).
 */
export const mockpayPayments = pgTable('mockpay_payments', {
  id: text('id').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['CREATED', 'APPROVED', 'DECLINED', 'PENDING', 'CANCELLED'] }).notNull(),
  declineReason: text('decline_reason'),
  cardTail: text('card_tail'),
  /** Refunded so far (never more than the approved amount). */
  refundedMinor: bigint('refunded_minor', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  returnUrl: text('return_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mockpayEvents = pgTable('mockpay_events', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull().default(0),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
