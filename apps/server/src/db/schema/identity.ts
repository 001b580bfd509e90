import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const enterprises = pgTable('enterprises', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every buyer is a user row: registered buyers, sellers, and tourists (guests get a row the
 * first time they do something that must be owned, such as adding to the cart), so every
 * buyer-owned row can carry buyer_id.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    email: text('email'),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    userType: text('user_type', { enum: ['REGISTERED', 'TOURIST'] }).notNull(),
    role: text('role', { enum: ['BUYER', 'SELLER', 'OPERATOR'] })
      .notNull()
      .default('BUYER'),
    merchantAuditStatus: text('merchant_audit_status', { enum: ['none', 'audit', 'pass'] })
      .notNull()
      .default('none'),
    /** SELLER only (SPEC §6): seller, frozen or clear; moved by MERCHANT_STATE_EVENTS in packages/domain. */
    merchantState: text('merchant_state', { enum: ['seller', 'frozen', 'clear'] })
      .notNull()
      .default('seller'),
    enterpriseId: bigint('enterprise_id', { mode: 'bigint' }).references(() => enterprises.id),
    isEnterpriseMain: boolean('is_enterprise_main').notNull().default(false),
    enterpriseStatus: text('enterprise_status', { enum: ['ENABLED', 'PENDING_APPROVAL', 'DISABLED'] })
      .notNull()
      .default('ENABLED'),
    /** Sub-account: largest order it may place alone (minor units of the enterprise currency). */
    orderAmtMinor: bigint('order_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Main account: credit still available for payment terms. */
    remainingAmtMinor: bigint('remaining_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Credit line granted to the account (main: total; sub: its own share). */
    creditAmtMinor: bigint('credit_amt_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Payment terms need a proof of invoice uploaded with each order (SPEC §3 Credit account needPi). */
    needPi: boolean('need_pi').notNull().default(false),
    /** Mobile number (digits) and its country prefix ("1"); unique together when set (password reset by SMS, bind phone). */
    phone: text('phone'),
    phonePrefix: text('phone_prefix'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phonePrefix, t.phone),
    index('users_enterprise_idx').on(t.enterpriseId),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Login attempts per account in the current window: one counter row per email, counted with
 * one upsert before the password is checked, so concurrent guesses cannot slip past the limit
 * (identity service). Past the limit the login asks for a captcha; owner_notified_at marks
 * that the owner was emailed for this episode.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
