/**
 * Verification codes (issue 12 "Codes") for every account flow: password reset, bind / change
 * email and phone, delete account.
 *
 * - `sendCode(tx, { purpose, channel, destination, userId?, ip, lang, site, deliver? })`: makes a
 *   6-digit code (crypto random), stores only its HMAC (CODE_HMAC_KEY), 10-minute expiry, and
 *   queues the email / SMS through the outbox in the same transaction. Refuses a resend within
 *   60 s (429 Account.codeResendTooSoon, details.retryAfterSeconds) and more than the hourly caps
 *   per destination and per IP (429 Common.tooManyRequests). All counting is atomic in
 *   PostgreSQL (one upsert), so it holds across servers. `deliver: false` does all the same
 *   work but queues nothing: for an unknown email / phone in the reset flow, so the answer
 *   (body, status, timing) does not reveal whether it is registered.
 * - `checkCode(db, { purpose, destination, code, consume })`: every check counts a try (at most
 *   5 per code, then the code is dead), committed on its own before the answer, so a caller's
 *   rollback cannot give a guesser more tries; `consume` makes the code single use. Returns the
 *   user id the code was sent for (null when sent for none). Pass the Db, not a transaction.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CODE_RULES, ERROR_CODES, type CodeChannel, type CodePurpose, type SendCodeResult } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { codeTemplate } from '../../lib/mail-templates.js';
import { enqueueEmail, enqueueSms } from '../../lib/outbox.js';
import { DEFAULT_CODE_HMAC_KEY } from '../../config.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

let codeKey = DEFAULT_CODE_HMAC_KEY;
/** Set once at start (buildApp) from CODE_HMAC_KEY. */
export function configureCodes(opts: { hmacKey: string }): void {
  codeKey = opts.hmacKey;
}

/** A uniformly random 6-digit code ("000123" included). */
export function generateCode(): string {
  return String(crypto.randomInt(0, 10 ** CODE_RULES.length)).padStart(CODE_RULES.length, '0');
}

/** HMAC of the code bound to its purpose and destination: a stolen table gives no codes, and a code for one purpose is useless for another. */
export function hashCode(purpose: string, destination: string, code: string): string {
  return crypto.createHmac('sha256', codeKey).update(`${purpose}\n${destination}\n${code}`).digest('hex');
}

export interface SendCodeInput {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** Lowercased email or "+<prefix><digits>" (see phoneDestination). */
  destination: string;
  userId?: bigint | null;
  ip: string;
  lang: string;
  site: string;
  /** false: same work and answer, nothing sent (unknown address in the reset flow). Default true. */
  deliver?: boolean;
}

const HOUR_MS = 3600_000;

const tooSoon = (seconds: number) => new AppError(429, ERROR_CODES.codeResendTooSoon, `Please wait ${seconds} s before asking for a new code`, { retryAfterSeconds: seconds });

async function secondsUntilResend(tx: Tx, purpose: string, destination: string): Promise<number> {
  const [row] = await tx.select({ left: sql<number>`ceil(extract(epoch FROM ${verificationCodes.sentAt} + make_interval(secs => ${CODE_RULES.resendSeconds}) - now()))::int` })
    .from(verificationCodes).where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.destination, destination)));
  return Math.max(0, row?.left ?? 0);
}

/** One hit in a fixed hourly window (rate_limit_hits, the table of the route limits); the count after it. */
async function hourlyHit(tx: Tx, key: string): Promise<number> {
  const r = await tx.execute<{ hits: number }>(sql`
    INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES (${key}, 1, now() + make_interval(secs => ${HOUR_MS / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
    RETURNING hits`);
  return Number(r.rows[0]!.hits);
}

export async function sendCode(tx: Tx, input: SendCodeInput): Promise<SendCodeResult> {
  const { purpose, destination } = input;
  const wait = await secondsUntilResend(tx, purpose, destination);
  if (wait > 0) throw tooSoon(wait);
  // Caps: counted in the same transaction, so only sends that happen count.
  const byDestination = await hourlyHit(tx, `code:dest:${destination}`);
  const byIp = await hourlyHit(tx, `code:ip:${input.ip}`);
  if (byDestination > CODE_RULES.perDestinationPerHour || byIp > CODE_RULES.perIpPerHour) {
    throw new AppError(429, ERROR_CODES.tooManyRequests, 'Too many codes requested, please try again later');
  }
  const code = generateCode();
  const codeHash = hashCode(purpose, destination, code);
  // One live code per purpose and destination; the WHERE makes the 60 s rule atomic.
  const stored = await tx.execute(sql`
    INSERT INTO verification_codes AS v (purpose, destination, code_hash, user_id, tries, sent_at, expires_at)
    VALUES (${purpose}, ${destination}, ${codeHash}, ${input.userId ?? null}, 0, now(), now() + make_interval(secs => ${CODE_RULES.ttlSeconds}))
    ON CONFLICT (purpose, destination) DO UPDATE SET code_hash = EXCLUDED.code_hash, user_id = EXCLUDED.user_id, tries = 0,
      sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, consumed_at = NULL
    WHERE v.sent_at <= now() - make_interval(secs => ${CODE_RULES.resendSeconds})
    RETURNING v.id`);
  if (!stored.rows.length) throw tooSoon(Math.max(1, await secondsUntilResend(tx, purpose, destination)));
  if (input.deliver !== false) {
    const message = { to: destination, template: codeTemplate(purpose), lang: input.lang, site: input.site, data: { code, minutes: CODE_RULES.ttlSeconds / 60 } };
    if (input.channel === 'email') await enqueueEmail(tx, message);
    else await enqueueSms(tx, message);
  }
  return { sent: true, resendAfterSeconds: CODE_RULES.resendSeconds, expiresInSeconds: CODE_RULES.ttlSeconds };
}

export interface CheckCodeInput {
  purpose: CodePurpose;
  destination: string;
  code: string;
  /** Mark the code used (single use); false only checks it (still counts a try). */
  consume: boolean;
}

const invalid = (triesLeft: number) => new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft });

export async function checkCode(db: Db, input: CheckCodeInput): Promise<{ userId: bigint | null }> {
  const { purpose, destination } = input;
  // The try is counted and committed first (row lock: concurrent checks queue up).
  const [row] = await db.update(verificationCodes).set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.destination, destination), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, tries: verificationCodes.tries, expiresAt: verificationCodes.expiresAt, userId: verificationCodes.userId });
  const given = hashCode(purpose, destination, input.code.trim());
  if (!row) {
    // Same work as a real check, so an absent code answers like a wrong one.
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(given));
    throw invalid(0);
  }
  if (row.tries > CODE_RULES.maxTries) throw new AppError(400, ERROR_CODES.codeTooManyTries, 'Too many wrong tries: please ask for a new code');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(400, ERROR_CODES.codeExpired, 'The code has expired: please ask for a new code');
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash))) throw invalid(CODE_RULES.maxTries - row.tries);
  if (input.consume) {
    const [used] = await db.update(verificationCodes).set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt))).returning({ id: verificationCodes.id });
    // Two right answers at once: only one may use the code.
    if (!used) throw invalid(0);
  }
  return { userId: row.userId };
}
