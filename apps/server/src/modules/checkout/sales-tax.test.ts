/**
 * US sales tax follows the ship-to state (packages/domain/src/tax.ts), pickup orders the store's
 * state: the preview, the submit and the order all carry that rate. Before, every US order paid
 * the site's 7.25 % (California) wherever it went.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { applyRate, toMinor } from '@mall/domain';
import { addresses, pickupStores, regions, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import type { Browser, TestApp } from '../../../test/helpers.js';
import {
  newYorkAddress,
  previewOk,
  startCheckoutSuite,
  submit,
  submitBodyFor,
  usAddress,
  type Body,
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

const desk = (f: Fixtures) => [{ skuId: f.sku['E7-BLK-140'], qty: '1' }];
const flexiStandard = (f: Fixtures) => [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }];
const minor = (m: { value: string }) => toMinor(m.value, 'USD');

/** Submits `choices` as previewed and returns the order rows of the contract. */
async function placeWith(choices: Body) {
  const body = await submitBodyFor(buyer, choices);
  const res = await submit(buyer, body);
  expect(res.statusCode, res.body).toBe(200);
  return t.db
    .select()
    .from(tradeOrders)
    .where(eq(tradeOrders.contractId, BigInt(res.json().id)))
    .orderBy(tradeOrders.id);
}

async function detail(id: bigint) {
  const res = await buyer.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id: String(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('sales tax by ship-to state', () => {
  it("a typed New York address gets the New York rate (4 %) in preview and submit, not California's 7.25 %", async () => {
    const choices = {
      previewTradeContractLineReqTOList: desk(f),
      selectedAddress: newYorkAddress(f),
      preCalShippingList: flexiStandard(f),
      couponIds: [],
    };
    const p = await previewOk(buyer, choices);
    expect(p.taxRate).toBe('0.04');
    expect(p.renderTradeOrderTOList[0].taxRate).toBe('0.04');
    expect(minor(p.totalTaxAmt)).toBe(applyRate(minor(p.skuAmt), '0.04'));

    const [order] = await placeWith(choices);
    expect(order!.taxRate).toBe('0.04000');
    expect(order!.taxAmtMinor).toBe(minor(p.totalTaxAmt));
    const d = await detail(order!.id);
    expect(d.bill.taxRate).toBe(0.04);
    expect(d.bill.taxAmt).toEqual(p.totalTaxAmt);
  });

  it("the saved New York address (by id) gets the same rate; the saved San Francisco one California's", async () => {
    const saved = await t.db.select().from(addresses).where(eq(addresses.buyerId, f.buyerId));
    const ny = saved.find((a) => a.provinceId === f.region.NY)!;
    const sf = saved.find((a) => a.provinceId === f.region.CA)!;
    const nyPreview = await previewOk(buyer, {
      previewTradeContractLineReqTOList: desk(f),
      selectedAddress: { id: String(ny.id) },
      preCalShippingList: flexiStandard(f),
      couponIds: [],
    });
    expect(nyPreview.taxRate).toBe('0.04');
    const caPreview = await previewOk(buyer, {
      previewTradeContractLineReqTOList: desk(f),
      selectedAddress: { id: String(sf.id) },
      preCalShippingList: flexiStandard(f),
      couponIds: [],
    });
    expect(caPreview.taxRate).toBe('0.0725');
    expect(minor(caPreview.totalTaxAmt)).toBe(applyRate(minor(caPreview.skuAmt), '0.0725'));
  });

  it('a state named but not picked from the list is found by its name', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: desk(f),
      preCalShippingList: flexiStandard(f),
      selectedAddress: newYorkAddress(f, { provinceId: undefined, province: 'New York' }),
    });
    expect(p.taxRate).toBe('0.04');
  });

  it('before an address is known the preview estimates with the site rate', async () => {
    const p = await previewOk(buyer, {
      previewTradeContractLineReqTOList: desk(f),
      preCalShippingList: flexiStandard(f),
    });
    expect(p.taxRate).toBe('0.0725');
  });
});

