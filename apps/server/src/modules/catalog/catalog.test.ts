import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Card = {
  urlKey: string;
  itemName: string;
  businessTypeDict: string;
  price: { value: string; currency: string };
  inStock: boolean;
  shop: { name: string };
};
const list = async (query?: Record<string, string>) => {
  const res = await browser(t.app).get('/api/catalog/items', { query });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Card[]; total: number }>();
};
const detail = async (urlKey: string) => {
  const res = await browser(t.app).get(`/api/catalog/items/${urlKey}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('item list', () => {
  it('lists the 12 listed demo items (the gift is not listed) in catalog order', async () => {
    const l = await list();
    expect(l.total).toBe(12);
    expect(l.data.map((c) => c.urlKey)).toEqual([
      'standing-desk-e7',
      'ergonomic-chair-c7',
      'office-coffee-beans',
      'desktop-board-oak',
      'cable-tray',
      'diy-desk-bundle',
      'monitor-lamp',
      'assembly-service',
      'pro-desk-2027',
      'canvas-tote-points',
      'office-desk-pack-20',
      // Kyoto Craft Direct's cross-border tea set (seed/cross-border.ts).
      'arita-porcelain-tea-set',
    ]);
    expect(l.data.some((c) => c.businessTypeDict === 'GIFT')).toBe(false);
  });

  it('shows the lowest SKU price, stock and shop per card', async () => {
    const l = await list();
    const desk = l.data.find((c) => c.urlKey === 'standing-desk-e7')!;
    expect(desk).toMatchObject({
      itemName: 'Standing Desk E7',
      price: { value: '498.99', currency: 'USD' },
      inStock: true,
      shop: { name: 'FlexiDesk Official' },
    });
    const chair = l.data.find((c) => c.urlKey === 'ergonomic-chair-c7')!;
    expect(chair.inStock).toBe(true); // grey in stock, black sold out
    const tote = l.data.find((c) => c.urlKey === 'canvas-tote-points')! as Card & { pointsPrice: number };
    expect(tote.pointsPrice).toBe(500);
    expect(tote.price.value).toBe('0.00');
  });

  it('filters by keyword, case-insensitively', async () => {
    const chairs = await list({ keyword: 'CHAIR' });
    expect(chairs.total).toBe(1);
    expect(chairs.data.map((c) => c.urlKey)).toEqual(['ergonomic-chair-c7']);

    const desks = await list({ keyword: 'desk' });
    expect(desks.data.map((c) => c.urlKey).sort()).toEqual([
      'cable-tray',
      'desktop-board-oak',
      'diy-desk-bundle',
      'monitor-lamp',
      'office-desk-pack-20',
      'pro-desk-2027',
      'standing-desk-e7',
    ]);
    expect(desks.total).toBe(7);

    expect((await list({ keyword: 'no such thing' })).total).toBe(0);
  });

  it('treats LIKE wildcards in the keyword literally', async () => {
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '_' })).total).toBe(0);
  });

  it('filters by business type', async () => {
    expect((await list({ type: 'WEIGHT' })).data.map((c) => c.urlKey)).toEqual(['office-coffee-beans']);
    expect((await list({ type: 'PRESALE' })).data.map((c) => c.urlKey)).toEqual(['pro-desk-2027']);
    const normal = await list({ type: 'NORMAL' });
    expect(normal.data.map((c) => c.urlKey)).toEqual([
      'standing-desk-e7',
      'ergonomic-chair-c7',
      'desktop-board-oak',
      'cable-tray',
      'monitor-lamp',
      'arita-porcelain-tea-set',
    ]);
    expect((await list({ type: 'GIFT' })).total).toBe(0);
    expect((await list({ type: 'NORMAL', keyword: 'desk' })).data.map((c) => c.urlKey)).toEqual([
      'standing-desk-e7',
      'desktop-board-oak',
      'cable-tray',
      'monitor-lamp',
    ]);
  });

  it('pages through the list', async () => {
    const p1 = await list({ pageSize: '5' });
    const p3 = await list({ pageSize: '5', pageNo: '3' });
    expect(p1.total).toBe(12);
    expect(p1.data).toHaveLength(5);
    expect(p3.data.map((c) => c.urlKey)).toEqual(['office-desk-pack-20', 'arita-porcelain-tea-set']);
  });

  it('rejects bad queries', async () => {
    for (const query of [
      { type: 'TOY' },
      { pageSize: '0' },
      { pageSize: '101' },
      { pageNo: 'x' },
      { foo: 'bar' },
    ] as Record<string, string>[]) {
      const res = await browser(t.app).get('/api/catalog/items', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
  });
});

describe('item detail', () => {
  it('returns SKUs with attributes, non-fixed attributes, step and marketing unit', async () => {
    const d = await detail('standing-desk-e7');
    expect(d).toMatchObject({
      itemName: 'Standing Desk E7',
      businessTypeDict: 'NORMAL',
      commerceTypeDict: 'B2C',
      price: { value: '498.99', currency: 'USD' },
      presale: null,
      diyChildren: [],
      gifts: [],
      service: null,
      isExceed: false,
      inStock: true,
    });
    expect(d.skus.map((s: { skuCode: string }) => s.skuCode)).toEqual(['E7-BLK-140', 'E7-WHT-140', 'E7-BLK-160']);
    expect(d.skus[0]).toMatchObject({
      name: 'Black / 140x70',
      salePrc: { value: '498.99', currency: 'USD' },
      pointsPrice: null,
      baseUnit: 'pc',
      attributes: [
        { attrKey: 'Color', attrVal: 'Black' },
        { attrKey: 'Size', attrVal: '140x70 cm' },
      ],
      nonfixedAttributes: [
        { attrKey: 'Warranty', attrVal: '5 years', isShow: true },
        { attrKey: 'Batch', attrVal: 'B-2026-11', isShow: false },
      ],
      marketingUnit: { unitName: 'pc' },
      adjustStep: '1',
      minQty: '1',
      maxQty: '10',
      qtyDecimals: 0,
      stock: '40',
      skuUrlSuffix: 'e7-blk-140',
    });
    expect(d.skus[2]).toMatchObject({ salePrc: { value: '578.99', currency: 'USD' }, stock: '3' });
  });

  it('weight items allow one decimal in 0.5 kg steps', async () => {
    const d = await detail('office-coffee-beans');
    expect(d.businessTypeDict).toBe('WEIGHT');
    expect(d.skus).toHaveLength(1);
    expect(d.skus[0]).toMatchObject({
      skuCode: 'COF-ARABICA',
      qtyDecimals: 1,
      adjustStep: '0.5',
      minQty: '0.5',
      maxQty: '10',
      baseUnit: 'kg',
      marketingUnit: { unitName: 'kg' },
      salePrc: { value: '23.99', currency: 'USD' },
      stock: '120',
    });
  });

  it('the DIY bundle has 2 parts that come with the frame', async () => {
    const d = await detail('diy-desk-bundle');
    expect(d.businessTypeDict).toBe('DIY');
    expect(d.diyChildren).toHaveLength(2);
    expect(
      d.diyChildren.map(
        (p: { itemName: string; qty: string; sku: { skuCode: string; salePrc: { value: string } } }) => [
          p.itemName,
          p.sku.skuCode,
          p.qty,
          p.sku.salePrc.value,
        ],
      ),
    ).toEqual([
      ['Desktop Board Oak 140', 'TOP-OAK-140', '1', '188.99'],
      ['Under-desk Cable Tray', 'TRAY-STEEL', '1', '38.99'],
    ]);
    expect(d.gifts).toEqual([]);
  });

  it('the lamp comes with 1 free gift', async () => {
    const d = await detail('monitor-lamp');
    expect(d.gifts).toHaveLength(1);
    expect(d.gifts[0]).toMatchObject({
      itemName: 'Felt Desk Mat (gift)',
      qty: '1',
      sku: { skuCode: 'GIFT-MAT', salePrc: { value: '0.00', currency: 'USD' } },
    });
    expect(d.diyChildren).toEqual([]);
  });

  it('presale: deposit plus balance equals the price', async () => {
    const d = await detail('pro-desk-2027');
    expect(d.price).toEqual({ value: '898.99', currency: 'USD' });
    expect(d.presale).toMatchObject({
      deposit: { value: '179.80', currency: 'USD' },
      balance: { value: '719.19', currency: 'USD' },
    });
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(d.presale.deposit.value) + cents(d.presale.balance.value)).toBe(cents(d.price.value));
    const { depositEndTime, balancePaymentStartTime, balancePaymentEndTime } = d.presale;
    expect(Date.parse(depositEndTime)).toBeGreaterThan(Date.now());
    // The demo presale's balance window is already open (so deposit and balance can be shown end to end).
    expect(Date.parse(balancePaymentStartTime)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(depositEndTime)).toBeLessThan(Date.parse(balancePaymentEndTime));
    expect(Date.parse(balancePaymentStartTime)).toBeLessThan(Date.parse(balancePaymentEndTime));
  });

  it('presale split in JPY stays whole yen and adds up', async () => {
    const b = browser(t.app);
    await b.post('/api/preferences', { site: 'JP' });
    const d = (await b.get('/api/catalog/items/pro-desk-2027')).json();
    expect(d.price).toEqual({ value: '134850', currency: 'JPY' });
    expect(d.presale.deposit).toEqual({ value: '26970', currency: 'JPY' });
    expect(d.presale.balance).toEqual({ value: '107880', currency: 'JPY' });
  });

  it('service, points and bulk items carry their extras', async () => {
    expect(await detail('assembly-service')).toMatchObject({
      service: { uses: 1, validDays: 365 },
      skus: [{ maxQty: '5' }],
    });
    expect(await detail('canvas-tote-points')).toMatchObject({
      pointsPrice: 500,
      skus: [{ pointsPrice: 500, maxQty: '2' }],
    });
    expect(await detail('office-desk-pack-20')).toMatchObject({
      isExceed: true,
      commerceTypeDict: 'B2B',
      skus: [{ baseUnit: 'pack', marketingUnit: { unitName: 'pack' } }],
    });
  });

  it('a sold-out SKU shows stock 0 while the item stays in stock', async () => {
    const d = await detail('ergonomic-chair-c7');
    expect(d.skus.map((s: { skuCode: string; stock: string }) => [s.skuCode, s.stock])).toEqual([
      ['C7-GRY', '30'],
      ['C7-BLK', '0'],
    ]);
    expect(d.inStock).toBe(true);
  });

  it('unknown urlKey -> 404 Catalog.itemNotFound', async () => {
    const res = await browser(t.app).get('/api/catalog/items/no-such-item');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'Catalog.itemNotFound' });
  });

  it('the unlisted gift item is not found', async () => {
    const res = await browser(t.app).get('/api/catalog/items/felt-desk-mat');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Catalog.itemNotFound');
  });
});
