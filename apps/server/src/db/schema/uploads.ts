/**
 * Uploaded files and who uploaded them: a review, an after-sales request or a payment may refer
 * only to its own account's uploads. The quota windows count each account's and each IP's
 * uploads per hour on this database, so the quota holds across every app server.
 */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

export const uploads = pgTable(
  'uploads',
  {
    /** What the shop answered the upload with and what others refer to (/uploads/<uuid>.png, /uploads/reviews/<uuid>-d.webp). */
    url: text('url').primaryKey(),
    ownerId: bigint('owner_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invoice, evidence or review (UPLOAD_LIMITS). */
    purpose: text('purpose').notNull(),
    /** Size of the file as received (the limit applies to it); the stored file is the re-encoded image. */
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Fixed one-hour windows of files and bytes per key (`account:<id>`, `ip:<address>`); UNLOGGED in migration 0041. */
export const uploadQuotaWindows = pgTable('upload_quota_windows', {
  key: text('key').primaryKey(),
  files: integer('files').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
