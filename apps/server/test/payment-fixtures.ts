/**
 * Payment provider API test kit (Adyen, Stripe, Braintree, PayPal, Klarna/Affirm): the buyer's
 * firstPay and payResult calls, guest orders in another site's currency, and the rows a test
 * checks (payment records, contracts, orders, webhook events, earned points).
 */
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  carriers,
  paymentRecords,
  pointLedger,
  regions,
  tradeContracts,
  tradeOrders,
  webhookEvents,
} from '../src/db/schema/index.js';
import { browser, type Browser, type TestApp } from './helpers.js';
import { upsTrackingNumber, waitFor } from './order-fixtures.js';
import {
  amsterdamAddress,
  freshIp,
  submit,
  submitBodyFor,
  usAddress,
  type Body,
  type Fixtures,
  type SkuCode,
} from './checkout-fixtures.js';

/** What firstPay answers: where the buyer goes, the provider's token and the record made. */
export interface Started {
  redirectUrl: string;
  channelToken: string;
  paymentRecordId: string;
  channel: string;
  clientSession?: Record<string, string> | null;
}
export interface PayResult {
  status: string;
  failedReason: string | null;
  paymentRecordId: string | null;
  needPayAmt: { value: string; currency: string };
}

export interface PlacedToPay {
  contractId: string;
  orderIds: string[];
  payUniqueKey: string;
  needPayAmt: { value: string; currency: string };
}

/** An amount in minor units (x100, JPY x1). */
export const minorOf = (m: { value: string; currency: string }) =>
  BigInt(m.currency === 'JPY' ? m.value : Math.round(Number(m.value) * 100));

/** The kit reads the test app and fixtures lazily (they are created in beforeAll); `provider` names its webhook rows. */
export function paymentKit(ctx: () => { t: TestApp; f: Fixtures }, provider: string) {
  const db = () => ctx().t.db;

  async function firstPay(b: Browser, body: Body): Promise<Started> {
    const res = await b.post('/sapi/mall-pay/payment/firstPay', body, { remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /** The pay-result page's poll (the buyer is back). */
  async function payResult(b: Browser, contractId: string): Promise<PayResult> {
    const res = await b.post('/sapi/mall-pay/payment/payResult', { contractId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const recordsOf = (contractId: string) =>
    db()
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, BigInt(contractId)))
      .orderBy(asc(paymentRecords.id));
  const recordOf = async (id: string) =>
    (
      await db()
        .select()
        .from(paymentRecords)
        .where(eq(paymentRecords.id, BigInt(id)))
    )[0]!;
  const contractRow = async (id: string) =>
    (
      await db()
        .select()
        .from(tradeContracts)
        .where(eq(tradeContracts.id, BigInt(id)))
    )[0]!;
  const ordersOf = (contractId: string) =>
    db()
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(contractId)))
      .orderBy(asc(tradeOrders.id));
  /** How many webhook events of the provider the shop has stored. */
  const webhookRows = async () =>
    (await db().select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.provider, provider)))[0]!.n;
  const eventRows = (eventId: string) =>
    db()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
  const earnedFor = (contractId: string) =>
    db()
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.tradeContractId, BigInt(contractId)), eq(pointLedger.reason, 'EARN')));

  /** The first demo carrier (UPS), for shipping paid orders. */
  const upsCarrierId = async () => String((await db().select().from(carriers).where(eq(carriers.code, 'UPS')))[0]!.id);

  const regionId = async (code: string) =>
    String((await db().select({ id: regions.id }).from(regions).where(eq(regions.code, code)))[0]!.id);
  /** An address in each site's country, for guestOrderIn. */
  const siteAddresses: Record<string, () => Promise<Record<string, unknown>>> = {
    US: () => Promise.resolve(usAddress(ctx().f)),
    NL: () => Promise.resolve(amsterdamAddress(ctx().f)),
    UK: async () =>
      usAddress(ctx().f, {
        countryId: await regionId('GB'),
        countryCode: 'GB',
        province: 'England',
        provinceId: await regionId('GB-ENG'),
        city: 'London',
        cityId: await regionId('GB-ENG-LONDON'),
        districtList: [
          { level: 2, name: 'England', id: await regionId('GB-ENG') },
          { level: 3, name: 'London', id: await regionId('GB-ENG-LONDON') },
        ],
        postalCode: 'SW1A 1AA',
        poiName: '10 Downing St',
        personPhone: '020 7946 0000',
        areaCode: '+44',
      }),
    JP: async () =>
      usAddress(ctx().f, {
        countryId: await regionId('JP'),
        countryCode: 'JP',
        province: '東京都',
        provinceId: await regionId('JP-13'),
        city: '渋谷区',
        cityId: await regionId('JP-13-渋谷区'),
        districtList: [
          { level: 2, name: '東京都', id: await regionId('JP-13') },
          { level: 3, name: '渋谷区', id: await regionId('JP-13-渋谷区') },
        ],
        postalCode: '150-0041',
        poiName: '神南1-2-3',
        personPhone: '090 1234 5678',
        areaCode: '+81',
      }),
  };
  /** A guest on another site (its currency) orders one steel tray to `address`. */
  async function guestOrderIn(site: string, address: Record<string, unknown>) {
    const { t, f } = ctx();
    const g = browser(t.app);
    expect((await g.post('/api/preferences', { site })).statusCode).toBe(200);
    const body = await submitBodyFor(
      g,
      {
        previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
        selectedAddress: address,
        preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'gina@example.com' } },
    );
    const res = await submit(g, body);
    expect(res.statusCode, res.body).toBe(200);
    return { g, order: res.json<{ id: string; needPayAmt: { value: string; currency: string } }>() };
  }

  /** A buyer (or guest) orders through the real checkout submit, notified at `email`. */
  async function placeFor(
    b: Browser,
    email: string,
    items: [SkuCode, string][],
    address = usAddress(ctx().f, { email }),
  ): Promise<PlacedToPay> {
    const { f } = ctx();
    const body = await submitBodyFor(
      b,
      {
        previewTradeContractLineReqTOList: items.map(([code, qty]) => ({ skuId: f.sku[code], qty })),
        selectedAddress: address,
        preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
        couponIds: [],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: email } },
    );
    const res = await submit(b, body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    return { contractId: r.id, orderIds: r.tradeOrderIdList, payUniqueKey: r.payUniqueKey, needPayAmt: r.needPayAmt };
  }

  return {
    firstPay,
    placeFor,
    payResult,
    recordsOf,
    recordOf,
    contractRow,
    ordersOf,
    webhookRows,
    eventRows,
    earnedFor,
    upsCarrierId,
    regionId,
    siteAddresses,
    guestOrderIn,
  };
}

