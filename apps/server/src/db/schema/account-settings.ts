import { bigint, bigserial, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.js';

/**
 * What a buyer tells about themself beyond sign-in (PUT /auth/{provider}/user/user-info), its
 * own invitation code and the code it entered (once), and when the account was deleted.
 * One row per registered user, created with the first read or write.
 */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender', { enum: ['MALE', 'FEMALE', 'UN_KNOW'] }),
    birthday: date('birthday', { mode: 'string' }),
    language: text('language'),
    invitationCode: text('invitation_code').notNull(),
    /** The account whose code this one entered (fillInTheInvitationCodeFlow, once per account). */
    invitedByUserId: bigint('invited_by_user_id', { mode: 'bigint' }).references(() => users.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** user-destroy: the account is anonymised, its sign-in data erased; orders keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_profiles_invitation_code_key').on(t.invitationCode)],
);

/**
 * Real-name certificates (SPEC §5, §7). The ID number is stored encrypted (AES-256-GCM,
 * CERTIFICATE_KEY): number_cipher is base64 of iv | auth tag | ciphertext; number_last4 is
 * what answers show.
 */
export const userCertificates = pgTable(
  'user_certificates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    numberCipher: text('number_cipher').notNull(),
    numberLast4: text('number_last4').notNull(),
    numberLength: bigint('number_length', { mode: 'number' }).notNull(),
    /** The site whose ID pattern the number matched. */
    site: text('site').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_certificates_buyer_idx').on(t.buyerId)],
);

/** Extra addresses that get an enterprise's notices (a sub-account's "submit to main account"); main account manages them. */
export const enterpriseNoticeEmails = pgTable(
  'enterprise_notice_emails',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    enterpriseId: bigint('enterprise_id', { mode: 'bigint' })
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enterprise_notice_emails_enterprise_email_key').on(t.enterpriseId, t.email)],
);
