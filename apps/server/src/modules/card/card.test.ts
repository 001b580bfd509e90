/**
 * Saved cards through app.inject on real Postgres (SPEC §3 Card, §4 "Card save", §5 card form,
 * §7 customer_* calls, §8 card errors): the shop creates the card and a MOCKPAY setup, the
 * card data goes to MOCKPAY's client API only, and the signed setup.succeeded webhook (delivered
 * in-process shortly after) brings the token. Paying with a saved card charges it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  cards,
  mockpayEvents,
  mockpayPayments,
  mockpaySetups,
  paymentRecords,
  tradeContracts,
  tradeOrders,
} from '../../db/schema/index.js';
import { Browser, browser, type TestApp } from '../../../test/helpers.js';
import {
  freshIp,
  submit,
  submitBodyFor,
  type Body,
  type Fixtures,
  startCheckoutSuite,
} from '../../../test/checkout-fixtures.js';

let t: TestApp;
let f: Fixtures;
/** buyer@demo.shop: has a saved address (id 1) and no cards in the demo data. */
let buyer: Browser;
/** A second registered buyer (freshly signed up). */
let other: Browser;

beforeAll(async () => {
  ({ t, f, buyer } = await startCheckoutSuite());
  other = await signUp('other');
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let signups = 0;
async function signUp(prefix: string): Promise<Browser> {
  signups += 1;
  const b = browser(t.app);
  const res = await b.post('/api/auth/signup', {
    email: `${prefix}-${signups}-${Date.now()}@example.com`,
    password: 'password1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

const HOLDER = {
  cardHolderName: 'Casey Cardholder',
  mobile: '415 555 0100',
  email: 'casey@example.com',
  country: 'United States',
  city: 'San Francisco',
  street: 'Market St',
  houseNumber: '1',
  zipCode: '94103',
} as const;
const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const DECLINING = '4000000000000002';
/** A future expiry in MM/YY. */
const FUTURE = '12/30';
const mmyy = (d: Date) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getFullYear() % 100).padStart(2, '0')}`;

const createCard = (b: Browser, holder: Body = { ...HOLDER, isSave: 1 }) =>
  b.post('/api/trantor/flow/customer_CreateCardFlow', [holder]);
async function createCardOk(b: Browser, holder?: Body) {
  const res = await createCard(b, holder);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ id: string; extra: string; payCenterToken: string | null }>();
  const { clientSecret } = JSON.parse(body.extra) as { clientSecret: string };
  return { ...body, clientSecret };
}
/** The payer's browser posts the card data to MOCKPAY's client API (no shop session, no CSRF header). */
function confirmSetup(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/mockpay/api/setup/confirm',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
async function confirm(clientSecret: string, cardNumber: string, expiry = FUTURE, cvc = '123') {
  const res = await confirmSetup({ clientSecret, cardNumber, expiry, cvc });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: 'succeeded' } | { status: 'failed'; error: string }>();
}
const queryOne = (b: Browser, id: string) =>
  b.post('/api/trantor/func/customer_QueryOneCardFunc', [{ id: { value: id } }]);
const list = (b: Browser) => b.post('/api/trantor/flow/customer_QueryCardByCustomerFlow', [{ isBind: 1 }]);
async function listOk(b: Browser) {
  const res = await list(b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<
    {
      id: string;
      isDefault: boolean;
      tailNumber: string;
      payCenterToken: string;
      bankNetBO: { bankNetName: string; bankNetLogo: string };
    }[]
  >();
}
/** Polls the card like the card form (faster) until its token appears. */
async function pollToken(b: Browser, id: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const res = await queryOne(b, id);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().payCenterToken as string | null;
    if (token) return token;
    await sleep(50);
  }
  throw new Error(`card ${id} got no token`);
}
/** The whole card form flow: create, confirm at MOCKPAY, poll for the token. */
async function saveCard(b: Browser, number: string, holder?: Body) {
  const created = await createCardOk(b, holder);
  expect(await confirm(created.clientSecret, number)).toEqual({ status: 'succeeded' });
  const token = await pollToken(b, created.id);
  return { id: created.id, token, clientSecret: created.clientSecret };
}
const cardRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(cards)
      .where(eq(cards.id, BigInt(id)))
  )[0];

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

describe('card save (SPEC §4): create, confirm at MOCKPAY, poll for the token', () => {
  let card: Awaited<ReturnType<typeof createCardOk>>;

  it('a new buyer has no cards', async () => {
    expect(await listOk(buyer)).toEqual([]);
    // The body may also be left empty.
    const res = await buyer.post('/api/trantor/flow/customer_QueryCardByCustomerFlow', []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('create: extra carries the clientSecret; the card is SETUP_PENDING without a token', async () => {
    card = await createCardOk(buyer);
    expect(card).toMatchObject({ id: expect.stringMatching(/^\d+$/), payCenterToken: null });
    expect(card.clientSecret).toMatch(/^seti_[0-9a-f]{24}_secret_[0-9a-f]{24}$/);
    expect(JSON.parse(card.extra)).toMatchObject({ provider: 'mockpay', clientSecret: card.clientSecret });

    const row = await cardRow(card.id);
    expect(row).toMatchObject({
      buyerId: f.buyerId,
      status: 'SETUP_PENDING',
      payCenterToken: null,
      tailNumber: null,
      bankNetName: null,
      isDefault: false,
      isSave: true,
      clientSecret: card.clientSecret,
    });
    expect(row!.holder).toEqual(HOLDER);
    expect(row!.setupId).toBe(card.clientSecret.split('_secret_')[0]);
    const [setup] = await t.db.select().from(mockpaySetups).where(eq(mockpaySetups.id, row!.setupId));
    expect(setup).toMatchObject({
      clientSecret: card.clientSecret,
      merchantReference: card.id,
      status: 'CREATED',
      token: null,
    });

    const one = await queryOne(buyer, card.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ id: card.id, payCenterToken: null, status: 'SETUP_PENDING' });
    // A pending card is not offered.
    expect(await listOk(buyer)).toEqual([]);
  });

  it('confirm with a number failing the Luhn check -> failed "Invalid card number"', async () => {
    expect(await confirm(card.clientSecret, '4242424242424241')).toEqual({
      status: 'failed',
      error: 'Invalid card number',
    });
    expect(await confirm(card.clientSecret, '1234')).toEqual({ status: 'failed', error: 'Invalid card number' });
    expect(await confirm(card.clientSecret, '')).toEqual({ status: 'failed', error: 'Invalid card number' });
  });

  it('confirm with an expiry in the past, month 13 or a bad format -> failed "Invalid Expiry date"', async () => {
    const now = new Date();
    const lastMonth = mmyy(new Date(now.getFullYear(), now.getMonth() - 1, 1));
    for (const expiry of ['01/20', lastMonth, '13/30', '00/30', '1230', '12/2030', '']) {
      expect(await confirm(card.clientSecret, VISA, expiry), expiry).toEqual({
        status: 'failed',
        error: 'Invalid Expiry date',
      });
    }
  });

  it('confirm with a bad security code -> failed "Invalid security code"', async () => {
    for (const cvc of ['', '12', 'abc'])
      expect(await confirm(card.clientSecret, VISA, FUTURE, cvc)).toEqual({
        status: 'failed',
        error: 'Invalid security code',
      });
  });

  it('a malformed confirm request -> 400 "Error loading, refresh and retry"', async () => {
    const res = await confirmSetup({ clientSecret: card.clientSecret, cardNumber: VISA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'failed', error: 'Error loading, refresh and retry' });
  });

  it('failed confirmations leave the card pending and the setup open', async () => {
    await sleep(100);
    expect(await cardRow(card.id)).toMatchObject({ status: 'SETUP_PENDING', payCenterToken: null });
    const [setup] = await t.db.select().from(mockpaySetups).where(eq(mockpaySetups.clientSecret, card.clientSecret));
    expect(setup).toMatchObject({ status: 'CREATED', token: null });
    expect(await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, setup!.id))).toHaveLength(0);
  });

  it('confirm with 4242 4242 4242 4242 (current month counts as valid) -> succeeded; the token appears by polling', async () => {
    const thisMonth = mmyy(new Date());
    expect(await confirm(card.clientSecret, '4242 4242 4242 4242', thisMonth, '123')).toEqual({ status: 'succeeded' });
    const token = await pollToken(buyer, card.id);
    expect(token).toMatch(/^pm_[0-9a-f]{24}$/);
    expect((await queryOne(buyer, card.id)).json()).toEqual({ id: card.id, payCenterToken: token, status: 'ACTIVE' });
    expect(await cardRow(card.id)).toMatchObject({
      status: 'ACTIVE',
      payCenterToken: token,
      tailNumber: '4242',
      bankNetName: 'VISA',
      isDefault: true,
    });
    const [setup] = await t.db.select().from(mockpaySetups).where(eq(mockpaySetups.clientSecret, card.clientSecret));
    expect(setup).toMatchObject({ status: 'SUCCEEDED', token, cardTail: '4242', brand: 'VISA', outcome: 'approve' });
    const events = await t.db.select().from(mockpayEvents).where(eq(mockpayEvents.paymentId, setup!.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'setup.succeeded' });
  });

  it('the list has it: tail 4242, VISA with its logo, default', async () => {
    const token = (await cardRow(card.id))!.payCenterToken;
    expect(await listOk(buyer)).toEqual([
      {
        id: card.id,
        isDefault: true,
        tailNumber: '4242',
        payCenterToken: token,
        bankNetBO: { bankNetName: 'VISA', bankNetLogo: '/media/demo/ticket-230-visa.svg' },
        payChannels: ['MOCKPAY'],
      },
    ]);
  });

  it('confirming the same clientSecret again fails and changes nothing', async () => {
    const before = await cardRow(card.id);
    expect(await confirm(card.clientSecret, MASTERCARD)).toEqual({
      status: 'failed',
      error: 'This setup is no longer valid',
    });
    expect(await confirm(card.clientSecret, VISA)).toEqual({
      status: 'failed',
      error: 'This setup is no longer valid',
    });
    await sleep(100);
    expect(await cardRow(card.id)).toEqual(before);
    // An unknown secret fails the same way.
    expect(await confirm('seti_nope_secret_nope', VISA)).toEqual({
      status: 'failed',
      error: 'This setup is no longer valid',
    });
  });

  it('a second card (Mastercard) is listed after the default one, not default', async () => {
    const second = await saveCard(buyer, MASTERCARD);
    const cardsNow = await listOk(buyer);
    expect(cardsNow.map((c) => [c.id, c.isDefault, c.tailNumber, c.bankNetBO.bankNetName])).toEqual([
      [card.id, true, '4242', 'VISA'],
      [second.id, false, '4444', 'MASTERCARD'],
    ]);
    expect(cardsNow[1]!.bankNetBO.bankNetLogo).toBe('/media/demo/ticket-20-mastercard.svg');
    expect(cardsNow[1]!.payCenterToken).toBe(second.token);
    expect(second.token).not.toBe(cardsNow[0]!.payCenterToken);
  });

  it('a card saved with isSave 0 gets a token but is neither listed nor default', async () => {
    const once = await saveCard(buyer, VISA, { ...HOLDER, isSave: 0 });
    expect(await cardRow(once.id)).toMatchObject({
      status: 'ACTIVE',
      isSave: false,
      isDefault: false,
      tailNumber: '4242',
    });
    expect((await listOk(buyer)).map((c) => c.id)).not.toContain(once.id);
  });

  it('two setups of a new buyer finishing together: exactly one becomes the default', async () => {
    for (let round = 0; round < 5; round++) {
      const b = await signUp('together');
      const created = [await createCardOk(b), await createCardOk(b)];
      const confirmed = await Promise.all(created.map((c) => confirm(c.clientSecret, VISA)));
      expect(confirmed).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
      for (const c of created) await pollToken(b, c.id);
      const listed = await listOk(b);
      expect(listed).toHaveLength(2);
      expect(
        listed.filter((c) => c.isDefault),
        `round ${round}`,
      ).toHaveLength(1);
      expect(listed[0]!.isDefault).toBe(true);
    }
  });

  it("the shop's database never holds a card number", async () => {
    // Every row of every table of the shop (and MOCKPAY's books), as text.
    const tables = await t.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.map((r) => r.table_name)).toContain('cards');
    for (const { table_name } of tables.rows) {
      for (const number of [VISA, MASTERCARD]) {
        const hits = await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} x WHERE x::text LIKE ${`%${number}%`}`,
        );
        expect(hits.rows[0]!.n, `${table_name} holds ${number}`).toBe(0);
      }
    }
    // The cards table in particular: columns and the holder jsonb.
    const rows = await t.db.select().from(cards).where(eq(cards.buyerId, f.buyerId));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toMatch(
        /4242424242424242|5555555555554444/,
      );
      expect(Object.keys(r.holder).sort()).toEqual(Object.keys(HOLDER).sort());
    }
  });
});

