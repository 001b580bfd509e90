import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users, sessions } from '../../db/schema/index.js';
import { DEMO_PASSWORD, browser, createTestApp, skuIdOf, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const usersWithEmail = async (email: string) =>
  (await t.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n;

describe('session', () => {
  it('a new visitor is a tourist without a user', async () => {
    const b = browser(t.app);
    const res = await b.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userType: 'TOURIST',
      user: null,
      tourist: { id: null },
      enterprise: null,
      site: 'US',
      language: 'en',
      cartCount: 0,
    });
    // Browsing creates no session.
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('signup', () => {
  it('creates an account and logs it in', async () => {
    const b = browser(t.app);
    const before = await userCount();
    const res = await b.post('/api/auth/signup', {
      email: ' New.Buyer@Example.com ',
      password: 'correct horse',
      nickname: 'Newbie',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userType).toBe('REGISTERED');
    expect(body.user).toMatchObject({
      email: 'new.buyer@example.com',
      nickname: 'Newbie',
      role: 'BUYER',
      merchantAuditStatus: 'none',
    });
    expect(body.tourist).toBeNull();
    expect(b.cookies.get('mall_sid')).toBeTruthy();
    expect(await userCount()).toBe(before + 1);

    const session = (await b.get('/api/auth/session')).json();
    expect(session.userType).toBe('REGISTERED');
    expect(session.user.email).toBe('new.buyer@example.com');

    // The new password works for a fresh login.
    const other = browser(t.app);
    expect((await other.login('new.buyer@example.com', 'correct horse')).user.id).toBe(body.user.id);
  });

  it('defaults the nickname to the email name', async () => {
    const res = await browser(t.app).post('/api/auth/signup', { email: 'nick@example.com', password: 'longenough' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.nickname).toBe('nick');
  });

  it('rejects an email that is taken (any case) and creates nothing', async () => {
    const email = 'dupe@example.com';
    expect((await browser(t.app).post('/api/auth/signup', { email, password: 'password1' })).statusCode).toBe(200);
    const before = await userCount();
    for (const variant of [email, 'DUPE@example.com']) {
      const b = browser(t.app);
      const res = await b.post('/api/auth/signup', { email: variant, password: 'password2' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'Auth.emailTaken' });
      expect(b.cookies.has('mall_sid')).toBe(false);
    }
    expect(await usersWithEmail(email)).toBe(1);
    expect(await userCount()).toBe(before);
    // The first password still holds.
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'password2' })).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'password1' })).statusCode).toBe(200);
  });

  it('rejects a short password', async () => {
    const res = await browser(t.app).post('/api/auth/signup', { email: 'short@example.com', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
    expect(await usersWithEmail('short@example.com')).toBe(0);
  });
});

describe('login and logout', () => {
  it('rejects a wrong password with 401 and no session', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/auth/login', { email: 'buyer@demo.shop', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'Auth.invalidCredentials' });
    expect(b.cookies.has('mall_sid')).toBe(false);
    expect((await b.get('/api/auth/session')).json().userType).toBe('TOURIST');
  });

  it('rejects an unknown email the same way', async () => {
    const res = await browser(t.app).post('/api/auth/login', { email: 'nobody@demo.shop', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('Auth.invalidCredentials');
  });

  it('logs in the demo buyer', async () => {
    const b = browser(t.app);
    const body = await b.login('buyer@demo.shop');
    expect(body).toMatchObject({ userType: 'REGISTERED', tourist: null, enterprise: null, site: 'US', language: 'en' });
    expect(body.user).toMatchObject({ email: 'buyer@demo.shop', nickname: 'Demo Buyer', role: 'BUYER' });
    expect((await b.get('/api/auth/session')).json().user.email).toBe('buyer@demo.shop');
  });

  it('logout ends the session and the old cookie stops working', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop');
    const oldToken = b.cookies.get('mall_sid')!;
    const res = await b.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userType: 'TOURIST', user: null });
    expect(b.cookies.has('mall_sid')).toBe(false);
    expect((await b.get('/api/auth/session')).json().userType).toBe('TOURIST');

    // Replaying the old cookie does not bring the session back.
    const replay = browser(t.app);
    replay.cookies.set('mall_sid', oldToken);
    const session = (await replay.get('/api/auth/session')).json();
    expect(session.userType).toBe('TOURIST');
    expect(session.user).toBeNull();
    expect(session.tourist).toEqual({ id: null });
  });

  it('rotates the session id at login and destroys the tourist session', async () => {
    const b = browser(t.app);
    const skuId = await skuIdOf(t.app, 'cable-tray', 'TRAY-STEEL');
    expect((await b.post('/api/cart/lines', { skuId, qty: '1' })).statusCode).toBe(200);
    const touristToken = b.cookies.get('mall_sid')!;
    expect(touristToken).toBeTruthy();
    const sessionsBefore = (await t.db.select({ n: count() }).from(sessions))[0]!.n;

    await b.login('buyer@demo.shop');
    const userToken = b.cookies.get('mall_sid')!;
    expect(userToken).toBeTruthy();
    expect(userToken).not.toBe(touristToken);
    // Old tourist session replaced by the new one (same number of rows).
    expect((await t.db.select({ n: count() }).from(sessions))[0]!.n).toBe(sessionsBefore);

    const replay = browser(t.app);
    replay.cookies.set('mall_sid', touristToken);
    expect((await replay.get('/api/auth/session')).json()).toMatchObject({
      userType: 'TOURIST',
      tourist: { id: null },
    });
  });

  it('adopts the tourist cart at login', async () => {
    // A fresh account, so other tests' carts do not interfere.
    const email = 'adopter@example.com';
    expect((await browser(t.app).post('/api/auth/signup', { email, password: 'password1' })).statusCode).toBe(200);

    const b = browser(t.app);
    const lampSku = await skuIdOf(t.app, 'monitor-lamp', 'LAMP-BAR');
    const coffeeSku = await skuIdOf(t.app, 'office-coffee-beans', 'COF-ARABICA');
    await b.post('/api/cart/lines', { skuId: lampSku, qty: '2' });
    await b.post('/api/cart/lines', { skuId: coffeeSku, qty: '1.5' });
    const guest = (await b.get('/api/auth/session')).json();
    expect(guest.userType).toBe('TOURIST');
    expect(guest.tourist.id).toMatch(/^\d+$/);
    expect(guest.cartCount).toBe(2);

    const session = await b.login(email, 'password1');
    expect(session.cartCount).toBe(2);
    const cart = (await b.get('/api/cart')).json();
    const lines = cart.shops.flatMap((s: { lines: unknown[] }) => s.lines) as {
      sku: { skuCode: string };
      qty: string;
    }[];
    expect(lines.map((l) => [l.sku.skuCode, l.qty]).sort()).toEqual([
      ['COF-ARABICA', '1.5'],
      ['LAMP-BAR', '2'],
    ]);

    // A later login from another browser sees the same cart: it belongs to the account now.
    const other = browser(t.app);
    await other.login(email, 'password1');
    expect((await other.get('/api/cart')).json().totalCount).toBe(2);
  });

  it('adds up adopted quantities with the account cart, clamped at the maximum', async () => {
    const email = 'merger@example.com';
    const a = browser(t.app);
    expect((await a.post('/api/auth/signup', { email, password: 'password1' })).statusCode).toBe(200);
    const skuId = await skuIdOf(t.app, 'cable-tray', 'TRAY-STEEL');
    await a.post('/api/cart/lines', { skuId, qty: '7' });

    const guest = browser(t.app);
    await guest.post('/api/cart/lines', { skuId, qty: '6' });
    await guest.login(email, 'password1');
    const cart = (await guest.get('/api/cart')).json();
    expect(cart.totalCount).toBe(1);
    expect(cart.shops[0].lines[0].qty).toBe('10');
  });
});

