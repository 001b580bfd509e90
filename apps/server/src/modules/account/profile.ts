/**
 * Profile (PUT/GET /auth/{provider}/user/user-info) and the invitation code
 * (fillInTheInvitationCodeFlow). Every registered account has a profile row with its own
 * invitation code, created on first read; entering someone's code is once per account and
 * rewards both sides through the points ledger's writer.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ERROR_CODES,
  INVITATION_CODE_LENGTH,
  INVITATION_REWARD_POINTS,
  type Profile,
  type ProfileBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { userProfiles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { grantPoints } from '../points/ledger.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type ProfileRow = typeof userProfiles.$inferSelect;

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newInvitationCode = () =>
  Array.from({ length: INVITATION_CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');

/** The account's profile row, created (with a fresh unique invitation code) when missing. */
export async function ensureProfile(tx: Tx, userId: bigint): Promise<ProfileRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    if (existing) return existing;
    // A code clash (or a concurrent first read) inserts nothing; read again / try another code.
    await tx.insert(userProfiles).values({ userId, invitationCode: newInvitationCode() }).onConflictDoNothing();
  }
  throw new Error('could not create a profile row');
}

function view(user: UserRow, p: ProfileRow): Profile {
  return {
    id: String(user.id),
    email: user.email,
    mobile: user.phone,
    mobilePrefix: user.phonePrefix,
    nickname: user.nickname,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthday: p.birthday,
    language: (p.language as Profile['language']) ?? null,
    invitationCode: p.invitationCode,
    invitedFilled: p.invitedByUserId !== null,
    isEnterpriseMain: user.isEnterpriseMain,
  };
}

export async function getProfile(db: Db, user: UserRow): Promise<Profile> {
  return view(user, await ensureProfile(db, user.id));
}

export async function updateProfile(db: Db, user: UserRow, body: z.output<typeof ProfileBody>): Promise<Profile> {
  return db.transaction(async (tx) => {
    await ensureProfile(tx, user.id);
    const [u] = await tx.update(users).set({ nickname: body.nickname }).where(eq(users.id, user.id)).returning();
    const [p] = await tx
      .update(userProfiles)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        gender: body.gender,
        birthday: body.birthday,
        language: body.language,
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.userId, user.id))
      .returning();
    return view(u!, p!);
  });
}

/** Enter a friend's invitation code: once per account, never one's own; both get points. */
export async function fillInvitationCode(
  db: Db,
  user: UserRow,
  rawCode: string,
): Promise<{ filled: true; rewardPoints: number }> {
  const code = rawCode.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const mine = await ensureProfile(tx, user.id);
    if (mine.invitationCode === code)
      throw new AppError(400, ERROR_CODES.invitationOwnCode, 'You cannot use your own invitation code');
    const [inviter] = await tx
      .select({ userId: userProfiles.userId })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(
        and(eq(userProfiles.invitationCode, code), isNull(userProfiles.deletedAt), eq(users.userType, 'REGISTERED')),
      );
    if (!inviter) throw new AppError(404, ERROR_CODES.invitationCodeUnknown, 'This invitation code does not exist');
    // The conditional update is the "once": a second call (or a double click) matches no row.
    const [marked] = await tx
      .update(userProfiles)
      .set({ invitedByUserId: inviter.userId, invitedAt: new Date() })
      .where(and(eq(userProfiles.userId, user.id), isNull(userProfiles.invitedByUserId)))
      .returning({ userId: userProfiles.userId });
    if (!marked)
      throw new AppError(
        409,
        ERROR_CODES.invitationAlreadyFilled,
        'An invitation code was already entered for this account',
      );
    const rewardPoints = await grantPoints(tx, {
      buyerId: user.id,
      delta: INVITATION_REWARD_POINTS.invitee,
      reason: 'INVITATION',
    });
    await grantPoints(tx, { buyerId: inviter.userId, delta: INVITATION_REWARD_POINTS.inviter, reason: 'INVITATION' });
    return { filled: true as const, rewardPoints };
  });
}
