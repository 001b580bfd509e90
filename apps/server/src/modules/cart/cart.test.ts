import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { lineAmount, fromMinor } from '@mall/domain';
import { cartLines } from '../../db/schema/index.js';
import { Browser, browser, createTestApp, login, skuIdOf, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
const sku: Record<string, string> = {};
const shop: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [urlKey, code] of [
    ['standing-desk-e7', 'E7-BLK-140'],
    ['standing-desk-e7', 'E7-BLK-160'],
    ['ergonomic-chair-c7', 'C7-BLK'],
    ['ergonomic-chair-c7', 'C7-GRY'],
    ['office-coffee-beans', 'COF-ARABICA'],
    ['diy-desk-bundle', 'DIY-FRAME-E5'],
    ['monitor-lamp', 'LAMP-BAR'],
    ['cable-tray', 'TRAY-STEEL'],
  ] as const)
    sku[code] = await skuIdOf(t.app, urlKey, code);
  for (const urlKey of ['standing-desk-e7', 'monitor-lamp']) {
    shop[urlKey] = (await t.app.inject({ method: 'GET', url: `/api/catalog/items/${urlKey}` })).json().shop.id;
  }
  // The gift SKU is unlisted, so it is read from the lamp's gift list.
  sku['GIFT-MAT'] = (
    await t.app.inject({ method: 'GET', url: '/api/catalog/items/monitor-lamp' })
  ).json().gifts[0].sku.id;
});
afterAll(async () => {
  await t?.close();
});

interface Line {
  id: string;
  qty: string;
  selected: boolean;
  unitPrice: { value: string };
  lineTotal: { value: string };
  sku: { skuCode: string };
  lineGroupTypeDict: string;
  diyChildren: unknown[];
  gifts: unknown[];
  available: boolean;
}
interface CartBody {
  shops: { shop: { id: string; name: string }; lines: Line[]; subtotal: { value: string; currency: string } }[];
  totalCount: number;
  selectedCount: number;
  selectedTotal: { value: string; currency: string };
  selectedPoints: number;
}

