import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq, sql } from 'drizzle-orm';
import { loginFailures, outboxMessages, users, verificationCodes } from '../../db/schema/index.js';
import { DEFAULT_CAPTCHA_HMAC_KEY } from '../../config.js';
import { ACCOUNT_LOGIN_LIMIT } from '../identity/service.js';
import { browser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { codeIn, mailbox, nextMessage, solve, solvedCaptcha } from '../../../test/account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const P = '/auth/mall';
let seq = 0;
/** A fresh registered account (and a browser logged in to it). */
async function newAccount(password = 'old-password-1') {
  const email = `acct${++seq}-${Date.now()}@example.com`;
  const b = browser(t.app);
  const res = await b.post('/api/auth/signup', { email, password });
  expect(res.statusCode).toBe(200);
  return { email, password, b };
}

const sendResetEmail = async (email: string, b = browser(t.app)) =>
  b.post(`${P}/captcha/password/reset-send-email-code`, { email, ...(await solvedCaptcha(t.app)) });
/** Lets the 60 s resend rule pass, as if a minute had gone by. */
const ageCode = (destination: string) =>
  t.db
    .update(verificationCodes)
    .set({ sentAt: sql`now() - interval '61 seconds'` })
    .where(eq(verificationCodes.destination, destination));
const sessionType = async (b: ReturnType<typeof browser>) => (await b.get('/api/auth/session')).json().userType;

describe('password reset by email', () => {
  it('code by mail -> reset token -> new password; every session ends; code and token are single use', async () => {
    const { email, password, b: otherDevice } = await newAccount();
    expect(await sessionType(otherDevice)).toBe('REGISTERED');

    const sent = await sendResetEmail(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    const mail = await nextMessage(t.app, email, 0);
    expect(mail.subject).toContain('password reset code');
    expect(mail.html).toContain(codeIn(mail));
    // Only a hash is stored.
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.destination, email));
    expect(row!.codeHash).not.toContain(codeIn(mail));

    const verified = await browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: codeIn(mail) });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json();
    // The code is used up.
    const again = await browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: codeIn(mail) });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('Account.codeInvalid');

    const reset = await browser(t.app).post(`${P}/password/reset-by-verify-token`, {
      token,
      password: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionType(otherDevice)).toBe('TOURIST');
    expect((await browser(t.app).post('/api/auth/login', { email, password })).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
    const reused = await browser(t.app).post(`${P}/password/reset-by-verify-token`, {
      token,
      password: 'another-pass-9',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('Account.resetTokenInvalid');
    const notice = await nextMessage(t.app, email, 1);
    expect(notice.subject).toContain('password was changed');
  });

  it('registered and unknown emails get the same answers; the unknown one gets no mail', async () => {
    const { email } = await newAccount();
    const unknown = `nobody-${Date.now()}@example.com`;
    const [a, b] = [await sendResetEmail(email), await sendResetEmail(unknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    // The resend rule answers alike too.
    const [a2, b2] = [await sendResetEmail(email), await sendResetEmail(unknown)];
    expect(a2.statusCode).toBe(429);
    expect(b2.statusCode).toBe(429);
    expect(b2.json().code).toBe(a2.json().code);
    await nextMessage(t.app, email, 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailbox(t.app, unknown)).toHaveLength(0);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.destination, unknown))).toHaveLength(0);
    // Any code for the unknown email is refused like a wrong one.
    const guess = await browser(t.app).post(`${P}/password/reset-email-code-verify`, {
      email: unknown,
      code: '123456',
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().code).toBe('Account.codeInvalid');
  });

  it('wrong, expired and over-tried codes are refused', async () => {
    const { email } = await newAccount();
    await sendResetEmail(email);
    const code = codeIn(await nextMessage(t.app, email, 0));
    const wrong = code === '000000' ? '000001' : '000000';
    const verify = (c: string) => browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: c });

    const first = await verify(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'Account.codeInvalid', details: { triesLeft: 4 } });

    await t.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.destination, email));
    const expired = await verify(code);
    expect(expired.json().code).toBe('Account.codeExpired');

    // A new code: 5 tries, then even the right code is dead.
    await ageCode(email);
    expect((await sendResetEmail(email)).statusCode).toBe(200);
    const fresh = codeIn(await nextMessage(t.app, email, 1));
    const other = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(other)).json().code).toBe('Account.codeInvalid');
    const dead = await verify(fresh);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('Account.codeTooManyTries');
  });

  it('counts concurrent guesses exactly: 10 at once leave no extra tries', async () => {
    const { email } = await newAccount();
    await sendResetEmail(email);
    const code = codeIn(await nextMessage(t.app, email, 0));
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: wrong }),
      ),
    );
    expect(answers.filter((r) => r.json().code === 'Account.codeInvalid')).toHaveLength(5);
    expect(answers.filter((r) => r.json().code === 'Account.codeTooManyTries')).toHaveLength(5);
    expect((await browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code })).json().code).toBe(
      'Account.codeTooManyTries',
    );
  });

  it('resend no sooner than 60 s, with the seconds left', async () => {
    const { email } = await newAccount();
    expect((await sendResetEmail(email)).statusCode).toBe(200);
    const soon = await sendResetEmail(email);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('Account.codeResendTooSoon');
    expect(soon.json().details.retryAfterSeconds).toBeGreaterThan(55);
    expect(soon.json().details.retryAfterSeconds).toBeLessThanOrEqual(60);
    await ageCode(email);
    expect((await sendResetEmail(email)).statusCode).toBe(200);
    // The new code replaces the old one.
    const list = await (async () => {
      await nextMessage(t.app, email, 1);
      return mailbox(t.app, email);
    })();
    const [newest, oldest] = [codeIn(list[0]!), codeIn(list[1]!)];
    if (newest !== oldest) {
      expect(
        (await browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: oldest })).json().code,
      ).toBe('Account.codeInvalid');
    }
    expect(
      (await browser(t.app).post(`${P}/password/reset-email-code-verify`, { email, code: newest })).statusCode,
    ).toBe(200);
  });

  it('hourly caps per destination and per IP -> 429 Common.tooManyRequests', async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 5; i++) {
      await ageCode(email);
      expect((await sendResetEmail(email)).statusCode, `send ${i + 1}`).toBe(200);
    }
    await ageCode(email);
    const capped = await sendResetEmail(email);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('Common.tooManyRequests');

    // Per IP: as if this IP had asked for 20 codes this hour already.
    const b = browser(t.app, { remoteAddress: '198.51.100.23' });
    await t.db.execute(
      sql`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('code:ip:198.51.100.23', 20, now() + interval '1 hour')`,
    );
    const byIp = await sendResetEmail(`fresh-${Date.now()}@example.com`, b);
    expect(byIp.statusCode).toBe(429);
    expect(byIp.json().code).toBe('Common.tooManyRequests');
  });
});

