/**
 * Checkout preview (renderTradeContractTO) and the exceed order request, through app.inject on
 * real Postgres (SPEC §3 Contract preview, Shipping method, Pickup store, Coupon, Points; §4
 * Checkout; §8 shipping and coupon errors; §9 limits). Submit is in flows/place-order.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addresses, preTradeRequests, shippingMethods, tradeContracts, users } from '../../db/schema/index.js';
import { Browser, browser, login, recordStatements, type TestApp } from '../../../test/helpers.js';
import {
  counts,
  freshIp,
  newKey,
  preview,
  previewOk,
  STEP0,
  submit,
  submitBodyFor,
  texasAddress,
  usAddress,
  type Body,
  type Fixtures,
  startCheckoutSuite,
} from '../../../test/checkout-fixtures.js';
import { SITES } from '@mall/contracts';
import { siteToday } from '@mall/domain';

let t: TestApp;
let f: Fixtures;
let buyer: Browser;

beforeAll(async () => {
  ({ t, f, buyer } = await startCheckoutSuite());
});
afterAll(async () => {
  await t?.close();
});

interface Method {
  shippingMethodId: string;
  shippingMethodCode: string;
  shippingMethod: string;
  shippingAmt: { value: string; currency: string } | null;
  canSelect: boolean;
  canotUsedType: string | null;
  shopId: string;
}
interface Store {
  id: string;
  storeName: string;
  distance: string;
  storeCity: string;
}
interface Coupon {
  ownerCouponId: string;
  couponCampaignName: string;
  selected: boolean;
  usable: boolean;
  scope: string;
  shopId: string | null;
  useLimit: boolean;
  display: { type: string; discount: string };
}
interface ShopOrder {
  shopId: string;
  shop: { name: string };
  shippingMethods: Method[];
  selectedShippingMethodId: string | null;
  pickupStores: Store[];
  availableShopCouponList: Coupon[];
  lines: Record<string, any>[];
  [k: string]: any;
}

const lines = (...l: [string, string][]) => l.map(([skuId, qty]) => ({ skuId, qty }));
/** The two-shop basket of most tests: one E7 desk (FlexiDesk) and one monitor lamp (Nordic Home). */
const basket = () => lines([f.sku['E7-BLK-140'], '1'], [f.sku['LAMP-BAR'], '1']);
const shopOf = (p: { renderTradeOrderTOList: ShopOrder[] }, shopId: string) =>
  p.renderTradeOrderTOList.find((o) => o.shopId === shopId)!;
const codes = (o: ShopOrder) => o.shippingMethods.map((m) => m.shippingMethodCode);
const amounts = (o: ShopOrder) => o.shippingMethods.map((m) => m.shippingAmt?.value ?? null);
const selectedCoupons = (p: { availableCouponList: Coupon[] }) =>
  p.availableCouponList.filter((c) => c.selected).map((c) => c.couponCampaignName);
const money = (value: string, currency = 'USD') => ({ value, currency });
const at = (o: ShopOrder) => ({
  skuAmt: o.skuAmt.value,
  shopDiscountAmt: o.shopDiscountAmt.value,
  platformDiscountAmt: o.platformDiscountAmt.value,
  shippingAmt: o.shippingAmt.value,
  taxAmt: o.taxAmt.value,
  needPayAmt: o.needPayAmt.value,
});

describe('preview for buyer@demo.shop to the saved San Francisco address (id 1)', () => {
  let p: any;
  beforeAll(async () => {
    p = await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } });
  });

  it('resolves the saved address and groups lines per shop', () => {
    expect(p.selectedAddress).toMatchObject({
      id: '1',
      city: 'San Francisco',
      postalCode: '94105',
      region: { regionShortName: 'US' },
    });
    expect(p.billingAddress).toBeNull();
    expect(p.userType).toBe('REGISTERED');
    expect(p.renderTradeOrderTOList.map((o: ShopOrder) => o.shop.name)).toEqual(['FlexiDesk Official', 'Nordic Home']);
    const flexi = shopOf(p, f.shop.flexi);
    expect(flexi.lines).toHaveLength(1);
    expect(flexi.lines[0]).toMatchObject({
      skuId: f.sku['E7-BLK-140'],
      qty: '1',
      unitPrice: money('498.99'),
      skuAmt: money('498.99'),
      lineGroupTypeDict: 'NORMAL',
      stockOk: true,
      cartLineId: null,
    });
    // The lamp carries its free desk mat as a gift.
    const lamp = shopOf(p, f.shop.nordic).lines[0]!;
    expect(lamp.gifts).toHaveLength(1);
    expect(lamp.gifts[0]).toMatchObject({ qty: '1', sku: { skuCode: 'GIFT-MAT' } });
  });

  it('sorts FlexiDesk methods by ascending amount, PICKUP second to last, FREIGHT (unknown amount) last', () => {
    const flexi = shopOf(p, f.shop.flexi);
    expect(codes(flexi)).toEqual(['STANDARD', 'EXPRESS', 'PICKUP', 'FREIGHT']);
    // PICKUP costs 0.00 yet is placed after the priced methods; FREIGHT has no known amount.
    expect(amounts(flexi)).toEqual(['15.00', '35.00', '0.00', null]);
    expect(
      flexi.shippingMethods.every((m) => m.canSelect && m.canotUsedType === null && m.shopId === f.shop.flexi),
    ).toBe(true);
    // The first selectable method by sort is preselected.
    expect(flexi.selectedShippingMethodId).toBe(f.method.flexi.STANDARD);
    expect(p.shippingTimeInfo).toMatchObject({
      shippingMethodId: f.method.flexi.STANDARD,
      shippingMethod: 'Standard delivery',
      dayList: [],
      dayTimeList: [],
      isPreSale: false,
      delayDays: 0,
    });
  });

  it('marks Nordic Home EXPRESS REGION_NOT_SUPPORTED for a US address and offers no Nordic pickup', () => {
    const nordic = shopOf(p, f.shop.nordic);
    expect(codes(nordic)).toEqual(['STANDARD', 'EXPRESS']);
    expect(amounts(nordic)).toEqual(['6.00', '12.00']);
    expect(nordic.shippingMethods[1]).toMatchObject({
      shippingMethodId: f.method.nordic.EXPRESS,
      canSelect: false,
      canotUsedType: 'REGION_NOT_SUPPORTED',
    });
    expect(nordic.selectedShippingMethodId).toBe(f.method.nordic.STANDARD);
    // Nordic Home stores are in Amsterdam and London: none near San Francisco.
    expect(nordic.pickupStores).toEqual([]);
  });

  it('lists FlexiDesk pickup stores near SF with 2-decimal mile distances, nearest first', () => {
    const stores = shopOf(p, f.shop.flexi).pickupStores;
    expect(stores.map((s) => s.storeName)).toEqual(['FlexiDesk SoMa Showroom', 'FlexiDesk San Jose']);
    for (const s of stores) expect(s.distance).toMatch(/^\d+\.\d{2}$/);
    expect(stores[0]!.distance).toBe('0.96');
    expect(Number(stores[1]!.distance)).toBeGreaterThan(35);
    expect(Number(stores[1]!.distance)).toBeLessThan(60);
    expect(stores[0]).toMatchObject({
      storeCity: 'San Francisco',
      storeAddress: '600 Townsend St',
      supportPickUp: true,
      address: '600 Townsend St, San Francisco',
    });
  });

  it('prices the contract: shop coupons, the best platform coupon, shipping and US sales tax on top', () => {
    expect(at(shopOf(p, f.shop.flexi))).toEqual({
      skuAmt: '498.99',
      shopDiscountAmt: '20.00',
      platformDiscountAmt: '71.85',
      shippingAmt: '15.00',
      taxAmt: '29.52',
      needPayAmt: '451.66',
    });
    expect(at(shopOf(p, f.shop.nordic))).toEqual({
      skuAmt: '58.99',
      shopDiscountAmt: '5.90',
      platformDiscountAmt: '7.96',
      shippingAmt: '6.00',
      taxAmt: '3.27',
      needPayAmt: '54.40',
    });
    expect(p).toMatchObject({
      skuAmt: money('557.98'),
      shopDiscountAmt: money('25.90'),
      platformCouponDiscountAmt: money('79.81'),
      platformDiscountAmt: money('79.81'),
      promotionDiscountAmt: money('0.00'),
      shippingAmt: money('21.00'),
      totalTaxAmt: money('32.79'),
      taxRate: '0.0725',
      taxDisplay: 'EXCLUSIVE',
      needPayAmt: money('506.06'),
      actualNeedPayPoints: 0,
      tradeType: 'NORMAL_SALE_B2C',
      isExceed: false,
      visibleTO: { addressInfoIsVisible: true, memberPointsIsVisible: true },
      buyCanBuyTO: { canBuy: true, content: null, operation: 0 },
    });
    // Earned points: paid amount x the Silver level's multiplier 1.25, rounded up (506.06 x 1.25 = 632.575).
    expect(p.earnPoints).toBe(633);
  });
});

