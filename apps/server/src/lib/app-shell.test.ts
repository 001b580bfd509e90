import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_HOME_PATH, ORDER_COUNTS_PATH, ORDER_LIST_PAGE_SIZE, ORDER_PAGE_PATH, type OrderPage } from '@mall/contracts';
import { users } from '../db/schema/index.js';
import type { RouteFiles } from './route-hints.js';
import { DEMO_PASSWORD, browser, createTestApp, type TestApp } from '../../test/helpers.js';

// The app shell as Vite builds it: the session goes in before the root element.
const SHELL = '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Dq3kX9aB.js"></script></head><body><div id="root"></div></body></html>';

// What the web build writes beside it (apps/web/route-first-loads.ts): each route's files beyond the shell's.
const ROUTE_FILES: RouteFiles = {
  routes: [{ path: '/buyer/orders', scripts: ['assets/OrdersPage-a1.js'], styles: [], areas: ['orders'] }],
  texts: { en: { orders: ['assets/en-b2.js'] }, de: { '': ['assets/de-c3.js'], orders: ['assets/de-d4.js'] } },
};
/** The scripts the shell's head names beyond its own. */
const hinted = (html: string) => [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-shell-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'route-files.json'), JSON.stringify(ROUTE_FILES));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The JSON in the shell's boot element, as the app reads it. */
function bootOf(html: string) {
  const match = /<script type="application\/json" id="boot">([^<]*)<\/script><div id="root"><\/div>/.exec(html);
  expect(match, html).not.toBeNull();
  return JSON.parse(match![1]!) as { session: Record<string, unknown> };
}

describe('the app shell carries the session', () => {
  it('a guest gets the tourist session GET /api/auth/session answers, in a page no cache keeps', async () => {
    const b = browser(t.app);
    for (const url of ['/', '/buyer/orders', '/item/standing-desk-e7?sku=2']) {
      const page = await b.get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(page.body, url).toContain('<html lang="en">');
      expect(bootOf(page.body).session, url).toEqual((await b.get('/api/auth/session')).json());
    }
    expect(bootOf((await b.get('/')).body).session).toMatchObject({ userType: 'TOURIST', user: null, cartCount: 0 });
    expect(hinted((await b.get('/buyer/orders')).body)).toEqual(['/assets/OrdersPage-a1.js', '/assets/en-b2.js']);
    expect(hinted((await b.get('/')).body)).toEqual([]);
    // Opening a page creates no session.
    expect(b.cookies.size).toBe(0);
  });

  it('a logged-in buyer gets their own session, cart count and language', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop', DEMO_PASSWORD);
    await b.post('/api/preferences', { language: 'de' });
    const page = await b.get('/buyer/orders');
    const session = bootOf(page.body).session;
    expect(session).toEqual((await b.get('/api/auth/session')).json());
    expect(session).toMatchObject({ userType: 'REGISTERED', language: 'de', user: { email: 'buyer@demo.shop' } });
    expect(page.body).toContain('<html lang="de">');
    // The page's code and its texts, in the buyer's language, are named in the head.
    expect(page.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/OrdersPage-a1.js">');
    expect(hinted(page.body)).toEqual(['/assets/OrdersPage-a1.js', '/assets/en-b2.js', '/assets/de-c3.js', '/assets/de-d4.js']);
    expect(page.body.indexOf('de-d4.js')).toBeLessThan(page.body.indexOf('</head>'));
    // Another buyer's page is theirs alone.
    expect(bootOf((await browser(t.app).get('/buyer/orders')).body).session).toMatchObject({ userType: 'TOURIST' });
  });

  it('a nickname cannot end the script element or run anything', async () => {
    const b = browser(t.app);
    const evil = '</script><script>alert(1)</script><!--';
    await t.db.update(users).set({ nickname: evil }).where(eq(users.email, 'buyer@demo.shop'));
    try {
      await b.login('buyer@demo.shop', DEMO_PASSWORD);
      const page = await b.get('/');
      expect(page.body).not.toContain('<script>alert(1)');
      expect(page.body.match(/<\/script>/g)).toHaveLength(2); // the module script's and the boot element's
      expect(bootOf(page.body).session).toMatchObject({ user: { nickname: evil } });
    } finally {
      await t.db.update(users).set({ nickname: 'Demo Buyer' }).where(eq(users.email, 'buyer@demo.shop'));
    }
  });

  it('after logout the old cookie opens a guest page', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop', DEMO_PASSWORD);
    const cookie = b.cookieHeader()!;
    await b.post('/api/auth/logout');
    const replay = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(bootOf(replay.body).session).toMatchObject({ userType: 'TOURIST', user: null });
  });
});

