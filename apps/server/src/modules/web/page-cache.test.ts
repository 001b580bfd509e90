/**
 * The guests' copies of shared pages (page-cache.ts) as render.ts uses them. The web build is
 * stood in for by a server entry that counts its renders and writes the price it reads, so each
 * test sees whether a page was rendered again and what it showed (the real pages' HTML is
 * checked by e2e/server-rendering.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { pageCache } from './page-cache.js';

let t: TestApp;
let dist: string;
const SHELL =
  '<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

// `shared` when the path starts with /item/ (as the item route's handle says); the page names the
// caller (a guest or the buyer's email) and the cable tray's price read in-process.
const ENTRY = `
import { Readable } from 'node:stream';
export const PAGE_STATE_ID = 'page-state';
globalThis.renders = 0;
export async function render({ request, language, reads, nonce }) {
  globalThis.renders += 1;
  const session = await reads('/api/auth/session', { method: 'GET' });
  const items = await reads('/api/catalog/items?pageSize=48', { method: 'GET' });
  const tray = items.data.data.find((i) => i.urlKey === 'cable-tray');
  const who = session.data.user ? session.data.user.email : 'guest';
  const html = '<script nonce="' + nonce + '">r()</script><main>' + who + ' ' + new URL(request.url).pathname + ' ' + tray.price.currency + ' ' + tray.price.value + '</main>';
  return { kind: 'page', status: 200, language, state: '{}', stream: { pipe: (w) => Readable.from([html]).pipe(w), abort() {} } };
}
export function sharedPage(path) { return path.startsWith('/item/'); }`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-pages-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.mkdirSync(`${dist}-server`);
  fs.writeFileSync(path.join(`${dist}-server`, 'entry-server.js'), ENTRY);
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(`${dist}-server`, { recursive: true, force: true });
});

const renders = () => (globalThis as { renders?: number }).renders ?? 0;
const sql = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);

describe('shared pages for guests', () => {
  it('a guest gets the kept page again, compressed as asked, each response with its own policy', async () => {
    const guest = browser(t.app);
    const first = await guest.get('/item/cable-tray');
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<main>guest \/item\/cable-tray USD \d+\.\d\d<\/main>/);
    const before = renders();
    const again = await browser(t.app).get('/item/cable-tray', { headers: { 'accept-encoding': 'br' } });
    expect(renders()).toBe(before);
    expect(again.headers['content-encoding']).toBe('br');
    // The kept page carries this response's nonce, the one its policy allows.
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(nonceOf(String(again.headers['content-security-policy']))).not.toBe(
      nonceOf(String(first.headers['content-security-policy'])),
    );
    expect(first.body).toContain(`<script nonce="${nonceOf(String(first.headers['content-security-policy']))}">`);
    expect(zlib.brotliDecompressSync(again.rawPayload).toString()).toBe(
      first.body.replaceAll(
        nonceOf(String(first.headers['content-security-policy'])),
        nonceOf(String(again.headers['content-security-policy'])),
      ),
    );
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('guests asking at once while nobody has the page share one render', async () => {
    const before = renders();
    const pages = await Promise.all(Array.from({ length: 10 }, () => browser(t.app).get('/item/cable-tray?from=mail')));
    expect(renders()).toBe(before + 1);
    // The same page, each with its own nonce.
    expect(new Set(pages.map((p) => p.body.replace(/nonce="[^"]+"/, ''))).size).toBe(1);
    expect(new Set(pages.map((p) => p.body)).size).toBe(10);
    expect(pages[0]!.body).toContain('<main>guest /item/cable-tray USD');
  });

  it('a catalog change shows on the next guest request', async () => {
    const {
      rows: [p],
    } = await sql(`SELECT sp.sku_id FROM sku_prices sp JOIN skus s ON s.id = sp.sku_id JOIN items i ON i.id = s.item_id
      WHERE i.url_key = 'cable-tray' AND sp.currency = 'USD' ORDER BY sp.amount_minor LIMIT 1`);
    const price = (body: string) => Number(/USD (\d+\.\d\d)/.exec(body)![1]);
    const before = price((await browser(t.app).get('/item/cable-tray')).body);
    await sql(`UPDATE sku_prices SET amount_minor = amount_minor + 100 WHERE sku_id = $1 AND currency = 'USD'`, [
      p.sku_id,
    ]);
    try {
      expect(price((await browser(t.app).get('/item/cable-tray')).body)).toBe(before + 1);
    } finally {
      await sql(`UPDATE sku_prices SET amount_minor = amount_minor - 100 WHERE sku_id = $1 AND currency = 'USD'`, [
        p.sku_id,
      ]);
    }
  });

  it('each site and language has its own copy', async () => {
    const de = browser(t.app);
    de.cookies.set('site', 'DE');
    await browser(t.app).get('/item/cable-tray');
    await de.get('/item/cable-tray');
    const before = renders();
    expect((await de.get('/item/cable-tray')).body).toContain('EUR');
    expect(renders()).toBe(before);
    // The US copy is another one, still kept.
    expect((await browser(t.app).get('/item/cable-tray')).body).toContain('USD');
    expect(renders()).toBe(before);
  });

  it('a logged-in buyer gets their own page every time, and pages that are not shared are never kept', async () => {
    const buyer = browser(t.app);
    expect(
      (await buyer.post('/api/auth/login', { email: 'buyer@demo.shop', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
    await browser(t.app).get('/item/cable-tray');
    let before = renders();
    expect((await buyer.get('/item/cable-tray')).body).toContain('<main>buyer@demo.shop /item/cable-tray');
    expect((await buyer.get('/item/cable-tray')).body).toContain('<main>buyer@demo.shop');
    expect(renders()).toBe(before + 2);
    before = renders();
    await browser(t.app).get('/cart');
    await browser(t.app).get('/cart');
    expect(renders()).toBe(before + 2);
  });
});

describe('page cache', () => {
  it('drops a copy past its age even when the catalog is unchanged', async () => {
    let now = 1_000;
    const cache = pageCache({ maxAgeMs: 5_000, now: () => now });
    cache.set('k', 'v1', '<p>page</p>', 'n');
    now += 5_000;
    expect(cache.get('k', 'v1')).toBeDefined();
    expect(cache.get('k', 'v2')).toBeUndefined();
    cache.set('k', 'v2', '<p>page</p>', 'n');
    now += 5_001;
    expect(cache.get('k', 'v2')).toBeUndefined();
  });

  it("a kept page goes out with each response's own nonce; one without a nonce is compressed once", async () => {
    const cache = pageCache();
    const page = '<script nonce="n1">x()</script><p>page</p>'.repeat(20);
    const entry = cache.set('k', 'v', page, 'n1');
    expect((await cache.body(entry, undefined, 'n2')).toString()).toBe(page.replaceAll('nonce="n1"', 'nonce="n2"'));
    expect(zlib.brotliDecompressSync(await cache.body(entry, 'br', 'n3')).toString()).not.toContain('n1');
    const plain = cache.set('p', 'v', '<p>page</p>'.repeat(100), 'n1');
    const gz = await cache.body(plain, 'gzip', 'n2');
    expect(zlib.gunzipSync(gz).toString()).toBe('<p>page</p>'.repeat(100));
    expect(await cache.body(plain, 'gzip', 'n3')).toBe(gz);
  });
});
