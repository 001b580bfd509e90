/**
 * Order test kit shared by the trade and fulfillment API tests: fresh buyers, orders placed
 * through the real checkout submit and paid on MOCKPAY's hosted page, and row readers.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mockpayEvents, tradeOrderLines, tradeOrders } from '../src/db/schema/index.js';
import { browser, type Browser, type TestApp } from './helpers.js';
import {
  freshIp,
  submit,
  submitBodyFor,
  usAddress,
  type Body,
  type Fixtures,
  type SkuCode,
} from './checkout-fixtures.js';

export const NORDIC_SKUS: SkuCode[] = ['LAMP-BAR', 'COF-ARABICA', 'PTS-TOTE', 'GIFT-MAT'];
export interface Buyer {
  b: Browser;
  id: bigint;
  email: string;
}
export interface Placed {
  contractId: string;
  orderIds: string[];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A fresh tracking number in UPS's format (1Z + 16), the first demo carrier's (tracking numbers are checked per carrier). */
export const upsTrackingNumber = () => `1Z${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code, res.body).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

/** The kit reads the test app and fixtures lazily: they are created in beforeAll. */
export function orderKit(ctx: () => { t: TestApp; f: Fixtures }) {
  async function signup(name: string): Promise<Buyer> {
    const b = browser(ctx().t.app);
    const email = `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await b.post('/api/auth/signup', { email, password: 'password123', nickname: name });
    expect(res.statusCode, res.body).toBe(200);
    return { b, id: BigInt(res.json().user.id), email };
  }

  /** Preview + submit through the real checkout; one order per shop (FlexiDesk first). */
  async function place(
    buyer: { b: Browser; email: string },
    items: [SkuCode, string][],
    extra: Body = {},
    submitExtra: Body = {},
  ): Promise<Placed> {
    const { f } = ctx();
    const shops = new Set(items.map(([code]) => (NORDIC_SKUS.includes(code) ? 'nordic' : 'flexi')));
    const preCalShippingList = [
      ...(shops.has('flexi') ? [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }] : []),
      ...(shops.has('nordic') ? [{ shopId: f.shop.nordic, shippingMethodId: f.method.nordic.STANDARD }] : []),
    ];
    const choices: Body = {
      previewTradeContractLineReqTOList: items.map(([code, qty]) => ({ skuId: f.sku[code], qty })),
      selectedAddress: usAddress(f, { email: buyer.email }),
      preCalShippingList,
      couponIds: [],
      ...extra,
    };
    const body = await submitBodyFor(buyer.b, choices, {
      notifyInfo: { notifyType: 'email', contactInfo: buyer.email },
      ...submitExtra,
    });
    const res = await submit(buyer.b, body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    return { contractId: r.id, orderIds: r.tradeOrderIdList };
  }

  /** Pays a contract with MOCKPAY on the hosted page and waits for the webhook to mark its orders paid. */
  async function pay(b: Browser, contractId: string): Promise<void> {
    const { t } = ctx();
    const start = await b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId, payChannel: 'MOCKPAY' },
      { remoteAddress: freshIp() },
    );
    expect(start.statusCode, start.body).toBe(200);
    const token = start.json().channelToken as string;
    const page = await t.app.inject({
      method: 'POST',
      url: `/mockpay/pay/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve&card=4242424242424242',
    });
    expect(page.statusCode, page.body).toBe(303);
    await waitFor(
      () =>
        t.db
          .select()
          .from(tradeOrders)
          .where(eq(tradeOrders.contractId, BigInt(contractId))),
      (os) => os.length > 0 && os.every((o) => o.status === 'UN_DELIVERY'),
      `contract ${contractId} paid`,
    );
    await waitFor(
      () => t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, token)),
      (es) => es.length > 0 && es.every((e) => e.deliveredAt !== null),
      `webhooks of ${token}`,
    );
  }

  const orderRow = async (id: string) =>
    (
      await ctx()
        .t.db.select()
        .from(tradeOrders)
        .where(eq(tradeOrders.id, BigInt(id)))
    )[0]!;
  const statusOf = async (id: string) => (await orderRow(id)).status;
  const topLines = (orderId: string) =>
    ctx()
      .t.db.select()
      .from(tradeOrderLines)
      .where(
        and(
          eq(tradeOrderLines.orderId, BigInt(orderId)),
          inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN']),
        ),
      )
      .orderBy(asc(tradeOrderLines.id));

  return { signup, place, pay, orderRow, statusOf, topLines };
}