describe('the preview read on the database', () => {
  it('is planned once per connection, not again for each preview', async () => {
    // After autovacuum has analyzed the tables, PostgreSQL's default could plan it anew for every
    // preview and order (3.4 ms of its CPU each); the app's connections keep the generic plan.
    for (let i = 0; i < 8; i++)
      await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } });
    // All the pool's idle connections at once, so each one reports its own prepared statements.
    const pool = t.db.$client;
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    try {
      const plans = (
        await Promise.all(
          clients.map(
            async (c) =>
              (
                await c.query(
                  `SELECT sum(generic_plans)::int AS generic, sum(custom_plans)::int AS custom FROM pg_prepared_statements WHERE name IN ('preview_read', 'preview_read_kept') HAVING count(*) > 0`,
                )
              ).rows[0] as { generic: number; custom: number } | undefined,
          ),
        )
      ).filter((p) => p !== undefined);
      expect(plans.length).toBeGreaterThan(0);
      expect(plans.reduce((n, p) => n + p.generic, 0)).toBeGreaterThanOrEqual(8);
      expect(plans.map((p) => p.custom)).toEqual(plans.map(() => 0));
    } finally {
      for (const c of clients) c.release();
    }
  });
});

describe('the catalog kept between previews', () => {
  const lamp = () => f.sku['LAMP-BAR'];
  // No coupons: the order placed below must leave the buyer's coupons to the tests after.
  const body = () => ({
    previewTradeContractLineReqTOList: lines([lamp(), '1']),
    selectedAddress: { id: '1' },
    couponIds: [],
  });
  const reads = (statements: string[]) => statements.filter((s) => s.startsWith('preview_read'));
  const version = async () =>
    (await t.db.$client.query('SELECT version FROM catalog_version')).rows[0].version as string;

  it('sees a new price on the next preview (the version moved), and the submit charges it', async () => {
    const rec = recordStatements(t.db);
    const before = await previewOk(buyer, body());
    const v = await version();
    try {
      await rec.unrecorded(
        `UPDATE sku_prices SET amount_minor = amount_minor + 100 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
      );
      expect(await version()).not.toBe(v);
      rec.statements.length = 0;
      const after = await previewOk(buyer, body());
      expect(Number(after.skuAmt.value)).toBeCloseTo(Number(before.skuAmt.value) + 1, 2);
      // The kept rows were tried, their version was old, so the catalog was read again.
      expect(reads(rec.statements)).toEqual(['preview_read_kept', 'preview_read']);
      rec.statements.length = 0;
      expect((await previewOk(buyer, body())).skuAmt).toEqual(after.skuAmt);
      expect(reads(rec.statements)).toEqual(['preview_read_kept']);
      // A submit priced at the old amount is told the price changed; at the new one it is placed.
      const shipping = after.renderTradeOrderTOList.map((o: ShopOrder) => ({
        shopId: o.shopId,
        shippingMethodId: o.selectedShippingMethodId,
      }));
      const order = { ...body(), ...STEP0, preCalShippingList: shipping };
      const stale = await submit(buyer, { ...order, needPayAmt: before.needPayAmt.value });
      expect(stale.json()).toMatchObject({ code: 'Trade.priceChanged' });
      const placed = await submit(buyer, { ...order, needPayAmt: after.needPayAmt.value });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().needPayAmt).toEqual(after.needPayAmt);
    } finally {
      rec.stop();
      await t.db.$client.query(
        `UPDATE sku_prices SET amount_minor = amount_minor - 100 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
      );
    }
  });

  it('reads the stock for every preview: stock moves with each order and does not move the version', async () => {
    const {
      rows: [{ stock }],
    } = await t.db.$client.query(`SELECT stock FROM skus WHERE id = ${lamp()}`);
    await previewOk(buyer, body());
    const v = await version();
    const rec = recordStatements(t.db);
    try {
      await rec.unrecorded(`UPDATE skus SET stock = 0.5 WHERE id = ${lamp()}`);
      expect(await version()).toBe(v);
      const p = await previewOk(buyer, body());
      // From the kept rows, with the stock read now.
      expect(reads(rec.statements)).toEqual(['preview_read_kept']);
      expect(p.renderTradeOrderTOList[0]!.lines[0]).toMatchObject({ stockOk: false, sku: { stock: '0.5' } });
      expect(p.buyCanBuyTO).toEqual({ canBuy: false, content: 'item solt out', operation: 0 });
    } finally {
      rec.stop();
      await t.db.$client.query(`UPDATE skus SET stock = $1 WHERE id = ${lamp()}`, [stock]);
    }
    expect((await previewOk(buyer, body())).buyCanBuyTO.canBuy).toBe(true);
  });

  it('previews that arrive together share one read, each with its own buyer facts and the stock of its own SKUs', async () => {
    const guestBody = (sku: string) => ({ previewTradeContractLineReqTOList: lines([sku, '1']), couponIds: [] });
    // Enough of them that some arrive while others' reads are under way (two reads run at once).
    const skus = [f.sku['DIY-FRAME-E5'], f.sku['C7-GRY'], lamp(), f.sku['E7-WHT-140']];
    const guests = Array.from({ length: 16 }, (_, i) => ({ b: browser(t.app), sku: skus[i % skus.length]! }));
    // One at a time first: what each one sees on its own (and the catalog kept).
    const alone = [
      await previewOk(buyer, body()),
      ...(await Promise.all(guests.map(async (g) => previewOk(g.b, guestBody(g.sku))))),
    ];
    const rec = recordStatements(t.db);
    let together: Awaited<ReturnType<typeof previewOk>>[];
    try {
      together = await Promise.all([previewOk(buyer, body()), ...guests.map((g) => previewOk(g.b, guestBody(g.sku)))]);
    } finally {
      rec.stop();
    }
    expect(reads(rec.statements).length).toBeLessThan(together.length);
    expect(reads(rec.statements).every((s) => s === 'preview_read_kept')).toBe(true);
    for (const [i, p] of together.entries()) {
      const {
        pointDeductionResult,
        availableCouponList,
        selectedAddress,
        needPayAmt,
        buyCanBuyTO,
        renderTradeOrderTOList,
      } = alone[i]!;
      expect(p).toMatchObject({ pointDeductionResult, availableCouponList, selectedAddress, needPayAmt, buyCanBuyTO });
      expect(p.renderTradeOrderTOList.flatMap((o: any) => o.lines.map((l: any) => [l.skuId, l.sku.stock]))).toEqual(
        renderTradeOrderTOList.flatMap((o: any) => o.lines.map((l: any) => [l.skuId, l.sku.stock])),
      );
    }
    // The buyer's own facts came back to the buyer only.
    expect(together[0]!.pointDeductionResult.pointBalance).toBeGreaterThan(0);
    expect(together[0]!.selectedAddress).toMatchObject({ id: '1' });
    for (const p of together.slice(1)) expect(p.pointDeductionResult.pointBalance).toBe(0);
  });

  it("reads the stock of a DIY bundle's parts for every preview too", async () => {
    const bundle = {
      previewTradeContractLineReqTOList: lines([f.sku['DIY-FRAME-E5'], '1']),
      selectedAddress: { id: '1' },
      couponIds: [],
    };
    const tray = f.sku['TRAY-STEEL'];
    const {
      rows: [{ stock }],
    } = await t.db.$client.query(`SELECT stock FROM skus WHERE id = ${tray}`);
    expect((await previewOk(buyer, bundle)).buyCanBuyTO.canBuy).toBe(true);
    const rec = recordStatements(t.db);
    try {
      // Less than one bundle needs, yet above 0 (selling out moves the version for the item list):
      // the version stays, the part's stock is read.
      await rec.unrecorded(`UPDATE skus SET stock = 0.5 WHERE id = ${tray}`);
      const p = await previewOk(buyer, bundle);
      expect(reads(rec.statements)).toEqual(['preview_read_kept']);
      expect(p.buyCanBuyTO).toEqual({ canBuy: false, content: 'item solt out', operation: 0 });
    } finally {
      rec.stop();
      await t.db.$client.query(`UPDATE skus SET stock = $1 WHERE id = ${tray}`, [stock]);
    }
    expect((await previewOk(buyer, bundle)).buyCanBuyTO.canBuy).toBe(true);
  });

  it('keeps nothing while the version row is missing: every preview reads the catalog', async () => {
    const before = await previewOk(buyer, body());
    const {
      rows: [row],
    } = await t.db.$client.query('DELETE FROM catalog_version RETURNING *');
    const rec = recordStatements(t.db);
    try {
      for (let i = 0; i < 2; i++) expect((await previewOk(buyer, body())).needPayAmt).toEqual(before.needPayAmt);
      // Each tries the rows kept last, whose label the read does not match, and reads again.
      expect(reads(rec.statements)).toEqual(['preview_read_kept', 'preview_read', 'preview_read_kept', 'preview_read']);
    } finally {
      rec.stop();
      await t.db.$client.query('INSERT INTO catalog_version (id, version, bumped_by, token) VALUES ($1, $2, $3, $4)', [
        row.id,
        row.version,
        row.bumped_by,
        row.token,
      ]);
    }
  });

  it('starts over when the version number comes back with another token (a dump restored into the running database)', async () => {
    const before = await previewOk(buyer, body());
    const v = await version();
    const rec = recordStatements(t.db);
    try {
      // The price changes and the number reads as before, as when a restore took it back and one
      // edit counted it up again: the number matches the kept rows', the token does not.
      await rec.unrecorded(
        `UPDATE sku_prices SET amount_minor = amount_minor + 100 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
      );
      await rec.unrecorded(`UPDATE catalog_version SET version = ${v}`);
      expect(await version()).toBe(v);
      rec.statements.length = 0;
      const after = await previewOk(buyer, body());
      expect(Number(after.skuAmt.value)).toBeCloseTo(Number(before.skuAmt.value) + 1, 2);
      expect(reads(rec.statements)).toEqual(['preview_read_kept', 'preview_read']);
    } finally {
      rec.stop();
      await t.db.$client.query(
        `UPDATE sku_prices SET amount_minor = amount_minor - 100 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
      );
    }
  });

  it('draws a new token with every bump', async () => {
    const row = async () =>
      (await t.db.$client.query('SELECT version, token FROM catalog_version')).rows[0] as {
        version: string;
        token: string;
      };
    const a = await row();
    await t.db.$client.query(
      `UPDATE sku_prices SET amount_minor = amount_minor + 1 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
    );
    const b = await row();
    await t.db.$client.query(
      `UPDATE sku_prices SET amount_minor = amount_minor - 1 WHERE sku_id = ${lamp()} AND currency = 'USD'`,
    );
    const c = await row();
    expect(BigInt(b.version)).toBe(BigInt(a.version) + 1n);
    expect(new Set([a.token, b.token, c.token]).size).toBe(3);
  });

  it('moves the version with a change to any column of a SKU but its stock', async () => {
    // A column added to skus later must be named in the trigger (migration 0032), or the checkout would keep its old value.
    const { rows: cols } = await t.db.$client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'skus' AND column_name NOT IN ('id', 'stock')`,
    );
    const {
      rows: [{ def }],
    } = await t.db.$client.query(
      `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgname = 'skus_catalog_version_update'`,
    );
    expect(cols.length).toBeGreaterThan(10);
    // Whole names: old.min must not pass for old.min_qty.
    for (const { column_name } of cols) expect(def, column_name).toMatch(new RegExp(`\\bold\\.${column_name}\\b`));
  });
});

