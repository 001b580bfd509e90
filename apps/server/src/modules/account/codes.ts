/**
 * Verification codes for every account flow: password reset, bind / change
 * email and phone, delete account.
 *
 * - `sendCode(tx, { purpose, channel, destination, userId?, ip, lang, site, deliver? })`: makes a
 *   6-digit code (crypto random), stores only its HMAC (CODE_HMAC_KEY), 10-minute expiry, and
 *   queues the email / SMS through the outbox in the same transaction. Refuses a resend within
 *   60 s (429 Account.codeResendTooSoon) and more than the caps (429 Common.tooManyRequests):
 *   per destination an hour, per IP and per signed-in account an hour and a day, and SMS per
 *   destination country (calling code) an hour and a day, so one account or address cannot
 *   send codes to number after number (SMS pumping). Both carry details.retryAfterSeconds and
 *   Retry-After; refusals are counted in /metrics. All counting is atomic in PostgreSQL (one
 *   upsert), so it holds across servers. `deliver: false` does all the same
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
import { DEFAULT_CODE_HMAC_KEY, DEFAULT_CODE_SEND_LIMITS, type CodeSendLimits } from '../../config.js';
import { codeSendsRefused } from '../ops/metrics.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

let codeKey = DEFAULT_CODE_HMAC_KEY;
let limits = DEFAULT_CODE_SEND_LIMITS;
/** Set once at start (buildApp) from CODE_HMAC_KEY and the send limits. */
export function configureCodes(opts: { hmacKey: string; limits?: CodeSendLimits }): void {
  codeKey = opts.hmacKey;
  limits = opts.limits ?? DEFAULT_CODE_SEND_LIMITS;
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
  /** The signed-in account asking, counted against its limits; default userId (the reset flows pass null: nobody is signed in). */
  requesterId?: bigint | null;
  ip: string;
  lang: string;
  site: string;
  /** false: same work and answer, nothing sent (unknown address in the reset flow). Default true. */
  deliver?: boolean;
}

const tooSoon = (seconds: number) =>
  new AppError(429, ERROR_CODES.codeResendTooSoon, `Please wait ${seconds} s before asking for a new code`, {
    retryAfterSeconds: seconds,
  });

async function secondsUntilResend(tx: Tx, purpose: string, destination: string): Promise<number> {
  const [row] = await tx
    .select({
      left: sql<number>`ceil(extract(epoch FROM ${verificationCodes.sentAt} + make_interval(secs => ${CODE_RULES.resendSeconds}) - now()))::int`,
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.destination, destination)));
  return Math.max(0, row?.left ?? 0);
}

/**
 * E.164 country calling codes are a prefix code: 1 and 7 have one digit, these two, every other
 * three. So the country of "+<code><number>" needs no table of numbers (+1 is all of NANP).
 */
const TWO_DIGIT_CALLING_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** The calling code of a "+<code><number>" destination: "+4915112345678" -> "49". */
export function callingCodeOf(destination: string): string {
  const digits = destination.replace(/\D/g, '');
  if (digits[0] === '1' || digits[0] === '7') return digits[0];
  return TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? digits.slice(0, 2) : digits.slice(0, 3);
}

const HOUR_S = 3600;
const DAY_S = 86400;

/** Which cap refused a send (the `limit` label of verification_code_sends_refused_total). */
export type CodeCap =
  | 'resend'
  | 'destination_hour'
  | 'ip_hour'
  | 'ip_day'
  | 'account_hour'
  | 'account_day'
  | 'country_hour'
  | 'country_day';
interface Window {
  cap: CodeCap;
  key: string;
  seconds: number;
  max: number;
}

