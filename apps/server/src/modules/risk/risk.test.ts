/**
 * Risk screening end to end on real Postgres (SPEC §7 risk check, §9 riskCheck on for US, §8
 * failures logged): each rule scores through the real checkout, a risky order is held in
 * UNDER_REVIEW and cannot be paid, the operator approves it (the buyer then pays) or cancels it
 * (its stock comes back), and a screener that fails lets the order go on.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SITES, SITE_CODES } from '@mall/contracts';
import { cards, riskScreenings, tradeOrders } from '../../db/schema/index.js';
import { type Browser, type TestApp, browser, createTestApp, login } from '../../../test/helpers.js';
import {
  amsterdamAddress,
  freshIp,
  loadFixtures,
  newKey,
  setStock,
  stockOf,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, type Buyer } from '../../../test/order-fixtures.js';
import { RISK_REVIEW_HOURS } from '@mall/domain';
import type { RiskScreener } from './screener.js';
import { closeUnreviewed } from './service.js';

let t: TestApp;
let f: Fixtures;
let operator: Browser;
const { place, pay } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  operator = await login(t.app, 'operator@demo.shop');
  // Enough desks for every held order below.
  await setStock(t.db, f.sku['E7-BLK-160'], '200');
  await setStock(t.db, f.sku['C7-GRY'], '500');
});
afterAll(async () => {
  await t?.close();
});

/** A new account with the given mailbox domain. */
async function signupAt(domain: string, app = t.app): Promise<Buyer> {
  const b = browser(app);
  const email = `risk-${crypto.randomBytes(4).toString('hex')}@${domain}`;
  const res = await b.post('/api/auth/signup', { email, password: 'password123', nickname: 'Risky' });
  expect(res.statusCode, res.body).toBe(200);
  return { b, id: BigInt(res.json().user.id), email };
}
const screening = async (contractId: string) =>
  (
    await t.db
      .select()
      .from(riskScreenings)
      .where(eq(riskScreenings.contractId, BigInt(contractId)))
  )[0];
const reasonsOf = async (contractId: string) => (await screening(contractId))!.reasons.map((r) => r.code);
const statusOf = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.id, BigInt(orderId)))
  )[0]!.status;
const detail = async (b: Browser, id: string) => {
  const res = await b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const firstPay = (b: Browser, contractId: string) =>
  b.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'MOCKPAY' });
const heldList = async () => {
  const res = await operator.get('/api/operator/risk-holds');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contractId: string; score: number; reasons: { code: string }[]; tradeOrderIds: string[] }[]>();
};
const decide = (contractId: string, decision: 'APPROVE' | 'REJECT', who = operator) =>
  who.post(`/api/operator/risk-holds/${contractId}/decision`, { decision });

/** Three desks: above the new-account limit (USD 1,000). */
const BIG: [['E7-BLK-160', string]] = [['E7-BLK-160', '3']];
/** A held order: a throwaway mailbox's new account buying three desks. */
async function heldOrder() {
  const buyer = await signupAt('yopmail.com');
  const placed = await place(buyer, BIG);
  expect(await screening(placed.contractId)).toMatchObject({ outcome: 'HELD', provider: 'rules' });
  return { buyer, placed };
}

describe('demo data', () => {
  it('the operator finds one held order: a new account on a throwaway mailbox buying three desks', async () => {
    const list = await heldList();
    const demo = list.filter((h) => (h as { buyer?: { email: string } }).buyer?.email === 'quick.buyer@yopmail.com');
    expect(demo).toHaveLength(1);
    expect(demo[0]!.score).toBe(90);
    expect(demo[0]!.reasons.map((r) => r.code).sort()).toEqual(['DISPOSABLE_EMAIL', 'NEW_ACCOUNT_AMOUNT']);
  });
});