describe('shipping rules', () => {
  it('EXPRESS of FlexiDesk is ORDER_AMOUNT_NOT_SUPPORTED above its maxOrder (10 x E7 = 4989.90 > 3000), STANDARD is free', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '10']),
      selectedAddress: { id: '1' },
    });
    const flexi = shopOf(p, f.shop.flexi);
    expect(flexi.skuAmt).toEqual(money('4989.90'));
    expect(codes(flexi)).toEqual(['STANDARD', 'EXPRESS', 'PICKUP', 'FREIGHT']);
    expect(flexi.shippingMethods[0]).toMatchObject({
      shippingMethodCode: 'STANDARD',
      shippingAmt: money('0.00'),
      canSelect: true,
      canotUsedType: null,
    });
    expect(flexi.shippingMethods[1]).toMatchObject({
      shippingMethodCode: 'EXPRESS',
      shippingAmt: money('35.00'),
      canSelect: false,
      canotUsedType: 'ORDER_AMOUNT_NOT_SUPPORTED',
    });
    expect(flexi.selectedShippingMethodId).toBe(f.method.flexi.STANDARD);
    expect(p.shippingAmt).toEqual(money('0.00'));
    // Choosing the unusable method does not stick: the first selectable one is kept.
    const chosen = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '10']),
      selectedAddress: { id: '1' },
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.EXPRESS }],
    });
    expect(shopOf(chosen, f.shop.flexi).selectedShippingMethodId).toBe(f.method.flexi.STANDARD);
  });

  it('STANDARD is free from its freeOver threshold (500): 1 desk pays 15.00, 2 desks ship free', async () => {
    const one = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '1']),
      selectedAddress: { id: '1' },
    });
    const two = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '2']),
      selectedAddress: { id: '1' },
    });
    expect(shopOf(one, f.shop.flexi).shippingMethods[0]).toMatchObject({
      shippingMethodCode: 'STANDARD',
      shippingAmt: money('15.00'),
    });
    expect(shopOf(two, f.shop.flexi).shippingMethods[0]).toMatchObject({
      shippingMethodCode: 'STANDARD',
      shippingAmt: money('0.00'),
    });
    expect(one.shippingAmt).toEqual(money('15.00'));
    expect(two.shippingAmt).toEqual(money('0.00'));
  });

  it('preselects the first SELECTABLE method when the cheapest one cannot be used', async () => {
    // Make Nordic's next-day delivery the cheapest: it still does not ship to the US.
    const [row] = await t.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, BigInt(f.method.nordic.EXPRESS)));
    await t.db
      .update(shippingMethods)
      .set({ amounts: { ...row!.amounts, USD: '100' } })
      .where(eq(shippingMethods.id, row!.id));
    try {
      const p = await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } });
      const nordic = shopOf(p, f.shop.nordic);
      expect(codes(nordic)).toEqual(['EXPRESS', 'STANDARD']);
      expect(nordic.shippingMethods[0]).toMatchObject({
        shippingAmt: money('1.00'),
        canSelect: false,
        canotUsedType: 'REGION_NOT_SUPPORTED',
      });
      expect(nordic.selectedShippingMethodId).toBe(f.method.nordic.STANDARD);
      expect(nordic.shippingAmt).toEqual(money('6.00'));
    } finally {
      await t.db.update(shippingMethods).set({ amounts: row!.amounts }).where(eq(shippingMethods.id, row!.id));
    }
  });

  it('choosing PICKUP with a store prices the shop shipping at 0.00', async () => {
    const stores = shopOf(
      await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } }),
      f.shop.flexi,
    ).pickupStores;
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
      pickUpStoreId: stores[0]!.id,
      preCalShippingList: [
        { shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP },
        { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
      ],
    });
    const flexi = shopOf(p, f.shop.flexi);
    expect(flexi.selectedShippingMethodId).toBe(f.method.flexi.PICKUP);
    expect(flexi.shippingAmt).toEqual(money('0.00'));
    expect(p.shippingAmt).toEqual(money('6.00'));
    expect(p.shippingTimeInfo).toMatchObject({
      shippingMethodId: f.method.flexi.PICKUP,
      shippingMethod: 'Pick up in store',
    });
  });

  it('offers NO pickup method for a typed Texas address (no store within reach)', async () => {
    const p = await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: texasAddress(f) });
    expect(p.selectedAddress).toMatchObject({ id: '0', city: 'Austin', postalCode: '78701' });
    const flexi = shopOf(p, f.shop.flexi);
    expect(codes(flexi)).toEqual(['STANDARD', 'EXPRESS', 'FREIGHT']);
    expect(flexi.pickupStores).toEqual([]);
    expect(codes(shopOf(p, f.shop.nordic))).toEqual(['STANDARD', 'EXPRESS']);
    // A typed address is not saved by the preview.
    expect(
      (
        await t.db
          .select()
          .from(addresses)
          .where(and(eq(addresses.buyerId, f.buyerId), eq(addresses.city, 'Austin')))
      ).length,
    ).toBe(0);
  });

  it('offers NO pickup method for a saved Texas address either', async () => {
    const created = await buyer.post('/api/addresses', texasAddress(f), { remoteAddress: freshIp() });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    try {
      const p = await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id } });
      expect(p.selectedAddress).toMatchObject({ id, city: 'Austin' });
      const flexi = shopOf(p, f.shop.flexi);
      expect(codes(flexi)).toEqual(['STANDARD', 'EXPRESS', 'FREIGHT']);
      expect(flexi.pickupStores).toEqual([]);
      // Asking for pickup anyway falls back to the first selectable method.
      const asked = await previewOk(buyer, {
        previewTradeContractLineReqTOList: basket(),
        selectedAddress: { id },
        preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP }],
      });
      expect(shopOf(asked, f.shop.flexi).selectedShippingMethodId).toBe(f.method.flexi.STANDARD);
    } finally {
      await t.db.delete(addresses).where(eq(addresses.id, BigInt(id)));
    }
  });

  it('a half-typed address is simply absent in the preview (no pickup, no region check)', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { firstName: 'Dana' },
    });
    expect(p.selectedAddress).toBeNull();
    expect(codes(shopOf(p, f.shop.flexi))).toEqual(['STANDARD', 'EXPRESS', 'FREIGHT']);
    // Without a destination Nordic EXPRESS is not ruled out.
    expect(shopOf(p, f.shop.nordic).shippingMethods.every((m) => m.canSelect)).toBe(true);
  });

  it("another buyer's saved address -> 404 Address.notFound", async () => {
    const [other] = await t.db
      .select({ id: addresses.id })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.buyerId))
      .where(eq(users.email, 'main@demo.shop'));
    const res = await preview(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: String(other!.id) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Address.notFound');
  });
});

