/**
 * Third-party sign-in rules: an identity is (provider name, issuer, subject). A bound
 * identity signs its account in; "bind" attaches a new identity to the logged-in account; an
 * unknown identity creates an account with the provider's verified email, but never takes over
 * an existing account with that email (the owner logs in with the password and binds instead).
 * Unbinding refuses to remove the last way to sign in.
 */
import crypto from 'node:crypto';
import { and, count, eq, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import { ERROR_CODES, type ThirdAccountList } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { oidcAuthStates, thirdPartyIdentities, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import type { OidcClients } from './clients.js';

/** How long a started sign-in may take at the provider before its state expires. */
export const AUTH_STATE_TTL_MS = 10 * 60_000;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export type AuthMode = 'login' | 'bind';
export type AuthState = typeof oidcAuthStates.$inferSelect;

/** Keeps a new authorization request's PKCE verifier and nonce server-side; returns what goes to the provider. */
export async function createAuthState(
  db: Db,
  input: { provider: string; mode: AuthMode; userId: bigint | null; target: string },
) {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  // Expired, never-finished attempts are cleared as new ones start (no job needed).
  await db.delete(oidcAuthStates).where(lt(oidcAuthStates.expiresAt, new Date()));
  await db.insert(oidcAuthStates).values({
    stateHash: sha256(state),
    provider: input.provider,
    codeVerifier,
    nonce,
    mode: input.mode,
    userId: input.userId,
    target: input.target,
    expiresAt: new Date(Date.now() + AUTH_STATE_TTL_MS),
  });
  return { state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) };
}

/** Takes (deletes) the state of a callback: a second use, another provider's state or an expired one finds nothing. */
export async function takeAuthState(db: Db, provider: string, state: string): Promise<AuthState | null> {
  const [row] = await db
    .delete(oidcAuthStates)
    .where(and(eq(oidcAuthStates.stateHash, sha256(state)), eq(oidcAuthStates.provider, provider)))
    .returning();
  return row && row.expiresAt > new Date() ? row : null;
}

export interface ProviderIdentity {
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}

/** The row of this provider identity (provider name, issuer, subject). */
const sameIdentity = (id: ProviderIdentity) =>
  and(
    eq(thirdPartyIdentities.provider, id.provider),
    eq(thirdPartyIdentities.issuer, id.issuer),
    eq(thirdPartyIdentities.subject, id.subject),
  );

const fail = (status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) =>
  new AppError(status, code, message);

/** Sign in with an identity: its bound account, or a new account for an unknown identity with an unregistered verified email. */
export async function signInWith(db: Db, id: ProviderIdentity): Promise<UserRow> {
  const [bound] = await db
    .select({ user: users })
    .from(thirdPartyIdentities)
    .innerJoin(users, eq(users.id, thirdPartyIdentities.userId))
    .where(sameIdentity(id));
  if (bound) {
    if (bound.user.enterpriseStatus === 'DISABLED')
      throw fail(403, ERROR_CODES.accountDisabled, 'This account is disabled');
    return bound.user;
  }
  if (!id.email || !id.emailVerified)
    throw fail(400, ERROR_CODES.oidcEmailUnverified, 'The provider did not confirm an email address for this account');
  const email = id.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // No password: the account signs in through this identity until its owner sets one.
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: null,
        nickname: (id.displayName || email.split('@')[0]!).slice(0, 40),
        userType: 'REGISTERED',
      })
      .onConflictDoNothing()
      .returning();
    // Linking by email would hand an existing account to whoever controls that provider account.
    if (!user)
      throw fail(
        409,
        ERROR_CODES.oidcEmailRegistered,
        'This email already has an account: log in with your password, then bind this sign-in under Account security',
      );
    const [identity] = await tx
      .insert(thirdPartyIdentities)
      .values({
        userId: user.id,
        provider: id.provider,
        issuer: id.issuer,
        subject: id.subject,
        email,
        displayName: id.displayName,
      })
      .onConflictDoNothing()
      .returning({ id: thirdPartyIdentities.id });
    // A concurrent first sign-in of the same identity created its account first: this one rolls back.
    if (!identity)
      throw fail(
        409,
        ERROR_CODES.thirdAccountBoundElsewhere,
        'This sign-in is already bound to an account, please retry',
      );
    return user;
  });
}

