/**
 * Cross-border orders (NORMAL_SALE_CBE) through the real checkout on real PostgreSQL: the demo's
 * Kyoto Craft Direct sells into the US site from Japan. Duties and import tax per the site's
 * rates, the certificate the US site asks for, the split from domestic items, and the customs
 * declaration stored with the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  customsDeclarations,
  shippingMethods,
  shops,
  skus,
  tradeContracts,
  tradeOrders,
} from '../../db/schema/index.js';
import { SITES } from '@mall/contracts';
import { browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { createCertificate } from '../certificate/service.js';
import {
  freshIp,
  loadFixtures,
  newKey,
  previewOk,
  STEP0,
  usAddress,
  type Body,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, type Buyer } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
const kyoto = { shop: '', method: '', teaSet: '' };
const { signup, pay, statusOf } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [shop] = await t.db.select().from(shops).where(eq(shops.name, 'Kyoto Craft Direct'));
  const [method] = await t.db.select().from(shippingMethods).where(eq(shippingMethods.shopId, shop!.id));
  const [sku] = await t.db.select().from(skus).where(eq(skus.skuCode, 'ARITA-TEA-5'));
  Object.assign(kyoto, { shop: String(shop!.id), method: String(method!.id), teaSet: String(sku!.id) });
});
afterAll(async () => {
  await t.close();
});

/** A cart of the tea set (cross-border, $120.00) and Nordic Home's light bar (domestic, $58.99) to San Francisco. */
function choices(buyer: Buyer): Body {
  return {
    previewTradeContractLineReqTOList: [
      { skuId: kyoto.teaSet, qty: '1' },
      { skuId: f.sku['LAMP-BAR'], qty: '1' },
    ],
    selectedAddress: usAddress(f, { email: buyer.email }),
    preCalShippingList: [
      { shopId: kyoto.shop, shippingMethodId: kyoto.method },
      { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
    ],
    couponIds: [],
  };
}

async function submitBody(buyer: Buyer): Promise<Body> {
  const c = choices(buyer);
  const p = await previewOk(buyer.b, c);
  return {
    ...c,
    ...STEP0,
    notifyInfo: { notifyType: 'email', contactInfo: buyer.email },
    needPayAmt: p.needPayAmt.value,
  };
}

const submitCbe = (buyer: Buyer, body: Body, key = newKey()) =>
  buyer.b.post('/api/checkout/submit-cbe', [body], { headers: { 'idempotency-key': key }, remoteAddress: freshIp() });

const addCertificate = (buyer: Buyer, name: string, certificateNumber: string) =>
  buyer.b.post('/api/trantor/flow/bbc_trade_CreateUserCertificateFlow', [{ name, certificateNumber }]);

describe('cross-border checkout', () => {
  it('a checkout of cross-border items only is a NORMAL_SALE_CBE contract; a guest is asked to have a certificate', async () => {
    const buyer = await signup('cbe-only');
    await addCertificate(buyer, 'Sam Solo', '219-09-9999');
    const only: Body = {
      ...choices(buyer),
      previewTradeContractLineReqTOList: [{ skuId: kyoto.teaSet, qty: '2' }],
      preCalShippingList: [{ shopId: kyoto.shop, shippingMethodId: kyoto.method }],
    };
    const p = await previewOk(buyer.b, only);
    expect(p.tradeType).toBe('NORMAL_SALE_CBE');
    // Two sets: $240.00, duty $14.40, import tax 7.25 % of 240 + 18 + 14.40 = 19.749 -> $19.75.
    expect(p.crossBorder).toMatchObject({ dutyAmt: { value: '14.40' }, importTaxAmt: { value: '19.75' } });
    expect(p.needPayAmt.value).toBe('292.15');
    const res = await submitCbe(buyer, {
      ...only,
      ...STEP0,
      notifyInfo: { notifyType: 'email', contactInfo: buyer.email },
      needPayAmt: p.needPayAmt.value,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [contract] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(res.json().id)));
    expect(contract!.tradeType).toBe('NORMAL_SALE_CBE');
    expect(contract!.needPayAmtMinor).toBe(29215n);

    // A guest (tourist) has no certificate: the preview says so and the order is refused.
    const guest = { b: browser(t.app), id: 0n, email: 'guest-cbe@example.com' };
    const g = await previewOk(guest.b, choices(guest));
    expect(g.crossBorder).toMatchObject({ certificateRequired: true, certificateValid: false });
    expectError(await submitCbe(guest, await submitBody(guest)), 400, 'Checkout.certificateRequired');
  });

  it('prices the cross-border order with its duty and import tax (no sales tax) and keeps the domestic order apart', async () => {
    const buyer = await signup('cbe-preview');
    // The item page knows the shop ships into this site from abroad; a domestic item does not.
    expect((await buyer.b.get('/api/catalog/items/arita-porcelain-tea-set')).json().crossBorder).toEqual({
      originCountry: 'JP',
    });
    expect((await buyer.b.get('/api/catalog/items/monitor-lamp')).json().crossBorder).toBeNull();
    const p = await previewOk(buyer.b, choices(buyer));
    expect(p.renderTradeOrderTOList).toHaveLength(2);
    const [cbe, home] = p.renderTradeOrderTOList;
    expect(cbe.shopId).toBe(kyoto.shop);
    expect(cbe.tradeType).toBe('NORMAL_SALE_CBE');
    expect(home.tradeType).toBe('NORMAL_SALE_B2C');
    expect(home.crossBorder).toBeNull();
    // The site's sales tax does not apply to the cross-border order: the import tax replaces it.
    expect(cbe.taxAmt.value).toBe('0.00');
    expect(Number(home.taxAmt.value)).toBeGreaterThan(0);
    // Ceramics into the US: 6 % of $120.00 = $7.20; import tax 7.25 % of (120.00 + 18.00 shipping + 7.20) = 10.527 -> $10.53.
    expect(cbe.crossBorder).toMatchObject({
      originCountry: 'JP',
      declaredValue: { value: '120.00', currency: 'USD' },
      dutyAmt: { value: '7.20' },
      importTaxAmt: { value: '10.53' },
      importTaxRate: '0.0725',
      lines: [{ skuId: kyoto.teaSet, hsCode: '6912.00', customsCategory: 'ceramics', dutyRate: '0.06' }],
    });
    expect(cbe.needPayAmt.value).toBe('155.73');
    expect(p.crossBorder).toMatchObject({
      dutyAmt: { value: '7.20' },
      importTaxAmt: { value: '10.53' },
      certificateRequired: true,
      certificateValid: false,
    });
    // The total includes them: the sum of both orders.
    const sum = p.renderTradeOrderTOList.reduce(
      (a: number, o: { needPayAmt: { value: string } }) => a + Math.round(Number(o.needPayAmt.value) * 100),
      0,
    );
    expect(Math.round(Number(p.needPayAmt.value) * 100)).toBe(sum);
    // A checkout with no cross-border item has none of this.
    const domestic = await previewOk(buyer.b, {
      ...choices(buyer),
      previewTradeContractLineReqTOList: [{ skuId: f.sku['LAMP-BAR'], qty: '1' }],
      preCalShippingList: [{ shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD }],
    });
    expect(domestic.crossBorder).toBeNull();
    expect(domestic.tradeType).toBe('NORMAL_SALE_B2C');
    expect(domestic.renderTradeOrderTOList[0].needPayAmt).toEqual(home.needPayAmt);
  });

  it('refuses the order without a real-name certificate saved for the site, on either create call', async () => {
    const buyer = await signup('cbe-nocert');
    const body = await submitBody(buyer);
    expectError(await submitCbe(buyer, body), 400, 'Checkout.certificateRequired');
    expectError(
      await buyer.b.post('/api/checkout/submit', body, {
        headers: { 'idempotency-key': newKey() },
        remoteAddress: freshIp(),
      }),
      400,
      'Checkout.certificateRequired',
    );
    expect(await t.db.select().from(tradeContracts).where(eq(tradeContracts.buyerId, buyer.id))).toHaveLength(0);
    // A certificate saved on another site (its number fits that country's ID) does not count for the US.
    await createCertificate(t.db, buyer.id, SITES.DE, { name: 'Dana Buyer', certificateNumber: 'T22000129' });
    const p = await previewOk(buyer.b, choices(buyer));
    expect(p.userCertificate.site).toBe('DE');
    expect(p.crossBorder.certificateValid).toBe(false);
    expectError(await submitCbe(buyer, body), 400, 'Checkout.certificateRequired');
  });

  it('places one checkout as two orders, stores the customs declaration of the cross-border one, and pays both at once', async () => {
    const buyer = await signup('cbe-order');
    expect((await addCertificate(buyer, 'Dana Buyer', '123-45-6789')).statusCode).toBe(200);
    const p = await previewOk(buyer.b, choices(buyer));
    expect(p.crossBorder.certificateValid).toBe(true);
    expect(p.userCertificate).toMatchObject({ name: 'Dana Buyer', certificateNumber: '*****6789', site: 'US' });

    const body = await submitBody(buyer);
    const key = newKey();
    const res = await submitCbe(buyer, body, key);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.tradeOrderIdList).toHaveLength(2);
    expect(r.needPayAmt.value).toBe(p.needPayAmt.value);
    // A retry (double click) gets the same contract and writes nothing twice.
    const again = await submitCbe(buyer, body, key);
    expect(again.json().id).toBe(r.id);

    const [cbeId, homeId] = r.tradeOrderIdList as [string, string];
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(r.id)));
    const byId = new Map(orders.map((o) => [String(o.id), o]));
    expect(byId.get(cbeId)!.tradeType).toBe('NORMAL_SALE_CBE');
    expect(byId.get(cbeId)!.needPayAmtMinor).toBe(15573n);
    expect(byId.get(cbeId)!.taxAmtMinor).toBe(0n);
    expect(byId.get(homeId)!.tradeType).toBe('NORMAL_SALE_B2C');

    const declarations = await t.db
      .select()
      .from(customsDeclarations)
      .where(eq(customsDeclarations.contractId, BigInt(r.id)));
    expect(declarations).toHaveLength(1);
    expect(declarations[0]).toMatchObject({
      orderId: BigInt(cbeId),
      site: 'US',
      originCountry: 'JP',
      declaredValueMinor: 12000n,
      shippingMinor: 1800n,
      dutyMinor: 720n,
      importTaxMinor: 1053n,
      certificateName: 'Dana Buyer',
      certificateNumberMasked: '*****6789',
    });
    expect(declarations[0]!.lines).toEqual([
      expect.objectContaining({
        hsCode: '6912.00',
        customsCategory: 'ceramics',
        qty: '1',
        valueMinor: '12000',
        dutyMinor: '720',
      }),
    ]);

    // The order detail's declaration: the buyer's own cross-border order only.
    const shown = await buyer.b.get(`/api/orders/${cbeId}/customs-declaration`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      originCountry: 'JP',
      declaredValue: { value: '120.00' },
      dutyAmt: { value: '7.20' },
      importTaxAmt: { value: '10.53' },
      certificate: { name: 'Dana Buyer', certificateNumber: '*****6789' },
      lines: [{ itemName: 'Arita Porcelain Tea Set', hsCode: '6912.00', declaredValue: { value: '120.00' } }],
    });
    expect((await buyer.b.get(`/api/orders/${homeId}/customs-declaration`)).statusCode).toBe(404);
    const other = await signup('cbe-other');
    expect((await other.b.get(`/api/orders/${cbeId}/customs-declaration`)).statusCode).toBe(404);
    // The shop's seller reads it (it ships the parcel and its papers); another seller does not.
    const kyotoSeller = await login(t.app, 'kyoto@demo.shop');
    expect((await kyotoSeller.get(`/api/orders/${cbeId}/customs-declaration`)).json()).toMatchObject({
      originCountry: 'JP',
      lines: [{ hsCode: '6912.00' }],
    });
    const nordicSeller = await login(t.app, 'seller2@demo.shop');
    expect((await nordicSeller.get(`/api/orders/${cbeId}/customs-declaration`)).statusCode).toBe(404);

    // The seller console's call: an order of the seller's own shop, the certificate number masked only.
    const own = await kyotoSeller.get(`/api/merchant/orders/${cbeId}/customs-declaration`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      orderId: cbeId,
      originCountry: 'JP',
      declaredValue: { value: '120.00' },
      dutyAmt: { value: '7.20' },
      importTaxAmt: { value: '10.53' },
      certificate: { name: 'Dana Buyer', certificateNumber: '*****6789' },
      lines: [{ hsCode: '6912.00', customsCategory: 'ceramics' }],
    });
    expect(own.body).not.toContain('123-45-6789');
    // The console lists the order as cross-border, so it shows the declaration.
    const listed = await kyotoSeller.post('/api/merchant/orders', {
      status: 'ALL',
      keyword: byId.get(cbeId)!.tradeOrderCode,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject([{ id: cbeId, tradeType: 'NORMAL_SALE_CBE' }]);
    // Another shop's order is refused as unknown, a domestic order has none, a buyer is no seller.
    expectError(
      await nordicSeller.get(`/api/merchant/orders/${cbeId}/customs-declaration`),
      404,
      'Trade.tradeOrderNotExist',
    );
    expectError(
      await nordicSeller.get(`/api/merchant/orders/${homeId}/customs-declaration`),
      404,
      'Trade.tradeOrderNotExist',
    );
    expectError(await buyer.b.get(`/api/merchant/orders/${cbeId}/customs-declaration`), 403, 'Merchant.notSeller');

    // One payment for the checkout pays both orders.
    await pay(buyer.b, r.id);
    expect(await statusOf(cbeId)).toBe('UN_DELIVERY');
    expect(await statusOf(homeId)).toBe('UN_DELIVERY');
  });
});