/**
 * After-sales on a paid order: the seller ships all of it (UPS), then the buyer may apply for a
 * refund of its first line (`apply`) and the seller approves and refunds it, waiting until the
 * refund is done (`refundVia`; `flush` first lets the provider's webhooks land).
 */
export async function shipAndApply(o: {
  seller: Browser;
  carrierId: string;
  buyer: Browser;
  orderId: string;
  lines: { id: bigint | string; qty: string | number }[];
  flush?: () => Promise<unknown>;
}) {
  const { seller, buyer, orderId: id } = o;
  const ship = await seller.post(`/api/merchant/orders/${id}/packages`, {
    carrierId: o.carrierId,
    serviceCode: upsTrackingNumber(),
    lines: o.lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(ship.statusCode, ship.body).toBe(200);
  const line = String(o.lines[0]!.id);
  const apply = (amount: string, qty: string) =>
    buyer.post(
      '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
      [
        {
          tradeOrder: { id },
          reverseReason: 'QUALITY_ISSUE',
          applyRefundAmt: amount,
          reverseTradeOrderLineList: [{ tradeOrderLine: { id: line }, reverseQty: qty }],
        },
      ],
      { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
    );
  const refundVia = async (rid: string, amount: string) => {
    expect((await seller.post(`/api/merchant/reverse/${rid}/audit`, { approve: true })).statusCode).toBe(200);
    const res = await seller.post(`/api/merchant/reverse/${rid}/refund`, { amount });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(
      async () => {
        await o.flush?.();
        return buyer.post('/sapi/mall-order/web/reverseorder/querybyid', { id: rid }).then((r) => r.json());
      },
      (r) => r.reverseTradeOrderStatus === 'REFUND_DONE',
      `reverse ${rid} refunded`,
    );
  };
  return { apply, refundVia };
}
