/**
 * Catalog texts per language (items.texts, skus.texts and shipping_methods.texts, seeded in the
 * seven languages): the item list and detail, the cart and checkout speak the caller's language
 * (the `lang` cookie, else the site's default), fall back to English where a translation is
 * missing, and an order keeps the name as it was bought. Before, names and descriptions stayed
 * English on the DE and JP sites, and SKU names, attributes and shipping methods did after that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '@mall/contracts';
import { items, shippingMethods, skus, tradeOrderLines } from '../../db/schema/index.js';
import { browser, type Browser, type TestApp } from '../../../test/helpers.js';
import {
  previewOk,
  startCheckoutSuite,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
beforeAll(async () => {
  ({ t, f, buyer } = await startCheckoutSuite());
});
afterAll(async () => {
  await t?.close();
});

async function on(prefs: { site?: string; language?: string }): Promise<Browser> {
  const b = browser(t.app);
  const res = await b.post('/api/preferences', prefs);
  expect(res.statusCode, res.body).toBe(200);
  return b;
}
const names = async (b: Browser, query: Record<string, string> = {}) => {
  const res = await b.get('/api/catalog/items', { query });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.json().data.map((c: { urlKey: string; itemName: string }) => [c.urlKey, c.itemName]),
  ) as Record<string, string>;
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
    expect((await detail(de, 'diy-desk-bundle')).diyChildren.map((p: { itemName: string }) => p.itemName)).toEqual([
      'Tischplatte Eiche 140',
      'Kabelwanne für unter den Tisch',
    ]);
  });

  it('the JP site speaks Japanese; a chosen language wins over the site default', async () => {
    expect((await detail(await on({ site: 'JP' }), 'office-coffee-beans')).itemName).toBe(
      'オフィス用コーヒー豆（量り売り）',
    );
    expect((await detail(await on({ site: 'US', language: 'fr' }), 'ergonomic-chair-c7')).itemName).toBe(
      'Chaise ergonomique C7',
    );
    expect((await detail(await on({ site: 'DE', language: 'en' }), 'ergonomic-chair-c7')).itemName).toBe(
      'Ergonomic Chair C7',
    );
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
    await t.db
      .update(items)
      .set({ texts: sql`${items.texts} - 'nl'` })
      .where(eq(items.urlKey, 'cable-tray'));
    await t.db
      .update(items)
      .set({ texts: sql`jsonb_set(${items.texts}, '{nl}', '{"itemName": "Koffiebonen"}')` })
      .where(eq(items.urlKey, 'office-coffee-beans'));
    const nl = await on({ site: 'NL' });
    const list = await names(nl);
    expect(list['cable-tray']).toBe('Under-desk Cable Tray');
    expect(list['standing-desk-e7']).toBe('Zit-sta-bureau E7');
    const coffee = await detail(nl, 'office-coffee-beans');
    expect(coffee.itemName).toBe('Koffiebonen');
    expect(coffee.description).toBe('Medium roast arabica, sold by the kilogram in 0.5 kg steps.');
  });

  it("the search finds items by their name in the caller's language and in English", async () => {
    const de = await on({ site: 'DE' });
    expect(Object.keys(await names(de, { keyword: 'Bürostuhl' }))).toEqual(['ergonomic-chair-c7']);
    expect(Object.keys(await names(de, { keyword: 'chair' }))).toEqual(['ergonomic-chair-c7']);
    expect(Object.keys(await names(await on({ site: 'US' }), { keyword: 'Bürostuhl' }))).toEqual([]);
  });

  it('the cart speaks the language; the order keeps the name as bought', async () => {
    expect((await buyer.post('/api/preferences', { language: 'de' })).statusCode).toBe(200);
    const cart = await buyer.post('/api/cart/lines', { skuId: f.sku['C7-GRY'], qty: '1' });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart
      .json()
      .shops.flatMap((s: { lines: unknown[] }) => s.lines)
      .find((l: { sku: { id: string } }) => l.sku.id === f.sku['C7-GRY']);
    expect(line.item.itemName).toBe('Ergonomischer Bürostuhl C7');

    const choices = {
      previewTradeContractLineReqTOList: [
        { skuId: f.sku['C7-GRY'], qty: '1' },
        { skuId: f.sku['DIY-FRAME-E5'], qty: '1' },
      ],
      selectedAddress: usAddress(f),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const res = await submit(buyer, await submitBodyFor(buyer, choices));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().tradeOrderIdList[0];
    const snapshotNames = (
      await t.db
        .select()
        .from(tradeOrderLines)
        .where(eq(tradeOrderLines.orderId, BigInt(orderId)))
        .orderBy(tradeOrderLines.id)
    ).map((l) => (l.snapshot as { itemName: string }).itemName);
    expect(snapshotNames).toEqual([
      'Ergonomischer Bürostuhl C7',
      'DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)',
      'Tischplatte Eiche 140',
      'Kabelwanne für unter den Tisch',
    ]);

    // Back in English, the order still reads as bought.
    expect((await buyer.post('/api/preferences', { language: 'en' })).statusCode).toBe(200);
    const d = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id: orderId });
    expect(d.json().tradeOrderLineList[0].sku.item.itemName).toBe('Ergonomischer Bürostuhl C7');
  });
});

describe('SKU names, attributes and shipping methods per language', () => {
  type Attr = { attrKey: string; attrVal: string; isShow?: boolean };
  type Method = { shippingMethodCode: string; shippingMethod: string; shippingMethodDesc: string };
  const e7 = async (b: Browser) =>
    (await detail(b, 'standing-desk-e7')).skus[0] as { name: string; attributes: Attr[]; nonfixedAttributes: Attr[] };
  /** The shipping methods the checkout offers each shop for an E7 desk and a light bar (no address yet). */
  const methods = async (b: Browser) => {
    const p = await previewOk(b, {
      previewTradeContractLineReqTOList: [
        { skuId: f.sku['E7-BLK-140'], qty: '1' },
        { skuId: f.sku['LAMP-BAR'], qty: '1' },
      ],
    });
    const of = (shopId: string) =>
      p.renderTradeOrderTOList.find((o: { shopId: string }) => o.shopId === shopId).shippingMethods as Method[];
    const pick = (ms: Method[]) =>
      Object.fromEntries(ms.map((m) => [m.shippingMethodCode, `${m.shippingMethod} | ${m.shippingMethodDesc}`]));
    return { flexi: pick(of(f.shop.flexi)), nordic: pick(of(f.shop.nordic)) };
  };

  it('the DE site shows the details table, the variant names and the shipping methods in German', async () => {
    const de = await on({ site: 'DE' });
    const sku = await e7(de);
    expect(sku.name).toBe('Schwarz / 140 × 70');
    expect(sku.attributes).toEqual([
      { attrKey: 'Farbe', attrVal: 'Schwarz' },
      { attrKey: 'Größe', attrVal: '140 × 70 cm' },
    ]);
    expect(sku.nonfixedAttributes).toEqual([
      { attrKey: 'Garantie', attrVal: '5 Jahre', isShow: true },
      { attrKey: 'Charge', attrVal: 'B-2026-11', isShow: false },
    ]);
    expect((await detail(de, 'ergonomic-chair-c7')).skus.map((s: { name: string }) => s.name)).toEqual([
      'Grau',
      'Schwarz',
    ]);
    // A bundle's parts too.
    expect(
      (await detail(de, 'diy-desk-bundle')).diyChildren.map((p: { sku: { name: string; attributes: Attr[] } }) => [
        p.sku.name,
        p.sku.attributes,
      ]),
    ).toEqual([
      ['Eiche 140 × 70', [{ attrKey: 'Material', attrVal: 'Eiche' }]],
      ['Stahlwanne', []],
    ]);

    // The item page's reviews name the variant bought in the reader's language too.
    const reviews = await de.get('/api/catalog/items/standing-desk-e7/reviews', {
      query: { pageNo: '1', pageSize: '20' },
    });
    expect(reviews.statusCode, reviews.body).toBe(200);
    const variants = new Set(reviews.json().data.map((r: { sku: { name: string } }) => r.sku.name));
    expect(variants.size).toBeGreaterThan(0);
    for (const v of variants) expect(['Schwarz / 140 × 70', 'Weiß / 140 × 70', 'Schwarz / 160 × 80']).toContain(v);

    const m = await methods(de);
    expect(m.flexi).toEqual({
      STANDARD: 'Standardversand | 5–7 Werktage',
      EXPRESS: 'Expressversand | 1–2 Werktage',
      FREIGHT: 'Spedition (auf Angebot) | Lieferung auf Paletten, die Kosten nennen wir nach der Bestellung',
    });
    expect(m.nordic).toEqual({
      STANDARD: 'Standardversand | 3–5 Werktage',
      EXPRESS: 'Lieferung am nächsten Tag | Bei Bestellung bis 14 Uhr',
    });
  });

  it('the JP site shows them in Japanese; English stays English', async () => {
    const jp = await on({ site: 'JP' });
    const sku = await e7(jp);
    expect(sku.name).toBe('ブラック / 140×70');
    expect(
      [...sku.attributes, ...sku.nonfixedAttributes.filter((a) => a.isShow)].map((a) => `${a.attrKey}: ${a.attrVal}`),
    ).toEqual(['カラー: ブラック', 'サイズ: 140×70 cm', '保証: 5年']);
    expect((await detail(jp, 'office-coffee-beans')).skus[0].attributes).toEqual([
      { attrKey: '焙煎度', attrVal: '中煎り' },
    ]);
    const m = await methods(jp);
    expect(m.flexi.STANDARD).toBe('通常配送 | 5〜7営業日');
    expect(m.flexi.FREIGHT).toBe('貨物便（見積もり） | パレット配送。送料はご注文後にお見積もりします');
    expect(m.nordic.EXPRESS).toBe('翌日配送 | 14時までのご注文');

    const us = await on({ site: 'US' });
    expect((await e7(us)).attributes).toEqual([
      { attrKey: 'Color', attrVal: 'Black' },
      { attrKey: 'Size', attrVal: '140x70 cm' },
    ]);
    expect((await methods(us)).flexi.STANDARD).toBe('Standard delivery | 5-7 business days');
  });

  it("the cart line, the order line and the order's shipping method are in the buyer's language", async () => {
    expect((await buyer.post('/api/preferences', { language: 'de' })).statusCode).toBe(200);
    const cart = await buyer.post('/api/cart/lines', { skuId: f.sku['E7-WHT-140'], qty: '1' });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart
      .json()
      .shops.flatMap((s: { lines: unknown[] }) => s.lines)
      .find((l: { sku: { id: string } }) => l.sku.id === f.sku['E7-WHT-140']);
    expect(line.sku.name).toBe('Weiß / 140 × 70');

    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['E7-WHT-140'], qty: '1' }],
      selectedAddress: usAddress(f),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const res = await submit(buyer, await submitBodyFor(buyer, choices));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().tradeOrderIdList[0];
    const orderDetail = async () => {
      const d = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
      expect(d.statusCode, d.body).toBe(200);
      return d.json();
    };
    let d = await orderDetail();
    expect(d.tradeOrderLineList[0].sku.name).toBe('Weiß / 140 × 70');
    expect(d.tradeOrderLineList[0].sku.attributes).toEqual([
      { attrKey: 'Farbe', attrVal: 'Weiß' },
      { attrKey: 'Größe', attrVal: '140 × 70 cm' },
    ]);
    expect(d.shippingTimeInfo.shippingMethod).toBe('Standardversand');
    // In English the line reads as bought; the shipping method is named in the language read in.
    expect((await buyer.post('/api/preferences', { language: 'en' })).statusCode).toBe(200);
    d = await orderDetail();
    expect(d.tradeOrderLineList[0].sku.name).toBe('Weiß / 140 × 70');
    expect(d.shippingTimeInfo.shippingMethod).toBe('Standard delivery');
  });

  it('every demo SKU and shipping method has its texts in all seven languages', async () => {
    const others = LANGUAGES.filter((l) => l !== 'en');
    for (const row of await t.db.select().from(skus)) {
      for (const lng of others) {
        const texts = (
          row.texts as Record<
            string,
            { name?: string; attributes?: Record<string, { attrKey?: string; attrVal?: string }> }
          >
        )[lng];
        expect(texts?.name, `${row.skuCode} ${lng}`).toBeTruthy();
        for (const a of [...row.attributes, ...row.nonfixedAttributes]) {
          expect(texts!.attributes?.[a.attrKey]?.attrKey, `${row.skuCode} ${a.attrKey} ${lng}`).toBeTruthy();
          expect(texts!.attributes?.[a.attrKey]?.attrVal, `${row.skuCode} ${a.attrKey} ${lng}`).toBeTruthy();
        }
      }
    }
    for (const row of await t.db.select().from(shippingMethods)) {
      for (const lng of others) {
        const texts = (row.texts as Record<string, { name?: string; description?: string }>)[lng];
        expect(texts?.name, `${row.code} ${lng}`).toBeTruthy();
        expect(texts?.description, `${row.code} ${lng}`).toBeTruthy();
        expect(texts!.name).not.toBe(row.name);
      }
    }
  });

  it('falls back to English where the seller gave no translation', async () => {
    // No German at all for the 160 cm desk; German name but no attributes for the 140 cm white one;
    // one attribute without a translated value.
    await t.db
      .update(skus)
      .set({ texts: sql`${skus.texts} - 'de'` })
      .where(eq(skus.skuCode, 'E7-BLK-160'));
    await t.db
      .update(skus)
      .set({ texts: sql`jsonb_set(${skus.texts}, '{de}', '{"name": "Weiß 140"}')` })
      .where(eq(skus.skuCode, 'E7-WHT-140'));
    await t.db
      .update(skus)
      .set({ texts: sql`jsonb_set(${skus.texts}, '{de,attributes,Size}', '{"attrKey": "Maße"}')` })
      .where(eq(skus.skuCode, 'E7-BLK-140'));
    // A shipping method a seller added without translations, and one with a German name only.
    await t.db
      .update(shippingMethods)
      .set({ texts: {} })
      .where(eq(shippingMethods.id, BigInt(f.method.flexi.EXPRESS)));
    await t.db
      .update(shippingMethods)
      .set({ texts: { de: { name: 'Fracht' } } })
      .where(eq(shippingMethods.id, BigInt(f.method.flexi.FREIGHT)));

    const de = await on({ site: 'DE' });
    const [black140, white140, black160] = (await detail(de, 'standing-desk-e7')).skus as {
      name: string;
      attributes: Attr[];
      nonfixedAttributes: Attr[];
    }[];
    expect(black140!.attributes).toEqual([
      { attrKey: 'Farbe', attrVal: 'Schwarz' },
      { attrKey: 'Maße', attrVal: '140x70 cm' },
    ]);
    expect(white140!.name).toBe('Weiß 140');
    expect(white140!.attributes).toEqual([
      { attrKey: 'Color', attrVal: 'White' },
      { attrKey: 'Size', attrVal: '140x70 cm' },
    ]);
    expect(black160!.name).toBe('Black / 160x80');
    expect(black160!.nonfixedAttributes).toEqual([{ attrKey: 'Warranty', attrVal: '5 years', isShow: true }]);
    const m = await methods(de);
    expect(m.flexi.STANDARD).toBe('Standardversand | 5–7 Werktage');
    expect(m.flexi.EXPRESS).toBe('Express delivery | 1-2 business days');
    expect(m.flexi.FREIGHT).toBe('Fracht | Pallet delivery, cost quoted after ordering');
  });
});
