/**
 * Captcha for the §7 calls that take `captcha, token` and for logins past the failure limit:
 * ALTCHA proof of work (altcha-lib, v2 challenges), privacy-friendly and accessible (no
 * pictures to read). GET /api/captcha/challenge hands out a challenge signed with
 * CAPTCHA_HMAC_KEY that expires after 5 minutes; the widget solves it in the browser and the
 * call sends `captcha` = the widget's payload (base64 JSON) and `token` = the challenge id
 * (parameters.nonce). `verify` checks signature, expiry, the solution itself and single use
 * (each accepted challenge id is stored in PostgreSQL until it expires, so every server knows).
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mall/contracts';
import type { Db } from '../db/client.js';
import { captchaUsed } from '../db/schema/index.js';
import { AppError } from './errors.js';

export const CAPTCHA_TTL_SECONDS = 300;
const ALGORITHM = 'SHA-256';

export interface CaptchaOptions {
  hmacKey: string;
  /** Difficulty: the secret counter is drawn from 0..maxNumber (the solver tries up to that many hashes). */
  maxNumber: number;
}

export class Captcha {
  private verified = 0;
  constructor(
    private readonly db: Db,
    private readonly opts: CaptchaOptions,
  ) {}

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(this.opts.maxNumber),
      deriveKey,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.opts.hmacKey,
    });
  }

  /** True once per solved, unexpired challenge signed by us; false for anything else. */
  async verify(captcha: string | undefined, token: string | undefined): Promise<boolean> {
    if (!captcha || !token) return false;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as Payload;
    } catch {
      return false;
    }
    const params = payload?.challenge?.parameters;
    if (!params || params.nonce !== token || params.algorithm !== ALGORITHM || !params.expiresAt || !payload.solution)
      return false;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.opts.hmacKey,
    }).catch(() => null);
    if (!result?.verified) return false;
    // Single use: the first to store the id wins; a replay finds it taken.
    const [fresh] = await this.db
      .insert(captchaUsed)
      .values({ challengeId: params.nonce, expiresAt: new Date(params.expiresAt * 1000) })
      .onConflictDoNothing()
      .returning({ id: captchaUsed.challengeId });
    if (++this.verified % 500 === 0)
      void this.db
        .delete(captchaUsed)
        .where(lt(captchaUsed.expiresAt, sql`now()`))
        .catch(() => {});
    return !!fresh;
  }

  /** Throws Account.captchaInvalid (400) unless the captcha passes. */
  async require(captcha: string | undefined, token: string | undefined): Promise<void> {
    if (!(await this.verify(captcha, token)))
      throw new AppError(
        400,
        ERROR_CODES.captchaInvalid,
        'The captcha is missing, expired or not valid; please solve it again',
      );
  }
}
