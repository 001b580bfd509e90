/**
 * Caps on verification-code sends (against SMS pumping): one account asking from address
 * after address for codes to number after number is stopped at its hourly and daily caps, SMS to
 * one country stop at that country's caps over every account, each refusal is 429
 * Common.tooManyRequests with Retry-After, and refusals are counted in /metrics.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { devMailbox, rateLimitHits } from '../../db/schema/index.js';
import { codeSendLimitsFrom, ConfigError, DEFAULT_CODE_SEND_LIMITS } from '../../config.js';
import { browser, createTestApp, type Browser, type TestApp } from '../../../test/helpers.js';
import { freshIp } from '../../../test/checkout-fixtures.js';
import { callingCodeOf } from './codes.js';

const BIND = '/api/user/web/mobile/bind/send-sms-code';
const CAPS = DEFAULT_CODE_SEND_LIMITS;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signup(name: string): Promise<{ b: Browser; id: string }> {
  const b = browser(t.app);
  const res = await b.post(
    '/api/auth/signup',
    { email: `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'password123', nickname: name },
    { remoteAddress: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { b, id: res.json().user.id };
}
/** A number nobody has used yet. */
const number = () => `${crypto.randomInt(200, 999)}555${crypto.randomInt(1000, 9999)}`;
const smsTo = async (prefix: string, mobile: string) =>
  (
    await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.toAddress, `+${prefix}${mobile}`))
  ).length;
/** Refused sends on /metrics, by `limit` label. */
async function refusedMetric(): Promise<Record<string, number>> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  return Object.fromEntries(
    [...text.matchAll(/^verification_code_sends_refused_total\{channel="sms",limit="([a-z_]+)"\} (\d+)$/gm)].map(
      (m) => [m[1]!, Number(m[2])],
    ),
  );
}
const waitForDelivery = () => new Promise((r) => setTimeout(r, 300));

describe('code sends per account', () => {
  it('one account, from a new address each time, reaches its hourly then its daily cap: 429 with Retry-After, nothing sent, counted in /metrics', async () => {
    const { b, id } = await signup('pumper');
    const before = await refusedMetric();
    const numbers: string[] = [];
    for (let i = 0; i < CAPS.perAccount.hour; i++) {
      numbers.push(number());
      const res = await b.post(BIND, { mobile: numbers[i], mobilePrefix: '1' }, { remoteAddress: freshIp() });
      expect(res.statusCode, `send ${i + 1}: ${res.body}`).toBe(200);
    }
    const next = number();
    const refused = await b.post(BIND, { mobile: next, mobilePrefix: '1' }, { remoteAddress: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'Common.tooManyRequests',
      message: 'Too many codes requested, please try again later',
    });
    const hourWait = Number(refused.headers['retry-after']);
    expect(hourWait).toBeGreaterThan(3500);
    expect(hourWait).toBeLessThanOrEqual(3600);
    expect(refused.json().details.retryAfterSeconds).toBe(hourWait);
    await waitForDelivery();
    expect(await smsTo('1', next)).toBe(0);
    expect(await smsTo('1', numbers[0]!)).toBe(1);

    // Another account on the same addresses is not held back by this one's cap.
    const other = await signup('neighbour');
    expect(
      (await other.b.post(BIND, { mobile: number(), mobilePrefix: '1' }, { remoteAddress: freshIp() })).statusCode,
    ).toBe(200);

    // An hour later (its hourly window over) the account goes on until its daily cap.
    await t.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, `code:account:${id}`));
    const leftToday = CAPS.perAccount.day - CAPS.perAccount.hour;
    for (let i = 0; i < leftToday; i++) {
      const res = await b.post(BIND, { mobile: number(), mobilePrefix: '1' }, { remoteAddress: freshIp() });
      expect(res.statusCode, `send ${i + 1} of the second hour: ${res.body}`).toBe(200);
    }
    const dayRefused = await b.post(BIND, { mobile: number(), mobilePrefix: '1' }, { remoteAddress: freshIp() });
    expect(dayRefused.statusCode).toBe(429);
    // Over both caps now: the answer waits for the later one, the day's.
    expect(Number(dayRefused.headers['retry-after'])).toBeGreaterThan(86_000);

    const after = await refusedMetric();
    expect((after.account_hour ?? 0) - (before.account_hour ?? 0)).toBe(2);
    expect((after.account_day ?? 0) - (before.account_day ?? 0)).toBe(1);
  });

  it('a refused send is not counted: the account is not held back longer for asking again', async () => {
    const { b, id } = await signup('patient');
    await t.db.execute(
      sql`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (${`code:account:${id}`}, ${CAPS.perAccount.hour}, now() + interval '1 hour')`,
    );
    for (let i = 0; i < 3; i++)
      expect(
        (await b.post(BIND, { mobile: number(), mobilePrefix: '1' }, { remoteAddress: freshIp() })).statusCode,
      ).toBe(429);
    const [row] = await t.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `code:account:${id}`));
    expect(row!.hits).toBe(CAPS.perAccount.hour);
  });
});

