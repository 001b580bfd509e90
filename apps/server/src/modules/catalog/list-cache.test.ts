import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { browser, createTestApp, recordStatements, type TestApp } from '../../../test/helpers.js';

// Two app servers on one database (README "Running several servers"): each keeps its own cache.
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ db: t.db });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type Card = { urlKey: string; itemName: string; price: { value: string }; inStock: boolean };
const list = async (app: FastifyInstance, query?: Record<string, string>, cookies?: Record<string, string>) => {
  const b = browser(app);
  for (const [k, v] of Object.entries(cookies ?? {})) b.cookies.set(k, v);
  const res = await b.get('/api/catalog/items', { query });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ data: Card[]; total: number }>();
};
const card = async (app: FastifyInstance, urlKey: string, cookies?: Record<string, string>) =>
  (await list(app, undefined, cookies)).data.find((c) => c.urlKey === urlKey)!;
const sql = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);
const version = async () => (await sql('SELECT version FROM catalog_version')).rows[0].version as string;

describe('item list cache', () => {
  it('serves the same body again while nothing changed', async () => {
    const first = await list(t.app);
    const v = await version();
    expect(await list(t.app)).toEqual(first);
    expect(await version()).toBe(v);
  });

  it('requests at once share the version reads, and a change made before they asked shows in every answer', async () => {
    await list(t.app);
    const {
      rows: [p],
    } = await sql(`SELECT sp.sku_id FROM sku_prices sp JOIN skus s ON s.id = sp.sku_id JOIN items i ON i.id = s.item_id
      WHERE i.url_key = 'cable-tray' AND sp.currency = 'USD' ORDER BY sp.amount_minor LIMIT 1`);
    const rec = recordStatements(t.db);
    try {
      const before = await Promise.all(Array.from({ length: 6 }, () => card(t.app, 'cable-tray')));
      // The first goes at once; the five asked for while it ran share one.
      expect(rec.statements).toEqual(['catalog_version', 'catalog_version']);
      expect(new Set(before.map((c) => c.price.value)).size).toBe(1);
      await rec.unrecorded(
        `UPDATE sku_prices SET amount_minor = amount_minor + 100 WHERE sku_id = ${Number(p.sku_id)} AND currency = 'USD'`,
      );
      const after = await Promise.all(Array.from({ length: 6 }, () => card(t.app, 'cable-tray')));
      expect(after.map((c) => Number(c.price.value))).toEqual(after.map(() => Number(before[0]!.price.value) + 1));
    } finally {
      rec.stop();
      await sql(`UPDATE sku_prices SET amount_minor = amount_minor - 100 WHERE sku_id = $1 AND currency = 'USD'`, [
        p.sku_id,
      ]);
    }
  });

  it('a price change shows on the next request of every server', async () => {
    const before = await card(t.app, 'cable-tray');
    await card(other, 'cable-tray');
    const {
      rows: [p],
    } =
      await sql(`SELECT sp.sku_id, sp.amount_minor FROM sku_prices sp JOIN skus s ON s.id = sp.sku_id JOIN items i ON i.id = s.item_id
      WHERE i.url_key = 'cable-tray' AND sp.currency = 'USD' ORDER BY sp.amount_minor LIMIT 1`);
    await sql(`UPDATE sku_prices SET amount_minor = amount_minor - 100 WHERE sku_id = $1 AND currency = 'USD'`, [
      p.sku_id,
    ]);
    const expected = (Number(p.amount_minor) - 100) / 100;
    expect(Number((await card(t.app, 'cable-tray')).price.value)).toBe(expected);
    expect(Number((await card(other, 'cable-tray')).price.value)).toBe(expected);
    expect(Number(before.price.value)).toBe(expected + 1);
  });

  it('stock running out and coming back flips inStock; other stock moves keep the cache', async () => {
    expect((await card(t.app, 'monitor-lamp')).inStock).toBe(true);
    const v = await version();
    await sql(
      `UPDATE skus SET stock = stock - 1 WHERE item_id = (SELECT id FROM items WHERE url_key = 'monitor-lamp') AND stock > 1`,
    );
    expect(await version()).toBe(v);
    await sql(`UPDATE skus SET stock = 0 WHERE item_id = (SELECT id FROM items WHERE url_key = 'monitor-lamp')`);
    expect((await card(t.app, 'monitor-lamp')).inStock).toBe(false);
    await sql(`UPDATE skus SET stock = 5 WHERE item_id = (SELECT id FROM items WHERE url_key = 'monitor-lamp')`);
    expect((await card(other, 'monitor-lamp')).inStock).toBe(true);
    expect((await card(t.app, 'monitor-lamp')).inStock).toBe(true);
  });

  it('a renamed, unlisted or translated item shows at once; one transaction bumps the version once', async () => {
    await list(t.app);
    const v = BigInt(await version());
    const c = await t.db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query(`UPDATE items SET item_name = 'Cable Tray XL' WHERE url_key = 'cable-tray'`);
      await c.query(
        `UPDATE items SET texts = jsonb_set(texts, '{de}', '{"itemName": "Kabelwanne XL"}') WHERE url_key = 'cable-tray'`,
      );
      await c.query('COMMIT');
    } finally {
      c.release();
    }
    expect(BigInt(await version())).toBe(v + 1n);
    expect((await card(t.app, 'cable-tray')).itemName).toBe('Cable Tray XL');
    expect((await card(t.app, 'cable-tray', { site: 'DE' })).itemName).toBe('Kabelwanne XL');
    await sql(`UPDATE items SET listed = false WHERE url_key = 'cable-tray'`);
    expect(await card(other, 'cable-tray')).toBeUndefined();
    expect(await card(t.app, 'cable-tray')).toBeUndefined();
    await sql(`UPDATE items SET listed = true WHERE url_key = 'cable-tray'`);
  });

  it('a rolled-back change leaves the version alone', async () => {
    const v = await version();
    const c = await t.db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query(`UPDATE sku_prices SET amount_minor = 1 WHERE currency = 'USD'`);
      await c.query('ROLLBACK');
    } finally {
      c.release();
    }
    expect(await version()).toBe(v);
  });

  it('keeps each language, site, type and keyword apart, and pages past the first are read each time', async () => {
    const en = await card(t.app, 'standing-desk-e7');
    const de = await card(t.app, 'standing-desk-e7', { site: 'DE' });
    expect(de.price).not.toEqual(en.price);
    const tote = await list(t.app, { keyword: 'tote' });
    expect(tote.data.map((x) => x.urlKey)).toEqual(['canvas-tote-points']);
    expect((await list(t.app, { keyword: 'desk' })).data.length).toBeGreaterThan(1);
    const page2 = await list(t.app, { pageNo: '2', pageSize: '5' });
    await sql(`UPDATE skus SET stock = 0 WHERE item_id = (SELECT id FROM items WHERE url_key = $1)`, [
      page2.data[0]!.urlKey,
    ]);
    expect((await list(t.app, { pageNo: '2', pageSize: '5' })).data[0]!.inStock).toBe(false);
  });
});
