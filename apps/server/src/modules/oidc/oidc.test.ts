/**
 * Third-party sign-in against a real OpenID Provider (oidc-provider on loopback): the browser's
 * trip to the provider is driven with fetch (following its redirects with a cookie jar), the
 * shop's start and callback go through app.inject with the buyer's cookies. Covers sign-in
 * creating an account, signing in again, binding, refusals (bound elsewhere, existing email,
 * replayed or forged state), list-bound and unbind with the last-way-to-sign-in rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { thirdPartyIdentities, users } from '../../db/schema/index.js';
import { ConfigError, loadConfig } from '../../config.js';
import { Browser, type TestApp, createTestApp, skuIdOf } from '../../../test/helpers.js';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../../../test/oidc-provider.js';

const SHOP = 'http://shop.test';
const CALLBACK = `${SHOP}/auth/oidc/local/callback`;
let t: TestApp;
let op: TestOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp({
    oidc: {
      publicUrl: SHOP,
      providers: [
        { name: 'local', label: 'Local ID', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

/** Follows the provider's redirects (with its cookies) until it sends the browser back to the shop. */
async function atProvider(authorizeUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(SHOP)) return next.slice(SHOP.length);
    url = next;
  }
  throw new Error('too many redirects at the provider');
}

/** Start -> provider -> callback, as `account`; returns the callback's answer (a redirect). */
async function signIn(b: Browser, account: TestAccount, query = 'target=/buyer/orders') {
  op.loginAs(account);
  const start = await b.get(`/auth/oidc/local/start?${query}`);
  expect(start.statusCode, start.body).toBe(302);
  const back = await atProvider(start.headers.location as string);
  const callback = await b.get(back);
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: callback.headers.location as string, callbackPath: back };
}

const session = async (b: Browser) => (await b.get('/api/auth/session')).json();
const listBound = (b: Browser) => b.get('/auth/mall/third-account/list-bound');
const unbind = (b: Browser, accountType: string) => b.post('/auth/mall/third-account/unbind', { accountType });
const alice: TestAccount = { sub: 'alice-sub', email: 'alice.oidc@example.test', name: 'Alice Example' };

