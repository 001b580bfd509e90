import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { DEMO_PASSWORD, browser, createTestApp, recordStatements, type TestApp } from '../../test/helpers.js';

// GET /api/auth/session is written by a compiled serializer; under the tests every answer is
// also encoded by zod and the two must be equal (lib/compiled-response.ts), so each kind of
// caller below checks the serializer against the SessionInfo schema.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('session lookup (one named statement, compiled serializer)', () => {
  it('guest, tourist with a cart, buyer, enterprise account, seller: the answer matches the schema and the account', async () => {
    const guest = browser(t.app);
    expect((await guest.get('/api/auth/session')).json()).toEqual({
      userType: 'TOURIST',
      user: null,
      tourist: { id: null },
      enterprise: null,
      site: 'US',
      language: 'en',
      cartCount: 0,
    });

    const {
      rows: [sku],
    } = await t.db.$client.query(
      `SELECT s.id FROM skus s JOIN items i ON i.id = s.item_id WHERE i.listed AND s.stock > 0 ORDER BY s.id LIMIT 1`,
    );
    expect((await guest.post('/api/cart/lines', { skuId: String(sku.id), qty: '1' })).statusCode).toBeLessThan(300);
    const tourist = (await guest.get('/api/auth/session')).json();
    expect(tourist).toMatchObject({ userType: 'TOURIST', user: null, cartCount: 1 });
    expect(tourist.tourist.id).toMatch(/^\d+$/);

    const buyer = browser(t.app);
    await buyer.login('buyer@demo.shop', DEMO_PASSWORD);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'buyer@demo.shop'));
    const b = (
      await buyer.get('/api/auth/session', { headers: { cookie: `${buyer.cookieHeader()}; site=DE; lang=fr` } })
    ).json();
    expect(b).toMatchObject({ userType: 'REGISTERED', tourist: null, enterprise: null, site: 'DE', language: 'fr' });
    expect(b.user).toEqual({
      id: String(row!.id),
      email: 'buyer@demo.shop',
      nickname: row!.nickname,
      role: 'BUYER',
      merchantAuditStatus: row!.merchantAuditStatus,
    });

    const main = browser(t.app);
    await main.login('main@demo.shop', DEMO_PASSWORD);
    const m = (await main.get('/api/auth/session')).json();
    expect(m.enterprise).toMatchObject({
      enterpriseName: 'Acme Office Supplies',
      isMain: true,
      nickname: 'Acme Main',
      status: 'ENABLED',
    });

    const seller = browser(t.app);
    await seller.login('seller@demo.shop', DEMO_PASSWORD);
    expect((await seller.get('/api/auth/session')).json().user).toMatchObject({
      role: 'SELLER',
      merchantState: 'seller',
    });
  });

  it('a change to the user made anywhere (here: straight in the database) is seen by the next request of every kind', async () => {
    const seller = browser(t.app);
    await seller.login('seller2@demo.shop', DEMO_PASSWORD);
    const me = (await seller.get('/api/auth/session')).json();
    // Read twice: the second lookup answers from the row this server keeps for the session.
    expect((await seller.get('/api/auth/session')).json()).toEqual(me);
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(200);
    await t.db.$client.query(`UPDATE users SET nickname = 'Renamed Seller', merchant_state = 'frozen' WHERE id = $1`, [
      me.user.id,
    ]);
    expect((await seller.get('/api/auth/session')).json().user).toMatchObject({
      nickname: 'Renamed Seller',
      merchantState: 'frozen',
    });
    // Another lookup statement (a plain API call) sees the new row too.
    await t.db.$client.query(`UPDATE users SET user_type = 'TOURIST' WHERE id = $1`, [me.user.id]);
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(401);
    await t.db.$client.query(
      `UPDATE users SET user_type = 'REGISTERED', nickname = $2, merchant_state = 'seller' WHERE id = $1`,
      [me.user.id, me.user.nickname],
    );
    expect((await seller.get('/api/buyer/home')).statusCode).toBe(200);
    expect((await seller.get('/api/auth/session')).json()).toEqual(me);
  });

  it('the user row is read again only when its version moved: one statement per call while it stands', async () => {
    const buyer = browser(t.app);
    await buyer.login('maria@demo.shop', DEMO_PASSWORD);
    const { statements, unrecorded, stop } = recordStatements(t.db);
    try {
      const first = (await buyer.get('/api/auth/session')).json(); // kept from here on
      statements.length = 0;
      expect((await buyer.get('/api/auth/session')).json()).toEqual(first);
      expect(statements).toEqual(['session_summary_lookup']);
      await unrecorded(`UPDATE users SET nickname = 'Maria Renamed' WHERE email = 'maria@demo.shop'`);
      statements.length = 0;
      expect((await buyer.get('/api/auth/session')).json().user.nickname).toBe('Maria Renamed');
      expect(statements).toEqual(['session_summary_lookup', 'session_user_row']);
      statements.length = 0;
      await buyer.get('/api/auth/session');
      expect(statements).toEqual(['session_summary_lookup']);
    } finally {
      stop();
      await t.db.$client.query(`UPDATE users SET nickname = 'Maria Lopez' WHERE email = 'maria@demo.shop'`);
    }
  });

  it('lookups asked for while one runs go together as one statement, and each request gets its own session, user and summary', async () => {
    const who = ['buyer@demo.shop', 'main@demo.shop', 'seller@demo.shop', 'maria@demo.shop'];
    const callers = await Promise.all(
      who.map(async (email) => {
        const b = browser(t.app);
        await b.login(email, DEMO_PASSWORD);
        return b;
      }),
    );
    const expired = browser(t.app);
    await expired.login('kenji@demo.shop', DEMO_PASSWORD);
    await t.db.$client.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'kenji@demo.shop')`,
    );
    // Each read once alone first, so the user rows are kept and only the lookups below run.
    const alone = await Promise.all(callers.map(async (c) => (await c.get('/api/auth/session')).json()));
    const { statements, stop } = recordStatements(t.db);
    try {
      // Two tabs of the first buyer, the other three, and an expired session, all at once.
      const together = await Promise.all(
        [...callers, callers[0]!, expired].map(async (c) => (await c.get('/api/auth/session')).json()),
      );
      // The first goes at once (nothing else was running); the five asked for meanwhile share one statement.
      expect(statements).toEqual(['session_summary_lookup', 'session_summary_lookup_batch']);
      expect(together.slice(0, 4)).toEqual(alone);
      expect(together[4]).toEqual(alone[0]);
      expect(together[5]).toMatchObject({ userType: 'TOURIST', user: null });
      expect(alone.map((a) => a.user.email)).toEqual(who);
      expect(alone[1].enterprise).toMatchObject({ enterpriseName: 'Acme Office Supplies' });
      // The other statements batch the same way: a plain API call and the order reads' lookup.
      statements.length = 0;
      const homes = await Promise.all(callers.map((c) => c.get('/api/buyer/home')));
      expect(homes.map((h) => h.statusCode)).toEqual([200, 200, 200, 200]);
      expect(statements.filter((s) => s.startsWith('session_lookup'))).toEqual([
        'session_lookup',
        'session_lookup_batch',
      ]);
      statements.length = 0;
      const counts = await Promise.all(
        callers.map((c) => c.post('/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer', {})),
      );
      expect(counts.map((h) => h.statusCode)).toEqual([200, 200, 200, 200]);
      expect(statements.filter((s) => s.startsWith('session_order_lookup'))).toEqual([
        'session_order_lookup',
        'session_order_lookup_batch',
      ]);
    } finally {
      stop();
    }
  });

  it('an expired or unknown session is a guest again', async () => {
    const buyer = browser(t.app);
    await buyer.login('buyer@demo.shop', DEMO_PASSWORD);
    await t.db.$client.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'buyer@demo.shop')`,
    );
    expect((await buyer.get('/api/auth/session')).json()).toMatchObject({
      userType: 'TOURIST',
      user: null,
      tourist: { id: null },
    });
    const stranger = browser(t.app);
    stranger.cookies.set('mall_sid', 'not-a-session');
    expect((await stranger.get('/api/auth/session')).json().userType).toBe('TOURIST');
  });
});