describe('login rate limits', () => {
  it('after 8 failed logins the account asks for the captcha, even for the right password', async () => {
    const email = 'locked@example.com';
    expect((await browser(t.app).post('/api/auth/signup', { email, password: 'password1' })).statusCode).toBe(200);
    // Every attempt from its own IP, so the per-IP route limit (10/minute) never applies.
    for (let i = 0; i < 8; i++) {
      const res = await browser(t.app).post('/api/auth/login', { email, password: `wrong-${i}` });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
      expect(res.json().code).toBe('Auth.invalidCredentials');
    }
    const b = browser(t.app);
    const res = await b.post('/api/auth/login', { email, password: 'password1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Auth.captchaRequired' });
    expect(b.cookies.has('mall_sid')).toBe(false);

    // Other accounts are not affected.
    expect(
      (await browser(t.app).post('/api/auth/login', { email: 'buyer@demo.shop', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('a successful login clears earlier failures', async () => {
    const email = 'forgetful@example.com';
    expect((await browser(t.app).post('/api/auth/signup', { email, password: 'password1' })).statusCode).toBe(200);
    for (let i = 0; i < 7; i++)
      expect((await browser(t.app).post('/api/auth/login', { email, password: 'nope' })).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'password1' })).statusCode).toBe(200);
    for (let i = 0; i < 7; i++)
      expect((await browser(t.app).post('/api/auth/login', { email, password: 'nope' })).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'password1' })).statusCode).toBe(200);
  });

  it('limits logins per IP to 10 a minute', async () => {
    const b = browser(t.app, { remoteAddress: '192.0.2.77' });
    for (let i = 0; i < 10; i++) {
      const res = await b.post('/api/auth/login', { email: `ip-${i}@example.com`, password: 'whatever' });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const res = await b.post('/api/auth/login', { email: 'buyer@demo.shop', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'Common.tooManyRequests' });
    // Another IP is still served.
    expect(
      (await browser(t.app).post('/api/auth/login', { email: 'buyer@demo.shop', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('bad input changes nothing', () => {
  let before: number;
  beforeAll(async () => {
    before = await userCount();
  });
  afterAll(async () => {
    expect(await userCount()).toBe(before);
  });

  const signupOk = { email: 'valid@example.com', password: 'password1' };

  it('malformed JSON -> 400 Common.malformedJson', async () => {
    const res = await browser(t.app).post('/api/auth/signup', undefined, {
      payload: '{"email": "valid@example.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'Common.malformedJson' });
  });

  it('wrong types -> 400 Common.invalidRequest with details', async () => {
    const res = await browser(t.app).post('/api/auth/signup', { email: 42, password: true });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('Common.invalidRequest');
    expect(Array.isArray(body.details)).toBe(true);
    expect(body.details.length).toBeGreaterThan(0);
  });

  it('a body that is not an object -> 400', async () => {
    const res = await browser(t.app).post('/api/auth/signup', ['valid@example.com', 'password1']);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
  });

  it('unknown fields -> 400 Common.invalidRequest', async () => {
    const res = await browser(t.app).post('/api/auth/signup', { ...signupOk, role: 'SELLER' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
    const login = await browser(t.app).post('/api/auth/login', {
      email: 'buyer@demo.shop',
      password: DEMO_PASSWORD,
      admin: true,
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('Common.invalidRequest');
  });

  it('too-long or invalid email -> 400 Common.invalidRequest', async () => {
    const long = `${'a'.repeat(45)}@example.com`; // 57 > 50 characters
    for (const email of [long, 'not-an-email', '']) {
      const res = await browser(t.app).post('/api/auth/signup', { email, password: 'password1' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
  });

  it('missing CSRF header -> 403 Common.csrfRejected', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/auth/signup', signupOk, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Common.csrfRejected' });
    expect(b.cookies.size).toBe(0);
    const login = await browser(t.app).post(
      '/api/auth/login',
      { email: 'buyer@demo.shop', password: DEMO_PASSWORD },
      { noCsrf: true },
    );
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('foreign Origin -> 403 Common.csrfRejected, even with the header', async () => {
    const res = await browser(t.app).post('/api/auth/signup', signupOk, {
      headers: { origin: 'https://evil.example', host: 'shop.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Common.csrfRejected');
  });

  it('a logout without the CSRF header does not end the session', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop');
    expect((await b.post('/api/auth/logout', undefined, { noCsrf: true })).statusCode).toBe(403);
    expect((await b.get('/api/auth/session')).json().userType).toBe('REGISTERED');
  });

  it('the same Origin is accepted', async () => {
    const b = browser(t.app);
    const res = await b.post(
      '/api/auth/login',
      { email: 'buyer@demo.shop', password: DEMO_PASSWORD },
      { headers: { origin: 'https://shop.example', host: 'shop.example' } },
    );
    expect(res.statusCode).toBe(200);
  });

  it('nothing was created', async () => {
    expect(await usersWithEmail('valid@example.com')).toBe(0);
  });
});

describe('GET /api/auth/session reads the top bar with the session', () => {
  it('an enterprise main account: enterprise name, and the cart count that changes with the cart', async () => {
    const b = browser(t.app);
    await b.login('main@demo.shop');
    const before = (await b.get('/api/auth/session')).json();
    expect(before.enterprise).toMatchObject({
      enterpriseName: 'Acme Office Supplies',
      isMain: true,
      nickname: 'Acme Main',
    });
    await b.post('/api/cart/lines', { skuId: await skuIdOf(t.app, 'monitor-lamp', 'LAMP-BAR'), qty: '1' });
    const after = (await b.get('/api/auth/session')).json();
    expect(after.cartCount).toBe(before.cartCount + 1);
  });

  it('an expired or unknown session reads as a tourist', async () => {
    const b = browser(t.app);
    b.cookies.set('mall_sid', 'not-a-real-token');
    expect((await b.get('/api/auth/session')).json()).toMatchObject({ userType: 'TOURIST', user: null, cartCount: 0 });
  });
});
