/**
 * Submit (create order) through app.inject on real Postgres: SPEC §3 Submit payload and Order
 * result, §4 Checkout, §5 submit validation, §8 errors (429), §9 limits; plus idempotency,
 * free trade, stock under concurrency and the per-IP rate limit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import {
  cartLines,
  couponCampaigns,
  ownerCoupons,
  pickupStores,
  pointLedger,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../db/schema/index.js';
import { Browser, browser, login, recordStatements, type TestApp } from '../../test/helpers.js';
import {
  amsterdamAddress,
  contractsOf,
  counts,
  freshIp,
  newKey,
  pointsOf,
  previewOk,
  setStock,
  stockOf,
  stocks,
  submit,
  submitBodyFor,
  usAddress,
  type Body,
  type Counts,
  type Fixtures,
  startCheckoutSuite,
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

const lines = (...l: [string, string][]) => l.map(([skuId, qty]) => ({ skuId, qty }));
const standard = () => [
  { shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD },
  { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
];
/** Valid choices for the two-shop basket (E7 desk + monitor lamp) to the saved SF address. */
const twoShops = (extra: Body = {}): Body => ({
  previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '1'], [f.sku['LAMP-BAR'], '1']),
  selectedAddress: { id: '1' },
  preCalShippingList: standard(),
  ...extra,
});
const omit = (b: Body, ...keys: string[]) => Object.fromEntries(Object.entries(b).filter(([k]) => !keys.includes(k)));
const storeId = async (name: string) =>
  String(
    (await t.db.select({ id: pickupStores.id }).from(pickupStores).where(eq(pickupStores.storeName, name)))[0]!.id,
  );
const minorOf = (v: string) => BigInt(Math.round(Number(v) * 100));