describe('coupons', () => {
  it('preselects the best shop coupon per shop and the best platform coupon', async () => {
    const p = await previewOk(buyer, { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } });
    expect(selectedCoupons(p)).toEqual(['FlexiDesk $20 off', 'Nordic Home 10% off', 'Member 15% off']);
    expect(p.activityUsedList).toEqual(['FlexiDesk $20 off', 'Nordic Home 10% off', 'Member 15% off']);
    expect(shopOf(p, f.shop.flexi).availableShopCouponList.map((c) => [c.ownerCouponId, c.selected])).toEqual([
      [f.coupon.flexi20, true],
    ]);
    expect(shopOf(p, f.shop.nordic).availableShopCouponList.map((c) => [c.ownerCouponId, c.selected])).toEqual([
      [f.coupon.nordic10, true],
    ]);
    // Member 15% (79.81 off) beats Mall $5 off.
    expect(p.availablePlatformCouponList.map((c: Coupon) => [c.ownerCouponId, c.selected, c.usable])).toEqual([
      [f.coupon.member15, true, true],
      [f.coupon.mall5, false, true],
    ]);
    const member = p.availablePlatformCouponList[0] as Coupon;
    expect(member).toMatchObject({
      scope: 'PLATFORM',
      shopId: null,
      useLimit: true,
      memberCouponType: 'DISCOUNT_COUPON',
      display: { type: 'percent', discount: '15' },
    });
    expect(shopOf(p, f.shop.nordic).availableShopCouponList[0]).toMatchObject({
      display: { type: 'percent', discount: '10' },
      minSpend: money('30.00'),
    });
    expect(shopOf(p, f.shop.flexi).availableShopCouponList[0]).toMatchObject({
      memberCouponType: 'AMOUNT',
      deductionAmt: money('20.00'),
      display: { type: 'amount', discount: '20.00' },
    });
  });

  it('couponIds: [] uses none', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
      couponIds: [],
    });
    expect(selectedCoupons(p)).toEqual([]);
    expect(p.activityUsedList).toEqual([]);
    expect(p).toMatchObject({
      shopDiscountAmt: money('0.00'),
      platformDiscountAmt: money('0.00'),
      platformCouponDiscountAmt: money('0.00'),
    });
    // 498.99 + 15 + tax 36.18 and 58.99 + 6 + tax 4.28.
    expect(at(shopOf(p, f.shop.flexi))).toMatchObject({
      shopDiscountAmt: '0.00',
      taxAmt: '36.18',
      needPayAmt: '550.17',
    });
    expect(at(shopOf(p, f.shop.nordic))).toMatchObject({
      shopDiscountAmt: '0.00',
      taxAmt: '4.28',
      needPayAmt: '69.27',
    });
    expect(p.needPayAmt).toEqual(money('619.44'));
    // The coupons are still listed for the buyer to pick.
    expect(p.availableCouponList).toHaveLength(4);
  });

  it('the buyer picks exactly the coupons sent in couponIds', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
      couponIds: [f.coupon.mall5],
    });
    expect(selectedCoupons(p)).toEqual(['Mall $5 off']);
    expect(p).toMatchObject({ shopDiscountAmt: money('0.00'), platformCouponDiscountAmt: money('5.00') });
    // A coupon of another buyer is never applied.
    const foreign = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
      couponIds: [f.foreignCoupon],
    });
    expect(selectedCoupons(foreign)).toEqual([]);
    expect(foreign.availableCouponList.map((c: Coupon) => c.ownerCouponId)).not.toContain(f.foreignCoupon);
  });

  it('noUsePlatformCoupon keeps the shop coupons only', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
      noUsePlatformCoupon: true,
    });
    expect(selectedCoupons(p)).toEqual(['FlexiDesk $20 off', 'Nordic Home 10% off']);
    expect(p.platformCouponDiscountAmt).toEqual(money('0.00'));
  });

  it('coupons below their minimum spend are listed unusable and not preselected', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      selectedAddress: { id: '1' },
    });
    // 38.99 of goods: under 100 (FlexiDesk), 200 (Member) and 50 (Mall).
    expect(p.availableCouponList.map((c: Coupon) => [c.couponCampaignName, c.usable, c.selected])).toEqual([
      ['FlexiDesk $20 off', false, false],
      ['Member 15% off', false, false],
      ['Mall $5 off', false, false],
    ]);
    expect(p.shopDiscountAmt).toEqual(money('0.00'));
    expect(p.platformDiscountAmt).toEqual(money('0.00'));
  });
});

