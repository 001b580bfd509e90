/**
 * Deleting an account erases its personal data everywhere (docs/privacy.md):
 * an account with orders placed through the checkout, paid, shipped and received, a review with
 * a photo, an after-sales request with evidence, addresses, a phone, a certificate, a card, a
 * third-party link, messages and counters is deleted through the API; then every text and JSON
 * column of every table of the database (the pg-boss schema included: the app runs with real
 * jobs here) is searched for its email, phone, names and street. Only the billing name and
 * address of its paid orders' invoices may remain, until the retention period ends.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { REVERSE_FINAL_STATUSES } from '@mall/domain';
import { buildApp } from '../../app.js';
import { createDb, type Db } from '../../db/client.js';
import { ensureDatabase } from '../../db/embedded.js';
import {
  carriers,
  cards,
  comments,
  enterpriseNoticeEmails,
  enterprises,
  outboxMessages,
  paymentRecords,
  reverseTradeOrderLines,
  reverseTradeOrders,
  thirdPartyIdentities,
  tradeContracts,
  tradeOrders,
  uploads,
  users,
} from '../../db/schema/index.js';
import { startJobs, type Jobs } from '../../lib/jobs.js';
import { OUTBOX_QUEUE, OUTBOX_SWEEP_QUEUE } from '../../lib/outbox.js';
import { LocalStorage } from '../../lib/storage.js';
import { REFUND_QUEUE } from '../../flows/refund.js';
import { MOCKPAY_WEBHOOK_QUEUE } from '../mockpay/provider.js';
import { REVERSE_SWEEP_QUEUE } from '../reverse/routes.js';
import { ORDERS_SWEEP_QUEUE } from '../trade/routes.js';
import { eraseExpiredInvoiceData, RETENTION_YEARS } from './erase.js';
import { browser, login, type Browser, type TestApp } from '../../../test/helpers.js';
import { codeIn, mailbox, nextMessage, solvedCaptcha } from '../../../test/account-helpers.js';
import { freshIp, loadFixtures, usAddress, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit, upsTrackingNumber } from '../../../test/order-fixtures.js';
import { PAYMENT_EVENT_QUEUE, workPaymentEvents } from '../payment/webhooks.js';

let t: TestApp;
let f: Fixtures;
let jobs: Jobs;
let uploadsDir: string;
const kit = orderKit(() => ({ t, f }));

/** The test app on its own clone of the seeded database, with real pg-boss jobs (so job payloads are in the database too). */
beforeAll(async () => {
  const url = await ensureDatabase(
    inject('pgServerUrl'),
    `test_${crypto.randomBytes(6).toString('hex')}`,
    'mall_template',
  );
  const db = createDb(url, 4);
  jobs = await startJobs(url, [
    MOCKPAY_WEBHOOK_QUEUE,
    PAYMENT_EVENT_QUEUE,
    ORDERS_SWEEP_QUEUE,
    REFUND_QUEUE,
    REVERSE_SWEEP_QUEUE,
    OUTBOX_QUEUE,
    OUTBOX_SWEEP_QUEUE,
  ]);
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-destroy-uploads-'));
  const app = await buildApp({ db, jobs, storage: new LocalStorage(uploadsDir) });
  await app.ready();
  // What server.ts runs on these queues, with MOCKPAY's webhook injected instead of fetched.
  await jobs.work<{ id: string }>(OUTBOX_QUEUE, async ({ id }) => {
    await app.outbox.deliver(BigInt(id));
  });
  await workPaymentEvents(jobs, app.paymentEvents, false);
  await jobs.work<{ eventId: string }>(MOCKPAY_WEBHOOK_QUEUE, async ({ eventId }) => {
    const signed = await app.mockpay.signedEvent(eventId);
    if (!signed || signed.delivered) return;
    const attempt = await app.mockpay.countAttempt(eventId);
    const res = await app.inject({
      method: 'POST',
      url: new URL(signed.url).pathname,
      payload: signed.body,
      headers: { 'content-type': 'application/json', 'mockpay-signature': signed.signature },
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
    await app.mockpay.markDelivered(eventId, attempt);
  });
  t = {
    app,
    db,
    close: async () => {
      await app.close();
      await jobs.stop();
      await db.$client.end();
    },
  };
  f = await loadFixtures(db);
});
afterAll(async () => {
  await t?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- searching the whole database

interface Hit {
  table: string;
  column: string;
  value: string;
  row: Record<string, unknown>;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The digits in this order, with the separators people type between them ("(415) 555-0100"). */
const phonePattern = (digits: string) => [...digits].join('[^0-9]{0,2}');

/** Every value of every text, varchar, json, jsonb and array column of every table of every schema that matches one of `patterns` (case-insensitive). */
async function findEverywhere(db: Db, patterns: string[]): Promise<Hit[]> {
  const re = patterns.join('|');
  const { rows: columns } = await db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
    SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    ORDER BY 1, 2, 3`);
  const hits: Hit[] = [];
  for (const c of columns) {
    const { rows } = await db.execute<{ value: string; row: Record<string, unknown> }>(sql`
      SELECT ${sql.identifier(c.column_name)}::text AS value, to_jsonb(x) AS row FROM ${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)} x
      WHERE ${sql.identifier(c.column_name)}::text ~* ${re}`);
    for (const r of rows)
      hits.push({ table: `${c.table_schema}.${c.table_name}`, column: c.column_name, value: r.value, row: r.row });
  }
  return hits;
}

/** The schemas the search covers (pgboss is among them: the jobs above created it). */
async function schemasSearched(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ s: string }>(
    sql`SELECT DISTINCT table_schema AS s FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((r) => r.s);
}

/** Contracts with an invoiced order: what docs/privacy.md keeps (their billing_address, nothing else). */
async function invoicedContracts(db: Db, buyerId: bigint): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: tradeOrders.contractId })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.buyerId, buyerId), sql`${tradeOrders.invoiceUrl} IS NOT NULL`));
  return new Set(rows.map((r) => String(r.id)));
}

