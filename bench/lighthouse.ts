/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the pages a buyer
 * lands on: home, an item page, checkout and the order list, each run LH_RUNS times (default 2).
 * It serves the built web app (WEB_DIST_DIR, default apps/web/dist: run `npm run build` first)
 * from the shop on a fresh embedded database with the demo data, drives Debian's Chromium
 * (CHROMIUM_PATH) and prints performance and accessibility scores, LCP, TBT and the scripts each
 * page loaded with their gzip size. Loopback only. LH_OUT=<dir> also writes each JSON report;
 * LH_PAGES=home,item,checkout,orders picks pages. LH_HTTP2=1 serves the shop over HTTPS, so the
 * browser speaks HTTP/2 as it does with a shop in production (TLS_CERT_FILE / TLS_KEY_FILE, or a
 * proxy in front), with the loopback test certificate (bench/tls) that Chromium is told to accept.
 * Each run also prints Lighthouse's CPU benchmark index of the machine at that moment (it moved
 * between 1,690 and 2,660 within an hour on the shared development machine, and the same build's
 * score with it), and with several runs each page's median score.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { withDemoShop } from './demo-shop.js';
import { median } from './stats.js';

const RUNS = Number(process.env.LH_RUNS ?? 2);
const OUT = process.env.LH_OUT;
/** LH_PAGES=home,checkout measures only those. */
const ONLY = process.env.LH_PAGES?.split(',');
const HTTP2 = process.env.LH_HTTP2 === '1';
/** LH_TRACE=1 (with LH_OUT) also writes each run's trace, `<page>-<run>.trace.json`, for Chromium's or Perfetto's trace viewer. */
const TRACE = process.env.LH_TRACE === '1';
/**
 * LH_CPU_SLOWDOWN: the CPU multiplier of the simulated throttling (Lighthouse's mobile default is
 * 4, calibrated for a host of a given speed). On a faster host a higher one stands for the same
 * phone: 4 x (this host's benchmark index / a slower host's) measures as that host would.
 */
const CPU_SLOWDOWN = process.env.LH_CPU_SLOWDOWN ? Number(process.env.LH_CPU_SLOWDOWN) : undefined;

interface PageCase {
  name: string;
  /** Logged in as the demo buyer. */
  buyer?: boolean;
  url: string;
  /**
   * Prepares the page, which is then measured by reloading it: checkout reads its lines from the
   * history state the cart page leaves, which a reload keeps and a fresh navigation would not.
   */
  prepare?: (page: Page, base: string) => Promise<void>;
}

const cases: PageCase[] = [
  { name: 'home', url: '/' },
  { name: 'item', url: '/item/standing-desk-e7' },
  {
    name: 'checkout',
    url: '/checkout',
    buyer: true,
    prepare: async (page, base) => {
      await page.goto(`${base}/cart`, { waitUntil: 'networkidle0' });
      await page.locator('[data-testid="checkout-button"]').click();
      await page.waitForFunction(() => location.pathname === '/checkout');
      // A cold load like the others: the reload must not reuse what the cart page cached.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    },
  },
  { name: 'orders', url: '/buyer/orders', buyer: true },
];

if (OUT) fs.mkdirSync(OUT, { recursive: true });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await withDemoShop(
    'mall-lighthouse-',
    async ({ base, dist, buyerCookie: sessionCookie }) => {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-dev-shm-usage',
          ...(HTTP2 ? ['--ignore-certificate-errors'] : []),
        ],
      });
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

      // gzip -9 size of every script a page loaded (the same figure whether the server compresses or not).
      const gzipSizes = new Map<string, number>();
      const gzipSize = async (url: string) => {
        // Read from the build, as served (no fetch that would have to trust the test certificate).
        if (!gzipSizes.has(url))
          gzipSizes.set(
            url,
            zlib.gzipSync(await fs.promises.readFile(path.join(dist, new URL(url).pathname)), { level: 9 }).length,
          );
        return gzipSizes.get(url)!;
      };
      const kb = (n: number) => (n / 1024).toFixed(1);

      const rows: string[] = [];
      const medians: string[] = [];
      for (const c of cases.filter((p) => !ONLY || ONLY.includes(p.name))) {
        const scores: number[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const measure = async () => {
            const page = await browser.newPage();
            const [name, value] = sessionCookie.split('=') as [string, string];
            if (c.buyer) await page.setCookie({ name, value, url: base });
            else await page.deleteCookie({ name, url: base });
            await c.prepare?.(page, base);
            const result = await navigation(
              page,
              c.prepare
                ? async () => {
                    await page.reload();
                  }
                : `${base}${c.url}`,
              {
                flags: {
                  onlyCategories: ['performance', 'accessibility'],
                  logLevel: 'error',
                  ...(CPU_SLOWDOWN && { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
                },
              },
            );
            await page.close();
            if (OUT && TRACE) {
              fs.writeFileSync(
                path.join(OUT, `${c.name}-${run}.trace.json`),
                JSON.stringify((result!.artifacts as { Trace?: unknown }).Trace),
              );
            }
            return result!.lhr;
          };
          let lhr = await measure();
          // A broken trace (NO_NAVSTART, NO_FCP on a starved machine) says nothing about the page: one more try.
          if (lhr.runtimeError) {
            console.log(`${c.name.padEnd(9)} run ${run}  Lighthouse error ${lhr.runtimeError.code}, measuring again`);
            lhr = await measure();
          }
          if (OUT) {
            fs.writeFileSync(path.join(OUT, `${c.name}-${run}.json`), JSON.stringify(lhr));
          }
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          if (landed !== c.url) throw new Error(`${c.name}: landed on ${landed}, not ${c.url}`);
          const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
          const audit = (k: string) => lhr.audits[k]?.displayValue ?? '-';
          const requests =
            (
              lhr.audits['network-requests']?.details as
                { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
            )?.items ?? [];
          const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base));
          let gz = 0;
          let transfer = 0;
          const names: string[] = [];
          for (const s of scripts) {
            const size = await gzipSize(s.url);
            gz += size;
            transfer += s.transferSize ?? 0;
            names.push(`${path.basename(new URL(s.url).pathname)} ${kb(size)}`);
          }
          const failed = lhr.categories
            .accessibility!.auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
            .map((r) => r.id);
          scores.push(score('performance'));
          rows.push(
            `${c.name.padEnd(9)} run ${run}  perf ${String(score('performance')).padStart(3)}  a11y ${String(score('accessibility')).padStart(3)}  ` +
              `FCP ${audit('first-contentful-paint')}  LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  ` +
              `CPU index ${Math.round(lhr.environment.benchmarkIndex)} x${lhr.configSettings.throttling.cpuSlowdownMultiplier}  ` +
              `JS ${scripts.length} files, ${kb(gz)} KB gzip, ${kb(transfer)} KB transferred` +
              (failed.length ? `\n          a11y audits failed: ${failed.join(', ')}` : '') +
              (run === 1 ? `\n          scripts (KB gzip): ${names.join(', ')}` : ''),
          );
          console.log(rows.at(-1));
        }
        if (RUNS > 1)
          medians.push(`${c.name.padEnd(9)} median perf ${median(scores)} over ${RUNS} runs (${scores.join(', ')})`);
      }
      if (medians.length) console.log(`\n${medians.join('\n')}`);
      await browser.disconnect();
    },
    { tls: HTTP2 },
  );
} finally {
  chrome?.kill();
}