describe('promotion codes', () => {
  const withCodes = (promotionCodeList: string[], extra: Body = {}) => ({
    previewTradeContractLineReqTOList: basket(),
    selectedAddress: { id: '1' },
    noUsePlatformCoupon: true,
    promotionCodeList,
    ...extra,
  });

  it('WELCOME10 takes 10.00 off, spread over the shops', async () => {
    const base = await previewOk(buyer, withCodes([]));
    const p = await previewOk(buyer, withCodes(['WELCOME10']));
    expect(p.promotionCodeList).toEqual(['WELCOME10']);
    expect(p.couponCodeUsedList).toEqual(['WELCOME10']);
    expect(p.uselessPromotionCode).toEqual([]);
    expect(p.promotionDiscountAmt).toEqual(money('10.00'));
    expect(p.platformDiscountAmt).toEqual(money('10.00'));
    expect(p.renderTradeOrderTOList.map((o: ShopOrder) => o.platformDiscountAmt.value)).toEqual(['9.00', '1.00']);
    // 10.00 less goods, and 7.25 % less tax on them.
    expect(Number(base.needPayAmt.value) - Number(p.needPayAmt.value)).toBeCloseTo(10.73, 2);
  });

  it('codes are upper-cased; WELCOME10 and SAVE5 combine', async () => {
    const p = await previewOk(buyer, withCodes(['welcome10', ' save5 ']));
    expect(p.promotionCodeList).toEqual(['WELCOME10', 'SAVE5']);
    expect(p.promotionDiscountAmt).toEqual(money('15.00'));
    expect(p.uselessPromotionCode).toEqual([]);
  });

  it('SOLO15 (useLimit) after another code -> uselessPromotionCode COMBINATION', async () => {
    const p = await previewOk(buyer, withCodes(['WELCOME10', 'SOLO15']));
    expect(p.promotionCodeList).toEqual(['WELCOME10']);
    expect(p.uselessPromotionCode).toEqual([{ code: 'SOLO15', reason: 'COMBINATION' }]);
    expect(p.promotionDiscountAmt).toEqual(money('10.00'));
    // Alone it applies: 15 % of the goods after the shop coupons (532.08).
    const solo = await previewOk(buyer, withCodes(['SOLO15']));
    expect(solo.promotionCodeList).toEqual(['SOLO15']);
    expect(solo.promotionDiscountAmt).toEqual(money('79.81'));
    // ...and then blocks any later code.
    const after = await previewOk(buyer, withCodes(['SOLO15', 'SAVE5']));
    expect(after.uselessPromotionCode).toEqual([{ code: 'SAVE5', reason: 'COMBINATION' }]);
  });

  it('a preselected useLimit platform coupon (Member 15%) blocks codes', async () => {
    const p = await previewOk(buyer, withCodes(['WELCOME10'], { noUsePlatformCoupon: undefined }));
    expect(selectedCoupons(p)).toContain('Member 15% off');
    expect(p.promotionCodeList).toEqual([]);
    expect(p.uselessPromotionCode).toEqual([{ code: 'WELCOME10', reason: 'COMBINATION' }]);
    expect(p.promotionDiscountAmt).toEqual(money('0.00'));
  });

  it('an unknown code -> NOT_FOUND; under its minimum spend -> MIN_SPEND', async () => {
    const p = await previewOk(buyer, withCodes(['NOPE2024']));
    expect(p.uselessPromotionCode).toEqual([{ code: 'NOPE2024', reason: 'NOT_FOUND' }]);
    expect(p.promotionCodeList).toEqual([]);
    const small = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      promotionCodeList: ['WELCOME10'],
    });
    expect(small.uselessPromotionCode).toEqual([{ code: 'WELCOME10', reason: 'MIN_SPEND' }]);
  });

  it('a code shorter than 4 or longer than 20 characters -> 400 Coupon.codeLength', async () => {
    for (const code of ['ABC', 'A'.repeat(21)]) {
      const res = await preview(buyer, withCodes([code]));
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Coupon.codeLength',
        details: [{ path: '/promotionCodeList/0', message: 'Coupon.codeLength' }],
      });
    }
  });
});

