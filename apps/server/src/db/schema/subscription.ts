import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * Marketing consent, one row per channel and address (an email, or a phone number in E.164) on
 * a site: where it stands now. Email subscriptions start PENDING until the link in the
 * confirmation email is followed (double opt-in); SMS consent is given at checkout on the US site
 * and withdrawn by replying STOP. `token` is the secret of the confirm and unsubscribe links.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    address: text('address').notNull(),
    site: text('site').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    country: text('country'),
    status: text('status', { enum: ['PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'] }).notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_consents_address_uq').on(t.channel, t.address, t.site),
    uniqueIndex('marketing_consents_token_uq').on(t.token),
  ],
);

/**
 * Every consent given or withdrawn, as proof: what (subscribe, confirm, unsubscribe, STOP), when,
 * from where (source, IP) and the exact text the person was shown. Never updated.
 */
export const marketingConsentEvents = pgTable(
  'marketing_consent_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    consentId: bigint('consent_id', { mode: 'bigint' })
      .notNull()
      .references(() => marketingConsents.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['SUBSCRIBE', 'CONFIRM', 'UNSUBSCRIBE', 'STOP'] }).notNull(),
    source: text('source').notNull(),
    ip: text('ip'),
    language: text('language'),
    textShown: text('text_shown'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_consent_events_consent_idx').on(t.consentId, t.createdAt)],
);
