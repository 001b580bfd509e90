/**
 * The per-buyer cache of order reads (read-cache.ts, migration 0026): a kept list page, tab count
 * or detail is answered only while the buyer's order version stands, so every committed change
 * to the buyer's orders shows on the very next read (through this app or a second one on the
 * same database), another buyer's changes leave a buyer's answers alone, and one buyer is never
 * answered with another's entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tradeOrders } from '../../db/schema/index.js';
import { type TestApp, createTestApp } from '../../../test/helpers.js';
import { loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit, type Buyer } from '../../../test/order-fixtures.js';
import { sweepTimedTransitions } from './service.js';
import { orderReadCache } from './read-cache.js';

let t: TestApp;
let f: Fixtures;
const { signup, place, pay } = orderKit(() => ({ t, f }));

const LIST = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
const COUNTS = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
const DETAIL = '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer';

type Page = { total: number; data: { id: string; displayStatus: string }[] };
const page1 = async (x: Buyer): Promise<Page> => (await x.b.post(LIST, { pageNo: 1, pageSize: 5 })).json();
const counts = async (x: Buyer): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await x.b.post(COUNTS, {}))
      .json<{ displayOrderStatus: string; quantity: number }[]>()
      .map((c) => [c.displayOrderStatus, c.quantity]),
  );
const detailStatus = async (x: Buyer, id: string): Promise<string> =>
  (await x.b.post(DETAIL, { id })).json().displayStatus;
const versionOf = async (x: Buyer) =>
  (
    await t.db.$client.query<{ version: string }>('SELECT version FROM buyer_order_versions WHERE buyer_id = $1', [
      x.id,
    ])
  ).rows[0]?.version ?? null;

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe("kept order reads follow every change of the buyer's orders", () => {
  let a: Buyer;
  let b: Buyer;
  let first: { contractId: string; orderIds: string[] };

  beforeAll(async () => {
    a = await signup('cache-a');
    b = await signup('cache-b');
    first = await place(a, [['TRAY-STEEL', '1']]);
  });

  it('a new order, then its payment, show on the next list, counts and detail', async () => {
    const before = await page1(a);
    expect(before.total).toBe(1);
    expect(before.data[0]!.displayStatus).toBe('PENDING_PAY');
    expect((await counts(a)).PENDING_PAY).toBe(1);
    expect(await detailStatus(a, first.orderIds[0]!)).toBe('PENDING_PAY');
    // Asked again with nothing changed: the same answer (kept).
    expect(await page1(a)).toEqual(before);

    await pay(a.b, first.contractId);
    const after = await page1(a);
    expect(after.data[0]!.displayStatus).toBe('UN_DELIVERY');
    expect(await counts(a)).toMatchObject({ PENDING_PAY: 0, UN_DELIVERY: 1 });
    expect(await detailStatus(a, first.orderIds[0]!)).toBe('UN_DELIVERY');

    const second = await place(a, [['TRAY-STEEL', '1']]);
    const more = await page1(a);
    expect(more.total).toBe(2);
    expect(more.data[0]!.id).toBe(second.orderIds[0]);
  });

  it('a change written by a timed sweep (another process) shows on the next read', async () => {
    const open = await place(a, [['TRAY-STEEL', '1']]);
    expect((await page1(a)).data[0]!.displayStatus).toBe('PENDING_PAY');
    const cancelled = (await counts(a)).CANCEL_ALL!;
    await t.db
      .update(tradeOrders)
      .set({ payDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tradeOrders.id, BigInt(open.orderIds[0]!)));
    await sweepTimedTransitions(t.db);
    expect((await page1(a)).data[0]!.displayStatus).toBe('CLOSED');
    expect(await detailStatus(a, open.orderIds[0]!)).toBe('CLOSED');
    expect((await counts(a)).CANCEL_ALL).toBe(cancelled + 1);
  });

  it("another buyer's orders leave a buyer's version and answers alone, and never show in them", async () => {
    const aVersion = await versionOf(a);
    const aPage = await page1(a);
    const emptyB = await page1(b);
    expect(emptyB.total).toBe(0);

    const bOrder = await place(b, [['TRAY-STEEL', '1']]);
    expect(await versionOf(a)).toBe(aVersion);
    expect(await page1(a)).toEqual(aPage);
    const bPage = await page1(b);
    expect(bPage.total).toBe(1);
    expect(bPage.data[0]!.id).toBe(bOrder.orderIds[0]);
    // The same request body from A and B: each gets their own orders.
    expect((await page1(a)).data.map((o) => o.id)).not.toContain(bOrder.orderIds[0]);
    // A's order detail stays 404 for B even after A read it (kept for A).
    expect((await b.b.post(DETAIL, { id: first.orderIds[0] })).statusCode).toBe(404);
  });
});

describe('one load per key and version at a time', () => {
  const gate = () => {
    let open!: (v: string) => void;
    const p = new Promise<string>((r) => {
      open = r;
    });
    return { p, open };
  };

  it('requests arriving while a load runs wait for it instead of reading again', async () => {
    const cache = orderReadCache();
    let loads = 0;
    const g = gate();
    const load = () => {
      loads++;
      return g.p;
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.body('7', 'u1|list|{}', load)));
    g.open('{"total":1}');
    expect(await answers).toEqual(Array(20).fill('{"total":1}'));
    expect(loads).toBe(1);
    // Kept afterwards under that version; a newer version loads again.
    expect(await cache.body('7', 'u1|list|{}', async () => 'other')).toBe('{"total":1}');
    expect(await cache.body('8', 'u1|list|{}', async () => '{"total":2}')).toBe('{"total":2}');
  });

  it('a load for a newer version does not hand out the older one running, and a failed load is not kept', async () => {
    const cache = orderReadCache();
    const old = gate();
    const first = cache.body('1', 'k', () => old.p);
    const newer = cache.body('2', 'k', async () => 'v2');
    expect(await newer).toBe('v2');
    old.open('v1');
    expect(await first).toBe('v1');

    await expect(
      cache.body('3', 'k', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    expect(await cache.body('3', 'k', async () => 'v3')).toBe('v3');
  });
});