describe('points', () => {
  const choices = (extra: Body = {}) => ({
    previewTradeContractLineReqTOList: basket(),
    selectedAddress: { id: '1' },
    ...extra,
  });

  it('reports the balance and what may be deducted without using it', async () => {
    const p = await previewOk(buyer, choices());
    expect(p.pointDeductionResult).toEqual({
      available: true,
      pointBalance: 2000,
      discountablePoint: 2000,
      discountableAmount: money('20.00'),
      chosenIntegral: 0,
      discountAmount: money('0.00'),
      step: 100,
      minimum: 500,
    });
  });

  it('enablePointDeduction uses the 2000 points as 20.00 off', async () => {
    const p = await previewOk(buyer, choices({ enablePointDeduction: true }));
    expect(p.pointDeductionResult).toMatchObject({
      chosenIntegral: 2000,
      discountAmount: money('20.00'),
      pointBalance: 2000,
    });
    expect(p.needPayAmt).toEqual(money('486.06')); // 506.06 - 20.00
    expect(p.earnPoints).toBe(608); // 486.06 x 1.25 (Silver) = 607.575, rounded up
  });

  it('usedPointNum is rounded down to the step (100) and ignored under the minimum (500)', async () => {
    const some = await previewOk(buyer, choices({ enablePointDeduction: true, usedPointNum: 1250 }));
    expect(some.pointDeductionResult).toMatchObject({ chosenIntegral: 1200, discountAmount: money('12.00') });
    expect(some.needPayAmt).toEqual(money('494.06'));
    const few = await previewOk(buyer, choices({ enablePointDeduction: true, usedPointNum: 400 }));
    expect(few.pointDeductionResult).toMatchObject({ chosenIntegral: 0, discountAmount: money('0.00') });
    expect(few.needPayAmt).toEqual(money('506.06'));
  });

  it('at most half of the amount can be paid with points', async () => {
    // Cable tray: 38.99 + 15.00 shipping + 2.83 tax = 56.82 -> at most 28.41 -> 2800 points, capped by the 2000 owned.
    const tray = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      selectedAddress: { id: '1' },
      enablePointDeduction: true,
    });
    expect(tray.pointDeductionResult).toMatchObject({ discountablePoint: 2000, chosenIntegral: 2000 });
    // Coffee 0.5 kg: 12.00 + 6.00 shipping + 0.87 tax = 18.87 -> at most 9.43 -> 900 points.
    const coffee = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['COF-ARABICA'], '0.5']),
      selectedAddress: { id: '1' },
      enablePointDeduction: true,
    });
    expect(coffee.needPayAmt.value).toBe((18.87 - 9).toFixed(2));
    expect(coffee.pointDeductionResult).toMatchObject({
      discountablePoint: 900,
      chosenIntegral: 900,
      discountAmount: money('9.00'),
    });
  });
});

