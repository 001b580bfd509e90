/**
 * `npm run js-weight`: the JavaScript a phone and a desktop browser load on the first visit of
 * each buyer route (every script until the network is idle, gzip -9; the two differ where a page
 * loads parts only one layout shows, shared/layoutPart.tsx), logged in as the demo buyer where the route
 * needs it. Serves the built web app (WEB_DIST_DIR, default apps/web/dist: run `npm run build`
 * first) from the shop on a fresh embedded database with the demo data and drives Debian's
 * Chromium (CHROMIUM_PATH). Target: at most 150 KB gzip on every buyer route.
 * JS_ROUTES=/,/cart picks routes, JS_DEVICES=phone or desktop one layout; JS_DETAIL=1 lists each route's files.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { withDemoShop } from './demo-shop.js';

const BUDGET_KB = 150;

/** Buyer routes: [path, logged in]. Ids of orders are looked up after seeding. */
const ROUTES: [string, boolean][] = [
  ['/', false],
  ['/item/standing-desk-e7', false],
  ['/cart', false],
  ['/login', false],
  ['/signup', false],
  ['/checkout', true],
  ['/buyer/index', true],
  ['/buyer/orders', true],
  ['/buyer/order/detail/:order', true],
  ['/buyer/as-list', true],
  ['/buyer/as-apply', true],
  ['/buyer/comments', true],
  ['/buyer/address', true],
  ['/buyer/cards', true],
  ['/buyer/account-security', true],
  ['/buyer/certificates', true],
  ['/buyer/my-coupons', true],
  ['/user/super-member', true],
  ['/user/member', true],
  ['/user/member/score', true],
  ['/forgot-password', false],
  ['/order-lookup', false],
  ['/articles', false],
];
const only = process.env.JS_ROUTES?.split(',');
const DEVICES = (
  [
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
    ['desktop', { viewport: { width: 1280, height: 900 } }],
  ] as const
).filter(([device]) => !process.env.JS_DEVICES || process.env.JS_DEVICES.split(',').includes(device));

let failed = 0;
await withDemoShop('mall-jsweight-', async ({ base, db, buyerCookie }) => {
  const {
    rows: [order],
  } = await db.$client.query<{ id: string }>(
    `SELECT o.id FROM trade_orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = 'buyer@demo.shop' ORDER BY o.id LIMIT 1`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const [name, value] = buyerCookie.split('=') as [string, string];

  const sizes = new Map<string, number>();
  const gz = async (url: string) => {
    if (!sizes.has(url))
      sizes.set(url, zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
    return sizes.get(url)!;
  };
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [device, options] of DEVICES)
    for (const [pattern, buyer] of ROUTES) {
      if (only && !only.includes(pattern)) continue;
      const route = pattern.replace(':order', order?.id ?? '1');
      const context = await browser.newContext(options);
      if (buyer) await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' && r.url().startsWith(base)) scripts.push(r.url());
      });
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
      await page
        .locator('main h1')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => {});
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
      console.log(
        `${over ? 'OVER' : 'ok  '}  ${device.padEnd(8)} ${pattern.padEnd(26)} ${kb(total).padStart(6)} KB gzip in ${String(files.length).padStart(2)} files${landed !== route ? `  (landed on ${landed})` : ''}` +
          (process.env.JS_DETAIL
            ? `\n        ${files.sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1])).join(', ')}`
            : ''),
      );
      await context.close();
    }
  await browser.close();
});
console.log(failed ? `\n${failed} route(s) over ${BUDGET_KB} KB gzip` : `\nEvery route within ${BUDGET_KB} KB gzip`);
