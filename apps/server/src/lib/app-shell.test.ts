import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