describe('captcha', () => {
  const send = (email: string, body: object) =>
    browser(t.app).post(`${P}/captcha/password/reset-send-email-code`, { email, ...body });

  it('a solved challenge passes once; a replay is refused', async () => {
    const solved = await solvedCaptcha(t.app);
    expect((await send(`c1-${Date.now()}@example.com`, solved)).statusCode).toBe(200);
    const replay = await send(`c2-${Date.now()}@example.com`, solved);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('Account.captchaInvalid');
  });

  it('forged, expired, unsolved, mismatched and fixed values are refused', async () => {
    const signedWith = (key: string, expiresAt = new Date(Date.now() + 60_000)) =>
      createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 5, deriveKey, expiresAt, hmacSignatureSecret: key });
    const forged = await solve(await signedWith('not-the-shop-key'));
    const expired = await solve(await signedWith(DEFAULT_CAPTCHA_HMAC_KEY, new Date(Date.now() - 1000)));
    const good = await solvedCaptcha(t.app);
    const wrongSolution = JSON.parse(Buffer.from(good.captcha, 'base64').toString());
    wrongSolution.solution.counter += 1;
    for (const body of [
      forged,
      expired,
      { captcha: Buffer.from(JSON.stringify(wrongSolution)).toString('base64'), token: good.token },
      { captcha: good.captcha, token: 'another-challenge' },
      { captcha: 'test', token: 'test' },
    ]) {
      const res = await send(`f-${Date.now()}@example.com`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('Account.captchaInvalid');
    }
    expect((await send(`f-${Date.now()}@example.com`, {})).statusCode).toBe(400);
  });
});