/** Hits outside the one place that may keep a name or street: the billing address of an invoiced contract of this buyer. */
const notKeptForInvoices = (hits: Hit[], invoiced: Set<string>) =>
  hits.filter(
    (h) => !(h.table === 'public.trade_contracts' && h.column === 'billing_address' && invoiced.has(String(h.row.id))),
  );

const describeHits = (hits: Hit[]) => hits.map((h) => `${h.table}.${h.column}: ${h.value.slice(0, 300)}`).join('\n');

// ---------------------------------------------------------------- the account's data

const P = '/auth/mall';
const letters = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[crypto.randomInt(26)]).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function codeFor(b: Browser, url: string, body: Record<string, unknown>, to: string) {
  const before = (await mailbox(t.app, to)).length;
  const res = await b.post(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return codeIn(await nextMessage(t.app, to, before, 15_000));
}

async function deleteThroughApi(b: Browser, email: string) {
  const code = await codeFor(
    b,
    `${P}/captcha/destroy-send-email-code`,
    { email, ...(await solvedCaptcha(t.app)) },
    email,
  );
  const done = await b.request('PUT', `${P}/user/user-destroy`, { email, emailCode: code });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toEqual({ destroyed: true });
}

async function pngUpload(b: Browser, url: string): Promise<Record<string, string>> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await b.request('POST', url, undefined, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: payload as unknown as string,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const storedFile = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));

