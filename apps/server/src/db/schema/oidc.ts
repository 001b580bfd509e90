import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * Third-party sign-in: an OpenID Connect identity (provider name, issuer, subject) bound to a
 * shop account. One identity belongs to one account; an account binds at most one identity per
 * provider (unbind names the provider only, SPEC §7 `unbind (accountType)`).
 */
export const thirdPartyIdentities = pgTable(
  'third_party_identities',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The configured provider name (OIDC_PROVIDERS), shown as accountType. */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** What the provider said at bind time, to show which account is bound. */
    email: text('email'),
    displayName: text('display_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('third_party_identities_identity_key').on(t.provider, t.issuer, t.subject),
    uniqueIndex('third_party_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * A started authorization request, until its callback: the PKCE verifier and nonce stay on the
 * server, keyed by the SHA-256 of the state (the state itself also sits in this browser's
 * cookie). Deleted when used (single use) or when expired.
 */
export const oidcAuthStates = pgTable(
  'oidc_auth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    mode: text('mode', { enum: ['login', 'bind'] }).notNull(),
    /** Bind: the account that started it (the callback must come from the same account). */
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_auth_states_expires_idx').on(t.expiresAt)],
);
