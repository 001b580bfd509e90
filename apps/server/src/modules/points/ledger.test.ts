/**
 * The points ledger: the balance row always equals the sum of the lines, after checkout, pay,
 * refund and expiry, and under 20 concurrent spends (no negative balance, no lost update); the
 * history shows every kind of line, paged and filtered, and only the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pointBalances, pointLedger } from '../../db/schema/index.js';
import { login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit, waitFor } from '../../../test/order-fixtures.js';
import { expirePoints, grantPoints, pointBalance, spendPoints } from './ledger.js';
import { runPointsExpiry } from '../membership/jobs.js';

let t: TestApp;
let f: Fixtures;
let demo: Browser;
let seller: Browser;
const { signup, place, pay, statusOf } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  demo = await login(t.app, 'buyer@demo.shop');
  seller = await login(t.app, 'seller@demo.shop');
});
afterAll(async () => {
  await t.close();
});

const sumOf = async (buyerId: bigint) => {
  const [r] = await t.db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
    .from(pointLedger)
    .where(eq(pointLedger.buyerId, buyerId));
  return r!.n;
};
/** The balance row and the sum of the lines agree; returns the balance. */
const consistent = async (buyerId: bigint) => {
  const b = await pointBalance(t.db, buyerId);
  expect(b).toBe(await sumOf(buyerId));
  expect(b).toBeGreaterThanOrEqual(0);
  return b;
};
const history = async (b: Browser, body: object = {}) => {
  const res = await b.post('/sapi/mall-customer/points/queryPointHistory', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('balance equals the sum of the lines', () => {
  it('after checkout with points, payment, a refund and expiry', async () => {
    const x = await signup('ledger');
    await grantPoints(t.db, { buyerId: x.id, delta: 1000, reason: 'WELCOME' });
    expect(await consistent(x.id)).toBe(1000);
    // Checkout with points deduction: the ORDER line takes them.
    const placed = await place(x, [['TRAY-STEEL', '2']], { enablePointDeduction: true, usedPointNum: 500 });
    expect(await consistent(x.id)).toBe(500);
    await pay(x.b, placed.contractId);
    const afterPay = await consistent(x.id);
    expect(afterPay).toBeGreaterThan(500);
    // Cancel after pay, approved: spent points come back, earned points are taken back.
    const id = placed.orderIds[0]!;
    const rev = (
      await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [{ tradeOrder: { id } }])
    ).json().reverseTradeOrderId as string;
    expect((await seller.post(`/api/merchant/reverse/${rev}/decision`, { approve: true })).statusCode).toBe(200);
    await waitFor(
      () => statusOf(id),
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    expect(await consistent(x.id)).toBe(1000);
    const kinds = (await history(x.b)).data.map((l: { kind: string }) => l.kind);
    expect(kinds).toEqual(['EARN_REVERSED', 'REFUND', 'EARN', 'ORDER', 'WELCOME']);
    // Two years on, the year's points expire once.
    const later = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1, 1));
    expect(await t.db.transaction((tx) => expirePoints(tx, x.id, later))).toBe(1000);
    expect(await t.db.transaction((tx) => expirePoints(tx, x.id, later))).toBe(0);
    expect(await consistent(x.id)).toBe(0);
  });

  it('under 20 concurrent spends: no negative balance, no lost update', async () => {
    const x = await signup('race');
    await grantPoints(t.db, { buyerId: x.id, delta: 1000, reason: 'WELCOME' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.db.transaction((tx) => spendPoints(tx, { buyerId: x.id, points: 150 }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    // 1000 / 150: six spends fit, the other fourteen are refused with Points.notEnough.
    expect(ok).toBe(6);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('Points.notEnough');
    expect(await consistent(x.id)).toBe(100);
    const [row] = await t.db.select().from(pointBalances).where(eq(pointBalances.buyerId, x.id));
    expect(row!.balance).toBe(100);
  });

  it('expiry never takes more than is left of that year, oldest first', async () => {
    const x = await signup('expiry');
    const y = new Date().getUTCFullYear();
    await grantPoints(t.db, { buyerId: x.id, delta: 400, reason: 'INVITATION', at: new Date(Date.UTC(y - 3, 5, 1)) });
    await grantPoints(t.db, { buyerId: x.id, delta: 300, reason: 'WELCOME', at: new Date(Date.UTC(y - 2, 5, 1)) });
    await t.db.transaction((tx) =>
      spendPoints(tx, { buyerId: x.id, points: 500, at: new Date(Date.UTC(y - 2, 8, 1)) }),
    );
    // 400 of y-3 were all spent (oldest first); of y-2, 200 are left and expire; nothing of this year.
    await grantPoints(t.db, { buyerId: x.id, delta: 50, reason: 'WELCOME' });
    await runPointsExpiry(t.db);
    const lines = await t.db.select().from(pointLedger).where(eq(pointLedger.buyerId, x.id));
    const expiry = lines
      .filter((l) => l.reason === 'EXPIRY')
      .map((l) => [l.earnYear, l.delta])
      .sort();
    expect(expiry).toEqual(
      [
        [y - 3, 0],
        [y - 2, -200],
      ].sort(),
    );
    expect(await consistent(x.id)).toBe(50);
    await runPointsExpiry(t.db);
    expect(await consistent(x.id)).toBe(50);
  });
});

describe('points history', () => {
  it('the demo buyer sees every kind of line, paged and filtered', async () => {
    const all = await history(demo, { pageSize: 50 });
    expect(all.balance).toBe(2000);
    const kinds = new Set(all.data.map((l: { kind: string }) => l.kind));
    for (const k of ['WELCOME', 'INVITATION', 'EARN', 'ORDER', 'REFUND', 'EXPIRY']) expect(kinds).toContain(k);
    expect(all.total).toBe(all.data.length);
    const page2 = await history(demo, { pageNo: 2, pageSize: 2 });
    expect(page2.data.map((l: { id: string }) => l.id)).toEqual(all.data.slice(2, 4).map((l: { id: string }) => l.id));
    const expiry = await history(demo, { kinds: ['EXPIRY'] });
    expect(expiry.data.every((l: { kind: string; delta: number }) => l.kind === 'EXPIRY' && l.delta < 0)).toBe(true);
    expect(expiry.total).toBe(1);
    // A credit says when it expires: the end of the year after it was earned.
    const welcome = all.data.find((l: { kind: string }) => l.kind === 'WELCOME');
    expect(welcome.expiresAt).toBe(new Date(Date.UTC(welcome.earnYear + 2, 0, 1)).toISOString());
  });

  it('a buyer sees only their own points', async () => {
    const x = await signup('own');
    const mine = await history(x.b);
    expect(mine).toEqual({ balance: 0, data: [], total: 0 });
    // Nothing in the request can pick another buyer.
    const res = await x.b.post('/sapi/mall-customer/points/queryPointHistory', { buyerId: '1' });
    expect(res.statusCode).toBe(400);
  });
});