describe('the rules, each through the real checkout', () => {
  it('an ordinary order of a known buyer passes: scored 0, payable', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const placed = await place({ b: buyer, email: 'buyer@demo.shop' }, [['C7-GRY', '1']]);
    const s = await screening(placed.contractId);
    expect(s, JSON.stringify(s?.reasons)).toMatchObject({ outcome: 'PASSED', score: 0, reasons: [] });
    expect(await statusOf(placed.orderIds[0]!)).toBe('PENDING_PAY');
    await pay(buyer, placed.contractId);
  });

  it("NEW_ACCOUNT_AMOUNT: a new account's large order scores, but alone it is not held", async () => {
    const buyer = await signupAt('example.com');
    const placed = await place(buyer, BIG);
    expect(await reasonsOf(placed.contractId)).toEqual(['NEW_ACCOUNT_AMOUNT']);
    expect(await statusOf(placed.orderIds[0]!)).toBe('PENDING_PAY');
    // A small order of the same new account does not score.
    const small = await place(buyer, [['C7-GRY', '1']]);
    expect(await reasonsOf(small.contractId)).toEqual([]);
  });

  it('DISPOSABLE_EMAIL: a throwaway mailbox scores', async () => {
    const buyer = await signupAt('mailinator.com');
    const placed = await place(buyer, [['C7-GRY', '1']]);
    expect(await reasonsOf(placed.contractId)).toEqual(['DISPOSABLE_EMAIL']);
    expect(await statusOf(placed.orderIds[0]!)).toBe('PENDING_PAY');
  });

  it('COUNTRY_MISMATCH: billing in another country than shipping scores', async () => {
    const buyer = await signupAt('example.com');
    const placed = await place(buyer, [['C7-GRY', '1']], { billingAddress: amsterdamAddress(f) });
    expect(await reasonsOf(placed.contractId)).toEqual(['COUNTRY_MISMATCH']);
  });

  it('ORDER_VELOCITY: the sixth order of a buyer within an hour scores', async () => {
    const buyer = await signupAt('example.com');
    const reasons: string[][] = [];
    for (let i = 0; i < 6; i++) reasons.push(await reasonsOf((await place(buyer, [['C7-GRY', '1']])).contractId));
    expect(reasons.slice(0, 5)).toEqual([[], [], [], [], []]);
    expect(reasons[5]).toEqual(['ORDER_VELOCITY']);
  });

  it('ORDER_VELOCITY: more than 20 orders within an hour from one device scores', async () => {
    const deviceId = `dev-${crypto.randomUUID()}`;
    // Different buyers and IPs, one device: only the device count climbs.
    const fromDevice = async () => {
      const buyer = await signupAt('example.com');
      const body = await submitBodyFor(
        buyer.b,
        {
          previewTradeContractLineReqTOList: [{ skuId: f.sku['C7-GRY'], qty: '1' }],
          selectedAddress: usAddress(f, { email: buyer.email }),
          preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
          couponIds: [],
        },
        { notifyInfo: { notifyType: 'email', contactInfo: buyer.email } },
      );
      const res = await buyer.b.post('/api/checkout/submit', body, {
        headers: { 'idempotency-key': newKey(), 'x-device-id': deviceId },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return reasonsOf(res.json().id);
    };
    for (let i = 0; i < 20; i++) expect(await fromDevice()).toEqual([]);
    expect(await fromDevice()).toEqual(['ORDER_VELOCITY']);
  });

  it('CARD_VELOCITY: more than three new cards of the buyer within an hour score', async () => {
    const buyer = await signupAt('example.com');
    await t.db.insert(cards).values(
      [1, 2, 3, 4].map((n) => ({
        buyerId: buyer.id,
        status: 'FAILED' as const,
        holder: {},
        setupId: `risk-setup-${buyer.id}-${n}`,
        clientSecret: 'x',
      })),
    );
    const placed = await place(buyer, [['C7-GRY', '1']]);
    expect(await reasonsOf(placed.contractId)).toEqual(['CARD_VELOCITY']);
  });

  it('ADDRESS_VELOCITY: a fourth shipping address of the buyer within an hour scores', async () => {
    const buyer = await signupAt('example.com');
    const reasons: string[][] = [];
    for (const street of ['1 Main St', '2 Main St', '3 Main St', '4 Main St']) {
      const placed = await place(buyer, [['C7-GRY', '1']], {
        selectedAddress: usAddress(f, { email: buyer.email, poiName: street }),
      });
      reasons.push(await reasonsOf(placed.contractId));
    }
    expect(reasons).toEqual([[], [], [], ['ADDRESS_VELOCITY']]);
  });
});

describe('held orders', () => {
  it('two signs hold the order: under review for the buyer, no pay, refused by payment, listed for the operator', async () => {
    const { buyer, placed } = await heldOrder();
    const s = await screening(placed.contractId);
    expect(s!.reasons.map((r) => r.code).sort()).toEqual(['DISPOSABLE_EMAIL', 'NEW_ACCOUNT_AMOUNT']);
    expect(s!.score).toBe(90);
    const d = await detail(buyer.b, placed.orderIds[0]!);
    expect(d.displayStatus).toBe('UNDER_REVIEW');
    expect(d.operationList).toEqual(['buyerCancelBeforePay']);
    expectError(await firstPay(buyer.b, placed.contractId), 409, 'Risk.underReview');
    const list = await heldList();
    const mine = list.find((h) => h.contractId === placed.contractId)!;
    expect(mine).toMatchObject({ score: 90, tradeOrderIds: placed.orderIds });
    expect(mine.reasons.map((r) => r.code).sort()).toEqual(['DISPOSABLE_EMAIL', 'NEW_ACCOUNT_AMOUNT']);
    // Only the operator sees and decides.
    expect((await buyer.b.get('/api/operator/risk-holds')).statusCode).toBe(403);
    expectError(await decide(placed.contractId, 'APPROVE', buyer.b), 403, 'Operator.notOperator');
  });

  it('approve: the order can be paid with a fresh deadline; a second decision is refused', async () => {
    const { buyer, placed } = await heldOrder();
    const res = await decide(placed.contractId, 'APPROVE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'APPROVED', contractId: placed.contractId });
    const d = await detail(buyer.b, placed.orderIds[0]!);
    expect(d.displayStatus).toBe('PENDING_PAY');
    expect(d.operationList).toContain('pay');
    expect((await heldList()).some((h) => h.contractId === placed.contractId)).toBe(false);
    expectError(await decide(placed.contractId, 'REJECT'), 409, 'Risk.notHeld');
    await pay(buyer.b, placed.contractId);
    expect(await statusOf(placed.orderIds[0]!)).toBe('UN_DELIVERY');
  });

  it('cancel: the order is cancelled and its stock comes back; the buyer cannot pay it', async () => {
    const sku = f.sku['E7-BLK-160'];
    const before = Number(await stockOf(t.db, sku));
    const { buyer, placed } = await heldOrder();
    expect(Number(await stockOf(t.db, sku))).toBe(before - 3);
    const res = await decide(placed.contractId, 'REJECT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('REJECTED');
    expect(await statusOf(placed.orderIds[0]!)).toBe('CANCELED');
    expect(Number(await stockOf(t.db, sku))).toBe(before);
    expectError(await firstPay(buyer.b, placed.contractId), 409, 'Payment.contractNotPayable');
    expectError(await decide(placed.contractId, 'APPROVE'), 409, 'Risk.notHeld');
  });

  it('the buyer may cancel a held order; it then leaves the review list', async () => {
    const { buyer, placed } = await heldOrder();
    const res = await buyer.b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { id: placed.orderIds[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(placed.orderIds[0]!)).toBe('CANCELED');
    expect((await heldList()).some((h) => h.contractId === placed.contractId)).toBe(false);
    expectError(await decide(placed.contractId, 'APPROVE'), 409, 'Risk.notHeld');
  });

  it('nobody decides for three days: the order is cancelled by itself, its stock comes back, the operator sees it closed unreviewed', async () => {
    const hoursLater = (h: number) => new Date(Date.now() + h * 3_600_000);
    // The holds of the tests above (and the demo's) expire first, so the stock below counts this one only.
    await closeUnreviewed(t.db, hoursLater(RISK_REVIEW_HOURS + 1));
    const sku = f.sku['E7-BLK-160'];
    const before = Number(await stockOf(t.db, sku));
    const { buyer, placed } = await heldOrder();
    const cancelled = await heldOrder();
    const cancel = await cancelled.buyer.b.post('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', {
      id: cancelled.placed.orderIds[0],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(Number(await stockOf(t.db, sku))).toBe(before - 3);

    // An hour before the review window ends: still waiting.
    await closeUnreviewed(t.db, hoursLater(RISK_REVIEW_HOURS - 1));
    expect(await statusOf(placed.orderIds[0]!)).toBe('UNDER_REVIEW');
    expect((await heldList()).some((h) => h.contractId === placed.contractId)).toBe(true);

    // Past it: cancelled through the unpaid-cancel path, once.
    expect(await closeUnreviewed(t.db, hoursLater(RISK_REVIEW_HOURS + 1))).toBe(1);
    expect(await statusOf(placed.orderIds[0]!)).toBe('CANCELED');
    expect((await detail(buyer.b, placed.orderIds[0]!)).displayStatus).toBe('CANCELED');
    expect(Number(await stockOf(t.db, sku))).toBe(before);
    expect(await closeUnreviewed(t.db, hoursLater(RISK_REVIEW_HOURS + 2))).toBe(0);
    expectError(await firstPay(buyer.b, placed.contractId), 409, 'Payment.contractNotPayable');
    expectError(await decide(placed.contractId, 'APPROVE'), 409, 'Risk.notHeld');

    expect((await heldList()).some((h) => h.contractId === placed.contractId)).toBe(false);
    const decided = await operator.get('/api/operator/risk-holds?outcome=DECIDED');
    expect(
      decided.json<{ contractId: string; outcome: string }[]>().find((h) => h.contractId === placed.contractId),
    ).toMatchObject({
      outcome: 'EXPIRED',
    });
    // The hold the buyer cancelled was not waiting any more: it is not called expired.
    expect(await screening(cancelled.placed.contractId)).toMatchObject({ outcome: 'HELD' });
    expect(await statusOf(cancelled.placed.orderIds[0]!)).toBe('CANCELED');
  });

  it('a retried submit (same key) is screened once', async () => {
    const buyer = await signupAt('yopmail.com');
    const placed = await place(buyer, BIG);
    const rows = await t.db.select().from(riskScreenings).where(eq(riskScreenings.buyerId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contractId).toBe(BigInt(placed.contractId));
  });
});

describe('the site flag', () => {
  it('only sites with riskCheck screen (US in the demo); others never hold an order', async () => {
    expect(SITE_CODES.filter((c) => SITES[c].features.riskCheck)).toEqual(['US']);
    const buyer = await signupAt('yopmail.com');
    const placed = await place(buyer, BIG);
    // The same contract offered to a site without the flag is left alone.
    await t.db.delete(riskScreenings).where(eq(riskScreenings.contractId, BigInt(placed.contractId)));
    await t.db
      .update(tradeOrders)
      .set({ status: 'PENDING_PAY' })
      .where(eq(tradeOrders.contractId, BigInt(placed.contractId)));
    const from = { ip: null, deviceId: null };
    expect(await t.app.risk.screenPlaced(SITES.UK, BigInt(placed.contractId), from, t.app.log)).toBe('SKIPPED');
    expect(await screening(placed.contractId)).toBeUndefined();
    expect(await statusOf(placed.orderIds[0]!)).toBe('PENDING_PAY');
  });
});

describe('another screener', () => {
  it('a failing check is logged and the order goes on, unscreened and payable', async () => {
    const broken: RiskScreener = {
      name: 'broken',
      screen: () => Promise.reject(new Error('screening service unreachable')),
    };
    const other = await createTestApp({ risk: { screener: broken } });
    try {
      const kit = orderKit(() => ({ t: other, f }));
      const buyer = await signupAt('yopmail.com', other.app);
      const placed = await kit.place(buyer, BIG);
      const [row] = await other.db
        .select()
        .from(riskScreenings)
        .where(eq(riskScreenings.contractId, BigInt(placed.contractId)));
      expect(row).toBeUndefined();
      // What the submit did, asked again: the failure is logged with the contract and the screener.
      const warned: unknown[][] = [];
      const log = { warn: (...a: unknown[]) => warned.push(a) } as unknown as FastifyBaseLogger;
      const from = { ip: null, deviceId: null };
      expect(await other.app.risk.screenPlaced(SITES.US, BigInt(placed.contractId), from, log)).toBe('FAILED');
      expect(warned).toHaveLength(1);
      expect(warned[0]![0]).toMatchObject({ contractId: placed.contractId, screener: 'broken' });
      expect(warned[0]![1]).toBe('risk check failed; order not held');
      await kit.pay(buyer.b, placed.contractId);
    } finally {
      await other.close();
    }
  });

  it("a provider's own verdict replaces the rules (hold regardless of the threshold)", async () => {
    const provider: RiskScreener = {
      name: 'radar',
      screen: () => Promise.resolve({ score: 12, reasons: [{ code: 'radar_elevated', points: 12 }], hold: true }),
    };
    const other = await createTestApp({ risk: { screener: provider, threshold: 90 } });
    try {
      const kit = orderKit(() => ({ t: other, f }));
      const buyer = await signupAt('example.com', other.app);
      const placed = await kit.place(buyer, [['C7-GRY', '1']]);
      const [row] = await other.db
        .select()
        .from(riskScreenings)
        .where(eq(riskScreenings.contractId, BigInt(placed.contractId)));
      expect(row).toMatchObject({ provider: 'radar', score: 12, threshold: 90, outcome: 'HELD' });
      expectError(await firstPay(buyer.b, placed.contractId), 409, 'Risk.underReview');
    } finally {
      await other.close();
    }
  });
});