/** The fixed windows a send counts in, always in this order (the upsert locks rows in it: no deadlock between sends). */
function windowsOf(input: SendCodeInput): Window[] {
  const requester = input.requesterId === undefined ? input.userId : input.requesterId;
  const w: Window[] = [
    {
      cap: 'destination_hour',
      key: `code:dest:${input.destination}`,
      seconds: HOUR_S,
      max: CODE_RULES.perDestinationPerHour,
    },
    { cap: 'ip_hour', key: `code:ip:${input.ip}`, seconds: HOUR_S, max: limits.perIp.hour },
    { cap: 'ip_day', key: `code:ip:day:${input.ip}`, seconds: DAY_S, max: limits.perIp.day },
  ];
  if (requester) {
    w.push({ cap: 'account_hour', key: `code:account:${requester}`, seconds: HOUR_S, max: limits.perAccount.hour });
    w.push({ cap: 'account_day', key: `code:account:day:${requester}`, seconds: DAY_S, max: limits.perAccount.day });
  }
  if (input.channel === 'sms') {
    const country = callingCodeOf(input.destination);
    w.push({ cap: 'country_hour', key: `code:sms-country:+${country}`, seconds: HOUR_S, max: limits.perCountry.hour });
    w.push({ cap: 'country_day', key: `code:sms-country:day:+${country}`, seconds: DAY_S, max: limits.perCountry.day });
  }
  return w;
}

/**
 * One hit in each fixed window (rate_limit_hits, the table of the route limits), in one
 * statement; the windows now over their cap, with the seconds until each one resets.
 */
async function countSend(tx: Tx, windows: Window[]): Promise<{ cap: CodeCap; retryAfter: number }[]> {
  const values = sql.join(
    windows.map((w) => sql`(${w.key}, 1, now() + make_interval(secs => ${w.seconds}))`),
    sql`, `,
  );
  const r = await tx.execute<{ key: string; hits: number; left: number }>(sql`
    INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES ${values}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
    RETURNING key, hits, greatest(1, ceil(extract(epoch FROM reset_at - now())))::int AS left`);
  const byKey = new Map(r.rows.map((row) => [row.key, row]));
  return windows.flatMap((w) => {
    const row = byKey.get(w.key)!;
    return Number(row.hits) > w.max ? [{ cap: w.cap, retryAfter: Number(row.left) }] : [];
  });
}

export async function sendCode(tx: Tx, input: SendCodeInput): Promise<SendCodeResult> {
  const { purpose, destination } = input;
  const wait = await secondsUntilResend(tx, purpose, destination);
  if (wait > 0) {
    codeSendsRefused.inc({ channel: input.channel, limit: 'resend' });
    throw tooSoon(wait);
  }
  // Caps: counted in the same transaction, so only sends that happen count.
  const over = await countSend(tx, windowsOf(input));
  if (over.length) {
    for (const o of over) codeSendsRefused.inc({ channel: input.channel, limit: o.cap });
    const retryAfterSeconds = Math.max(...over.map((o) => o.retryAfter));
    throw new AppError(429, ERROR_CODES.tooManyRequests, 'Too many codes requested, please try again later', {
      retryAfterSeconds,
    });
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
  if (!stored.rows.length) {
    codeSendsRefused.inc({ channel: input.channel, limit: 'resend' });
    throw tooSoon(Math.max(1, await secondsUntilResend(tx, purpose, destination)));
  }
  if (input.deliver !== false) {
    const message = {
      to: destination,
      template: codeTemplate(purpose),
      lang: input.lang,
      site: input.site,
      data: { code, minutes: CODE_RULES.ttlSeconds / 60 },
    };
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

const invalid = (triesLeft: number) =>
  new AppError(400, ERROR_CODES.codeInvalid, 'The code is not correct', { triesLeft });

export async function checkCode(db: Db, input: CheckCodeInput): Promise<{ userId: bigint | null }> {
  const { purpose, destination } = input;
  // The try is counted and committed first (row lock: concurrent checks queue up).
  const [row] = await db
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.destination, destination),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      tries: verificationCodes.tries,
      expiresAt: verificationCodes.expiresAt,
      userId: verificationCodes.userId,
    });
  const given = hashCode(purpose, destination, input.code.trim());
  if (!row) {
    // Same work as a real check, so an absent code answers like a wrong one.
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(given));
    throw invalid(0);
  }
  if (row.tries > CODE_RULES.maxTries)
    throw new AppError(400, ERROR_CODES.codeTooManyTries, 'Too many wrong tries: please ask for a new code');
  if (row.expiresAt.getTime() <= Date.now())
    throw new AppError(400, ERROR_CODES.codeExpired, 'The code has expired: please ask for a new code');
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash)))
    throw invalid(CODE_RULES.maxTries - row.tries);
  if (input.consume) {
    const [used] = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    // Two right answers at once: only one may use the code.
    if (!used) throw invalid(0);
  }
  return { userId: row.userId };
}
