import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tradeContracts } from './checkout.js';
import { users } from './identity.js';

/**
 * Risk screening of a placed contract (migration 0049): what the screener saw, its score and
 * reasons, and the outcome. HELD: its orders are UNDER_REVIEW until the operator approves
 * (APPROVED) or cancels (REJECTED) them, or RISK_REVIEW_HOURS pass undecided (EXPIRED, migration
 * 0054). Email, IP and device feed the next orders' velocity.
 */
export const riskScreenings = pgTable(
  'risk_screenings',
  {
    contractId: bigint('contract_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => tradeContracts.id),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    site: text('site').notNull(),
    email: text('email'),
    ip: text('ip'),
    deviceId: text('device_id'),
    /** Which screener scored it: 'rules' (packages/domain risk.ts) or a provider's name. */
    provider: text('provider').notNull(),
    score: integer('score').notNull(),
    threshold: integer('threshold').notNull(),
    reasons: jsonb('reasons')
      .$type<{ code: string; points: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    outcome: text('outcome', { enum: ['PASSED', 'HELD', 'APPROVED', 'REJECTED', 'EXPIRED'] }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_screenings_buyer_idx').on(t.buyerId, t.createdAt),
    index('risk_screenings_email_idx').on(t.email, t.createdAt),
    index('risk_screenings_ip_idx').on(t.ip, t.createdAt),
    index('risk_screenings_device_idx')
      .on(t.deviceId, t.createdAt)
      .where(sql`device_id IS NOT NULL`),
    index('risk_screenings_held_idx')
      .on(t.createdAt)
      .where(sql`outcome = 'HELD'`),
  ],
);