/** Binds an identity to the logged-in account (idempotent when it is already bound to it). */
export async function bindTo(db: Db, userId: bigint, id: ProviderIdentity): Promise<void> {
  const [existing] = await db.select().from(thirdPartyIdentities).where(sameIdentity(id));
  if (existing) {
    if (existing.userId === userId) return;
    throw fail(409, ERROR_CODES.thirdAccountBoundElsewhere, 'This sign-in is already bound to another account');
  }
  const [row] = await db
    .insert(thirdPartyIdentities)
    .values({
      userId,
      provider: id.provider,
      issuer: id.issuer,
      subject: id.subject,
      email: id.email,
      displayName: id.displayName,
    })
    .onConflictDoNothing()
    .returning({ userId: thirdPartyIdentities.userId });
  if (row) return;
  // Lost a race or a unique rule: tell which one.
  const [again] = await db
    .select({ userId: thirdPartyIdentities.userId })
    .from(thirdPartyIdentities)
    .where(sameIdentity(id));
  if (again?.userId === userId) return;
  if (again)
    throw fail(409, ERROR_CODES.thirdAccountBoundElsewhere, 'This sign-in is already bound to another account');
  throw fail(
    409,
    ERROR_CODES.thirdAccountAlreadyBound,
    'This account already has a sign-in of this provider bound; unbind it first',
  );
}

export async function listBound(db: Db, user: UserRow, clients: OidcClients): Promise<ThirdAccountList> {
  const rows = await db
    .select()
    .from(thirdPartyIdentities)
    .where(eq(thirdPartyIdentities.userId, user.id))
    .orderBy(thirdPartyIdentities.createdAt);
  const boundNames = new Set(rows.map((r) => r.provider));
  return {
    bound: rows.map((r) => ({
      accountType: r.provider,
      label: clients.get(r.provider)?.label ?? r.provider,
      email: r.email,
      displayName: r.displayName,
      boundAt: r.createdAt.toISOString(),
    })),
    available: clients.list().filter((p) => !boundNames.has(p.name)),
    hasPassword: user.passwordHash !== null,
  };
}

/** Removes the account's identity of that provider, unless it is the only way left to sign in. */
export async function unbind(db: Db, userId: bigint, accountType: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The user row lock serialises two unbinds of the same account (each would see the other identity left).
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [n] = await tx
      .select({ n: count() })
      .from(thirdPartyIdentities)
      .where(eq(thirdPartyIdentities.userId, userId));
    const [row] = await tx
      .select({ id: thirdPartyIdentities.id })
      .from(thirdPartyIdentities)
      .where(and(eq(thirdPartyIdentities.userId, userId), eq(thirdPartyIdentities.provider, accountType)));
    if (!row) throw fail(404, ERROR_CODES.thirdAccountNotBound, 'No sign-in of this provider is bound to your account');
    if (!user?.passwordHash && (n?.n ?? 0) <= 1) {
      throw fail(
        409,
        ERROR_CODES.lastSignInMethod,
        'This is the only way to sign in to your account: set a password before unbinding it',
      );
    }
    await tx.delete(thirdPartyIdentities).where(eq(thirdPartyIdentities.id, row.id));
  });
}

/** What the provider says about the user: the validated ID token, completed by UserInfo when it leaves the email out. */
export async function identityFromTokens(
  config: client.Configuration,
  provider: string,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<ProviderIdentity> {
  const claims = tokens.claims();
  if (!claims) throw fail(400, ERROR_CODES.oidcSignInFailed, 'The provider sent no ID token');
  let info: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    provider,
    issuer: claims.iss,
    subject: claims.sub,
    email: str(info.email),
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    displayName: str(info.name) ?? str(info.preferred_username),
  };
}
