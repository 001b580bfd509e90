import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** A buyer's request to become a seller; the platform audits it (status audit -> pass/reject). */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text('shop_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['audit', 'pass', 'reject'] })
      .notNull()
      .default('audit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shown to the applicant at the 'review result' step when the operator rejects. */
    rejectReason: text('reject_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }).references(() => users.id),
    /** The shop created when the application passed. */
    shopId: bigint('shop_id', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('merchant_applications_user_key').on(t.userId),
    index('merchant_applications_status_idx').on(t.status, t.createdAt),
  ],
);