describe('tourists', () => {
  it('see no member points, earn nothing and get no coupons', async () => {
    const g = browser(t.app);
    const p = await previewOk(g, {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: usAddress(f),
      enablePointDeduction: true,
    });
    expect(p.userType).toBe('TOURIST');
    expect(p.visibleTO).toEqual({ addressInfoIsVisible: true, memberPointsIsVisible: false });
    expect(p.earnPoints).toBe(0);
    expect(p.availableCouponList).toEqual([]);
    expect(p.availablePlatformCouponList).toEqual([]);
    expect(p.renderTradeOrderTOList.every((o: ShopOrder) => o.availableShopCouponList.length === 0)).toBe(true);
    expect(p.pointDeductionResult).toMatchObject({
      available: false,
      pointBalance: 0,
      chosenIntegral: 0,
      discountAmount: money('0.00'),
    });
    expect(p.needPayAmt).toEqual(money('619.44'));
    // The typed address is used for pickup distances: the guest is in SF too.
    expect(shopOf(p, f.shop.flexi).pickupStores[0]).toMatchObject({ storeName: 'FlexiDesk SoMa Showroom' });
    // Previewing creates no session.
    expect(g.cookies.size).toBe(0);
  });

  it('a typed address needs no gender and no second address line (the same schema as the form); the rest stays required', async () => {
    const g = browser(t.app);
    const typed = usAddress(f, { detailAddress: '' });
    delete typed.gender;
    const ship = [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }];
    const choices = {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      selectedAddress: typed,
      preCalShippingList: ship,
    };
    const p = await previewOk(g, choices);
    expect(p.selectedAddress).toMatchObject({ gender: 'UN_KNOW', detailAddress: '', postalCode: '94107' });
    const res = await submit(
      g,
      await submitBodyFor(g, choices, { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [c] = await t.db
      .select({ a: tradeContracts.selectedAddress })
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(res.json().id)));
    expect(c!.a).toMatchObject({ firstName: 'Gina', gender: 'UN_KNOW', detailAddress: '' });
    // Without a street the submit is refused with the field named, like the form shows it.
    const noStreet = usAddress(f, { poiName: '' });
    const refused = await submit(g, {
      ...(await submitBodyFor(g, {
        previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
        preCalShippingList: ship,
      })),
      selectedAddress: noStreet,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details).toEqual([{ path: '/poiName', message: 'validation.required' }]);
  });

  it('cannot use a saved address id -> 401', async () => {
    const res = await preview(browser(t.app), {
      previewTradeContractLineReqTOList: basket(),
      selectedAddress: { id: '1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('Common.unauthorized');
  });

  it('a points item (Canvas Tote, 500 points) -> buyCanBuyTO.canBuy false', async () => {
    const p = await previewOk(browser(t.app), { previewTradeContractLineReqTOList: lines([f.sku['PTS-TOTE'], '1']) });
    expect(p.buyCanBuyTO).toEqual({ canBuy: false, content: 'Please log in to redeem points', operation: 1 });
    expect(p.actualNeedPayPoints).toBe(500);
    expect(shopOf(p, f.shop.nordic).lines[0]).toMatchObject({
      points: 500,
      unitPrice: money('0.00'),
      skuAmt: money('0.00'),
    });
  });
});

describe('sites', () => {
  it('JP: JPY without decimals, tax included, 7 delivery days and time slots', async () => {
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'JP' })).statusCode).toBe(200);
    const p = await previewOk(g, { previewTradeContractLineReqTOList: basket() });
    const all: { value: string; currency: string }[] = [];
    JSON.stringify(p, (_k, v) => {
      if (v && typeof v === 'object' && 'currency' in v && 'value' in v) all.push(v);
      return v;
    });
    expect(all.length).toBeGreaterThan(20);
    for (const m of all) {
      expect(m.currency).toBe('JPY');
      expect(m.value).toMatch(/^\d+$/);
    }
    expect(shopOf(p, f.shop.flexi).lines[0]!.unitPrice).toEqual(money('74850', 'JPY'));
    expect(shopOf(p, f.shop.nordic).lines[0]!.unitPrice).toEqual(money('8850', 'JPY'));
    expect(amounts(shopOf(p, f.shop.flexi))).toEqual(['2250', '5250', null]);
    expect(p).toMatchObject({ taxDisplay: 'INCLUSIVE', taxRate: '0.10' });
    // Tax is contained in the price: the buyer pays goods + shipping, nothing on top.
    expect(p.needPayAmt).toEqual(money(String(74850 + 8850 + 2250 + 900), 'JPY'));
    // VAT inside 77100 (7009) and inside 9750 (886).
    expect(p.totalTaxAmt).toEqual(money('7895', 'JPY'));
    const info = p.shippingTimeInfo;
    const rule = SITES.JP.features.deliveryDayTime!;
    expect(info.delayDays).toBe(rule.firstDayOffset);
    expect(info.dayList).toHaveLength(7);
    // From the day after tomorrow in Tokyo (or the day before, if Tokyo's midnight just passed).
    const daysFromToday = (Date.parse(info.dayList[0]) - Date.parse(siteToday('Asia/Tokyo', new Date()))) / 86400_000;
    expect([rule.firstDayOffset, rule.firstDayOffset - 1]).toContain(daysFromToday);
    for (let i = 1; i < 7; i++) expect(Date.parse(info.dayList[i]) - Date.parse(info.dayList[i - 1])).toBe(86400_000);
    expect(info.dayTimeList).toEqual(rule.timeSlots);
    expect(info.dayTimeList.length).toBeGreaterThan(0);
  });

  it('DE: prices in EUR with VAT included', async () => {
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site: 'DE' })).statusCode).toBe(200);
    const p = await previewOk(g, { previewTradeContractLineReqTOList: basket() });
    expect(shopOf(p, f.shop.flexi).lines[0]!.unitPrice).toEqual(money('458.99', 'EUR'));
    expect(shopOf(p, f.shop.nordic).lines[0]!.unitPrice).toEqual(money('53.99', 'EUR'));
    expect(p.skuAmt).toEqual(money('512.98', 'EUR'));
    // FlexiDesk ships free from 450 EUR; Nordic standard 5.00 EUR.
    expect(p.shippingAmt).toEqual(money('5.00', 'EUR'));
    expect(p).toMatchObject({ taxDisplay: 'INCLUSIVE', taxRate: '0.19', needPayAmt: money('517.98', 'EUR') });
    expect(p.shippingTimeInfo.dayList).toEqual([]);
  });
});

describe('can the buyer buy this?', () => {
  it('exceed item (Office Desk Pack x20) -> isExceed true', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['BULK-E7-20'], '1']),
      selectedAddress: { id: '1' },
    });
    expect(p.isExceed).toBe(true);
    expect(shopOf(p, f.shop.flexi).lines[0]!.item).toMatchObject({ isExceed: true, businessTypeDict: 'BULK' });
    const normal = await previewOk(buyer, { previewTradeContractLineReqTOList: basket() });
    expect(normal.isExceed).toBe(false);
  });

  it("sold-out SKU (C7-BLK, stock 0) -> canBuy false, 'item solt out'", async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['C7-BLK'], '1'], [f.sku['LAMP-BAR'], '1']),
      selectedAddress: { id: '1' },
    });
    expect(p.buyCanBuyTO).toEqual({ canBuy: false, content: 'item solt out', operation: 0 });
    expect(shopOf(p, f.shop.flexi).lines[0]).toMatchObject({ stockOk: false });
    expect(shopOf(p, f.shop.nordic).lines[0]).toMatchObject({ stockOk: true });
  });

  it('more than the stock (E7-BLK-160 x4, stock 3) -> canBuy false', async () => {
    const p = await previewOk(buyer, { previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-160'], '4']) });
    expect(p.buyCanBuyTO).toMatchObject({ canBuy: false, content: 'item solt out' });
    const ok = await previewOk(buyer, { previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-160'], '3']) });
    expect(ok.buyCanBuyTO.canBuy).toBe(true);
  });

  it('not enough points for the points items -> canBuy false', async () => {
    const sub = await login(t.app, 'sub1@demo.shop'); // 600 points
    const p = await previewOk(sub, { previewTradeContractLineReqTOList: lines([f.sku['PTS-TOTE'], '2']) });
    expect(p.actualNeedPayPoints).toBe(1000);
    expect(p.buyCanBuyTO).toEqual({ canBuy: false, content: 'You do not have enough points', operation: 1 });
    const one = await previewOk(sub, { previewTradeContractLineReqTOList: lines([f.sku['PTS-TOTE'], '1']) });
    expect(one.buyCanBuyTO.canBuy).toBe(true);
  });

  it('a DIY bundle is priced with its children', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['DIY-FRAME-E5'], '2']),
      couponIds: [],
    });
    const l = shopOf(p, f.shop.flexi).lines[0]!;
    expect(l.lineGroupTypeDict).toBe('DIY_MAIN');
    expect(l.diyChildren.map((d: { sku: { skuCode: string }; qty: string }) => [d.sku.skuCode, d.qty])).toEqual([
      ['TOP-OAK-140', '1'],
      ['TRAY-STEEL', '1'],
    ]);
    // 298.99 + 188.99 + 38.99 per bundle.
    expect(l.unitPrice).toEqual(money('526.97'));
    expect(l.skuAmt).toEqual(money('1053.94'));
  });

  it('rejects bad lines: duplicate SKU, quantity out of range, unknown or unlisted SKU, none at all', async () => {
    const before = await counts(t.db);
    const dup = await preview(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '1'], [f.sku['E7-BLK-140'], '2']),
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('Common.invalidRequest');
    const many = await preview(buyer, { previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '11']) });
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('Cart.quantityOutOfRange');
    // Weight items: only their 0.5 kg steps (SPEC §5 stepper), as in the cart.
    for (const qty of ['1.3', '0.7']) {
      const off = await preview(buyer, { previewTradeContractLineReqTOList: lines([f.sku['COF-ARABICA'], qty]) });
      expect(off.statusCode, qty).toBe(400);
      expect(off.json(), qty).toMatchObject({
        code: 'Cart.quantityStep',
        details: { skuId: f.sku['COF-ARABICA'], step: '0.5' },
      });
    }
    for (const skuId of ['999999', f.sku['GIFT-MAT']]) {
      const res = await preview(buyer, { previewTradeContractLineReqTOList: lines([skuId, '1']) });
      expect(res.statusCode, skuId).toBe(404);
      expect(res.json().code).toBe('Catalog.skuNotFound');
    }
    const none = await preview(buyer, { previewTradeContractLineReqTOList: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('Common.invalidRequest');
    // The preview writes nothing.
    expect((await counts(t.db)).contracts).toBe(before.contracts);
  });
});

