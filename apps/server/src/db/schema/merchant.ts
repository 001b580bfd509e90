import { bigint, bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** A buyer's request to become a seller; the platform audits it (status audit -> pass/reject). */
export const merchantApplications = pgTable('merchant_applications', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  shopName: text('shop_name').notNull(),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  status: text('status', { enum: ['audit', 'pass', 'reject'] }).notNull().default('audit'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('merchant_applications_user_key').on(t.userId)]);