describe("pickup orders pay the store's state", () => {
  let jerseyAddress: Body;
  let manhattan: string;

  beforeAll(async () => {
    // New Jersey across the river from the Manhattan store (the demo region table has no NJ).
    const [us] = await t.db.select().from(regions).where(eq(regions.code, 'US'));
    const [nj] = await t.db
      .insert(regions)
      .values({
        parentId: us!.id,
        level: 2,
        regionName: 'New Jersey',
        regionShortName: 'NJ',
        code: 'US-NJ',
        pinyin: 'new jersey',
      })
      .returning();
    const [jc] = await t.db
      .insert(regions)
      .values({
        parentId: nj!.id,
        level: 3,
        regionName: 'Jersey City',
        regionShortName: 'Jersey City',
        code: 'US-NJ-JERSEY_CITY',
        pinyin: 'jersey city',
        latitude: 40.7178,
        longitude: -74.0431,
      })
      .returning();
    jerseyAddress = usAddress(f, {
      province: 'New Jersey',
      provinceId: String(nj!.id),
      city: 'Jersey City',
      cityId: String(jc!.id),
      postalCode: '07302',
      poiName: '30 Montgomery St',
      districtList: [
        { level: 2, name: 'New Jersey', id: String(nj!.id) },
        { level: 3, name: 'Jersey City', id: String(jc!.id) },
      ],
    });
    manhattan = String(
      (
        await t.db
          .select()
          .from(pickupStores)
          .where(and(eq(pickupStores.storeName, 'FlexiDesk Manhattan')))
      )[0]!.id,
    );
  });

  it("delivered to New Jersey: 6.625 %; picked up in the Manhattan store: New York's 4 %, each order its own", async () => {
    const delivered = await previewOk(buyer, {
      previewTradeContractLineReqTOList: desk(f),
      selectedAddress: jerseyAddress,
      preCalShippingList: flexiStandard(f),
    });
    expect(delivered.taxRate).toBe('0.06625');

    const choices = {
      previewTradeContractLineReqTOList: [...desk(f), { skuId: f.sku['LAMP-BAR'], qty: '1' }],
      selectedAddress: jerseyAddress,
      pickUpStoreId: manhattan,
      couponIds: [],
      preCalShippingList: [
        { shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP },
        { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
      ],
    };
    const p = await previewOk(buyer, choices);
    const flexi = p.renderTradeOrderTOList.find((o: { shopId: string }) => o.shopId === f.shop.flexi);
    const nordic = p.renderTradeOrderTOList.find((o: { shopId: string }) => o.shopId === f.shop.nordic);
    expect(flexi.selectedShippingMethodId).toBe(f.method.flexi.PICKUP);
    expect(flexi.taxRate).toBe('0.04');
    expect(minor(flexi.taxAmt)).toBe(applyRate(minor(flexi.skuAmt), '0.04'));
    expect(nordic.taxRate).toBe('0.06625');
    expect(minor(nordic.taxAmt)).toBe(applyRate(minor(nordic.skuAmt), '0.06625'));
    // The contract shows the ship-to state's rate when its orders differ.
    expect(p.taxRate).toBe('0.06625');
    expect(minor(p.totalTaxAmt)).toBe(minor(flexi.taxAmt) + minor(nordic.taxAmt));

    const orders = await placeWith(choices);
    expect(orders.map((o) => [o.shopId === BigInt(f.shop.flexi) ? 'flexi' : 'nordic', o.taxRate])).toEqual([
      ['flexi', '0.04000'],
      ['nordic', '0.06625'],
    ]);
    expect((await detail(orders[0]!.id)).bill.taxRate).toBe(0.04);
    expect((await detail(orders[1]!.id)).bill.taxRate).toBe(0.06625);
  });
});

describe('the demo orders', () => {
  it("were taxed like checkout: the enterprise account's New York orders at 4 %, the SF buyer's at 7.25 %, the SoMa pickup at 7.25 %, the held Las Vegas order at 6.85 %", async () => {
    const rows = (
      await t.db
        .select({ o: tradeOrders })
        .from(tradeOrders)
        .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
        // The US site's: the VAT sites' demo orders (seed/invoices.ts) are taxed by VAT, inside the price.
        .where(and(like(tradeContracts.idempotencyKey, 'seed-%'), eq(tradeContracts.site, 'US')))
    ).map((r) => r.o);
    expect(rows.length).toBeGreaterThan(30);
    const rates = new Set(rows.map((o) => o.taxRate));
    expect(rates.has(null)).toBe(false);
    for (const o of rows) expect(o.taxAmtMinor, o.tradeOrderCode).toBe(applyRate(o.skuAmtMinor, o.taxRate!));
    expect(rates).toEqual(new Set(['0.04000', '0.07250', '0.06850']));
  });
});
