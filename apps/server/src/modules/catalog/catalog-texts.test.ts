/**
 * Catalog texts per language (items.texts, seeded in the seven languages): the item list and
 * detail, the cart and checkout speak the caller's language (the `lang` cookie, else the site's
 * default), fall back to English where a translation is missing, and an order keeps the name
 * as it was bought. Before, names and descriptions stayed English on the DE and JP sites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '@mall/contracts';
import { items, tradeOrderLines } from '../../db/schema/index.js';
import { browser, type Browser, type TestApp } from '../../../test/helpers.js';
import { startCheckoutSuite, submit, submitBodyFor, usAddress, type Fixtures } from '../../../test/checkout-fixtures.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
beforeAll(async () => { ({ t, f, buyer } = await startCheckoutSuite()); });
afterAll(async () => { await t?.close(); });

async function on(prefs: { site?: string; language?: string }): Promise<Browser> {
  const b = browser(t.app);
  const res = await b.post('/api/preferences', prefs);
  expect(res.statusCode, res.body).toBe(200);
  return b;
}
const names = async (b: Browser, query: Record<string, string> = {}) => {
  const res = await b.get('/api/catalog/items', { query });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().data.map((c: { urlKey: string; itemName: string }) => [c.urlKey, c.itemName])) as Record<string, string>;
};
const detail = async (b: Browser, key: string) => {
  const res = await b.get(`/api/catalog/items/${key}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('catalog texts per language', () => {
  it('the DE site lists and shows German names and descriptions', async () => {
    const de = await on({ site: 'DE' });
    const list = await names(de);
    expect(list['standing-desk-e7']).toBe('Steh-Schreibtisch E7');
    expect(list['diy-desk-bundle']).toBe('DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)');
    const d = await detail(de, 'standing-desk-e7');
    expect(d.itemName).toBe('Steh-Schreibtisch E7');
    expect(d.description).toBe('Höhenverstellbarer Schreibtisch mit zwei Motoren, 58–123 cm, Memory-Positionen.');
    // The parts of a bundle are named in the same language.
    expect((await detail(de, 'diy-desk-bundle')).diyChildren.map((p: { itemName: string }) => p.itemName)).toEqual(['Tischplatte Eiche 140', 'Kabelwanne für unter den Tisch']);
  });

  it('the JP site speaks Japanese; a chosen language wins over the site default', async () => {
    expect((await detail(await on({ site: 'JP' }), 'office-coffee-beans')).itemName).toBe('オフィス用コーヒー豆（量り売り）');
    expect((await detail(await on({ site: 'US', language: 'fr' }), 'ergonomic-chair-c7')).itemName).toBe('Chaise ergonomique C7');
    expect((await detail(await on({ site: 'DE', language: 'en' }), 'ergonomic-chair-c7')).itemName).toBe('Ergonomic Chair C7');
    expect((await names(browser(t.app)))['standing-desk-e7']).toBe('Standing Desk E7');
  });

  it('every listed demo item has its name and description in all seven languages', async () => {
    const rows = await t.db.select().from(items);
    for (const row of rows) {
      for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
        const texts = (row.texts as Record<string, { itemName?: string; description?: string }>)[lng];
        expect(texts?.itemName, `${row.urlKey} ${lng}`).toBeTruthy();
        expect(texts?.description, `${row.urlKey} ${lng}`).toBeTruthy();
        expect(texts!.itemName).not.toBe(row.itemName);
      }
    }
  });

  it('falls back to English where a translation is missing', async () => {
    await t.db.update(items).set({ texts: sql`${items.texts} - 'nl'` }).where(eq(items.urlKey, 'cable-tray'));
    await t.db.update(items).set({ texts: sql`jsonb_set(${items.texts}, '{nl}', '{"itemName": "Koffiebonen"}')` }).where(eq(items.urlKey, 'office-coffee-beans'));
    const nl = await on({ site: 'NL' });
    const list = await names(nl);
    expect(list['cable-tray']).toBe('Under-desk Cable Tray');
    expect(list['standing-desk-e7']).toBe('Zit-sta-bureau E7');
    const coffee = await detail(nl, 'office-coffee-beans');
    expect(coffee.itemName).toBe('Koffiebonen');
    expect(coffee.description).toBe('Medium roast arabica, sold by the kilogram in 0.5 kg steps.');
  });

  it('the search finds items by their name in the caller\'s language and in English', async () => {
    const de = await on({ site: 'DE' });
    expect(Object.keys(await names(de, { keyword: 'Bürostuhl' }))).toEqual(['ergonomic-chair-c7']);
    expect(Object.keys(await names(de, { keyword: 'chair' }))).toEqual(['ergonomic-chair-c7']);
    expect(Object.keys(await names(await on({ site: 'US' }), { keyword: 'Bürostuhl' }))).toEqual([]);
  });

  it('the cart speaks the language; the order keeps the name as bought', async () => {
    expect((await buyer.post('/api/preferences', { language: 'de' })).statusCode).toBe(200);
    const cart = await buyer.post('/api/cart/lines', { skuId: f.sku['C7-GRY'], qty: '1' });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart.json().shops.flatMap((s: { lines: unknown[] }) => s.lines).find((l: { sku: { id: string } }) => l.sku.id === f.sku['C7-GRY']);
    expect(line.item.itemName).toBe('Ergonomischer Bürostuhl C7');

    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['C7-GRY'], qty: '1' }, { skuId: f.sku['DIY-FRAME-E5'], qty: '1' }],
      selectedAddress: usAddress(f), preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }], couponIds: [],
    };
    const res = await submit(buyer, await submitBodyFor(buyer, choices));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().tradeOrderIdList[0];
    const snapshotNames = (await t.db.select().from(tradeOrderLines).where(eq(tradeOrderLines.orderId, BigInt(orderId))).orderBy(tradeOrderLines.id))
      .map((l) => (l.snapshot as { itemName: string }).itemName);
    expect(snapshotNames).toEqual(['Ergonomischer Bürostuhl C7', 'DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)', 'Tischplatte Eiche 140', 'Kabelwanne für unter den Tisch']);

    // Back in English, the order still reads as bought.
    expect((await buyer.post('/api/preferences', { language: 'en' })).statusCode).toBe(200);
    const d = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id: orderId });
    expect(d.json().tradeOrderLineList[0].sku.item.itemName).toBe('Ergonomischer Bürostuhl C7');
  });
});
