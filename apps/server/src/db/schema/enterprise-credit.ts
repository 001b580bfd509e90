import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.js';
import { paymentRecords } from './payment.js';
import { refunds } from './reverse.js';

/**
 * Enterprise credit ledger (migration 0053): every change of an account's payment-terms balance,
 * with the payment or refund that caused it. `balance` names the column changed: REMAINING (a
 * main account's remaining enterprise credit) or CREDIT (a sub-account's own credit amount).
 * `balanceAfterMinor` is the column's value after the change, written in the same statement.
 * Written only by modules/enterprise/credit-ledger.ts.
 */
export const enterpriseCreditLedger = pgTable(
  'enterprise_credit_ledger',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    enterpriseId: bigint('enterprise_id', { mode: 'bigint' })
      .notNull()
      .references(() => enterprises.id),
    balance: text('balance', { enum: ['REMAINING', 'CREDIT'] }).notNull(),
    kind: text('kind', { enum: ['TAKE', 'GIVE_BACK', 'ADJUST'] }).notNull(),
    /** Signed: a take is negative. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    paymentRecordId: bigint('payment_record_id', { mode: 'bigint' }).references(() => paymentRecords.id),
    refundId: bigint('refund_id', { mode: 'bigint' }).references(() => refunds.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enterprise_credit_ledger_user_idx').on(t.userId, t.id),
    // A payment takes once and a refund gives back once, however often they are retried.
    uniqueIndex('enterprise_credit_ledger_take_once')
      .on(t.paymentRecordId)
      .where(sql`${t.kind} = 'TAKE'`),
    uniqueIndex('enterprise_credit_ledger_give_back_once')
      .on(t.refundId)
      .where(sql`${t.kind} = 'GIVE_BACK'`),
  ],
);
