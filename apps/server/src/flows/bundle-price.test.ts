/**
 * One price rule for a DIY bundle (packages/domain/src/bundle.ts: main SKU plus its parts):
 * the catalog card, the item page's price, the cart, the preview, the submit, the order and the
 * seeded demo order all show the same amount. Before, the card, the item page and the seeded
 * order showed the frame alone ($298.99) while the cart and checkout charged $526.97.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bundleUnitPrice } from '@mall/domain';
import { items, tradeOrderLines, tradeOrders } from '../db/schema/index.js';
import { browser, type Browser, type TestApp } from '../../test/helpers.js';
import {
  previewOk,
  startCheckoutSuite,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../test/checkout-fixtures.js';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;
beforeAll(async () => {
  ({ t, f, buyer } = await startCheckoutSuite());
});
afterAll(async () => {
  await t?.close();
});

const BUNDLE = '526.97'; // 298.99 frame + 188.99 oak top + 38.99 cable tray

const card = async (b: Browser) => {
  const res = await b.get('/api/catalog/items', { query: { type: 'DIY' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((c: { urlKey: string }) => c.urlKey === 'diy-desk-bundle');
};
const itemDetail = async (b: Browser) => {
  const res = await b.get('/api/catalog/items/diy-desk-bundle');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('DIY bundle price, from the item page to the order', () => {
  it('card, item page, cart, preview, submit and order all show the bundle price', async () => {
    // Catalog card and item page.
    expect((await card(buyer)).price).toEqual({ value: BUNDLE, currency: 'USD' });
    const item = await itemDetail(buyer);
    expect(item.price).toEqual({ value: BUNDLE, currency: 'USD' });
    expect(item.skus[0].salePrc.value).toBe('298.99'); // the frame alone, shown as part of the bundle
    expect(bundleUnitPrice(item.skus[0].salePrc, item.diyChildren)).toEqual({ value: BUNDLE, currency: 'USD' });

    // Cart: 2 bundles.
    const added = await buyer.post('/api/cart/lines', { skuId: f.sku['DIY-FRAME-E5'], qty: '2' });
    expect(added.statusCode, added.body).toBe(200);
    const line = added
      .json()
      .shops.flatMap((s: { lines: unknown[] }) => s.lines)
      .find((l: { sku: { id: string } }) => l.sku.id === f.sku['DIY-FRAME-E5']);
    expect(line.unitPrice.value).toBe(BUNDLE);
    expect(line.lineTotal.value).toBe('1053.94');

    // Preview and submit.
    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['DIY-FRAME-E5'], qty: '2', cartLineId: line.id }],
      selectedAddress: usAddress(f),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const p = await previewOk(buyer, choices);
    const pl = p.renderTradeOrderTOList[0].lines[0];
    expect(pl.unitPrice.value).toBe(BUNDLE);
    expect(pl.skuAmt.value).toBe('1053.94');
    expect(p.skuAmt.value).toBe('1053.94');
    const res = await submit(buyer, await submitBodyFor(buyer, choices));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().tradeOrderIdList[0];

    // The order: the main line carries the bundle price; the parts are listed at their prices, paid through it.
    const d = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id: orderId });
    expect(d.statusCode, d.body).toBe(200);
    const main = d.json().tradeOrderLineList[0];
    expect(main.lineGroupTypeDict).toBe('DIY_MAIN');
    expect(main.tradeOrderLinePrice.displayUnitAmt.value).toBe(BUNDLE);
    expect(main.tradeOrderLinePrice.skuAmt.value).toBe('1053.94');
    expect(
      main.diySkuLineList.map((c: { tradeQty: string; tradeOrderLinePrice: { displayUnitAmt: { value: string } } }) => [
        c.tradeQty,
        c.tradeOrderLinePrice.displayUnitAmt.value,
      ]),
    ).toEqual([
      ['2', '188.99'],
      ['2', '38.99'],
    ]);
    expect(d.json().bill.skuAmt.value).toBe('1053.94');
    expect(d.json().needPayAmt).toEqual(p.needPayAmt);
  });

  it('the seeded DIY order shows the bundle price too', async () => {
    const [row] = await t.db
      .select({ o: tradeOrders })
      .from(tradeOrderLines)
      .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
      .where(
        and(
          eq(tradeOrderLines.lineGroupType, 'DIY_MAIN'),
          eq(tradeOrders.buyerId, f.buyerId),
          eq(tradeOrders.status, 'UN_RECEIVED'),
        ),
      );
    const d = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', {
      id: String(row!.o.id),
    });
    expect(d.statusCode, d.body).toBe(200);
    const main = d
      .json()
      .tradeOrderLineList.find((l: { lineGroupTypeDict: string }) => l.lineGroupTypeDict === 'DIY_MAIN');
    expect(main.tradeOrderLinePrice.displayUnitAmt.value).toBe(BUNDLE);
    expect(d.json().bill.skuAmt.value).toBe(BUNDLE);
  });

  it('holds in every currency: the EUR card and item page equal the EUR cart price', async () => {
    const de = browser(t.app);
    expect((await de.post('/api/preferences', { site: 'DE' })).statusCode).toBe(200);
    const c = await card(de);
    const item = await itemDetail(de);
    expect(c.price.currency).toBe('EUR');
    expect(item.price).toEqual(c.price);
    expect(bundleUnitPrice(item.skus[0].salePrc, item.diyChildren)).toEqual(c.price);
    const added = await de.post('/api/cart/lines', { skuId: f.sku['DIY-FRAME-E5'], qty: '1' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().shops[0].lines[0].unitPrice).toEqual(c.price);
  });

  it('an item without parts keeps its own price on the card', async () => {
    const res = await buyer.get('/api/catalog/items', { query: { keyword: 'oak' } });
    const oak = res.json().data.find((x: { urlKey: string }) => x.urlKey === 'desktop-board-oak');
    expect(oak.price.value).toBe('188.99');
    expect((await t.db.select().from(items).where(eq(items.urlKey, 'diy-desk-bundle'))).length).toBe(1);
  });
});