describe('submit validation: one failing input each, nothing created', () => {
  let valid: Body;
  let before: Counts;
  let beforeStock: Record<string, string>;
  let beforeContracts: unknown[];
  const watched = () => [
    f.sku['E7-BLK-140'],
    f.sku['LAMP-BAR'],
    f.sku['GIFT-MAT'],
    f.sku['E7-BLK-160'],
    f.sku['BULK-E7-20'],
    f.sku['C7-BLK'],
  ];

  beforeAll(async () => {
    valid = await submitBodyFor(buyer, twoShops());
  });
  beforeEach(async () => {
    before = await counts(t.db);
    beforeStock = await stocks(t.db, watched());
    beforeContracts = await contractsOf(t.db, f.buyerId);
  });
  afterEach(async () => {
    expect(await counts(t.db)).toEqual(before);
    expect(await stocks(t.db, watched())).toEqual(beforeStock);
    expect(await contractsOf(t.db, f.buyerId)).toEqual(beforeContracts);
  });

  async function expectError(res: Awaited<ReturnType<typeof submit>>, status: number, code: string, details?: object) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    if (details !== undefined) expect(body.details).toMatchObject(details);
    return body;
  }

  it('missing or malformed Idempotency-Key -> 400 Common.idempotencyKeyRequired', async () => {
    await expectError(await submit(buyer, valid, null), 400, 'Common.idempotencyKeyRequired');
    await expectError(await submit(buyer, valid, 'short'), 400, 'Common.idempotencyKeyRequired');
    await expectError(await submit(buyer, valid, 'has spaces in it'), 400, 'Common.idempotencyKeyRequired');
  });

  it('a weight quantity off its 0.5 kg steps (0.7 kg) -> 400 Cart.quantityStep', async () => {
    await expectError(
      await submit(buyer, {
        ...valid,
        previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '1'], [f.sku['COF-ARABICA'], '0.7']),
      }),
      400,
      'Cart.quantityStep',
      { skuId: f.sku['COF-ARABICA'], min: '0.5', step: '0.5', decimals: 1 },
    );
  });

  it('no selectedAddress -> 400 Checkout.shippingAddressRequired', async () => {
    await expectError(await submit(buyer, omit(valid, 'selectedAddress')), 400, 'Checkout.shippingAddressRequired');
  });

  it('a half-typed address is strict at submit -> 400 with the failing fields', async () => {
    await expectError(
      await submit(buyer, { ...valid, selectedAddress: usAddress(f, { postalCode: '', city: '' }) }),
      400,
      'Common.invalidRequest',
      expect.arrayContaining([
        expect.objectContaining({ path: '/city' }),
        expect.objectContaining({ path: '/postalCode' }),
      ]),
    );
  });

  it('guest full address without email -> 400 Common.invalidRequest, details path /email', async () => {
    const g = browser(t.app);
    const choices = { ...twoShops(), selectedAddress: usAddress(f) };
    const body = await submitBodyFor(g, choices, {
      notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' },
    });
    const res = await submit(g, { ...body, selectedAddress: omit(usAddress(f), 'email') });
    const err = await expectError(res, 400, 'Common.invalidRequest');
    expect(err.details).toEqual([{ path: '/email', message: 'validation.required' }]);
  });

  it('no preCalShippingList entry for a shop -> 400 Checkout.shippingMethodRequired', async () => {
    await expectError(
      await submit(buyer, { ...valid, preCalShippingList: [standard()[0]] }),
      400,
      'Checkout.shippingMethodRequired',
      { shopId: f.shop.nordic },
    );
    await expectError(await submit(buyer, omit(valid, 'preCalShippingList')), 400, 'Checkout.shippingMethodRequired', {
      shopId: f.shop.flexi,
    });
    // A method of the other shop does not count.
    await expectError(
      await submit(buyer, {
        ...valid,
        preCalShippingList: [standard()[0], { shopId: f.shop.nordic, shippingMethodId: f.method.flexi.EXPRESS }],
      }),
      400,
      'Checkout.shippingMethodRequired',
      { shopId: f.shop.nordic },
    );
  });

  it('a REGION_NOT_SUPPORTED method -> 400 Checkout.shippingNotSupported', async () => {
    const body = await expectError(
      await submit(buyer, {
        ...valid,
        preCalShippingList: [standard()[0], { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.EXPRESS }],
      }),
      400,
      'Checkout.shippingNotSupported',
      { shopId: f.shop.nordic, canotUsedType: 'REGION_NOT_SUPPORTED' },
    );
    expect(body.message).toBe("This shipping option doesn't cover the entered address. Please choose another method.");
  });

  it('an ORDER_AMOUNT_NOT_SUPPORTED method -> 400 Checkout.shippingNotSupported', async () => {
    const choices = {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-140'], '10']),
      selectedAddress: { id: '1' },
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
    };
    const body = await submitBodyFor(buyer, choices, {
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.EXPRESS }],
    });
    const err = await expectError(await submit(buyer, body), 400, 'Checkout.shippingNotSupported', {
      canotUsedType: 'ORDER_AMOUNT_NOT_SUPPORTED',
    });
    expect(err.message).toBe('shipping method order amount not supported');
  });

  it('PICKUP without a (nearby) pickUpStoreId -> 400 Checkout.pickupPointRequired', async () => {
    const pickup = [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP }, standard()[1]];
    const body = await submitBodyFor(buyer, twoShops({ preCalShippingList: pickup }));
    await expectError(await submit(buyer, body), 400, 'Checkout.pickupPointRequired', { shopId: f.shop.flexi });
    // Unknown store, and the Manhattan store (3000 miles away from the SF address).
    await expectError(await submit(buyer, { ...body, pickUpStoreId: '999999' }), 400, 'Checkout.pickupPointRequired');
    await expectError(
      await submit(buyer, { ...body, pickUpStoreId: await storeId('FlexiDesk Manhattan') }),
      400,
      'Checkout.pickupPointRequired',
    );
  });

  it('privacyAgreed false or absent -> 400 Checkout.privacyNotAgreed', async () => {
    await expectError(await submit(buyer, { ...valid, privacyAgreed: false }), 400, 'Checkout.privacyNotAgreed');
    await expectError(await submit(buyer, omit(valid, 'privacyAgreed')), 400, 'Checkout.privacyNotAgreed');
  });

  it('no notifyInfo -> 400 Checkout.notifyWayRequired', async () => {
    await expectError(await submit(buyer, omit(valid, 'notifyInfo')), 400, 'Checkout.notifyWayRequired');
  });

  it('an invalid notification email -> 400', async () => {
    await expectError(
      await submit(buyer, { ...valid, notifyInfo: { notifyType: 'email', contactInfo: 'not-an-email' } }),
      400,
      'Common.invalidRequest',
      [{ path: '/notifyInfo/contactInfo', message: 'validation.email' }],
    );
    // 255 characters or more are too long (SPEC §5: shorter than 255).
    const long = `${'a'.repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    await expectError(
      await submit(buyer, { ...valid, notifyInfo: { notifyType: 'email', contactInfo: long } }),
      400,
      'Common.invalidRequest',
      [{ path: '/notifyInfo/contactInfo' }],
    );
  });

  it('a notification phone without area code (or not a mobile number) -> 400', async () => {
    await expectError(
      await submit(buyer, { ...valid, notifyInfo: { notifyType: 'phone', contactInfo: '415 555 0100' } }),
      400,
      'Common.invalidRequest',
      [{ path: '/notifyInfo/areaCode', message: 'validation.areaCode' }],
    );
    await expectError(
      await submit(buyer, { ...valid, notifyInfo: { notifyType: 'phone', areaCode: '+1', contactInfo: 'call me' } }),
      400,
      'Common.invalidRequest',
      [{ path: '/notifyInfo/contactInfo', message: 'validation.phone' }],
    );
  });

  it('hearFrom missing on the US site -> 400 Checkout.quickQuizRequired', async () => {
    await expectError(await submit(buyer, omit(valid, 'hearFrom')), 400, 'Checkout.quickQuizRequired', {
      field: 'hearFrom',
    });
  });

  it("hearFrom 'other' without hearFromInput -> 400 Checkout.quickQuizRequired", async () => {
    await expectError(await submit(buyer, { ...valid, hearFrom: 'other' }), 400, 'Checkout.quickQuizRequired', {
      field: 'hearFromInput',
    });
    await expectError(
      await submit(buyer, { ...valid, hearFrom: 'other', hearFromInput: '   ' }),
      400,
      'Checkout.quickQuizRequired',
      { field: 'hearFromInput' },
    );
    // Longer than 200 characters, and an unknown option.
    await expectError(
      await submit(buyer, { ...valid, hearFrom: 'other', hearFromInput: 'x'.repeat(201) }),
      400,
      'Common.invalidRequest',
      [{ path: '/hearFromInput' }],
    );
    await expectError(await submit(buyer, { ...valid, hearFrom: 'tv' }), 400, 'Common.invalidRequest', [
      { path: '/hearFrom' },
    ]);
  });

  it('an invite code of 21 characters -> 400', async () => {
    await expectError(await submit(buyer, { ...valid, inviteCode: 'I'.repeat(21) }), 400, 'Common.invalidRequest', [
      { path: '/inviteCode' },
    ]);
  });

  it('requirements of 501 characters -> 400', async () => {
    await expectError(await submit(buyer, { ...valid, requirements: 'r'.repeat(501) }), 400, 'Common.invalidRequest', [
      { path: '/requirements' },
    ]);
  });

  it('an exceed item via submit -> 400 Checkout.exceedOnly', async () => {
    const body = await submitBodyFor(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['BULK-E7-20'], '1']),
      selectedAddress: { id: '1' },
      preCalShippingList: [standard()[0]],
    });
    await expectError(await submit(buyer, body), 400, 'Checkout.exceedOnly');
  });

  it("needPayAmt different from the server's -> 409 Trade.priceChanged", async () => {
    const body = await expectError(await submit(buyer, { ...valid, needPayAmt: '1.00' }), 409, 'Trade.priceChanged', {
      needPayAmt: { value: valid.needPayAmt, currency: 'USD' },
    });
    expect(body.message).toBe('item activity is end,price is change');
    // Not an amount at all.
    await expectError(await submit(buyer, { ...valid, needPayAmt: 'lots' }), 400, 'Common.invalidRequest');
    await expectError(await submit(buyer, omit(valid, 'needPayAmt')), 400, 'Common.invalidRequest', [
      { path: '/needPayAmt' },
    ]);
  });

  it('stock too low -> 409 Trade.itemSoldOut', async () => {
    // E7-BLK-160 has 3 left; C7-BLK none.
    const low = await submitBodyFor(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['E7-BLK-160'], '4']),
      selectedAddress: { id: '1' },
      preCalShippingList: [standard()[0]],
    });
    const body = await expectError(await submit(buyer, low), 409, 'Trade.itemSoldOut');
    expect(body.message).toBe('item solt out');
    const none = await submitBodyFor(buyer, {
      previewTradeContractLineReqTOList: lines([f.sku['C7-BLK'], '1']),
      selectedAddress: { id: '1' },
      preCalShippingList: [standard()[0]],
    });
    await expectError(await submit(buyer, none), 409, 'Trade.itemSoldOut');
  });

  it('unknown couponIds (or a coupon of another buyer) -> 400 Coupon.notUsable', async () => {
    for (const couponIds of [['999999'], [f.foreignCoupon], [f.coupon.flexi20, '999999']]) {
      const body = await submitBodyFor(buyer, twoShops({ couponIds }));
      await expectError(await submit(buyer, body), 400, 'Coupon.notUsable');
    }
  });

  it('a promotion code that cannot be used -> 400 Coupon.notUsable / Coupon.notValidInCombination', async () => {
    const unknown = await submitBodyFor(
      buyer,
      twoShops({ noUsePlatformCoupon: true, promotionCodeList: ['NOPE2024'] }),
    );
    await expectError(await submit(buyer, unknown), 400, 'Coupon.notUsable', { code: 'NOPE2024' });
    const combo = await submitBodyFor(
      buyer,
      twoShops({ noUsePlatformCoupon: true, promotionCodeList: ['WELCOME10', 'SOLO15'] }),
    );
    await expectError(await submit(buyer, combo), 400, 'Coupon.notValidInCombination', { code: 'SOLO15' });
    const short = await submit(buyer, { ...valid, promotionCodeList: ['AB'] });
    await expectError(short, 400, 'Coupon.codeLength');
  });
});

describe('free trade: points-only order', () => {
  it('Canvas Tote for the buyer with points, picked up in store -> isFreeTrade, PAID, UN_DELIVERY, 500 points debited', async () => {
    const b = await login(t.app, 'buyer@demo.shop');
    expect((await b.post('/api/preferences', { site: 'NL' })).statusCode).toBe(200);
    const balance = await pointsOf(t.db, f.buyerId);
    expect(balance).toBe(2000);
    const toteStock = await stockOf(t.db, f.sku['PTS-TOTE']);
    const base = {
      previewTradeContractLineReqTOList: lines([f.sku['PTS-TOTE'], '1']),
      selectedAddress: amsterdamAddress(f),
    };
    const first = await previewOk(b, base);
    const store = first.renderTradeOrderTOList[0].pickupStores[0];
    expect(store).toMatchObject({ storeName: 'Nordic Home Amsterdam' });
    const choices = {
      ...base,
      preCalShippingList: [{ shopId: f.shop.nordic, shippingMethodId: f.method.nordic.PICKUP }],
      pickUpStoreId: store.id,
    };
    const body = await submitBodyFor(b, choices);
    expect(body.needPayAmt).toBe('0.00');

    const res = await submit(b, body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      isFreeTrade: true,
      needPayAmt: { value: '0.00', currency: 'EUR' },
      totalAmt: { value: '0.00', currency: 'EUR' },
      buyerId: String(f.buyerId),
    });
    expect(r.tradeOrderIdList).toHaveLength(1);

    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(r.id)));
    expect(c).toMatchObject({
      status: 'PAID',
      isFreeTrade: true,
      payDeadline: null,
      tradeType: 'NORMAL_POINT_REDEEM',
      redeemPoints: 500,
      usedPoints: 0,
      earnPoints: 0,
      needPayAmtMinor: 0n,
      site: 'NL',
      currency: 'EUR',
    });
    const [o] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.contractId, c!.id));
    expect(o).toMatchObject({
      status: 'UN_DELIVERY',
      payDeadline: null,
      shippingMethodCode: 'PICKUP',
      pickUpStoreId: BigInt(store.id),
      needPayAmtMinor: 0n,
      paidAmtMinor: 0n,
    });
    expect(o!.paidAt).toBeInstanceOf(Date);
    const [line] = await t.db.select().from(tradeOrderLines).where(eq(tradeOrderLines.orderId, o!.id));
    expect(line).toMatchObject({
      skuId: BigInt(f.sku['PTS-TOTE']),
      points: 500,
      needPayAmtMinor: 0n,
      lineGroupType: 'NORMAL',
    });

    const ledger = await t.db.select().from(pointLedger).where(eq(pointLedger.tradeContractId, c!.id));
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([[-500, 'ORDER']]);
    expect(await pointsOf(t.db, f.buyerId)).toBe(1500);
    expect(await stockOf(t.db, f.sku['PTS-TOTE'])).toBe(String(Number(toteStock) - 1));
  });
});

describe('successful submit: registered buyer, US, two shops', () => {
  let r: any;
  let p: any;
  let key: string;
  let body: Body;
  let before: Counts;
  let stockBefore: Record<string, string>;
  let pointsBefore: number;
  let cartIds: Record<string, string>;
  const bought = () => [
    f.sku['E7-BLK-140'],
    f.sku['DIY-FRAME-E5'],
    f.sku['TOP-OAK-140'],
    f.sku['TRAY-STEEL'],
    f.sku['LAMP-BAR'],
    f.sku['GIFT-MAT'],
    f.sku['C7-GRY'],
  ];
  let soma: string;

  beforeAll(async () => {
    // The cart: three lines to buy and one to keep.
    for (const [code, qty] of [
      ['E7-BLK-140', '1'],
      ['DIY-FRAME-E5', '1'],
      ['LAMP-BAR', '1'],
      ['C7-GRY', '1'],
    ] as const) {
      const res = await buyer.post('/api/cart/lines', { skuId: f.sku[code], qty }, { remoteAddress: freshIp() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const cart = (await buyer.get('/api/cart')).json();
    cartIds = Object.fromEntries(cart.shops.flatMap((s: any) => s.lines).map((l: any) => [l.sku.skuCode, l.id]));
    soma = await storeId('FlexiDesk SoMa Showroom');

    before = await counts(t.db);
    stockBefore = await stocks(t.db, bought());
    pointsBefore = await pointsOf(t.db, f.buyerId);
    expect(pointsBefore).toBeGreaterThanOrEqual(500);

    const choices: Body = {
      previewTradeContractLineReqTOList: [
        { skuId: f.sku['E7-BLK-140'], qty: '1', cartLineId: cartIds['E7-BLK-140'] },
        { skuId: f.sku['DIY-FRAME-E5'], qty: '1', cartLineId: cartIds['DIY-FRAME-E5'] },
        { skuId: f.sku['LAMP-BAR'], qty: '1', cartLineId: cartIds['LAMP-BAR'] },
      ],
      selectedAddress: { id: '1' },
      preCalShippingList: [
        { shopId: f.shop.flexi, shippingMethodId: f.method.flexi.PICKUP },
        { shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD },
      ],
      pickUpStoreId: soma,
      couponIds: [f.coupon.flexi20, f.coupon.nordic10, f.coupon.mall5],
      promotionCodeList: ['WELCOME10'],
      enablePointDeduction: true,
    };
    p = await previewOk(buyer, choices);
    expect(p.promotionCodeList).toEqual(['WELCOME10']);
    expect(p.pointDeductionResult.chosenIntegral).toBeGreaterThan(0);
    body = {
      ...choices,
      tradeOrderReqList: [
        {
          shopId: f.shop.flexi,
          sellerId: p.renderTradeOrderTOList[0].sellerId,
          remark: 'Please call before delivery',
          lines: [
            {
              shopSkuId: f.sku['E7-BLK-140'],
              tradeQty: '1',
              itemName: 'Standing Desk E7',
              skuName: 'Black / 140x70',
              price: '498.99',
              itemUrlKey: 'standing-desk-e7',
              category: 'desks',
            },
          ],
        },
        { shopId: f.shop.nordic, remark: 'Gift wrap, please' },
      ],
      privacyAgreed: true,
      notifyInfo: { notifyType: 'phone', areaCode: '+1', contactInfo: '415 555 0100' },
      hearFrom: 'other',
      hearFromInput: 'A friend at work',
      inviteCode: 'FRIEND2024',
      requirements: 'Leave at reception',
      pickUpStoreSnapShot: { storeName: 'FlexiDesk SoMa Showroom' },
      smsSubscribe: true,
      needPayAmt: p.needPayAmt.value,
      shippingAmt: p.shippingAmt.value,
      totalTaxAmt: p.totalTaxAmt.value,
    };
    key = newKey();
    const res = await submit(buyer, body, key);
    expect(res.statusCode, res.body).toBe(200);
    r = res.json();
  });

  it('returns the OrderResult', () => {
    expect(r).toEqual({
      id: expect.stringMatching(/^\d+$/),
      payUniqueKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      paymentOrderId: expect.stringMatching(/^PO\d+$/),
      tradeOrderIdList: [expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)],
      needPayAmt: p.needPayAmt,
      buyerId: String(f.buyerId),
      totalAmt: {
        value: (Number(p.needPayAmt.value) + Number(p.pointDeductionResult.discountAmount.value)).toFixed(2),
        currency: 'USD',
      },
      isFreeTrade: false,
    });
  });

  it('writes one PENDING_PAY contract with a 30-minute pay deadline and the whole payload', async () => {
    const after = await counts(t.db);
    expect(after.contracts).toBe(before.contracts + 1);
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(r.id)));
    expect(c).toMatchObject({
      buyerId: f.buyerId,
      idempotencyKey: key,
      status: 'PENDING_PAY',
      site: 'US',
      currency: 'USD',
      tradeType: 'NORMAL_SALE_B2C',
      isFreeTrade: false,
      payUniqueKey: r.payUniqueKey,
      paymentOrderId: r.paymentOrderId,
      needPayAmtMinor: minorOf(p.needPayAmt.value),
      usedPoints: p.pointDeductionResult.chosenIntegral,
      pointsDiscountMinor: minorOf(p.pointDeductionResult.discountAmount.value),
      shippingAmtMinor: minorOf(p.shippingAmt.value),
      taxAmtMinor: minorOf(p.totalTaxAmt.value),
      skuAmtMinor: minorOf(p.skuAmt.value),
      earnPoints: p.earnPoints,
    });
    const minutes = (c!.payDeadline!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(c!.selectedAddress).toMatchObject({ id: '1', city: 'San Francisco' });
    expect(c!.payload).toMatchObject({
      tradeOrderReqList: [
        {
          shopId: f.shop.flexi,
          remark: 'Please call before delivery',
          lines: [{ shopSkuId: f.sku['E7-BLK-140'], itemName: 'Standing Desk E7', price: '498.99' }],
        },
        { shopId: f.shop.nordic, remark: 'Gift wrap, please' },
      ],
      notifyInfo: { notifyType: 'phone', areaCode: '+1', contactInfo: '415 555 0100' },
      hearFrom: 'other',
      hearFromInput: 'A friend at work',
      inviteCode: 'FRIEND2024',
      requirements: 'Leave at reception',
      pickUpStoreId: soma,
      pickUpStoreSnapShot: { storeName: 'FlexiDesk SoMa Showroom' },
      promotionCodeList: ['WELCOME10'],
      couponIds: [f.coupon.flexi20, f.coupon.nordic10, f.coupon.mall5],
      privacyAgreed: true,
      smsSubscribe: true,
      needPayAmt: p.needPayAmt.value,
    });
    expect(c!.preview).toMatchObject({ needPayAmt: p.needPayAmt, promotionCodeList: ['WELCOME10'] });
  });

  it('writes one trade order per shop, with shipping, pickup store and remark', async () => {
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(r.id)))
      .orderBy(asc(tradeOrders.id));
    expect(orders.map((o) => String(o.id))).toEqual(r.tradeOrderIdList);
    const [flexi, nordic] = orders;
    expect(flexi).toMatchObject({
      shopId: BigInt(f.shop.flexi),
      buyerId: f.buyerId,
      status: 'PENDING_PAY',
      shippingMethodCode: 'PICKUP',
      shippingMethodId: BigInt(f.method.flexi.PICKUP),
      pickUpStoreId: BigInt(soma),
      shippingAmtMinor: 0n,
      remark: 'Please call before delivery',
      paidAt: null,
    });
    expect(flexi!.pickUpStoreSnapshot).toMatchObject({
      id: soma,
      storeName: 'FlexiDesk SoMa Showroom',
      distance: '0.96',
    });
    expect(nordic).toMatchObject({
      shopId: BigInt(f.shop.nordic),
      status: 'PENDING_PAY',
      shippingMethodCode: 'STANDARD',
      pickUpStoreId: null,
      pickUpStoreSnapshot: null,
      shippingAmtMinor: 600n,
      remark: 'Gift wrap, please',
    });
    expect(new Set(orders.map((o) => o.tradeOrderCode)).size).toBe(2);
    // Orders share the points discount; together they pay the contract amount.
    expect(orders.reduce((a, o) => a + o.needPayAmtMinor, 0n)).toBe(minorOf(p.needPayAmt.value));
  });

  it('writes the lines: DIY children as DIY_CHILD, the lamp gift as GIFT_CHILD', async () => {
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(r.id)))
      .orderBy(asc(tradeOrders.id));
    const ls = await t.db
      .select()
      .from(tradeOrderLines)
      .where(
        inArray(
          tradeOrderLines.orderId,
          orders.map((o) => o.id),
        ),
      )
      .orderBy(asc(tradeOrderLines.id));
    const code = Object.fromEntries(Object.entries(f.sku).map(([k, v]) => [v, k]));
    const view = ls.map((l) => ({
      order: l.orderId === orders[0]!.id ? 'flexi' : 'nordic',
      sku: code[String(l.skuId)],
      type: l.lineGroupType,
      qty: Number(l.qty),
      parent: l.parentLineId === null ? null : code[String(ls.find((x) => x.id === l.parentLineId)!.skuId)],
    }));
    expect(view).toEqual([
      { order: 'flexi', sku: 'E7-BLK-140', type: 'NORMAL', qty: 1, parent: null },
      { order: 'flexi', sku: 'DIY-FRAME-E5', type: 'DIY_MAIN', qty: 1, parent: null },
      { order: 'flexi', sku: 'TOP-OAK-140', type: 'DIY_CHILD', qty: 1, parent: 'DIY-FRAME-E5' },
      { order: 'flexi', sku: 'TRAY-STEEL', type: 'DIY_CHILD', qty: 1, parent: 'DIY-FRAME-E5' },
      { order: 'nordic', sku: 'LAMP-BAR', type: 'NORMAL', qty: 1, parent: null },
      { order: 'nordic', sku: 'GIFT-MAT', type: 'GIFT_CHILD', qty: 1, parent: 'LAMP-BAR' },
    ]);
    const bySku = (c: string) => ls.find((l) => String(l.skuId) === f.sku[c as keyof typeof f.sku])!;
    expect(bySku('DIY-FRAME-E5')).toMatchObject({ unitAmtMinor: 52697n, skuAmtMinor: 52697n });
    expect(bySku('GIFT-MAT')).toMatchObject({ unitAmtMinor: 0n, skuAmtMinor: 0n, needPayAmtMinor: 0n });
    expect(bySku('E7-BLK-140').snapshot).toMatchObject({
      itemName: 'Standing Desk E7',
      skuName: 'Black / 140x70',
      urlKey: 'standing-desk-e7',
    });
    expect((await counts(t.db)).lines).toBe(before.lines + 6);
  });

  it('takes stock for the lines, the DIY children and the gift; nothing else', async () => {
    const now = await stocks(t.db, bought());
    for (const id of bought()) {
      const expected = id === f.sku['C7-GRY'] ? Number(stockBefore[id]) : Number(stockBefore[id]) - 1;
      expect(Number(now[id]), id).toBe(expected);
    }
  });

  it('marks the chosen owner coupons USED, counts the promotion code, debits the points', async () => {
    // The four coupons checkout offers the demo buyer (the demo data also holds used and expired ones).
    const offered = [f.coupon.flexi20, f.coupon.nordic10, f.coupon.mall5, f.coupon.member15].map(String);
    const mine = (
      await t.db.select().from(ownerCoupons).where(eq(ownerCoupons.buyerId, f.buyerId)).orderBy(asc(ownerCoupons.id))
    ).filter((c) => offered.includes(String(c.id)));
    const state = Object.fromEntries(
      mine.map((c) => [String(c.id), [c.status, c.tradeContractId === null ? null : String(c.tradeContractId)]]),
    );
    expect(state).toEqual({
      [f.coupon.flexi20]: ['USED', r.id],
      [f.coupon.nordic10]: ['USED', r.id],
      [f.coupon.mall5]: ['USED', r.id],
      [f.coupon.member15]: ['NOT_USED', null],
    });
    expect(mine.filter((c) => c.status === 'USED').every((c) => c.usedAt instanceof Date)).toBe(true);
    const [welcome] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.code, 'WELCOME10'));
    expect(welcome!.usedCount).toBe(1);
    const ledger = await t.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.tradeContractId, BigInt(r.id)));
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([[-p.pointDeductionResult.chosenIntegral, 'ORDER']]);
    expect(await pointsOf(t.db, f.buyerId)).toBe(pointsBefore - p.pointDeductionResult.chosenIntegral);
  });

  it('removes the bought lines from the cart and keeps the others', async () => {
    const left = await t.db.select().from(cartLines).where(eq(cartLines.buyerId, f.buyerId));
    expect(left.map((l) => String(l.id))).toEqual([cartIds['C7-GRY']]);
    const cart = (await buyer.get('/api/cart')).json();
    expect(cart.totalCount).toBe(1);
  });

  it('the same Idempotency-Key returns the same contract and creates nothing new', async () => {
    const snapshot = await counts(t.db);
    const stockNow = await stocks(t.db, bought());
    const again = await submit(buyer, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(r);
    // Even if the body changed meanwhile (coupons are used now, so the price differs).
    const changed = await submit(buyer, { ...body, needPayAmt: '1.00' }, key);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().id).toBe(r.id);
    expect(await counts(t.db)).toEqual(snapshot);
    expect(await stocks(t.db, bought())).toEqual(stockNow);
    expect(await contractsOf(t.db, f.buyerId, key)).toHaveLength(1);
  });

  it('the used coupons and points cannot be used again under a new key', async () => {
    const res = await submit(buyer, { ...body, needPayAmt: p.needPayAmt.value });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Coupon.notUsable');
  });
});

describe('round trips of a submit', () => {
  it('a two-shop order with a gift, no coupons or points on the US site: six round trips (four to place it, two to screen it), each a prepared statement the next order reuses', async () => {
    // Four: the session, the rate limit, one read (the preview submitBodyFor asked for left the
    // catalog rows kept) and one statement that locks the key, writes, and takes the stock and the gift.
    // The US site screens the order for risk after it is written: two more (its signals, its screening).
    const sent: { name?: string; text: string }[][] = [];
    for (let order = 0; order < 2; order++) {
      const body = await submitBodyFor(buyer, twoShops({ couponIds: [] }));
      const key = newKey();
      const { queries, stop } = recordStatements(t.db);
      let res;
      try {
        res = await submit(buyer, body, key);
      } finally {
        stop();
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(queries, JSON.stringify(queries.map((q) => q.name ?? q.text))).toHaveLength(6);
      // All of it was written: the contract and one order per shop.
      const [contract] = await contractsOf(t.db, f.buyerId, key);
      expect(String(contract!.id)).toBe(res.json().id);
      expect(
        (await t.db.select().from(tradeOrders).where(eq(tradeOrders.contractId, contract!.id)))
          .map((o) => String(o.id))
          .sort(),
      ).toEqual([...res.json().tradeOrderIdList].sort());
      sent.push(queries);
    }
    // Every statement is named, so a connection parses and plans it once and then only binds values;
    // nothing carries the order's values in its text, so the second order sends the very same statements.
    for (const q of sent.flat()) expect(q.name, q.text.slice(0, 120)).toBeTruthy();
    expect(sent[1]).toEqual(sent[0]);
    expect(new Set(sent.flat().map((q) => `${q.name}\n${q.text}`)).size).toBe(6);
  });
});

describe('concurrent submits with the same Idempotency-Key', () => {
  it('make one contract', async () => {
    const b = await login(t.app, 'main@demo.shop');
    const address = (
      await b.post(
        '/sapi/mall-customer/shipping-address/queryShippingAddressListFlow',
        {},
        { remoteAddress: freshIp() },
      )
    ).json()[0];
    const body = await submitBodyFor(
      b,
      {
        previewTradeContractLineReqTOList: lines([f.sku['E7-WHT-140'], '1']),
        selectedAddress: { id: address.id },
        preCalShippingList: [standard()[0]],
        couponIds: [],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'main@demo.shop' } },
    );
    const stock = Number(await stockOf(t.db, f.sku['E7-WHT-140']));
    const before = await counts(t.db);
    const key = newKey();
    const results = await Promise.all([submit(b, body, key), submit(b, body, key), submit(b, body, key)]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(results.map((res) => res.json().id)).size).toBe(1);
    const [main] = await t.db.select().from(users).where(eq(users.email, 'main@demo.shop'));
    expect(await contractsOf(t.db, main!.id, key)).toHaveLength(1);
    const after = await counts(t.db);
    expect(after.contracts).toBe(before.contracts + 1);
    expect(after.orders).toBe(before.orders + 1);
    expect(Number(await stockOf(t.db, f.sku['E7-WHT-140']))).toBe(stock - 1);
  });
});

describe('guest checkout', () => {
  it('with a typed address and email: a tourist session is created and the order belongs to the tourist', async () => {
    const g = browser(t.app);
    const address = usAddress(f, { email: 'gina@example.com' });
    const body = await submitBodyFor(
      g,
      {
        previewTradeContractLineReqTOList: lines([f.sku['E7-WHT-140'], '2']),
        selectedAddress: address,
        preCalShippingList: [standard()[0]],
        enablePointDeduction: true,
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
    );
    expect(g.cookies.size).toBe(0);
    const key = newKey();
    const res = await submit(g, body, key);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(g.cookies.get('mall_sid')).toBeTruthy();
    const session = (await g.get('/api/auth/session')).json();
    expect(session.userType).toBe('TOURIST');

    const [tourist] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(r.buyerId)));
    expect(tourist).toMatchObject({ userType: 'TOURIST', email: null });
    const [c] = await contractsOf(t.db, tourist!.id);
    expect(c).toMatchObject({ id: BigInt(r.id), status: 'PENDING_PAY', usedPoints: 0, earnPoints: 0 });
    expect(c!.selectedAddress).toMatchObject({
      id: '0',
      email: 'gina@example.com',
      city: 'San Francisco',
      postalCode: '94107',
    });
    const orders = await t.db.select().from(tradeOrders).where(eq(tradeOrders.contractId, c!.id));
    expect(orders.map((o) => o.buyerId)).toEqual([tourist!.id]);
    // 2 x 498.99 ships free; 7.25 % tax; no coupons, no points for guests.
    expect(r.needPayAmt).toEqual({ value: '1070.33', currency: 'USD' });
    expect(await t.db.select().from(pointLedger).where(eq(pointLedger.buyerId, tourist!.id))).toEqual([]);

    // The tourist retrying with the same key gets the same order.
    const again = await submit(g, body, key);
    expect(again.json().id).toBe(r.id);
    expect(await contractsOf(t.db, tourist!.id)).toHaveLength(1);
  });
});

describe('concurrency: the last 10 units', () => {
  it('50 concurrent guest submits for 1 unit each: exactly 10 orders, stock exactly 0', async () => {
    const sku = f.sku['C7-GRY'];
    await setStock(t.db, sku, '10');
    const choices = {
      previewTradeContractLineReqTOList: lines([sku, '1']),
      selectedAddress: usAddress(f),
      preCalShippingList: [standard()[0]],
    };
    const body = await submitBodyFor(browser(t.app), choices, {
      notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' },
    });
    const [{ n: linesBefore }] = (await t.db
      .select({ n: count() })
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.skuId, BigInt(sku)))) as [{ n: number }];
    const before = await counts(t.db);

    const results = await Promise.all(
      Array.from({ length: 50 }, () => submit(browser(t.app), body, newKey(), { remoteAddress: freshIp() })),
    );
    const ok = results.filter((res) => res.statusCode === 200);
    const rejected = results.filter((res) => res.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    for (const res of rejected) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('Trade.itemSoldOut');
    }
    expect(await stockOf(t.db, sku)).toBe('0');

    const after = await counts(t.db);
    expect(after.contracts).toBe(before.contracts + 10);
    expect(after.orders).toBe(before.orders + 10);
    const newLines = await t.db
      .select()
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.skuId, BigInt(sku)));
    expect(newLines.length - linesBefore).toBe(10);
    const buyers = new Set(ok.map((res) => res.json().buyerId));
    expect(buyers.size).toBe(10);
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(inArray(tradeOrders.buyerId, [...buyers].map(BigInt)));
    expect(orders).toHaveLength(10);

    // Sold out now: one more is refused and the stock stays at 0.
    const late = await submit(browser(t.app), body);
    expect(late.statusCode).toBe(409);
    expect(await stockOf(t.db, sku)).toBe('0');
  });
});

describe('orders written together', () => {
  it('concurrent guests: fewer transactions than orders, each its own contract, orders and lines, its bought cart line gone, the stock taken for all', async () => {
    const sku = f.sku['C7-GRY'];
    for (const code of ['C7-GRY', 'DIY-FRAME-E5', 'TOP-OAK-140', 'TRAY-STEEL', 'LAMP-BAR', 'GIFT-MAT'] as const)
      await setStock(t.db, f.sku[code], '100');
    const n = 12;
    const guests = Array.from({ length: n }, () => browser(t.app));
    // Each guest's cart: the chair to buy and a desk to keep.
    const carts = await Promise.all(
      guests.map(async (g) => {
        const ip = freshIp();
        for (const code of ['C7-GRY', 'E7-WHT-140'] as const) {
          const res = await g.post('/api/cart/lines', { skuId: f.sku[code], qty: '1' }, { remoteAddress: ip });
          expect(res.statusCode, res.body).toBe(200);
        }
        const cart = (await g.get('/api/cart')).json();
        return Object.fromEntries(
          cart.shops.flatMap((s: any) => s.lines).map((l: any) => [l.sku.skuCode, String(l.id)]),
        );
      }),
    );
    // Two shops each: the chair and a DIY frame (two parts) from one, the lamp (a gift) from the other.
    const bodies = await Promise.all(
      guests.map((g, i) =>
        submitBodyFor(
          g,
          {
            previewTradeContractLineReqTOList: [
              { skuId: sku, qty: '1', cartLineId: carts[i]!['C7-GRY'] },
              { skuId: f.sku['DIY-FRAME-E5'], qty: '1' },
              { skuId: f.sku['LAMP-BAR'], qty: '1' },
            ],
            selectedAddress: usAddress(f),
            preCalShippingList: standard(),
          },
          { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
        ),
      ),
    );
    const stock = Number(await stockOf(t.db, sku));
    const before = await counts(t.db);

    const rec = recordStatements(t.db);
    let results: Awaited<ReturnType<typeof submit>>[];
    try {
      results = await Promise.all(guests.map((g, i) => submit(g, bodies[i]!, newKey(), { remoteAddress: freshIp() })));
    } finally {
      rec.stop();
    }
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    // Orders that came while others were being written shared one statement (its own
    // transaction); none had to be placed on its own.
    const groups = rec.statements.filter((s) => s === 'place_orders_together').length;
    expect(groups).toBeGreaterThan(0);
    expect(groups).toBeLessThan(n);
    expect(rec.statements.filter((s) => s.startsWith('BEGIN') || s === 'place_orders_write')).toEqual([]);

    const after = await counts(t.db);
    expect(after.contracts).toBe(before.contracts + n);
    expect(after.orders).toBe(before.orders + 2 * n);
    expect(after.lines).toBe(before.lines + 6 * n);
    expect(new Set(results.map((res) => res.json().buyerId)).size).toBe(n);
    const code = Object.fromEntries(Object.entries(f.sku).map(([k, v]) => [v, k]));
    for (const [i, res] of results.entries()) {
      const r = res.json();
      const [c] = await t.db
        .select()
        .from(tradeContracts)
        .where(eq(tradeContracts.id, BigInt(r.id)));
      expect(String(c!.buyerId)).toBe(r.buyerId);
      expect(c!.needPayAmtMinor).toBe(minorOf(r.needPayAmt.value));
      const orders = await t.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.contractId, c!.id))
        .orderBy(asc(tradeOrders.id));
      expect(orders.map((o) => String(o.id))).toEqual(r.tradeOrderIdList);
      expect(orders.map((o) => [String(o.shopId), o.buyerId, o.tradeOrderCode.slice(8, -1)])).toEqual([
        [f.shop.flexi, c!.buyerId, String(c!.id).padStart(8, '0')],
        [f.shop.nordic, c!.buyerId, String(c!.id).padStart(8, '0')],
      ]);
      // Each line in its own order, each part and gift under its own main line.
      const ls = await t.db
        .select()
        .from(tradeOrderLines)
        .where(
          inArray(
            tradeOrderLines.orderId,
            orders.map((o) => o.id),
          ),
        )
        .orderBy(asc(tradeOrderLines.id));
      expect(
        ls.map((l) => [
          l.orderId === orders[0]!.id ? 'flexi' : 'nordic',
          code[String(l.skuId)],
          l.lineGroupType,
          l.parentLineId === null ? null : code[String(ls.find((x) => x.id === l.parentLineId)!.skuId)],
        ]),
      ).toEqual([
        ['flexi', 'C7-GRY', 'NORMAL', null],
        ['flexi', 'DIY-FRAME-E5', 'DIY_MAIN', null],
        ['flexi', 'TOP-OAK-140', 'DIY_CHILD', 'DIY-FRAME-E5'],
        ['flexi', 'TRAY-STEEL', 'DIY_CHILD', 'DIY-FRAME-E5'],
        ['nordic', 'LAMP-BAR', 'NORMAL', null],
        ['nordic', 'GIFT-MAT', 'GIFT_CHILD', 'LAMP-BAR'],
      ]);
      // The bought line left that guest's cart; the other one stayed.
      const cart = (await guests[i]!.get('/api/cart')).json();
      expect(cart.shops.flatMap((s: any) => s.lines).map((l: any) => l.sku.skuCode)).toEqual(['E7-WHT-140']);
    }
    expect(Number(await stockOf(t.db, sku))).toBe(stock - n);
  });
});

describe('a retry of a placed order that still prices', () => {
  it('goes with other orders, whose statement finds the first contract under its key lock; placed on its own, it is answered with that contract: nothing written or taken twice', async () => {
    const sku = f.sku['C7-GRY'];
    await setStock(t.db, sku, '100');
    const g = browser(t.app);
    const body = await submitBodyFor(
      g,
      {
        previewTradeContractLineReqTOList: [{ skuId: sku, qty: '1' }],
        selectedAddress: usAddress(f),
        preCalShippingList: [standard()[0]],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
    );
    const key = newKey();
    const first = await submit(g, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts(t.db);
    const stock = await stockOf(t.db, sku);
    const rec = recordStatements(t.db);
    let again: Awaited<ReturnType<typeof submit>>;
    try {
      again = await submit(g, body, key);
    } finally {
      rec.stop();
    }
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Priced again (its line is still for sale), so it went to the writer, whose statement found
    // the first contract under the key lock and failed (MS002, nothing kept); on its own, its key
    // lock found that contract: no write, no stock taken. Risk screening (US) finds it screened already.
    expect(rec.statements.slice(-4).map((s) => s.replace(/\(.*\)/, '(…)'))).toEqual([
      'place_orders_together',
      'BEGIN; SELECT * FROM submit_lock_and_find(…)',
      'COMMIT',
      'risk_signals',
    ]);
    expect(rec.statements).not.toContain('place_orders_write');
    expect(await counts(t.db)).toEqual(before);
    expect(await stockOf(t.db, sku)).toBe(stock);
  });
});

describe('rate limit', () => {
  it('the 31st submit within a minute from one IP -> 429 Common.tooManyRequests', async () => {
    const ip = '198.51.100.31';
    const b = browser(t.app);
    const before = await counts(t.db);
    for (let i = 0; i < 30; i++) {
      const res = await submit(b, { needPayAmt: '0.00' }, null, { remoteAddress: ip });
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
    const limited = await submit(b, { needPayAmt: '0.00' }, newKey(), { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'Common.tooManyRequests' });
    // Another IP is still served (and told what is wrong with the request).
    const other = await submit(b, { needPayAmt: '0.00' }, null, { remoteAddress: '198.51.100.32' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'Common.invalidRequest',
      details: [{ path: '/previewTradeContractLineReqTOList' }],
    });
    expect(await counts(t.db)).toEqual(before);
  });
});
