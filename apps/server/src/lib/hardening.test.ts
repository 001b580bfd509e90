/**
 * Security headers, request hygiene and the payment switches: each test is
 * what an outside tester saw on the old main.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@mall/contracts';
import { browser, createTestApp, skuIdOf, type TestApp } from '../../test/helpers.js';
import { ConfigError, loadConfig } from '../config.js';
import { findUnstorableText } from './hygiene.js';
import { loggable } from './errors.js';
import { DrizzleQueryError } from 'drizzle-orm/errors';

let t: TestApp;
let prod: TestApp;
let off: TestApp;
let sku: string;
beforeAll(async () => {
  [t, prod, off] = await Promise.all([
    createTestApp(),
    createTestApp({
      production: true,
      mockpay: { secret: 'a-long-random-production-secret', publicUrl: 'https://shop.example' },
    }),
    createTestApp({ mockpay: { secret: 'x', publicUrl: 'http://127.0.0.1', enabled: false } }),
  ]);
  sku = await skuIdOf(t.app, 'standing-desk-e7', 'E7-BLK-140');
});
afterAll(async () => {
  await Promise.all([t?.close(), prod?.close(), off?.close()]);
});

describe('security headers', () => {
  it('every answer carries CSP without inline script, no framing, nosniff and a referrer policy', async () => {
    for (const url of ['/api/auth/session', '/api/catalog/items', '/no-such-page', '/%61pi/auth/session']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      // Pages may run our own scripts only; API answers (JSON) may load nothing at all.
      if (url.startsWith('/api/')) expect(csp).toMatch(/^default-src 'none';/);
      else expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // HSTS would pin a developer's http://localhost to https: production only.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('production adds HSTS and hides /docs unless API_DOCS is set', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect((await prod.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).not.toBe(404);
  });

  it("the checkout's payment page of MOCKPAY cannot be framed either", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mockpay/pay/mp_unknown' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('CSRF on the routed path', () => {
  const variants = ['/api/cart/lines', '/%61pi/cart/lines', '/%61%70%69/cart/lines', '/ap%69/cart/lines'];
  it.each(variants)('POST %s without the CSRF header is refused and adds nothing', async (url) => {
    const b = browser(t.app);
    const res = await b.post(url, { skuId: sku, qty: '1' }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Common.csrfRejected');
    expect((await b.get('/api/cart')).json().shops ?? []).toEqual([]);
  });

  it('a foreign Origin is refused on an encoded path too', async () => {
    const res = await browser(t.app).post(
      '/%61pi/cart/lines',
      { skuId: sku, qty: '1' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates in values and keys, not in proper pairs', () => {
    expect(findUnstorableText({ a: ['ok', 'x\u0000y'] })).toBe('/a/1');
    expect(findUnstorableText({ name: 'bad \uD800' })).toBe('/name');
    expect(findUnstorableText({ name: 'bad \uDC00 low' })).toBe('/name');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('/k?');
    expect(findUnstorableText({ emoji: 'desk 🪑 ok', jp: '机' })).toBeNull();
  });

  it('a NUL in a JSON body, a lone surrogate, and a NUL in the query answer 400 Common.invalidText', async () => {
    const b = browser(t.app);
    const nul = await b.post('/api/auth/signup', undefined, {
      payload: '{"email":"a\\u0000@x.com","password":"secret123","nickname":"n"}',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'Common.invalidText', details: { part: 'body', path: '/email' } });
    const lone = await b.post('/api/auth/login', undefined, { payload: '{"email":"\\ud800@x.com","password":"x"}' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().code).toBe('Common.invalidText');
    const query = await b.get('/api/catalog/items?keyword=%00desk');
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('Common.invalidText');
  });

  it('a failed statement is logged with its SQL and PostgreSQL code, never its parameters', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['jane.private@example.com'],
      pgError,
    );
    const logged = JSON.stringify(loggable(failed));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('jane.private@example.com');
  });

  it('firstPay with INVOICE_ME and no session is a 400, not a crash', async () => {
    const res = await browser(t.app).post('/sapi/mall-pay/payment/firstPay', {
      contractId: '1',
      payChannel: 'INVOICE_ME',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Payment.channelUnavailable');
  });

  it('the MOCKPAY page posted a non-string card is refused, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mockpay/pay/mp_unknown',
      payload: { outcome: 'approve', card: 4242 },
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('payments cannot be forged', () => {
  it('production refuses to start with the published MOCKPAY secret, with a clear message', () => {
    // The other published keys set, so MOCKPAY's secret is the one left to judge.
    const keys = {
      CERTIFICATE_KEY: 'c-long-random',
      CAPTCHA_HMAC_KEY: 'a-long-random',
      CODE_HMAC_KEY: 'h-long-random',
    };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    // One message names every published default at once.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /MOCKPAY_SECRET.*CERTIFICATE_KEY.*CAPTCHA_HMAC_KEY.*CODE_HMAC_KEY/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...keys })).toThrow(/MOCKPAY_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...keys, MOCKPAY_SECRET: 'mockpay-dev-secret-change-me' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MOCKPAY_SECRET: 'k3V9-long-random' })).toThrow(/CERTIFICATE_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', ...keys, MOCKPAY_SECRET: 'k3V9-long-random' }).mockpayEnabled).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...keys, MOCKPAY: 'off' }).mockpayEnabled).toBe(false);
  });

  it('MOCKPAY=off removes the channel: not offered, not startable, no pay page, webhooks refused', async () => {
    const b = browser(off.app);
    await b.login('buyer@demo.shop');
    const channels = (await b.post('/sapi/mall-pay/payment/payChannel', {})).json();
    expect(JSON.stringify(channels)).not.toContain('MOCKPAY');
    const pay = await b.post('/sapi/mall-pay/payment/firstPay', {
      contractId: '1',
      payChannel: 'MOCKPAY',
      payMethod: 'card',
    });
    expect(pay.statusCode).toBeGreaterThanOrEqual(400);
    expect(pay.statusCode).toBeLessThan(500);
    expect((await off.app.inject({ method: 'GET', url: '/mockpay/pay/mp_x' })).statusCode).toBe(404);
    const hook = await off.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/mockpay',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
  });
});