const lines = (c: CartBody) => c.shops.flatMap((s) => s.lines);
const lineOf = (c: CartBody, code: string) => lines(c).find((l) => l.sku.skuCode === code)!;
const add = (b: Browser, code: string, qty: string) => b.post('/api/cart/lines', { skuId: sku[code], qty });
async function cartOf(b: Browser): Promise<CartBody> {
  const res = await b.get('/api/cart');
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function addOk(b: Browser, code: string, qty: string): Promise<CartBody> {
  const res = await add(b, code, qty);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('adding lines', () => {
  it('a guest has an empty cart and no session until adding', async () => {
    const b = browser(t.app);
    const cart = await cartOf(b);
    expect(cart).toEqual({
      shops: [],
      totalCount: 0,
      selectedCount: 0,
      selectedTotal: { value: '0.00', currency: 'USD' },
      selectedPoints: 0,
    });
    expect(b.cookies.size).toBe(0);
  });

  it('a guest add creates a session cookie and the line', async () => {
    const b = browser(t.app);
    const cart = await addOk(b, 'E7-BLK-140', '2');
    expect(b.cookies.get('mall_sid')).toBeTruthy();
    expect(cart.totalCount).toBe(1);
    expect(cart.selectedCount).toBe(1);
    expect(cart.shops).toHaveLength(1);
    expect(cart.shops[0]!.shop.name).toBe('FlexiDesk Official');
    expect(cart.shops[0]!.lines[0]).toMatchObject({
      qty: '2',
      selected: true,
      unitPrice: { value: '498.99', currency: 'USD' },
      lineTotal: { value: '997.98', currency: 'USD' },
      lineGroupTypeDict: 'NORMAL',
      available: true,
      item: { urlKey: 'standing-desk-e7' },
    });
    expect(cart.selectedTotal).toEqual({ value: '997.98', currency: 'USD' });

    const session = (await b.get('/api/auth/session')).json();
    expect(session).toMatchObject({ userType: 'TOURIST', cartCount: 1 });
    expect(session.tourist.id).toMatch(/^\d+$/);
    // The same browser keeps its cart.
    expect(lineOf(await cartOf(b), 'E7-BLK-140').qty).toBe('2');
    // Another guest does not see it.
    expect((await cartOf(browser(t.app))).totalCount).toBe(0);
  });

  it('adding the same SKU again sums quantities, clamped at 10', async () => {
    const b = browser(t.app);
    await addOk(b, 'TRAY-STEEL', '3');
    let cart = await addOk(b, 'TRAY-STEEL', '4');
    expect(cart.totalCount).toBe(1);
    expect(lineOf(cart, 'TRAY-STEEL')).toMatchObject({ qty: '7', lineTotal: { value: '272.93' } });
    cart = await addOk(b, 'TRAY-STEEL', '9');
    expect(cart.totalCount).toBe(1);
    expect(lineOf(cart, 'TRAY-STEEL')).toMatchObject({ qty: '10', lineTotal: { value: '389.90' } });
  });

  it('qty 11 or 0 -> 400 Cart.quantityOutOfRange, nothing added', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1');
    for (const qty of ['11', '0']) {
      const res = await add(b, 'E7-BLK-140', qty);
      expect(res.statusCode, qty).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Cart.quantityOutOfRange',
        details: { min: '1', max: '10', decimals: 0 },
      });
    }
    expect(lineOf(await cartOf(b), 'E7-BLK-140').qty).toBe('1');
  });

  it('a decimal quantity on a whole-unit SKU -> 400 Cart.quantityStep', async () => {
    const b = browser(t.app);
    const res = await add(b, 'E7-BLK-140', '1.5');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Cart.quantityStep',
      details: { min: '1', max: '10', step: '1', decimals: 0 },
    });
    expect((await cartOf(b)).totalCount).toBe(0);
  });

  it('malformed quantities -> 400 Common.invalidRequest', async () => {
    const b = browser(t.app);
    for (const qty of ['abc', '-1', '1e2', '', 2]) {
      const res = await b.post('/api/cart/lines', { skuId: sku['E7-BLK-140'], qty });
      expect(res.statusCode, String(qty)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
    expect((await cartOf(b)).totalCount).toBe(0);
  });

  it('a weight item takes 1.5 kg and the line total is price x 1.5 exactly', async () => {
    const b = browser(t.app);
    const cart = await addOk(b, 'COF-ARABICA', '1.5');
    const line = lineOf(cart, 'COF-ARABICA');
    expect(line.qty).toBe('1.5');
    expect(line.unitPrice).toEqual({ value: '23.99', currency: 'USD' });
    // 23.99 x 1.5 = 35.985 -> 35.99 (half up), computed in integers, never floats.
    expect(line.lineTotal).toEqual({ value: '35.99', currency: 'USD' });
    expect(line.lineTotal.value).toBe(fromMinor(lineAmount(2399n, '1.5'), 'USD'));
    expect(cart.selectedTotal.value).toBe('35.99');

    // Adding more sums in kilograms.
    expect(lineOf(await addOk(b, 'COF-ARABICA', '0.5'), 'COF-ARABICA')).toMatchObject({
      qty: '2',
      lineTotal: { value: '47.98' },
    });
  });

  it('a weight item rejects too many decimals, less than the minimum and more than the maximum', async () => {
    const b = browser(t.app);
    for (const [qty, code] of [
      ['1.25', 'Cart.quantityStep'],
      ['0.4', 'Cart.quantityOutOfRange'],
      ['10.5', 'Cart.quantityOutOfRange'],
    ] as const) {
      const res = await add(b, 'COF-ARABICA', qty);
      expect(res.statusCode, qty).toBe(400);
      expect(res.json(), qty).toMatchObject({ code, details: { min: '0.5', max: '10', step: '0.5', decimals: 1 } });
    }
    expect((await cartOf(b)).totalCount).toBe(0);
  });

  it('a weight item sold in 0.5 kg steps takes only those steps: 1.3 kg and 0.7 kg -> 400 Cart.quantityStep (add and update)', async () => {
    const b = browser(t.app);
    for (const qty of ['1.3', '0.7', '2.2', '9.9']) {
      const res = await add(b, 'COF-ARABICA', qty);
      expect(res.statusCode, qty).toBe(400);
      expect(res.json(), qty).toMatchObject({
        code: 'Cart.quantityStep',
        details: { min: '0.5', step: '0.5', decimals: 1 },
      });
    }
    expect((await cartOf(b)).totalCount).toBe(0);
    const line = lineOf(await addOk(b, 'COF-ARABICA', '0.5'), 'COF-ARABICA');
    for (const qty of ['1.3', '0.7']) {
      const res = await b.patch(`/api/cart/lines/${line.id}`, { qty });
      expect(res.statusCode, qty).toBe(400);
      expect(res.json().code, qty).toBe('Cart.quantityStep');
    }
    expect(lineOf(await cartOf(b), 'COF-ARABICA').qty).toBe('0.5');
    for (const qty of ['1', '1.5', '10']) {
      expect((await b.patch(`/api/cart/lines/${line.id}`, { qty })).statusCode, qty).toBe(200);
    }
    expect(lineOf(await cartOf(b), 'COF-ARABICA').qty).toBe('10');
  });

  it('an out-of-stock SKU -> 409 Trade.itemSoldOut', async () => {
    const b = browser(t.app);
    const res = await add(b, 'C7-BLK', '1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Trade.itemSoldOut', details: { stock: '0' } });
    // More than the stock of a low-stock SKU is refused too.
    const low = await add(b, 'E7-BLK-160', '4');
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ code: 'Trade.itemSoldOut', details: { stock: '3' } });
    expect((await cartOf(b)).totalCount).toBe(0);
    expect(lineOf(await addOk(b, 'E7-BLK-160', '3'), 'E7-BLK-160').qty).toBe('3');
  });

  it('adding again cannot push a line past the stock', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-160', '2'); // stock 3
    const res = await add(b, 'E7-BLK-160', '2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Trade.itemSoldOut', details: { stock: '3' } });
    expect(lineOf(await cartOf(b), 'E7-BLK-160')).toMatchObject({ qty: '2', available: true });
    expect(lineOf(await addOk(b, 'E7-BLK-160', '1'), 'E7-BLK-160')).toMatchObject({ qty: '3', available: true });
  });

  it('an unknown or unlisted SKU -> 404 Catalog.skuNotFound', async () => {
    const b = browser(t.app);
    for (const skuId of ['999999', sku['GIFT-MAT']]) {
      const res = await b.post('/api/cart/lines', { skuId, qty: '1' });
      expect(res.statusCode, skuId).toBe(404);
      expect(res.json().code).toBe('Catalog.skuNotFound');
    }
    expect((await cartOf(b)).totalCount).toBe(0);
  });

  it('requires the CSRF header', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/cart/lines', { skuId: sku['E7-BLK-140'], qty: '1' }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Common.csrfRejected');
    expect(b.cookies.size).toBe(0);
  });
});

