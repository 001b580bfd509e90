import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * Messages to send (email or SMS), written in the same transaction as the action that sends
 * them; a pg-boss job delivers each one with retries (lib/outbox.ts). The payload holds what
 * the template needs and is emptied once the message went out (codes do not linger).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    destination: text('destination').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    site: text('site').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_pending_idx').on(t.status, t.createdAt)],
);

/** Mail and SMS caught in development (embedded SMTP catcher, dev SMS provider): the /dev/mailbox page. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toAddress, t.createdAt)],
);

/**
 * The live verification code per purpose and destination (one row, replaced on resend): only
 * an HMAC of the code is kept; tries count every check, consumed_at makes it single use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    purpose: text('purpose').notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
    tries: integer('tries').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('verification_codes_purpose_destination_key').on(t.purpose, t.destination)],
);

/** Short-lived single-use password reset tokens (SHA-256 of the token), issued for a verified code. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Solved captcha challenges already accepted (single use), kept until the challenge expires. */
export const captchaUsed = pgTable('captcha_used', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