describe('third-party sign-in (OpenID Connect)', () => {
  it('lists the configured providers for the login buttons', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/providers' });
    expect(res.json()).toEqual({ providers: [{ name: 'local', label: 'Local ID' }] });
  });

  it('first sign-in creates a registered account with the verified email and no password; the second finds it', async () => {
    const b = new Browser(t.app);
    const first = await signIn(b, alice);
    expect(first.location).toBe('/buyer/orders');
    const s = await session(b);
    expect(s.userType).toBe('REGISTERED');
    expect(s.user.email).toBe('alice.oidc@example.test');
    expect(s.user.nickname).toBe('Alice Example');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'alice.oidc@example.test'));
    expect(row!.passwordHash).toBeNull();
    // No password: the password login must refuse (not crash) for this account.
    const pw = await new Browser(t.app).post('/api/auth/login', {
      email: 'alice.oidc@example.test',
      password: 'anything-at-all',
    });
    expect(pw.statusCode).toBe(401);

    const again = new Browser(t.app);
    expect((await signIn(again, alice)).location).toBe('/buyer/orders');
    expect((await session(again)).user.id).toBe(s.user.id);
    expect(await t.db.select().from(users).where(eq(users.email, 'alice.oidc@example.test'))).toHaveLength(1);
  });

  it('a guest cart follows the buyer into the account and the session id is rotated', async () => {
    const b = new Browser(t.app);
    const skuId = await skuIdOf(t.app, 'monitor-lamp', 'LAMP-BAR');
    expect((await b.post('/api/cart/lines', { skuId, qty: '1' })).statusCode).toBeLessThan(300);
    const guestSid = b.cookies.get('mall_sid');
    expect(guestSid).toBeTruthy();
    await signIn(b, { sub: 'cart-sub', email: 'cart.oidc@example.test', name: 'Cart Buyer' });
    expect(b.cookies.get('mall_sid')).not.toBe(guestSid);
    expect((await session(b)).cartCount).toBe(1);
  });

  it('an unknown identity whose email already has an account is not linked: the buyer is told to log in and bind', async () => {
    const b = new Browser(t.app);
    const { location } = await signIn(b, { sub: 'mallory-sub', email: 'buyer@demo.shop', name: 'Mallory' });
    expect(location).toBe('/login?oidcError=Account.oidcEmailRegistered&target=%2Fbuyer%2Forders');
    expect((await session(b)).userType).toBe('TOURIST');
    expect(
      await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.subject, 'mallory-sub')),
    ).toHaveLength(0);
  });

  it('an unverified email does not create an account', async () => {
    const b = new Browser(t.app);
    const { location } = await signIn(b, {
      sub: 'unverified-sub',
      email: 'unverified@example.test',
      name: 'U',
      emailVerified: false,
    });
    expect(location).toContain('oidcError=Account.oidcEmailUnverified');
    expect(await t.db.select().from(users).where(eq(users.email, 'unverified@example.test'))).toHaveLength(0);
  });

  it('binds an identity to the logged-in buyer, lists it, signs in with it, refuses it for someone else, and unbinds it', async () => {
    const buyer = new Browser(t.app);
    await buyer.login('buyer@demo.shop');
    const me = (await session(buyer)).user.id;
    const bob: TestAccount = { sub: 'bob-sub', email: 'bob.elsewhere@example.test', name: 'Bob at Local' };

    const before = (await listBound(buyer)).json();
    expect(before).toEqual({ bound: [], available: [{ name: 'local', label: 'Local ID' }], hasPassword: true });

    const bound = await signIn(buyer, bob, 'mode=bind&target=/buyer/account-security');
    expect(bound.location).toBe('/buyer/account-security');
    expect((await session(buyer)).user.id).toBe(me);
    const list = (await listBound(buyer)).json();
    expect(list.available).toEqual([]);
    expect(list.bound).toEqual([
      expect.objectContaining({
        accountType: 'local',
        label: 'Local ID',
        email: 'bob.elsewhere@example.test',
        displayName: 'Bob at Local',
      }),
    ]);
    expect(Number.isNaN(Date.parse(list.bound[0].boundAt))).toBe(false);

    // The bound identity now signs in to the demo buyer (its email differs: the binding decides).
    const elsewhere = new Browser(t.app);
    await signIn(elsewhere, bob);
    expect((await session(elsewhere)).user.email).toBe('buyer@demo.shop');

    // Another account cannot bind the same identity.
    const other = new Browser(t.app);
    await other.login('main@demo.shop');
    const refused = await signIn(other, bob, 'mode=bind&target=/buyer/account-security');
    expect(refused.location).toBe('/buyer/account-security?oidcError=Account.thirdAccountBoundElsewhere');
    expect((await listBound(other)).json().bound).toEqual([]);

    // A second identity of the same provider for the same account is refused too.
    const second = await signIn(
      buyer,
      { sub: 'bob-second', email: 'bob2@example.test', name: 'Bob 2' },
      'mode=bind&target=/buyer/account-security',
    );
    expect(second.location).toBe('/buyer/account-security?oidcError=Account.thirdAccountAlreadyBound');

    // Unbind (the demo buyer has a password, so this is not the last way in).
    const res = await unbind(buyer, 'local');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bound).toEqual([]);
    expect((await unbind(buyer, 'local')).json().code).toBe('Account.thirdAccountNotBound');
    // Unbound: signing in with it no longer reaches the demo buyer (its email is unregistered, so it gets its own account).
    const after = new Browser(t.app);
    await signIn(after, bob);
    expect((await session(after)).user.email).toBe('bob.elsewhere@example.test');
  });

  it('refuses to unbind the only way to sign in of an account without password', async () => {
    const b = new Browser(t.app);
    await signIn(b, { sub: 'solo-sub', email: 'solo.oidc@example.test', name: 'Solo' });
    const list = (await listBound(b)).json();
    expect(list.hasPassword).toBe(false);
    const res = await unbind(b, 'local');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('Account.lastSignInMethod');
    expect((await listBound(b)).json().bound).toHaveLength(1);
  });

  it('needs a logged-in buyer for list-bound, unbind and bind; unbind needs the CSRF header', async () => {
    const guest = new Browser(t.app);
    expect((await listBound(guest)).statusCode).toBe(401);
    expect((await unbind(guest, 'local')).statusCode).toBe(401);
    const start = await guest.get('/auth/oidc/local/start?mode=bind&target=/buyer/account-security');
    expect(start.headers.location).toBe('/login?target=%2Fbuyer%2Faccount-security');
    const buyer = new Browser(t.app);
    await buyer.login('buyer@demo.shop');
    expect(
      (await buyer.post('/auth/mall/third-account/unbind', { accountType: 'local' }, { noCsrf: true })).statusCode,
    ).toBe(403);
  });

  it('a replayed callback (same state and code) is refused', async () => {
    const b = new Browser(t.app);
    const { callbackPath } = await signIn(b, { sub: 'replay-sub', email: 'replay@example.test', name: 'Replay' });
    const attacker = new Browser(t.app);
    // Even with the state cookie copied, the state was used up by the first callback.
    attacker.cookies.set('mall_oidc_state', new URL(callbackPath, SHOP).searchParams.get('state')!);
    const replay = await attacker.get(callbackPath);
    expect(replay.headers.location).toBe('/login?oidcError=Account.oidcStateInvalid');
    expect((await session(attacker)).userType).toBe('TOURIST');
  });

  it('a forged state, or a callback from another browser (no state cookie), is refused', async () => {
    op.loginAs({ sub: 'victim-sub', email: 'victim@example.test', name: 'Victim' });
    const b = new Browser(t.app);
    const start = await b.get('/auth/oidc/local/start');
    const back = await atProvider(start.headers.location as string);
    const forged = back.replace(/state=[^&]+/, 'state=forged-state-value');
    const withForged = await b.get(forged);
    expect(withForged.headers.location).toBe('/login?oidcError=Account.oidcStateInvalid');
    // The real callback, delivered to a different browser (login CSRF), is refused as well.
    const other = new Browser(t.app);
    const res = await other.get(back);
    expect(res.headers.location).toBe('/login?oidcError=Account.oidcStateInvalid');
    expect((await session(other)).userType).toBe('TOURIST');
    expect(await t.db.select().from(users).where(eq(users.email, 'victim@example.test'))).toHaveLength(0);
  });

  it('a target off the shop is replaced by the buyer centre; an unknown provider lands on login with a code', async () => {
    const b = new Browser(t.app);
    const { location } = await signIn(
      b,
      { sub: 'target-sub', email: 'target@example.test', name: 'T' },
      `target=${encodeURIComponent('https://evil.example/phish')}`,
    );
    expect(location).toBe('/buyer/index');
    const unknown = await b.get('/auth/oidc/nope/start');
    expect(unknown.headers.location).toBe('/login?oidcError=Account.oidcProviderUnknown');
  });

  it('an unreachable issuer does not stop the shop: the button answers "unavailable"', async () => {
    const down = await createTestApp({
      oidc: {
        publicUrl: SHOP,
        providers: [{ name: 'down', label: 'Down', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' }],
      },
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/auth/oidc/down/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?oidcError=Account.oidcProviderUnavailable');
    } finally {
      await down.close();
    }
  });

  it('reads its providers from the environment and refuses an incomplete one at start', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(
      loadConfig({
        OIDC_PROVIDERS: 'Corp, my-id',
        OIDC_CORP_ISSUER: 'https://id.corp.example',
        OIDC_CORP_CLIENT_ID: 'shop',
        OIDC_CORP_CLIENT_SECRET: 's3cret',
        OIDC_CORP_LABEL: 'Corp login',
        OIDC_MY_ID_ISSUER: 'https://my.example',
        OIDC_MY_ID_CLIENT_ID: 'c',
      }).oidcProviders,
    ).toEqual([
      {
        name: 'corp',
        label: 'Corp login',
        issuer: 'https://id.corp.example',
        clientId: 'shop',
        clientSecret: 's3cret',
      },
      { name: 'my-id', label: 'my-id', issuer: 'https://my.example', clientId: 'c', clientSecret: undefined },
    ]);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'corp', OIDC_CORP_ISSUER: 'https://id.corp.example' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ OIDC_PROVIDERS: 'bad name' })).toThrow(/not a valid provider name/);
  });
});