describe('exceed order request', () => {
  const url = '/api/checkout/exceed-request';
  const bulk = () => ({
    previewTradeContractLineReqTOList: lines([f.sku['BULK-E7-20'], '2']),
    selectedAddress: { id: '1' },
  });
  const send = (b: Browser, body: Body, key: string | null) =>
    b.post(url, body, { headers: key === null ? {} : { 'idempotency-key': key }, remoteAddress: freshIp() });

  it('stores one pre_trade_request per Idempotency-Key; a repeat returns the same id', async () => {
    const key = newKey();
    const before = await counts(t.db);
    const first = await send(
      buyer,
      { ...bulk(), requirements: 'Deliver to loading dock B, weekdays only.', remark: 'PO 4711' },
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'SUBMITTED' });
    const again = await send(buyer, { ...bulk(), requirements: 'changed' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const rows = await t.db
      .select()
      .from(preTradeRequests)
      .where(and(eq(preTradeRequests.buyerId, f.buyerId), eq(preTradeRequests.idempotencyKey, key)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'SUBMITTED',
      site: 'US',
      requirements: 'Deliver to loading dock B, weekdays only.',
    });
    const payload = rows[0]!.payload as { request: Body; preview: { isExceed: boolean; skuAmt: { value: string } } };
    expect(payload.request).toMatchObject({
      remark: 'PO 4711',
      previewTradeContractLineReqTOList: [{ skuId: f.sku['BULK-E7-20'], qty: '2' }],
    });
    expect(payload.preview).toMatchObject({ isExceed: true, skuAmt: { value: '17979.98' } });
    const after = await counts(t.db);
    expect(after.preTrade).toBe(before.preTrade + 1);
    // Nothing is ordered and no stock is taken by a request.
    expect(after.contracts).toBe(before.contracts);

    const other = await send(buyer, bulk(), newKey());
    expect(other.statusCode).toBe(200);
    expect(other.json().id).not.toBe(first.json().id);
    expect((await counts(t.db)).preTrade).toBe(before.preTrade + 2);
  });

  it('a request sent from the cart takes its lines out of the cart, as an order does; other lines stay', async () => {
    const x = await login(t.app, 'buyer@demo.shop');
    await x.post('/api/cart/lines', { skuId: f.sku['BULK-E7-20'], qty: '1' });
    const cart = (await x.post('/api/cart/lines', { skuId: f.sku['TRAY-STEEL'], qty: '1' })).json<{
      shops: { lines: { id: string; sku: { id: string } }[] }[];
    }>();
    const lineOf = (skuId: string) => cart.shops.flatMap((s) => s.lines).find((l) => l.sku.id === skuId)!.id;
    const res = await send(
      x,
      {
        previewTradeContractLineReqTOList: [
          { skuId: f.sku['BULK-E7-20'], qty: '1', cartLineId: lineOf(f.sku['BULK-E7-20']) },
        ],
        selectedAddress: { id: '1' },
      },
      newKey(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const left = (await x.get('/api/cart'))
      .json<typeof cart>()
      .shops.flatMap((s) => s.lines)
      .map((l) => l.sku.id);
    expect(left).not.toContain(f.sku['BULK-E7-20']);
    expect(left).toContain(f.sku['TRAY-STEEL']);
    await x.delete(`/api/cart/lines/${lineOf(f.sku['TRAY-STEEL'])}`);
  });

  it('non-exceed lines -> 400, nothing stored', async () => {
    const before = await counts(t.db);
    const res = await send(
      buyer,
      { previewTradeContractLineReqTOList: basket(), selectedAddress: { id: '1' } },
      newKey(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
    expect((await counts(t.db)).preTrade).toBe(before.preTrade);
  });

  it('needs an Idempotency-Key and requirements of at most 500 characters', async () => {
    const before = await counts(t.db);
    const noKey = await send(buyer, bulk(), null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('Common.idempotencyKeyRequired');
    const long = await send(buyer, { ...bulk(), requirements: 'x'.repeat(501) }, newKey());
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'Common.invalidRequest', details: [{ path: '/requirements' }] });
    const max = await send(buyer, { ...bulk(), requirements: 'x'.repeat(500) }, newKey());
    expect(max.statusCode).toBe(200);
    expect((await counts(t.db)).preTrade).toBe(before.preTrade + 1);
  });

  it('a guest request creates a tourist session and belongs to the tourist', async () => {
    const g = browser(t.app);
    const res = await send(
      g,
      { previewTradeContractLineReqTOList: lines([f.sku['BULK-E7-20'], '1']), selectedAddress: usAddress(f) },
      newKey(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(g.cookies.get('mall_sid')).toBeTruthy();
    const [row] = await t.db
      .select({ userType: users.userType })
      .from(preTradeRequests)
      .innerJoin(users, eq(users.id, preTradeRequests.buyerId))
      .where(eq(preTradeRequests.id, BigInt(res.json().id)));
    expect(row!.userType).toBe('TOURIST');
  });
});