describe('ownership and roles', () => {
  let mine: string;

  beforeAll(async () => {
    mine = (await listOk(buyer))[0]!.id;
  });

  it('another buyer cannot read or delete my card (404 Card.notFound) and does not list it', async () => {
    expectError(await queryOne(other, mine), 404, 'Card.notFound');
    expectError(await other.delete(`/api/cards/${mine}`), 404, 'Card.notFound');
    expect(await listOk(other)).toEqual([]);
    expect(await cardRow(mine)).toMatchObject({ status: 'ACTIVE' });
    // Unknown ids answer the same.
    expectError(await queryOne(buyer, '999999999'), 404, 'Card.notFound');
    expectError(await buyer.delete('/api/cards/999999999'), 404, 'Card.notFound');
  });

  it('a tourist (guest session) and an anonymous visitor get 401 on every card call', async () => {
    const guest = browser(t.app);
    const add = await guest.post('/api/cart/lines', { skuId: f.sku['TRAY-STEEL'], qty: '1' });
    expect(add.statusCode, add.body).toBe(200);
    expect((await guest.get('/api/auth/session')).json().userType).toBe('TOURIST');
    const before = (await t.db.select({ id: cards.id }).from(cards)).length;
    for (const b of [guest, browser(t.app)]) {
      expectError(await createCard(b), 401, 'Common.unauthorized');
      expectError(await queryOne(b, mine), 401, 'Common.unauthorized');
      expectError(await list(b), 401, 'Common.unauthorized');
      expectError(await b.delete(`/api/cards/${mine}`), 401, 'Common.unauthorized');
    }
    expect((await t.db.select({ id: cards.id }).from(cards)).length).toBe(before);
  });

  it('card calls need the CSRF header', async () => {
    expectError(
      await buyer.post('/api/trantor/flow/customer_CreateCardFlow', [HOLDER], { noCsrf: true }),
      403,
      'Common.csrfRejected',
    );
    expectError(await buyer.delete(`/api/cards/${mine}`, { noCsrf: true }), 403, 'Common.csrfRejected');
  });

  it('deleting my card removes it from the list', async () => {
    const b = await signUp('deleter');
    const c = await saveCard(b, VISA);
    expect((await listOk(b)).map((x) => x.id)).toEqual([c.id]);
    const res = await b.delete(`/api/cards/${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect(await listOk(b)).toEqual([]);
    expectError(await queryOne(b, c.id), 404, 'Card.notFound');
    expectError(await b.delete(`/api/cards/${c.id}`), 404, 'Card.notFound');
  });

  it('deleting the default card makes the next card the default', async () => {
    const b = await signUp('redefault');
    const first = await saveCard(b, VISA);
    const second = await saveCard(b, '5555555555554444');
    expect((await listOk(b)).map((x) => [x.id, x.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await b.delete(`/api/cards/${first.id}`)).statusCode).toBe(200);
    expect((await listOk(b)).map((x) => [x.id, x.isDefault])).toEqual([[second.id, true]]);
  });
});

describe('holder validation (SPEC §5 card form)', () => {
  const details = (res: LightMyRequestResponse) => res.json().details as { path: string; message: string }[];

  it('missing or blank fields -> 400 validation.fillIn per field; nothing is created', async () => {
    const before = (await t.db.select({ id: cards.id }).from(cards)).length;
    const res = await createCard(buyer, {});
    expect(res.statusCode, res.body).toBe(400);
    const d = details(res);
    for (const field of ['cardHolderName', 'mobile', 'email', 'country', 'city', 'street', 'houseNumber', 'zipCode']) {
      expect(d, field).toContainEqual({ path: `/0/${field}`, message: 'validation.fillIn' });
    }
    // Optional fields are not asked for.
    expect(d.map((x) => x.path)).not.toContain('/0/province');
    expect(d.map((x) => x.path)).not.toContain('/0/isSave');

    const blank = await createCard(buyer, { ...HOLDER, cardHolderName: '   ', zipCode: '' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(details(blank)).toEqual(
      expect.arrayContaining([
        { path: '/0/cardHolderName', message: 'validation.fillIn' },
        { path: '/0/zipCode', message: 'validation.fillIn' },
      ]),
    );
    expect((await t.db.select({ id: cards.id }).from(cards)).length).toBe(before);
  });

  it('email must match the pattern -> validation.email', async () => {
    for (const email of ['casey.example.com', 'casey@example', 'ca sey@example.com']) {
      const res = await createCard(buyer, { ...HOLDER, email });
      expect(res.statusCode, email).toBe(400);
      expect(details(res)).toContainEqual({ path: '/0/email', message: 'validation.email' });
    }
  });

  it('too long fields, unknown fields, a card number sent to the shop and wrong shapes -> 400', async () => {
    const long = await createCard(buyer, { ...HOLDER, cardHolderName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(details(long)).toContainEqual({ path: '/0/cardHolderName', message: 'validation.tooLong' });
    // The shop never takes card data.
    expect((await createCard(buyer, { ...HOLDER, cardNumber: VISA })).statusCode).toBe(400);
    expect((await createCard(buyer, { ...HOLDER, isSave: 2 })).statusCode).toBe(400);
    expect((await buyer.post('/api/trantor/flow/customer_CreateCardFlow', [HOLDER, HOLDER])).statusCode).toBe(400);
    expect((await buyer.post('/api/trantor/flow/customer_CreateCardFlow', HOLDER)).statusCode).toBe(400);
    expect((await buyer.post('/api/trantor/flow/customer_QueryCardByCustomerFlow', [{ isBind: 0 }])).statusCode).toBe(
      400,
    );
    expect(
      (await buyer.post('/api/trantor/func/customer_QueryOneCardFunc', [{ id: { value: 'abc' } }])).statusCode,
    ).toBe(400);
  });
});

describe('paying with a saved card (firstPay payMethod savedCard)', () => {
  interface OrderResult {
    id: string;
    payUniqueKey: string;
    paymentOrderId: string;
    needPayAmt: { value: string; currency: string };
    buyerId: string;
  }
  const lines = (...l: [string, string][]) => l.map(([skuId, qty]) => ({ skuId, qty }));
  /** A one-line order of the buyer (steel cable tray, shipped to the saved SF address). */
  async function smallOrder(b: Browser = buyer): Promise<OrderResult> {
    const body = await submitBodyFor(b, {
      previewTradeContractLineReqTOList: lines([f.sku['TRAY-STEEL'], '1']),
      selectedAddress: { id: '1' },
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    });
    const res = await submit(b, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const firstPay = (b: Browser, contractId: string, extra: Body = {}) =>
    b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId, payChannel: 'MOCKPAY', payMethod: 'savedCard', ...extra },
      { remoteAddress: freshIp() },
    );
  const payResult = (b: Browser, contractId: string) => b.post('/sapi/mall-pay/payment/payResult', { contractId });
  async function pollResult(b: Browser, contractId: string) {
    let last: any;
    for (let i = 0; i < 60; i++) {
      const res = await payResult(b, contractId);
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
      if (last.status !== 'PAY_PENDING') return last;
      await sleep(50);
    }
    return last;
  }
  const recordsOf = (contractId: string) =>
    t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, BigInt(contractId)))
      .orderBy(asc(paymentRecords.id));
  const returnUrlOf = (o: OrderResult) =>
    `/buyer/pay-result?contractId=${o.id}&buyerId=${o.buyerId}&paymentOrderId=${o.paymentOrderId}&totalAmt=${o.needPayAmt.value}`;

  let visa: string;
  let order: OrderResult;

  beforeAll(async () => {
    visa = (await listOk(buyer)).find((c) => c.isDefault)!.id;
    order = await smallOrder();
  });

  it('savedCard without a cardId -> 400 Payment.selectCard; no payment is started', async () => {
    expectError(await firstPay(buyer, order.id), 400, 'Payment.selectCard');
    expect(await recordsOf(order.id)).toHaveLength(0);
  });

  it("another buyer's card, an unknown card or my card still in setup -> 404 Card.notFound", async () => {
    const theirs = await saveCard(other, VISA);
    expectError(await firstPay(buyer, order.id, { cardId: theirs.id }), 404, 'Card.notFound');
    expectError(await firstPay(buyer, order.id, { cardId: '999999999' }), 404, 'Card.notFound');
    const pending = await createCardOk(buyer);
    expectError(await firstPay(buyer, order.id, { cardId: pending.id }), 404, 'Card.notFound');
    expect(await recordsOf(order.id)).toHaveLength(0);
    // Nor can the other buyer pay my order with their card.
    expectError(await firstPay(other, order.id, { cardId: theirs.id }), 404, 'Trade.tradeContractNotExist');
  });

  it('my card: no hosted page, straight to the pay-result URL; the charge pays the contract', async () => {
    const res = await firstPay(buyer, order.id, { cardId: visa });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toEqual({
      redirectInfo: null,
      needConfirm: false,
      channel: 'MOCKPAY',
      channelToken: expect.stringMatching(/^mp_[0-9a-f]{24}$/),
      redirectUrl: returnUrlOf(order),
      paymentRecordId: expect.stringMatching(/^\d+$/),
    });
    expect(started.redirectUrl).not.toContain('/mockpay/');
    const result = await pollResult(buyer, order.id);
    expect(result).toMatchObject({
      contractId: order.id,
      status: 'PAY_SUCCESS',
      failedReason: null,
      paymentRecordId: started.paymentRecordId,
      needPayAmt: order.needPayAmt,
    });

    const [r] = await recordsOf(order.id);
    expect(r).toMatchObject({
      id: BigInt(started.paymentRecordId),
      payMethod: 'savedCard',
      status: 'PAY_SUCCESS',
      providerPaymentId: started.channelToken,
    });
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, started.channelToken));
    expect(mp).toMatchObject({
      status: 'APPROVED',
      merchantReference: started.paymentRecordId,
      amountMinor: r!.amountMinor,
      currency: 'USD',
    });
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(order.id)));
    expect(c!.status).toBe('PAID');
    const orders = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.contractId, BigInt(order.id)));
    expect(orders.map((o) => o.status)).toEqual(['UN_DELIVERY']);
    // Paid once: a second attempt is refused.
    expectError(await firstPay(buyer, order.id, { cardId: visa }), 409, 'Payment.alreadyPaid');
  });

  it('a card saved from 4000 0000 0000 0002 charges declined (PAY_FAILED card_declined); paying again with a good card succeeds', async () => {
    const declining = await saveCard(buyer, DECLINING);
    expect((await listOk(buyer)).find((c) => c.id === declining.id)).toMatchObject({
      tailNumber: '0002',
      isDefault: false,
      bankNetBO: { bankNetName: 'VISA' },
    });
    const o = await smallOrder();
    const res = await firstPay(buyer, o.id, { cardId: declining.id });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started.redirectUrl).toBe(returnUrlOf(o));
    const result = await pollResult(buyer, o.id);
    expect(result).toMatchObject({
      status: 'PAY_FAILED',
      failedReason: 'card_declined',
      paymentRecordId: started.paymentRecordId,
    });
    const [mp] = await t.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, started.channelToken));
    expect(mp).toMatchObject({ status: 'DECLINED', declineReason: 'card_declined' });
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(o.id)));
    expect(c!.status).toBe('PENDING_PAY');

    // The repeat-payment guard: close the failed attempt, then pay with the Visa.
    const close = await buyer.post('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
      payUniqueKey: o.payUniqueKey,
      paymentRecordId: started.paymentRecordId,
    });
    expect(close.statusCode, close.body).toBe(200);
    const again = await firstPay(buyer, o.id, { cardId: visa });
    expect(again.statusCode, again.body).toBe(200);
    expect((await pollResult(buyer, o.id)).status).toBe('PAY_SUCCESS');
    expect((await recordsOf(o.id)).map((r) => [r.status, r.failedReason])).toEqual([
      ['CLOSED', 'card_declined'],
      ['PAY_SUCCESS', null],
    ]);
  });

  it('a deleted card can no longer pay', async () => {
    const gone = await saveCard(buyer, MASTERCARD);
    expect((await buyer.delete(`/api/cards/${gone.id}`)).statusCode).toBe(200);
    const o = await smallOrder();
    expectError(await firstPay(buyer, o.id, { cardId: gone.id }), 404, 'Card.notFound');
    expect(await recordsOf(o.id)).toHaveLength(0);
  });
});