describe("the app shell answers the opened page's first reads", () => {
  const PHONE = { 'user-agent': 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Mobile Safari/537.36' };
  const DESKTOP = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' };
  const readsOf = (html: string) => (bootOf(html) as unknown as { reads?: { path: string; body?: Record<string, unknown>; data: unknown }[] }).reads ?? [];
  const preloaded = (html: string) => [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);

  it("a buyer's order list on a phone carries the phone list's first page and counts, as the API answers them, and names the first picture", async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop', DEMO_PASSWORD);
    const page = await b.get('/buyer/orders', { headers: PHONE });
    const reads = readsOf(page.body);
    expect(reads.map((r) => r.path)).toEqual([ORDER_PAGE_PATH, ORDER_COUNTS_PATH]);
    expect(reads[0]!.body).toEqual({ pageSize: ORDER_LIST_PAGE_SIZE, searchStatus: 'ALL_ORDER', deviceSource: 'H5', pageNo: 1 });
    expect(reads[1]!.body).toEqual({ deviceSource: 'H5' });
    for (const read of reads) expect(read.data, read.path).toEqual((await b.post(read.path, read.body)).json());
    const list = reads[0]!.data as OrderPage;
    expect(list.data.length).toBeGreaterThan(0);
    // The first card's first picture is fetched with the page, named in its head.
    const picture = list.data[0]!.tradeOrderLineList[0]!.sku.image;
    expect(preloaded(page.body)).toEqual([picture]);
    expect(page.body.indexOf(picture)).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('a desktop browser gets the desktop list; a page with a query string, or one without first reads, gets none', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop', DEMO_PASSWORD);
    const desktop = readsOf((await b.get('/buyer/orders', { headers: DESKTOP })).body);
    expect(desktop.map((r) => r.body?.deviceSource)).toEqual(['PC', 'PC']);
    // The client hint decides over the user agent.
    const hinted = readsOf((await b.get('/buyer/orders', { headers: { ...DESKTOP, 'sec-ch-ua-mobile': '?1' } })).body);
    expect(hinted.map((r) => r.body?.deviceSource)).toEqual(['H5', 'H5']);
    expect(readsOf((await b.get('/buyer/orders?status=UN_PAY', { headers: PHONE })).body)).toEqual([]);
    const cart = await b.get('/cart', { headers: PHONE });
    expect(readsOf(cart.body)).toEqual([]);
    expect(preloaded(cart.body)).toEqual([]);
  });

  it("a guest's item page carries the item; a read the caller may not make is left out", async () => {
    const guest = browser(t.app);
    const item = readsOf((await guest.get('/item/standing-desk-e7')).body);
    expect(item).toEqual([{ path: '/api/catalog/items/standing-desk-e7', data: (await guest.get('/api/catalog/items/standing-desk-e7')).json() }]);
    // An item that does not exist: its 404 stays out, and the page asks (and shows the not-found state) itself.
    expect(readsOf((await guest.get('/item/no-such-item')).body)).toEqual([]);
    // The buyer centre's summary needs a registered buyer.
    expect((await guest.get(BUYER_HOME_PATH)).statusCode).not.toBe(200);
    expect(readsOf((await guest.get('/buyer/index')).body).map((r) => r.path)).not.toContain(BUYER_HOME_PATH);
  });

  it('is compressed for a browser that accepts it', async () => {
    const b = browser(t.app);
    await b.login('buyer@demo.shop', DEMO_PASSWORD);
    const plain = await b.get('/buyer/orders', { headers: PHONE });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [['gzip, deflate, br', 'br', zlib.brotliDecompressSync], ['gzip, deflate', 'gzip', zlib.gunzipSync]] as const) {
      const page = await b.get('/buyer/orders', { headers: { ...PHONE, 'accept-encoding': accept } });
      expect(page.headers['content-encoding'], accept).toBe(encoding);
      expect(page.headers.vary, accept).toContain('accept-encoding');
      const html = decode(page.rawPayload).toString('utf8');
      expect(readsOf(html), accept).toEqual(readsOf(plain.body));
      expect(page.rawPayload.length, accept).toBeLessThan(html.length / 2);
    }
    // `q=0` refuses an encoding.
    expect((await b.get('/buyer/orders', { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
  });
});