describe('SMS per destination country', () => {
  it('SMS to one country stop at its cap over every account and address; other countries still get theirs', async () => {
    // As if other accounts had sent all but two of this hour's SMS to Germany.
    await t.db.execute(
      sql`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('code:sms-country:+49', ${CAPS.perCountry.hour - 2}, now() + interval '1 hour')`,
    );
    const before = await refusedMetric();
    for (let i = 0; i < 2; i++) {
      const { b } = await signup(`de${i}`);
      const res = await b.post(
        BIND,
        { mobile: `151${crypto.randomInt(10_000_000, 99_999_999)}`, mobilePrefix: '+49' },
        { remoteAddress: freshIp() },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const { b } = await signup('de-over');
    const mobile = `151${crypto.randomInt(10_000_000, 99_999_999)}`;
    const refused = await b.post(BIND, { mobile, mobilePrefix: '+49' }, { remoteAddress: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('Common.tooManyRequests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await waitForDelivery();
    expect(await smsTo('49', mobile)).toBe(0);
    // The same account to a number in Japan: another country, its own cap.
    expect(
      (
        await b.post(
          BIND,
          { mobile: `90${crypto.randomInt(10_000_000, 99_999_999)}`, mobilePrefix: '81' },
          { remoteAddress: freshIp() },
        )
      ).statusCode,
    ).toBe(200);
    const after = await refusedMetric();
    expect((after.country_hour ?? 0) - (before.country_hour ?? 0)).toBe(1);
  });

  it('the calling code of a destination: 1 and 7 one digit, the listed two-digit codes, else three', () => {
    expect(callingCodeOf('+14155550100')).toBe('1');
    expect(callingCodeOf('+79161234567')).toBe('7');
    expect(callingCodeOf('+4915112345678')).toBe('49');
    expect(callingCodeOf('+819012345678')).toBe('81');
    expect(callingCodeOf('+353861234567')).toBe('353');
    expect(callingCodeOf('+8869123456789')).toBe('886');
    expect(callingCodeOf('+2348012345678')).toBe('234');
  });
});

describe('configuration', () => {
  it('CODES_PER_* and SMS_PER_COUNTRY_* set the caps; a value that is not a whole number stops the start', () => {
    expect(codeSendLimitsFrom({})).toEqual(DEFAULT_CODE_SEND_LIMITS);
    expect(
      codeSendLimitsFrom({ CODES_PER_ACCOUNT_HOUR: '3', CODES_PER_IP_DAY: '99', SMS_PER_COUNTRY_DAY: '1000' }),
    ).toEqual({
      perAccount: { hour: 3, day: CAPS.perAccount.day },
      perIp: { hour: DEFAULT_CODE_SEND_LIMITS.perIp.hour, day: 99 },
      perCountry: { hour: DEFAULT_CODE_SEND_LIMITS.perCountry.hour, day: 1000 },
    });
    expect(() => codeSendLimitsFrom({ SMS_PER_COUNTRY_HOUR: 'lots' })).toThrow(ConfigError);
    expect(() => codeSendLimitsFrom({ CODES_PER_IP_HOUR: '0' })).toThrow(/CODES_PER_IP_HOUR/);
  });
});
