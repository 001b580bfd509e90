/**
 * Japan's delivery day and time (SPEC §9): the server takes only a day of the
 * site's range and a slot of its list (the rule the checkout form uses, packages/domain), and
 * only on a site that offers them; a valid choice reaches the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SITES } from '@mall/contracts';
import { deliveryDayChoices } from '@mall/domain';
import { tradeOrders } from '../../db/schema/index.js';
import { login, type Browser, type TestApp } from '../../../test/helpers.js';
import {
  contractsOf,
  counts,
  freshIp,
  preview,
  startCheckoutSuite,
  submit,
  submitBodyFor,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';

let t: TestApp;
let f: Fixtures;
let jp: Browser;
let us: Browser;
beforeAll(async () => {
  ({ t, f, buyer: us } = await startCheckoutSuite());
  jp = await login(t.app, 'buyer@demo.shop');
  expect((await jp.post('/api/preferences', { site: 'JP' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const RULE = SITES.JP.features.deliveryDayTime!;
const choices = () => ({
  previewTradeContractLineReqTOList: [{ skuId: f.sku['E7-BLK-140'], qty: '1' }],
  selectedAddress: { id: '1' },
  couponIds: [],
  noUsePlatformCoupon: true,
  preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
});
const days = () => deliveryDayChoices(SITES.JP, new Date()).dayList;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('delivery day and time at submit', () => {
  it('JP: a day before the first one offered, after the last, or not a date is refused with its code; nothing is ordered', async () => {
    const body = await submitBodyFor(jp, choices());
    const before = await counts(t.db);
    for (const deliveryDay of [addDays(days()[0]!, -1), addDays(days()[days().length - 1]!, 1), '2020-01-01', 'soon']) {
      const res = await submit(jp, { ...body, shippingTimeInfo: { deliveryDay, deliveryTime: RULE.timeSlots[0] } });
      expect(res.statusCode, deliveryDay).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Checkout.deliveryDayOutOfRange',
        message: 'Please choose one of the delivery days offered',
        details: { first: days()[0], last: days()[days().length - 1] },
      });
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it('JP: a time slot not in the list is refused', async () => {
    const body = await submitBodyFor(jp, choices());
    const res = await submit(jp, {
      ...body,
      shippingTimeInfo: { deliveryDay: days()[1], deliveryTime: '03:00-05:00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Checkout.deliveryTimeNotOffered',
      message: 'Please choose one of the delivery times offered',
      details: { timeSlots: RULE.timeSlots },
    });
  });

  it('a site without the choice refuses a delivery day or time, at preview and at submit', async () => {
    const body = await submitBodyFor(us, choices());
    const res = await submit(us, { ...body, shippingTimeInfo: { deliveryDay: days()[1] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Checkout.deliveryDayNotOffered',
      message: 'A delivery day and time cannot be chosen on this site',
    });
    const p = await preview(us, { ...choices(), shippingTimeInfo: { deliveryTime: RULE.timeSlots[0] } });
    expect(p.json().code).toBe('Checkout.deliveryDayNotOffered');
  });

  it('JP: a day and a slot of the lists reach the order; no preference is fine too', async () => {
    const deliveryDay = days()[days().length - 1]!;
    const deliveryTime = RULE.timeSlots[RULE.timeSlots.length - 1]!;
    const res = await submit(
      jp,
      await submitBodyFor(jp, choices(), { shippingTimeInfo: { deliveryDay, deliveryTime } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(res.json().id)));
    const detail = await jp.post(
      '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer',
      { id: String(order!.id) },
      { remoteAddress: freshIp() },
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().shippingTimeInfo).toMatchObject({ deliveryDay, deliveryTime });

    const plain = await submit(
      jp,
      await submitBodyFor(jp, choices(), { shippingTimeInfo: { deliveryDay: '', deliveryTime: '' } }),
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await contractsOf(t.db, f.buyerId)).length).toBeGreaterThan(1);
  });
});