describe('changing lines', () => {
  it('patching qty and selected changes totals; selectedTotal counts only selected lines', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1');
    let cart = await addOk(b, 'LAMP-BAR', '2');
    expect(cart.selectedTotal.value).toBe('616.97'); // 498.99 + 2 x 58.99
    const desk = lineOf(cart, 'E7-BLK-140');
    const lamp = lineOf(cart, 'LAMP-BAR');

    let res = await b.patch(`/api/cart/lines/${lamp.id}`, { selected: false });
    expect(res.statusCode).toBe(200);
    cart = res.json();
    expect(cart).toMatchObject({ totalCount: 2, selectedCount: 1, selectedTotal: { value: '498.99' } });
    expect(lineOf(cart, 'LAMP-BAR')).toMatchObject({ selected: false, lineTotal: { value: '117.98' } });

    res = await b.patch(`/api/cart/lines/${desk.id}`, { qty: '3' });
    cart = res.json();
    expect(lineOf(cart, 'E7-BLK-140')).toMatchObject({ qty: '3', lineTotal: { value: '1496.97' } });
    expect(cart.selectedTotal.value).toBe('1496.97');

    res = await b.patch(`/api/cart/lines/${lamp.id}`, { qty: '1', selected: true });
    cart = res.json();
    expect(lineOf(cart, 'LAMP-BAR')).toMatchObject({ qty: '1', selected: true });
    expect(cart).toMatchObject({ selectedCount: 2, selectedTotal: { value: '1555.96' } });
  });

  it('patching to an invalid quantity -> 400 and the line is unchanged', async () => {
    const b = browser(t.app);
    const line = lineOf(await addOk(b, 'E7-BLK-140', '2'), 'E7-BLK-140');
    for (const [qty, code] of [
      ['11', 'Cart.quantityOutOfRange'],
      ['0', 'Cart.quantityOutOfRange'],
      ['1.5', 'Cart.quantityStep'],
    ]) {
      const res = await b.patch(`/api/cart/lines/${line.id}`, { qty });
      expect(res.statusCode, qty).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const unknown = await b.patch(`/api/cart/lines/${line.id}`, { qty: '2', price: '0.01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('Common.invalidRequest');
    expect(lineOf(await cartOf(b), 'E7-BLK-140').qty).toBe('2');
  });

  it('deleting a line removes it; deleting it again -> 404', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1');
    const lamp = lineOf(await addOk(b, 'LAMP-BAR', '1'), 'LAMP-BAR');
    let res = await b.delete(`/api/cart/lines/${lamp.id}`);
    expect(res.statusCode).toBe(200);
    const cart: CartBody = res.json();
    expect(lines(cart).map((l) => l.sku.skuCode)).toEqual(['E7-BLK-140']);
    expect(cart.selectedTotal.value).toBe('498.99');
    res = await b.delete(`/api/cart/lines/${lamp.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Cart.lineNotFound');
    expect((await b.get('/api/auth/session')).json().cartCount).toBe(1);
  });

  it("the top bar's count follows concurrent adds, repeats and deletes", async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1'); // the session exists before the parallel adds
    const cartCount = async () => (await b.get('/api/auth/session')).json().cartCount as number;
    await Promise.all(['E7-BLK-160', 'C7-GRY', 'TRAY-STEEL', 'LAMP-BAR'].map((code) => addOk(b, code, '1')));
    expect(await cartCount()).toBe(5);
    // The same SKU again raises its quantity: still five lines.
    expect(lineOf(await addOk(b, 'TRAY-STEEL', '2'), 'TRAY-STEEL').qty).toBe('3');
    expect(await cartCount()).toBe(5);
    const cart = await cartOf(b);
    await Promise.all(['TRAY-STEEL', 'LAMP-BAR'].map((code) => b.delete(`/api/cart/lines/${lineOf(cart, code).id}`)));
    expect(await cartCount()).toBe(3);
    // The kept count agrees with the lines themselves.
    const buyerId = BigInt((await b.get('/api/auth/session')).json().tourist.id);
    const [{ n }] = (await t.db.select({ n: count() }).from(cartLines).where(eq(cartLines.buyerId, buyerId))) as [
      { n: number },
    ];
    expect(n).toBe(3);
  });

  it('select-all unselects and selects every line', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1');
    await addOk(b, 'LAMP-BAR', '1');
    const res = await b.post('/api/cart/select-all', { selected: false });
    expect(res.statusCode).toBe(200);
    let cart: CartBody = res.json();
    expect(cart).toMatchObject({ totalCount: 2, selectedCount: 0, selectedTotal: { value: '0.00', currency: 'USD' } });
    expect(lines(cart).every((l) => !l.selected)).toBe(true);
    cart = (await b.post('/api/cart/select-all', { selected: true })).json();
    expect(cart).toMatchObject({ selectedCount: 2, selectedTotal: { value: '557.98' } });
    expect((await b.post('/api/cart/select-all', { selected: 'yes' })).statusCode).toBe(400);
  });

  it('groups lines by shop with subtotals over all lines', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '1');
    await addOk(b, 'LAMP-BAR', '1');
    await addOk(b, 'TRAY-STEEL', '2');
    const lamp = lineOf(await cartOf(b), 'LAMP-BAR');
    const cart: CartBody = (await b.patch(`/api/cart/lines/${lamp.id}`, { selected: false })).json();
    expect(cart.shops).toHaveLength(2);
    const byName = Object.fromEntries(cart.shops.map((s) => [s.shop.name, s]));
    expect(byName['FlexiDesk Official']!.shop.id).toBe(shop['standing-desk-e7']);
    expect(byName['FlexiDesk Official']!.lines.map((l) => l.sku.skuCode)).toEqual(['E7-BLK-140', 'TRAY-STEEL']);
    expect(byName['FlexiDesk Official']!.subtotal).toEqual({ value: '576.97', currency: 'USD' });
    expect(byName['Nordic Home']!.shop.id).toBe(shop['monitor-lamp']);
    expect(byName['Nordic Home']!.lines.map((l) => l.sku.skuCode)).toEqual(['LAMP-BAR']);
    expect(byName['Nordic Home']!.subtotal.value).toBe('58.99');
    expect(cart).toMatchObject({ totalCount: 3, selectedCount: 2, selectedTotal: { value: '576.97' } });
  });

  it('another buyer cannot patch or delete my line', async () => {
    const me = await login(t.app, 'buyer@demo.shop');
    const mine = lineOf(await addOk(me, 'C7-GRY', '2'), 'C7-GRY');
    for (const other of [await login(t.app, 'main@demo.shop'), browser(t.app)]) {
      const patch = await other.patch(`/api/cart/lines/${mine.id}`, { qty: '5', selected: false });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().code).toBe('Cart.lineNotFound');
      const del = await other.delete(`/api/cart/lines/${mine.id}`);
      expect(del.statusCode).toBe(404);
      expect(del.json().code).toBe('Cart.lineNotFound');
    }
    expect(lineOf(await cartOf(me), 'C7-GRY')).toMatchObject({ id: mine.id, qty: '2', selected: true });
  });

  it('rejects a malformed line id', async () => {
    const b = browser(t.app);
    const res = await b.patch('/api/cart/lines/abc', { qty: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
  });
});

describe('bundles, gifts and currencies', () => {
  it('a DIY line is priced frame + top + tray', async () => {
    const b = browser(t.app);
    const cart = await addOk(b, 'DIY-FRAME-E5', '2');
    const line = lineOf(cart, 'DIY-FRAME-E5');
    // 298.99 + 188.99 + 38.99
    expect(line).toMatchObject({
      lineGroupTypeDict: 'DIY_MAIN',
      unitPrice: { value: '526.97' },
      lineTotal: { value: '1053.94' },
    });
    expect(line.diyChildren).toHaveLength(2);
    expect(cart.selectedTotal.value).toBe('1053.94');
  });

  it('a lamp line carries its free gift', async () => {
    const b = browser(t.app);
    const line = lineOf(await addOk(b, 'LAMP-BAR', '1'), 'LAMP-BAR');
    expect(line.gifts).toHaveLength(1);
    expect(line.gifts[0]).toMatchObject({ itemName: 'Felt Desk Mat (gift)', qty: '1' });
    expect(line.lineTotal.value).toBe('58.99');
  });

  it('the cart is priced in the current site currency', async () => {
    const b = browser(t.app);
    await addOk(b, 'E7-BLK-140', '2');
    await b.post('/api/preferences', { site: 'DE' });
    let cart = await cartOf(b);
    expect(lineOf(cart, 'E7-BLK-140').lineTotal).toEqual({ value: '917.98', currency: 'EUR' });
    expect(cart.selectedTotal).toEqual({ value: '917.98', currency: 'EUR' });
    await b.post('/api/preferences', { site: 'JP' });
    cart = await cartOf(b);
    expect(cart.selectedTotal).toEqual({ value: '149700', currency: 'JPY' });
  });
});

describe('batchcreatenewcartlines', () => {
  const URL = '/sapi/mall-order/cartline/batchcreatenewcartlines';

  it('adds several lines and returns their number', async () => {
    const b = browser(t.app);
    await addOk(b, 'TRAY-STEEL', '1');
    const res = await b.post(URL, [
      { sku: { id: sku['TRAY-STEEL'] }, shop: { id: shop['standing-desk-e7'] }, skuQty: 2 },
      { sku: { id: sku['LAMP-BAR'] }, shop: { id: shop['monitor-lamp'] }, skuQty: '1', snapshotPrc: '0.01' },
      { sku: { id: sku['COF-ARABICA'] }, skuQty: '1.5' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ num: number; cart: CartBody }>();
    expect(body.num).toBe(3);
    expect(body.cart.totalCount).toBe(3);
    expect(lineOf(body.cart, 'TRAY-STEEL').qty).toBe('3');
    // The snapshot price is ignored: the cart prices from the catalog.
    expect(lineOf(body.cart, 'LAMP-BAR').lineTotal.value).toBe('58.99');
    expect(lineOf(body.cart, 'COF-ARABICA').lineTotal.value).toBe('35.99');
    expect(b.cookies.get('mall_sid')).toBeTruthy();
  });

  it('clamps quantities to the SKU rule', async () => {
    const b = browser(t.app);
    const body = (await b.post(URL, [{ sku: { id: sku['E7-BLK-140'] }, skuQty: 25 }])).json<{
      num: number;
      cart: CartBody;
    }>();
    expect(body.num).toBe(1);
    expect(lineOf(body.cart, 'E7-BLK-140').qty).toBe('10');
  });

  it('a mismatched shop id -> 400 Catalog.skuMismatch and nothing is added', async () => {
    const b = browser(t.app);
    await addOk(b, 'TRAY-STEEL', '1');
    const res = await b.post(URL, [
      { sku: { id: sku['E7-BLK-140'] }, shop: { id: shop['standing-desk-e7'] }, skuQty: 1 },
      { sku: { id: sku['LAMP-BAR'] }, shop: { id: shop['standing-desk-e7'] }, skuQty: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'Catalog.skuMismatch', details: { skuId: sku['LAMP-BAR'] } });
    const cart = await cartOf(b);
    expect(lines(cart).map((l) => [l.sku.skuCode, l.qty])).toEqual([['TRAY-STEEL', '1']]);
  });

  it('an unknown SKU -> 404 and nothing is added', async () => {
    const b = browser(t.app);
    const res = await b.post(URL, [
      { sku: { id: sku['E7-BLK-140'] }, skuQty: 1 },
      { sku: { id: '999999' }, skuQty: 1 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'Catalog.skuNotFound', details: { skuId: '999999' } });
    expect((await cartOf(b)).totalCount).toBe(0);
  });

  it('rejects an empty or malformed batch', async () => {
    const b = browser(t.app);
    for (const body of [
      [],
      [{ sku: { id: sku['E7-BLK-140'] } }],
      [{ sku: { id: sku['E7-BLK-140'] }, skuQty: 1, price: 1 }],
      { sku: { id: sku['E7-BLK-140'] }, skuQty: 1 },
    ]) {
      const res = await b.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
  });
});

describe('storage', () => {
  it('keeps one row per buyer and SKU', async () => {
    const b = await login(t.app, 'sub1@demo.shop');
    await addOk(b, 'TRAY-STEEL', '1');
    await addOk(b, 'TRAY-STEEL', '1');
    await b.post('/sapi/mall-order/cartline/batchcreatenewcartlines', [{ sku: { id: sku['TRAY-STEEL'] }, skuQty: 1 }]);
    const userId = BigInt((await b.get('/api/auth/session')).json().user.id);
    const [row] = await t.db.select({ n: count() }).from(cartLines).where(eq(cartLines.buyerId, userId));
    expect(row!.n).toBe(1);
    expect(lineOf(await cartOf(b), 'TRAY-STEEL').qty).toBe('3');
  });
});