describe('password reset by SMS', () => {
  it('code by SMS -> token -> new password; sessions end', async () => {
    const { email, b: device } = await newAccount();
    await t.db.update(users).set({ phone: '4155550177', phonePrefix: '1' }).where(eq(users.email, email));
    const phone = { mobile: '415 555 0177', mobilePrefix: '+1' };
    const sent = await browser(t.app).post('/api/user/web/password/send-sms', {
      ...phone,
      ...(await solvedCaptcha(t.app)),
    });
    expect(sent.statusCode).toBe(200);
    const sms = await nextMessage(t.app, '+14155550177', 0);
    expect(sms.channel).toBe('sms');
    const checked = await browser(t.app).post('/api/user/web/mobile/reset/check-sms-code', {
      ...phone,
      code: codeIn(sms),
    });
    expect(checked.statusCode).toBe(200);
    const reset = await browser(t.app).post('/api/user/web/mobile/reset', {
      token: checked.json().token,
      password: 'sms-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionType(device)).toBe('TOURIST');
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'sms-new-pass' })).statusCode).toBe(200);
  });

  it('an unknown number answers the same and gets nothing', async () => {
    const res = await browser(t.app).post('/api/user/web/password/send-sms', {
      mobile: '2025550999',
      mobilePrefix: '1',
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailbox(t.app, '+12025550999')).toHaveLength(0);
  });

  it('the demo buyer has a phone to try it with', async () => {
    const [buyer] = await t.db.select().from(users).where(eq(users.email, 'buyer@demo.shop'));
    expect({ phone: buyer!.phone, prefix: buyer!.phonePrefix }).toEqual({ phone: '4155550100', prefix: '1' });
  });
});

describe('change password', () => {
  it('needs the current password; keeps this session, ends the others, emails a notice', async () => {
    const { email, password, b } = await newAccount();
    const other = browser(t.app);
    await other.login(email, password);
    const put = (body: object) => b.request('PUT', `${P}/user/change-password`, body);

    const wrong = await put({ oldPassword: 'not-it-at-all', newPassword: 'changed-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('Account.passwordIncorrect');
    expect((await put({ oldPassword: password, newPassword: 'short' })).statusCode).toBe(400);

    expect((await put({ oldPassword: password, newPassword: 'changed-pass-1' })).statusCode).toBe(200);
    expect(await sessionType(b)).toBe('REGISTERED');
    expect(await sessionType(other)).toBe('TOURIST');
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'changed-pass-1' })).statusCode).toBe(200);
    const notice = await nextMessage(t.app, email, 0);
    expect(notice.subject).toContain('password was changed');
  });

  it("a guest cannot change anyone's password", async () => {
    const res = await browser(t.app).request('PUT', `${P}/user/change-password`, {
      oldPassword: 'x',
      newPassword: 'whatever-123',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('login hardening', () => {
  it('30 concurrent wrong passwords: exactly the limit are checked, the rest need the captcha', async () => {
    const { email, password } = await newAccount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => browser(t.app).post('/api/auth/login', { email, password: `wrong-${i}` })),
    );
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'Auth.invalidCredentials')).toHaveLength(ACCOUNT_LOGIN_LIMIT.failures);
    expect(codes.filter((c) => c === 'Auth.captchaRequired')).toHaveLength(30 - ACCOUNT_LOGIN_LIMIT.failures);
    expect(answers.find((r) => r.json().code === 'Auth.captchaRequired')!.statusCode).toBe(403);
    const [counter] = await t.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(counter!.failures).toBe(30);

    // The owner is not locked out: the right password with a solved captcha gets in.
    const owner = browser(t.app);
    expect((await owner.post('/api/auth/login', { email, password })).json().code).toBe('Auth.captchaRequired');
    // A wrong password with a captcha is still wrong; a bad captcha is refused.
    expect(
      (await owner.post('/api/auth/login', { email, password: 'nope-nope', ...(await solvedCaptcha(t.app)) })).json()
        .code,
    ).toBe('Auth.invalidCredentials');
    expect((await owner.post('/api/auth/login', { email, password, captcha: 'x', token: 'y' })).json().code).toBe(
      'Account.captchaInvalid',
    );
    const ok = await owner.post('/api/auth/login', { email, password, ...(await solvedCaptcha(t.app)) });
    expect(ok.statusCode).toBe(200);
    expect(await sessionType(owner)).toBe('REGISTERED');
    // Success ends the episode: plain logins work again.
    expect((await browser(t.app).post('/api/auth/login', { email, password })).statusCode).toBe(200);

    // The owner was emailed once for the episode.
    await nextMessage(t.app, email, 0);
    await new Promise((r) => setTimeout(r, 300));
    const notices = (await mailbox(t.app, email)).filter((m) => m.subject.includes('failed sign-in'));
    expect(notices).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.destination, email), eq(outboxMessages.template, 'loginLimit'))),
    ).toHaveLength(1);
  });
});

describe('dev mailbox', () => {
  it('is off in production (404) unless DEV_MAILBOX=1', async () => {
    const prod = await createTestApp({ production: true });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const opted = await createTestApp({
      production: true,
      account: { captchaHmacKey: 'k1', codeHmacKey: 'k2', captchaMaxNumber: 100, devMailbox: true },
    });
    try {
      expect((await opted.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await opted.close();
    }
  });
});
