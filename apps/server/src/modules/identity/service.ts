import { and, eq, isNull, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { ERROR_CODES, type SessionInfo } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { cartLineCounts, cartLines, enterprises, loginFailures, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Captcha } from '../../lib/captcha.js';
import { enqueueEmail } from '../../lib/outbox.js';
import type { Caller, UserRow } from '../../lib/session.js';

/**
 * Per-account limit: this many login attempts within the window without a captcha; after that
 * the login asks for a solved captcha (Auth.captchaRequired) instead of locking the account, so
 * the owner with the right password still gets in.
 */
export const ACCOUNT_LOGIN_LIMIT = { failures: 8, windowMs: 15 * 60_000 };

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

/** Checks a password against a stored hash; a missing hash is checked against a dummy so timing does not reveal it. */
export const verifyPassword = (passwordHash: string | null | undefined, password: string) =>
  verify(passwordHash ?? DUMMY_HASH, password).catch(() => false);

export async function signup(db: Db, input: { email: string; password: string; nickname?: string }): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      nickname: input.nickname ?? input.email.split('@')[0]!,
      userType: 'REGISTERED',
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new AppError(409, ERROR_CODES.emailTaken, 'This email is already registered');
  return user;
}

export interface LoginInput {
  email: string;
  password: string;
  captcha?: string;
  token?: string;
}
export interface LoginContext {
  captcha: Captcha;
  lang: string;
  site: string;
}

/**
 * Counts one attempt for the account and returns the count in the current window: one upsert
 * on the account's counter row, so 30 guesses at once still count 1..30 (no read-then-write).
 */
async function countLoginAttempt(db: Db, email: string): Promise<number> {
  const windowSecs = ACCOUNT_LOGIN_LIMIT.windowMs / 1000;
  const r = await db.execute<{ failures: number }>(sql`
    INSERT INTO login_failures AS f (email, failures, window_start) VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN f.window_start <= now() - make_interval(secs => ${windowSecs}) THEN 1 ELSE f.failures + 1 END,
      owner_notified_at = CASE WHEN f.window_start <= now() - make_interval(secs => ${windowSecs}) THEN NULL ELSE f.owner_notified_at END,
      window_start = CASE WHEN f.window_start <= now() - make_interval(secs => ${windowSecs}) THEN now() ELSE f.window_start END
    RETURNING failures`);
  return Number(r.rows[0]!.failures);
}

export async function login(db: Db, input: LoginInput, ctx: LoginContext): Promise<UserRow> {
  const { email, password } = input;
  // A captcha that comes along must be good (and is used up), whether or not it was needed.
  const solved = input.captcha !== undefined;
  if (solved) await ctx.captcha.require(input.captcha, input.token);
  const attempt = await countLoginAttempt(db, email);
  if (attempt > ACCOUNT_LOGIN_LIMIT.failures && !solved) {
    throw new AppError(
      403,
      ERROR_CODES.captchaRequired,
      'Too many failed attempts for this account: please confirm you are human',
    );
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    if (user && attempt >= ACCOUNT_LOGIN_LIMIT.failures) await noticeLoginLimit(db, user, ctx);
    throw new AppError(401, ERROR_CODES.invalidCredentials, 'Incorrect email or password');
  }
  if (user.enterpriseStatus === 'DISABLED')
    throw new AppError(403, ERROR_CODES.accountDisabled, 'This account is disabled');
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
  return user;
}

/** Emails the owner once per episode (until a successful login or the window ends) that the captcha is now asked. */
async function noticeLoginLimit(db: Db, user: UserRow, ctx: LoginContext): Promise<void> {
  if (!user.email) return;
  const email = user.email;
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(loginFailures)
      .set({ ownerNotifiedAt: sql`now()` })
      .where(and(eq(loginFailures.email, email), isNull(loginFailures.ownerNotifiedAt)))
      .returning({ email: loginFailures.email });
    if (first) await enqueueEmail(tx, { to: email, template: 'loginLimit', lang: ctx.lang, site: ctx.site });
  });
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0k6Q1xk0bUqD3h2bcd3m3M2lq1f1r9Xx7r0kH8yC2jM';

/** Moves a tourist's cart into the account that just logged in (quantities add up, clamped by the cart later). */
export async function adoptTouristCart(db: Db, touristId: bigint, buyerId: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO cart_lines (buyer_id, sku_id, qty, selected)
      SELECT ${buyerId}::bigint, sku_id, qty, selected FROM cart_lines WHERE buyer_id = ${touristId}
      ON CONFLICT (buyer_id, sku_id) DO UPDATE SET qty = LEAST(cart_lines.qty + EXCLUDED.qty,
        (SELECT max_qty FROM skus WHERE skus.id = EXCLUDED.sku_id)), updated_at = now()`);
    await tx.delete(cartLines).where(eq(cartLines.buyerId, touristId));
  });
}

async function summaryOf(db: Db, user: NonNullable<Caller['user']>) {
  const [c] = await db
    .select({ n: cartLineCounts.lines })
    .from(cartLineCounts)
    .where(eq(cartLineCounts.buyerId, user.id));
  const [e] = user.enterpriseId
    ? await db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, user.enterpriseId))
    : [];
  return { cartCount: c?.n ?? 0, enterpriseName: e?.name ?? null };
}

export async function sessionInfo(db: Db, caller: Caller): Promise<SessionInfo> {
  const user = caller.user;
  // GET /api/auth/session has these from the session lookup; after login or sign-up they are read here.
  const summary = caller.summary ?? (user ? await summaryOf(db, user) : { cartCount: 0, enterpriseName: null });
  const enterprise: SessionInfo['enterprise'] =
    user?.enterpriseId && summary.enterpriseName !== null
      ? {
          enterpriseId: String(user.enterpriseId),
          enterpriseName: summary.enterpriseName,
          isMain: user.isEnterpriseMain,
          nickname: user.nickname,
          status: user.enterpriseStatus,
        }
      : null;
  const cartCount = summary.cartCount;
  const registered = user?.userType === 'REGISTERED';
  return {
    userType: registered ? 'REGISTERED' : 'TOURIST',
    user: registered
      ? {
          id: String(user.id),
          email: user.email ?? '',
          nickname: user.nickname,
          role: user.role,
          merchantAuditStatus: user.merchantAuditStatus,
          merchantState: user.role === 'SELLER' ? user.merchantState : undefined,
        }
      : null,
    tourist: registered ? null : { id: user ? String(user.id) : null },
    enterprise,
    site: caller.site.code,
    language: caller.language,
    cartCount,
  };
}