describe('deleting an account', () => {
  const everyPattern: string[] = [];
  /** The fresh account's paid checkout. */
  let paidToday = '';

  it('erases its email, phone, names and addresses from every table; orders stay for the seller; files are removed', async () => {
    // A buyer with a name, a phone, two streets (shipping and billing) that appear nowhere else.
    const first = `Quilla${letters(4)}`;
    const last = `Marrowfax${letters(6)}`;
    const fullName = `${first} ${last}`;
    const shipStreet = `${cap(letters(7))} Lane`;
    const billStreet = `${cap(letters(7))} Court`;
    const mobile = `415555${crypto.randomInt(2000, 9999)}`;
    const email = `${first.toLowerCase()}-${letters(6)}@example.com`;
    const b = browser(t.app);
    const signup = await b.post('/api/auth/signup', { email, password: 'password123', nickname: fullName });
    expect(signup.statusCode, signup.body).toBe(200);
    const buyerId = BigInt(signup.json().user.id);

    expect(
      (
        await b.request('PUT', `${P}/user/user-info`, {
          nickname: fullName,
          firstName: first,
          lastName: last,
          gender: 'FEMALE',
          birthday: '1990-04-01',
        })
      ).statusCode,
    ).toBe(200);
    const smsCode = await codeFor(
      b,
      '/api/user/web/mobile/bind/send-sms-code',
      { mobile, mobilePrefix: '1' },
      `+1${mobile}`,
    );
    expect((await b.post('/api/user/web/mobile/bind', { mobile, mobilePrefix: '1', smsCode })).statusCode).toBe(200);
    const person = {
      firstName: first,
      lastName: last,
      email,
      personPhone: `${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`,
      hearFromInput: `${last} told me`,
    };
    const shipTo = usAddress(f, { ...person, poiName: `12 ${shipStreet}` });
    const billTo = usAddress(f, {
      ...person,
      poiName: `7 ${billStreet}`,
      addressType: 'COMPANY',
      company: `${last} Studio`,
    });
    const saved = await b.post('/api/addresses', { ...shipTo, isDefault: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await b.post('/api/trantor/flow/bbc_trade_CreateUserCertificateFlow', [
          { name: fullName, certificateNumber: '123-45-6789' },
        ])
      ).statusCode,
    ).toBe(200);
    await t.db.insert(cards).values({
      buyerId,
      status: 'ACTIVE',
      payCenterToken: `pm_${letters(8)}`,
      tailNumber: '4242',
      isSave: true,
      isDefault: true,
      setupId: `seti_${letters(8)}`,
      clientSecret: 'x',
      holder: {
        cardHolderName: fullName,
        mobile,
        email,
        country: 'US',
        city: 'San Francisco',
        street: shipStreet,
        houseNumber: '12',
        zipCode: '94107',
      },
    });
    await t.db
      .insert(thirdPartyIdentities)
      .values({
        userId: buyerId,
        provider: 'demo',
        issuer: 'https://idp.example',
        subject: letters(12),
        email,
        displayName: fullName,
      });
    const [acme] = await t.db.select().from(enterprises).limit(1);
    await t.db.insert(enterpriseNoticeEmails).values({ enterpriseId: acme!.id, email });
    // A message not sent yet, and a wrong password (a login counter keyed by the email).
    await t.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        destination: email,
        template: 'passwordChanged',
        language: 'en',
        site: 'US',
        payload: { name: fullName },
      });
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    // An oversized-order request, with the buyer's words.
    const exceed = await b.post(
      '/api/checkout/exceed-request',
      {
        previewTradeContractLineReqTOList: [{ skuId: f.sku['BULK-E7-20'], qty: '2' }],
        selectedAddress: shipTo,
        requirements: `Ask for ${first} at the dock`,
      },
      { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
    );
    expect(exceed.statusCode, exceed.body).toBe(200);

    // Order 1: through the checkout (contact by phone, a remark), paid, shipped, received; reviewed with a photo; an after-sales withdrawn.
    const buyer = { b, id: buyerId, email };
    const placed = await kit.place(
      buyer,
      [['E7-BLK-140', '1']],
      { selectedAddress: { id: saved.json().id }, billingAddress: billTo },
      {
        notifyInfo: { notifyType: 'phone', areaCode: '+1', contactInfo: mobile },
        hearFromInput: `${last} told me`,
        tradeOrderReqList: [{ shopId: f.shop.flexi, remark: `Ring twice, ${first}` }],
      },
    );
    await kit.pay(b, placed.contractId);
    const orderId = placed.orderIds[0]!;
    const [ups] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
    const seller = await login(t.app, 'seller@demo.shop');
    const lines = await kit.topLines(orderId);
    expect(
      (
        await seller.post(`/api/merchant/orders/${orderId}/packages`, {
          carrierId: String(ups!.id),
          serviceCode: upsTrackingNumber(),
          lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
        })
      ).statusCode,
    ).toBe(200);
    for (const p of (await b.post('/sapi/mall-order/web/order/listPackage', { id: orderId })).json().shipments) {
      expect((await b.post('/sapi/mall-order/web/order/signForDelivery', { id: p.id })).statusCode).toBe(200);
    }
    expect(await kit.statusOf(orderId)).toBe('COMPLETE');
    const photo = await pngUpload(b, '/api/uploads/review-images');
    const review = await b.post('/api/trantor/flow/bbc_content_BatchCreateCommonCommentFlow', [
      {
        postId: String(lines[0]!.id),
        postTypeDict: 'ORDER_LINE',
        rateDict: 5,
        content: 'Sturdy desk, easy to assemble',
        topId: -1,
        images: { files: [photo] },
      },
    ]);
    expect(review.statusCode, review.body).toBe(200);
    const evidence = (await pngUpload(b, '/api/uploads?purpose=evidence')).url!;
    const reverse = await b.post(
      '/api/trantor/flow/trade_InitiateReverseTradeOrderForReturnFlow',
      [
        {
          tradeOrder: { id: orderId },
          reverseReason: 'DAMAGED',
          applyRefundAmt: '10.00',
          reverseTradeOrderLineList: [{ tradeOrderLine: { id: String(lines[0]!.id) }, reverseQty: '1' }],
          attachmentList: [evidence],
          reverseText: `Scratched. Call ${first} on ${mobile}`,
        },
      ],
      { headers: { 'idempotency-key': crypto.randomUUID() }, remoteAddress: freshIp() },
    );
    expect(reverse.statusCode, reverse.body).toBe(200);
    expect(
      (
        await b.post('/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow', [
          { id: reverse.json().id },
        ])
      ).statusCode,
    ).toBe(200);
    // Order 2: placed, never paid.
    const unpaid = await kit.place(buyer, [['TRAY-STEEL', '1']], { selectedAddress: shipTo });

    const code = (await kit.orderRow(orderId)).tradeOrderCode;
    const sellerBefore = (await seller.post('/api/merchant/orders', { status: 'ALL', keyword: code })).json().data[0];
    expect(sellerBefore.shipTo).toContain(shipStreet);
    // The invoice bills the billing address (the shipping street is not on it).
    const invoice = await b.get(`/api/orders/${orderId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain(billStreet);
    expect(invoice.body).toContain('San Francisco');
    expect(invoice.body).not.toContain(shipStreet);
    // The guest lookup finds the order by its number and the email given at checkout.
    const lookup = () => browser(t.app).post('/sapi/mall-order/web/order/guestLookup', { tradeOrderCode: code, email });
    expect((await lookup()).statusCode).toBe(200);
    const files = [photo.url!, photo.thumbUrl!, evidence].map(storedFile);
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);

    const patterns = [
      escapeRegex(email),
      phonePattern(mobile),
      escapeRegex(first),
      escapeRegex(last),
      escapeRegex(shipStreet),
      escapeRegex(billStreet),
    ];
    everyPattern.push(...patterns);
    // The search finds what is there: the data is in many tables before the deletion.
    const before = new Set((await findEverywhere(t.db, patterns)).map((h) => h.table));
    for (const table of [
      'users',
      'user_profiles',
      'addresses',
      'trade_contracts',
      'trade_orders',
      'reverse_trade_orders',
      'cards',
      'user_certificates',
      'third_party_identities',
      'outbox_messages',
      'dev_mailbox',
      'verification_codes',
      'rate_limit_hits',
      'login_failures',
      'enterprise_notice_emails',
      'pre_trade_requests',
    ]) {
      expect(before, table).toContain(`public.${table}`);
    }
    expect(await schemasSearched(t.db)).toEqual(expect.arrayContaining(['pgboss', 'public']));

    await deleteThroughApi(b, email);

    const invoiced = await invoicedContracts(t.db, buyerId);
    expect(invoiced).toEqual(new Set([placed.contractId]));
    paidToday = placed.contractId;
    const after = await findEverywhere(t.db, patterns);
    expect(notKeptForInvoices(after, invoiced), describeHits(after)).toEqual([]);
    const contact = new RegExp([escapeRegex(email), phonePattern(mobile)].join('|'), 'i');
    expect(after.filter((h) => contact.test(h.value))).toEqual([]);
    // What the invoice keeps is whom it billed: name, company and postal address; never the email or phone.
    const [contract] = await t.db
      .select({ billing: tradeContracts.billingAddress, selected: tradeContracts.selectedAddress })
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(placed.contractId)));
    expect(contract!.billing).toMatchObject({
      firstName: first,
      lastName: last,
      company: `${last} Studio`,
      poiName: `7 ${billStreet}`,
      city: 'San Francisco',
      postalCode: '94107',
      email: '',
      personPhone: '',
    });
    expect(contract!.selected).toMatchObject({
      personName: 'Deleted user',
      poiName: '',
      detailAddress: '',
      postalCode: '',
      email: '',
      personPhone: '',
      province: 'California',
    });

    // The files the account uploaded are gone, from the disk, from the record of uploads and from the shop's answers.
    for (const file of files) expect(fs.existsSync(file), file).toBe(false);
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, buyerId))).toEqual([]);
    expect((await browser(t.app).get(photo.url!)).statusCode).toBe(404);
    // No one finds the order by the email any more; the seller still has it, with its amount and status, under the pseudonym.
    expect((await lookup()).statusCode).toBe(404);
    const sellerAfter = (await seller.post('/api/merchant/orders', { status: 'ALL', keyword: code })).json().data[0];
    expect(sellerAfter).toMatchObject({
      tradeOrderCode: code,
      status: 'COMPLETE',
      buyerName: 'Deleted user',
      needPayAmt: sellerBefore.needPayAmt,
    });
    expect(sellerAfter.shipTo).toBe('Deleted user');
    // The unpaid order was cancelled (its stock is back on the shelf); the review stays, by "Deleted user", without its photo.
    expect(await kit.statusOf(unpaid.orderIds[0]!)).toBe('CANCELED');
    const [kept] = await t.db.select().from(comments).where(eq(comments.buyerId, buyerId));
    expect(kept).toMatchObject({ content: 'Sturdy desk, easy to assemble', rate: 5, images: [] });
  });

  it("the demo buyer's seeded history too (its open after-sales and unshipped orders finished first)", async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.email, 'buyer@demo.shop'));
    // As if the seller had finished every after-sales and shipped every paid order: deletion waits for those.
    await t.db
      .update(reverseTradeOrders)
      .set({ status: 'REVERSE_CLOSE', deadlineAt: null })
      .where(
        and(
          eq(reverseTradeOrders.buyerId, demo!.id),
          notInArray(reverseTradeOrders.status, [...REVERSE_FINAL_STATUSES]),
        ),
      );
    await t.db
      .update(reverseTradeOrderLines)
      .set({ isOpen: false })
      .where(
        inArray(
          reverseTradeOrderLines.reverseId,
          t.db
            .select({ id: reverseTradeOrders.id })
            .from(reverseTradeOrders)
            .where(eq(reverseTradeOrders.buyerId, demo!.id)),
        ),
      );
    await t.db
      .update(tradeOrders)
      .set({ status: 'UN_RECEIVED' })
      .where(and(eq(tradeOrders.buyerId, demo!.id), inArray(tradeOrders.status, ['UN_DELIVERY', 'PROCESSING'])));
    await t.db
      .update(tradeOrders)
      .set({ status: 'CLOSED' })
      .where(and(eq(tradeOrders.buyerId, demo!.id), eq(tradeOrders.status, 'PENDING_BALANCE')));
    await t.db
      .update(paymentRecords)
      .set({ status: 'CLOSED' })
      .where(and(eq(paymentRecords.buyerId, demo!.id), eq(paymentRecords.status, 'PAY_PENDING')));

    const patterns = [
      escapeRegex('buyer@demo.shop'),
      phonePattern('4155550100'),
      phonePattern('2125550199'),
      '\\mDana\\M',
      'Demo Buyer',
    ];
    everyPattern.push(...patterns);
    expect((await findEverywhere(t.db, patterns)).length).toBeGreaterThan(10);
    const b = await login(t.app, 'buyer@demo.shop');
    await deleteThroughApi(b, 'buyer@demo.shop');

    const invoiced = await invoicedContracts(t.db, demo!.id);
    expect(invoiced.size).toBeGreaterThan(0);
    const after = await findEverywhere(t.db, patterns);
    expect(notKeptForInvoices(after, invoiced), describeHits(after)).toEqual([]);
    // What is kept holds the name and street only, never the email or phone.
    const contact = new RegExp(
      [escapeRegex('buyer@demo.shop'), phonePattern('4155550100'), phonePattern('2125550199')].join('|'),
      'i',
    );
    expect(after.filter((h) => contact.test(h.value))).toEqual([]);
  });

  it('a refused deletion changes nothing: a paid order not shipped yet keeps the account', async () => {
    const buyer = await kit.signup('waiting');
    const placed = await kit.place(buyer, [['LAMP-BAR', '1']]);
    await kit.pay(buyer.b, placed.contractId);
    const res = await buyer.b.post(`${P}/captcha/destroy-send-email-code`, {
      email: buyer.email,
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('Account.destroyOrdersToShip');
    expect((await t.db.select().from(users).where(eq(users.id, buyer.id)))[0]!.email).toBe(buyer.email);
  });

  it('when the retention ends, the invoices of deleted accounts lose the billing name and address too', async () => {
    const year = new Date().getUTCFullYear();
    const billingOfPaidToday = async () =>
      (
        await t.db
          .select({ billing: tradeContracts.billingAddress })
          .from(tradeContracts)
          .where(eq(tradeContracts.id, BigInt(paidToday)))
      )[0]!.billing;
    // An invoice paid this year is still kept on the last day of the tenth year after (seeded ones paid in earlier years are not).
    await eraseExpiredInvoiceData(t.db, new Date(Date.UTC(year + RETENTION_YEARS, 11, 31, 23)));
    expect(((await billingOfPaidToday()) as { firstName: string }).firstName).toMatch(/^Quilla/);
    expect(
      await eraseExpiredInvoiceData(t.db, new Date(Date.UTC(year + RETENTION_YEARS + 1, 0, 1, 1))),
    ).toBeGreaterThanOrEqual(1);
    expect(await billingOfPaidToday()).toMatchObject({
      firstName: 'Deleted user',
      personName: 'Deleted user',
      poiName: '',
      city: '',
      postalCode: '',
      company: null,
    });
    const left = await findEverywhere(t.db, everyPattern);
    expect(left, describeHits(left)).toEqual([]);
  });
});
