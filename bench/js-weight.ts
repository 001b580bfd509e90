/**
 * `npm run js-weight`: the JavaScript a phone loads on the first visit of each buyer route
 * (every script until the network is idle, gzip -9), logged in as the demo buyer where the route
 * needs it. Serves the built web app (WEB_DIST_DIR, default apps/web/dist: run `npm run build`
 * first) from the shop on a fresh embedded database with the demo data and drives Debian's
 * Chromium (CHROMIUM_PATH). Target of issue 14: at most 150 KB gzip on every buyer route.
 * JS_ROUTES=/,/cart picks routes; JS_DETAIL=1 lists each route's files.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startEmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded.js';
import { createDb, runMigrations } from '../apps/server/src/db/client.js';
import { seed } from '../apps/server/src/seed/index.js';
import { buildApp } from '../apps/server/src/app.js';

const BUDGET_KB = 150;
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No built web app in ${dist}: run npm run build (or set WEB_DIST_DIR)`);

/** Buyer routes: [path, logged in]. Ids of orders are looked up after seeding. */
const ROUTES: [string, boolean][] = [
  ['/', false], ['/item/standing-desk-e7', false], ['/cart', false], ['/login', false], ['/signup', false],
  ['/checkout', true], ['/buyer/index', true], ['/buyer/orders', true], ['/buyer/order/detail/:order', true],
  ['/buyer/as-list', true], ['/buyer/as-apply', true], ['/buyer/comments', true], ['/buyer/address', true], ['/buyer/cards', true],
  ['/buyer/account-security', true], ['/buyer/certificates', true], ['/buyer/my-coupons', true], ['/user/super-member', true],
  ['/user/member', true], ['/user/member/score', true], ['/forgot-password', false], ['/order-lookup', false], ['/articles', false],
];
const only = process.env.JS_ROUTES?.split(',');

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-jsweight-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
let failed = 0;
try {
  const db = createDb(await ensureDatabase(pg.serverUrl, 'mall'), 10);
  await runMigrations(db);
  await seed(db);
  const app = await buildApp({ db, rateLimits: false, webDistDir: dist });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const { rows: [order] } = await db.$client.query<{ id: string }>(
    `SELECT o.id FROM trade_orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = 'buyer@demo.shop' ORDER BY o.id LIMIT 1`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
    body: JSON.stringify({ email: 'buyer@demo.shop', password: 'demo1234' }),
  });
  const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
  // A checkout needs a selected cart line.
  await fetch(`${base}/api/cart/lines`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-mall-request': '1', cookie: `${name}=${value}` },
    body: JSON.stringify({ skuId: '1', qty: '1' }),
  });

  const sizes = new Map<string, number>();
  const gz = async (url: string) => {
    if (!sizes.has(url)) sizes.set(url, zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
    return sizes.get(url)!;
  };
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [pattern, buyer] of ROUTES) {
    if (only && !only.includes(pattern)) continue;
    const route = pattern.replace(':order', order?.id ?? '1');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    if (buyer) await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script' && r.url().startsWith(base)) scripts.push(r.url()); });
    if (route === '/checkout') {
      // Checkout reads its lines from the history state the cart leaves: reach it from the cart,
      // then measure a reload with an empty cache (the history state survives a reload).
      await page.goto(`${base}/cart`, { waitUntil: 'networkidle' });
      await page.getByTestId('checkout-button').click();
      await page.waitForURL(/\/checkout$/);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      scripts.length = 0;
      await page.reload({ waitUntil: 'networkidle' });
    } else {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    }
    // On a busy machine the network can go quiet while the page's code still runs: wait for the
    // page's heading, then for the network once more (a page's later reads may fetch more code).
    await page.locator('main h1').first().waitFor({ timeout: 20_000 }).catch(() => {});
    await page.waitForLoadState('networkidle');
    const landed = new URL(page.url()).pathname;
    let total = 0;
    const files: string[] = [];
    for (const s of [...new Set(scripts)]) {
      const size = await gz(s);
      total += size;
      files.push(`${path.basename(new URL(s).pathname)} ${kb(size)}`);
    }
    const over = total / 1024 > BUDGET_KB;
    if (over) failed++;
    console.log(`${over ? 'OVER' : 'ok  '}  ${pattern.padEnd(26)} ${kb(total).padStart(6)} KB gzip in ${String(files.length).padStart(2)} files${landed !== route ? `  (landed on ${landed})` : ''}`
      + (process.env.JS_DETAIL ? `\n        ${files.sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1])).join(', ')}` : ''));
    await context.close();
  }
  await browser.close();
  await app.close();
  await db.$client.end();
} finally {
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? `\n${failed} route(s) over ${BUDGET_KB} KB gzip` : `\nEvery route within ${BUDGET_KB} KB gzip`);
