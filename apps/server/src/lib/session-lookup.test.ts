import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { DEMO_PASSWORD, browser, createTestApp, type TestApp } from '../../test/helpers.js';

// GET /api/auth/session is written by a compiled serializer; under the tests every answer is
// also encoded by zod and the two must be equal (lib/compiled-response.ts), so each kind of
// caller below checks the serializer against the SessionInfo schema.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('session lookup (one named statement, compiled serializer)', () => {
  it('guest, tourist with a cart, buyer, enterprise account, seller: the answer matches the schema and the account', async () => {
    const guest = browser(t.app);
    expect((await guest.get('/api/auth/session')).json()).toEqual({
      userType: 'TOURIST', user: null, tourist: { id: null }, enterprise: null, site: 'US', language: 'en', cartCount: 0,
    });

    const { rows: [sku] } = await t.db.$client.query(`SELECT s.id FROM skus s JOIN items i ON i.id = s.item_id WHERE i.listed AND s.stock > 0 ORDER BY s.id LIMIT 1`);
    expect((await guest.post('/api/cart/lines', { skuId: String(sku.id), qty: '1' })).statusCode).toBeLessThan(300);
    const tourist = (await guest.get('/api/auth/session')).json();
    expect(tourist).toMatchObject({ userType: 'TOURIST', user: null, cartCount: 1 });
    expect(tourist.tourist.id).toMatch(/^\d+$/);

    const buyer = browser(t.app);
    await buyer.login('buyer@demo.shop', DEMO_PASSWORD);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'buyer@demo.shop'));
    const b = (await buyer.get('/api/auth/session', { headers: { cookie: `${buyer.cookieHeader()}; site=DE; lang=fr` } })).json();
    expect(b).toMatchObject({ userType: 'REGISTERED', tourist: null, enterprise: null, site: 'DE', language: 'fr' });
    expect(b.user).toEqual({ id: String(row!.id), email: 'buyer@demo.shop', nickname: row!.nickname, role: 'BUYER', merchantAuditStatus: row!.merchantAuditStatus });

    const main = browser(t.app);
    await main.login('main@demo.shop', DEMO_PASSWORD);
    const m = (await main.get('/api/auth/session')).json();
    expect(m.enterprise).toMatchObject({ enterpriseName: 'Acme Office Supplies', isMain: true, nickname: 'Acme Main', status: 'ENABLED' });

    const seller = browser(t.app);
    await seller.login('seller@demo.shop', DEMO_PASSWORD);
    expect((await seller.get('/api/auth/session')).json().user).toMatchObject({ role: 'SELLER', merchantState: 'seller' });
  });

  it('a change to the user made anywhere (here: straight in the database) is seen by the next request of every kind', async () => {
    const seller = browser(t.app);
    await seller.login('seller2@demo.shop', DEMO_PASSWORD);
    const me = (await seller.get('/api/auth/session')).json();
    // Read twice: the second lookup answers from the row this server keeps for the session.
    expect((await seller.get('/api/auth/session')).json()).toEqual(me);
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(200);
    await t.db.$client.query(`UPDATE users SET nickname = 'Renamed Seller', merchant_state = 'frozen' WHERE id = $1`, [me.user.id]);
    expect((await seller.get('/api/auth/session')).json().user).toMatchObject({ nickname: 'Renamed Seller', merchantState: 'frozen' });
    // Another lookup statement (a plain API call) sees the new row too.
    await t.db.$client.query(`UPDATE users SET user_type = 'TOURIST' WHERE id = $1`, [me.user.id]);
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(401);
    await t.db.$client.query(`UPDATE users SET user_type = 'REGISTERED', nickname = $2, merchant_state = 'seller' WHERE id = $1`, [me.user.id, me.user.nickname]);
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(200);
    expect((await seller.get('/api/auth/session')).json()).toEqual(me);
  });

  it('the user row is read again only when its version moved: one statement per call while it stands', async () => {
    const buyer = browser(t.app);
    await buyer.login('maria@demo.shop', DEMO_PASSWORD);
    const statements: string[] = [];
    const client = t.db.$client as unknown as { query: (...a: unknown[]) => unknown };
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const c = args[0] as { name?: string } | string;
      statements.push(typeof c === 'string' ? c : c.name ?? '?');
      return query.apply(this, args);
    };
    try {
      const first = (await buyer.get('/api/auth/session')).json(); // kept from here on
      statements.length = 0;
      expect((await buyer.get('/api/auth/session')).json()).toEqual(first);
      expect(statements).toEqual(['session_summary_lookup']);
      await query.call(t.db.$client, `UPDATE users SET nickname = 'Maria Renamed' WHERE email = 'maria@demo.shop'`);
      statements.length = 0;
      expect((await buyer.get('/api/auth/session')).json().user.nickname).toBe('Maria Renamed');
      expect(statements).toEqual(['session_summary_lookup', 'session_user_row']);
      statements.length = 0;
      await buyer.get('/api/auth/session');
      expect(statements).toEqual(['session_summary_lookup']);
    } finally {
      client.query = query;
      await t.db.$client.query(`UPDATE users SET nickname = 'Maria Lopez' WHERE email = 'maria@demo.shop'`);
    }
  });

  it('an expired or unknown session is a guest again', async () => {
    const buyer = browser(t.app);
    await buyer.login('buyer@demo.shop', DEMO_PASSWORD);
    await t.db.$client.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'buyer@demo.shop')`);
    expect((await buyer.get('/api/auth/session')).json()).toMatchObject({ userType: 'TOURIST', user: null, tourist: { id: null } });
    const stranger = browser(t.app);
    stranger.cookies.set('mall_sid', 'not-a-session');
    expect((await stranger.get('/api/auth/session')).json().userType).toBe('TOURIST');
  });
});
