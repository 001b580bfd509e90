/**
 * VAT invoices through app.inject on real Postgres: the buyer asks (VAT ID checked per country),
 * the seller's shop issues (gapless numbers per shop and year, also under concurrency), the PDF
 * is served only to the order's buyer and seller, sent by email with the PDF attached and a
 * limit, the reverse charge only where it applies, a refund credited by a credit note, and the
 * order's operation list offering each step exactly when it is allowed. Orders are placed on
 * the NL site through the real checkout and paid through MOCKPAY.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { REVERSE_CHARGE_NOTE } from '@mall/domain';
import {
  invoiceDocuments,
  invoiceNumberSequences,
  mockpayEvents,
  tradeOrders,
  vatInvoiceRequests,
} from '../../db/schema/index.js';
import type { EmailMessage, EmailTransport } from '../../lib/outbox.js';
import { LocalStorage } from '../../lib/storage.js';
import { browser, login, type Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import {
  amsterdamAddress,
  loadFixtures,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import type { InvoiceContent } from './pdf.js';
import { renderInvoicePdf } from './pdf.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
let seller2: Browser;
const sent: EmailMessage[] = [];
const capture: EmailTransport = {
  send: async (m) => {
    sent.push(m);
  },
};
const { signup, place, pay, orderRow } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp({
    email: capture,
    storage: new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-test-'))),
  });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  // The provider's refund webhooks are delivered in the background: let them land before the database goes.
  if (t)
    await waitFor(
      () => t.db.select().from(mockpayEvents),
      (es) => es.every((e) => e.deliveredAt !== null),
      'mockpay webhooks',
    ).catch(() => {});
  await t?.close();
});

const year = new Date().getUTCFullYear();
const DE_PROFILE = {
  legalName: 'FlexiDesk GmbH',
  vatId: 'DE 123 456 789',
  address: { addressLine1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
};
const request = (vatId: string, country: string, companyName = 'Acme B.V.') => ({
  companyName,
  vatId,
  billingAddress: { addressLine1: 'Keizersgracht 120', postalCode: '1015 CV', city: 'Amsterdam', country },
});

/** A buyer on the NL site (EUR, 21 % VAT included). */
async function nlBuyer(name: string): Promise<Buyer> {
  const buyer = await signup(name);
  expect((await buyer.b.post('/api/preferences', { site: 'NL' })).statusCode).toBe(200);
  return buyer;
}
/** One FlexiDesk order placed on the NL site; paid unless asked not to. */
async function nlOrder(buyer: Buyer, paid = true): Promise<string> {
  const placed = await place(buyer, [['TRAY-STEEL', '1']], {
    selectedAddress: amsterdamAddress(f, { email: buyer.email }),
  });
  if (paid) await pay(buyer.b, placed.contractId);
  return placed.orderIds[0]!;
}

const ask = (b: Browser, id: string, body: unknown) => b.post(`/api/orders/${id}/vat-invoice`, body);
const issue = (s: Browser, id: string) => s.post(`/api/merchant/orders/${id}/vat-invoice/issue`);
const detail = async (b: Browser, id: string) => {
  const res = await b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const docsOf = (orderId: string) =>
  t.db
    .select()
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.orderId, BigInt(orderId)))
    .orderBy(asc(invoiceDocuments.id));
const seqs = async () =>
  (
    await t.db
      .select({ seq: invoiceDocuments.seq })
      .from(invoiceDocuments)
      .where(and(eq(invoiceDocuments.shopId, BigInt(f.shop.flexi)), eq(invoiceDocuments.year, year)))
      .orderBy(asc(invoiceDocuments.seq))
  ).map((r) => r.seq);

describe('asking for a VAT invoice', () => {
  let x: Buyer;
  let id: string;
  beforeAll(async () => {
    x = await nlBuyer('vat-ask');
    id = await nlOrder(x);
  });

  it("a malformed VAT ID is refused with its country's shape, per country; nothing is stored", async () => {
    const cases: [string, string, RegExp][] = [
      ['DE', 'DE12345678', /DE followed by 9 digits/],
      ['FR', 'FR123456789', /FR followed by 2 characters/],
      ['NL', 'NL123456789A01', /9 digits, B and 2 digits/],
      ['IT', 'IT123', /IT followed by 11 digits/],
      ['ES', 'ES123456789', /ES followed by 9 characters/],
      ['AT', 'AT12345678', /ATU followed by 8 digits/],
      ['GB', 'GB12345', /GB followed by 9 or 12 digits/],
      ['JP', 'T12345', /T followed by 13 digits/],
    ];
    for (const [country, vatId, shape] of cases) {
      const body = expectError(await ask(x.b, id, request(vatId, country)), 400, 'Invoice.vatIdMalformed');
      expect(body.message, country).toMatch(shape);
      // What the web words the message with, in the buyer's language.
      expect(body.details, country).toEqual({ country, example: expect.stringMatching(/^[A-Z]+\d/) });
    }
    expect(
      expectError(await ask(x.b, id, request('12-3456789', 'US')), 400, 'Invoice.vatIdCountryNotSupported').details,
    ).toEqual({ country: 'US' });
    expect(
      await t.db
        .select()
        .from(vatInvoiceRequests)
        .where(eq(vatInvoiceRequests.orderId, BigInt(id))),
    ).toEqual([]);
    expect((await x.b.get(`/api/orders/${id}/vat-invoice`)).json()).toMatchObject({
      status: 'NOT_REQUESTED',
      request: null,
      documents: [],
    });
  });

  it("someone else's order is not found; an unpaid one cannot have an invoice yet", async () => {
    const other = await nlBuyer('vat-other');
    expectError(await ask(other.b, id, request('NL123456789B01', 'NL')), 404, 'Trade.tradeOrderNotExist');
    expectError(await other.b.get(`/api/orders/${id}/vat-invoice`), 404, 'Trade.tradeOrderNotExist');
    expectError(await ask(browser(t.app), id, request('NL123456789B01', 'NL')), 404, 'Trade.tradeOrderNotExist');
    const unpaid = await nlOrder(other, false);
    expectError(await ask(other.b, unpaid, request('NL123456789B01', 'NL')), 409, 'Invoice.notInvoiceable');
    expect((await detail(other.b, unpaid)).operationList).not.toContain('makeInvoice');
    // US sales tax is no VAT: a paid US order offers no VAT invoice.
    const us = await signup('vat-us');
    const placed = await place(us, [['TRAY-STEEL', '1']]);
    await pay(us.b, placed.contractId);
    expect((await detail(us.b, placed.orderIds[0]!)).operationList).not.toContain('makeInvoice');
    expectError(await ask(us.b, placed.orderIds[0]!, request('NL123456789B01', 'NL')), 409, 'Invoice.notInvoiceable');
  });

  it('a well-formed ID is stored normalised; the request can be corrected until issued', async () => {
    expect((await detail(x.b, id)).operationList).toContain('makeInvoice');
    const res = await ask(x.b, id, request('nl 1234.5678.9b01', 'nl'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'REQUESTED',
      request: { companyName: 'Acme B.V.', vatId: 'NL123456789B01', billingAddress: { country: 'NL' } },
      documents: [],
    });
    const again = await ask(x.b, id, request('NL987654321B02', 'NL', 'Acme Holding B.V.'));
    expect(again.json()).toMatchObject({
      status: 'REQUESTED',
      request: { companyName: 'Acme Holding B.V.', vatId: 'NL987654321B02' },
    });
    const d = await detail(x.b, id);
    expect(d.invoice.vatInvoiceStatus).toBe('REQUESTED');
    // The seller sees it among the requests to issue; the other shop's seller does not.
    const mine = (await seller.post('/api/merchant/vat-invoices', { status: 'REQUESTED' })).json();
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: id,
          companyName: 'Acme Holding B.V.',
          vatId: 'NL987654321B02',
          status: 'REQUESTED',
        }),
      ]),
    );
    expect(
      (await seller2.post('/api/merchant/vat-invoices', {})).json().map((r: { orderId: string }) => r.orderId),
    ).not.toContain(id);
    expect(d.operationList).not.toContain('makeInvoice');
    expect(d.operationList).not.toContain('buyerCheckVATInvoice');
  });
});

describe('issuing', () => {
  let x: Buyer;
  let id: string;
  beforeAll(async () => {
    x = await nlBuyer('vat-issue');
    id = await nlOrder(x);
    expect((await ask(x.b, id, request('FR 4A 123456789', 'FR', 'Dupont SARL'))).statusCode).toBe(200);
  });

  it("needs a request, the shop's own seller and its tax details", async () => {
    const y = await nlBuyer('vat-unasked');
    const unasked = await nlOrder(y);
    expectError(await issue(seller, unasked), 409, 'Invoice.notRequested');
    expectError(await issue(seller2, id), 404, 'Trade.tradeOrderNotExist');
    expectError(await issue(x.b, id), 403, 'Merchant.notSeller');
    expectError(await issue(seller, id), 409, 'Invoice.sellerProfileMissing');
    expectError(
      await seller.request('PUT', `/api/merchant/shops/${f.shop.flexi}/tax-profile`, {
        ...DE_PROFILE,
        vatId: 'DE12345',
      }),
      400,
      'Invoice.vatIdMalformed',
    );
    expectError(
      await seller2.request('PUT', `/api/merchant/shops/${f.shop.flexi}/tax-profile`, DE_PROFILE),
      404,
      'Common.invalidRequest',
    );
    const saved = await seller.request('PUT', `/api/merchant/shops/${f.shop.flexi}/tax-profile`, DE_PROFILE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ vatId: 'DE123456789' });
    expect(await docsOf(id)).toEqual([]);
    // (The demo data's issued Nordic Home invoice holds that shop's counter.)
    expect(
      await t.db
        .select()
        .from(invoiceNumberSequences)
        .where(eq(invoiceNumberSequences.shopId, BigInt(f.shop.flexi))),
    ).toEqual([]);
  });

  it('issues a numbered PDF with the parties, lines and reverse charge (DE seller, FR buyer)', async () => {
    const res = await issue(seller, id);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    const [doc] = await docsOf(id);
    expect(view).toMatchObject({
      status: 'ISSUED',
      documents: [
        {
          kind: 'INVOICE',
          invoiceNumber: doc!.invoiceNumber,
          reverseCharge: true,
          downloadUrl: `/api/invoices/${doc!.id}/pdf`,
        },
      ],
    });
    expect(doc!.invoiceNumber).toMatch(new RegExp(`^${f.shop.flexi}-${year}-\\d{6}$`));
    const o = await orderRow(id);
    expect(o.invoiceUrl).toBe(`/api/invoices/${doc!.id}/pdf`);
    const c = doc!.content as InvoiceContent;
    expect(c.seller).toEqual({
      name: 'FlexiDesk GmbH',
      vatId: 'DE123456789',
      address: ['Hauptstr. 1', '10115 Berlin', 'DE'],
    });
    expect(c.buyer).toMatchObject({ name: 'Dupont SARL', vatId: 'FR4A123456789' });
    expect(c).toMatchObject({
      currency: 'EUR',
      reverseCharge: true,
      notes: [REVERSE_CHARGE_NOTE],
      issueDate: new Date().toISOString().slice(0, 10),
    });
    // Reverse charge: no VAT on the invoice; the lines are what was paid without its VAT.
    expect(c.totals).toEqual([{ rate: '0', netMinor: c.netMinor, taxMinor: '0', grossMinor: c.netMinor }]);
    expect(BigInt(c.netMinor)).toBe(o.paidAmtMinor - o.taxAmtMinor);
    expect(doc!.taxMinor).toBe(0n);
    expect(c.lines[0]!.description).toMatch(/.+/);

    const pdf = await x.b.get(view.documents[0].downloadUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Invoice ${doc!.invoiceNumber}`);
    // The seller opens it too.
    expect((await seller.get(view.documents[0].downloadUrl)).statusCode).toBe(200);
    // Issued once: a second issue is refused and takes no number.
    expectError(await issue(seller, id), 409, 'Invoice.alreadyIssued');
    expectError(await ask(x.b, id, request('NL123456789B01', 'NL')), 409, 'Invoice.alreadyIssued');
    expect(await seqs()).toEqual([doc!.seq]);
  });

  it('the PDF is refused to anyone but the buyer and the seller', async () => {
    const [doc] = await docsOf(id);
    const url = `/api/invoices/${doc!.id}/pdf`;
    const other = await signup('vat-snoop');
    for (const b of [other.b, seller2, browser(t.app)]) expectError(await b.get(url), 404, 'Common.invalidRequest');
    expectError(await x.b.get('/api/invoices/999999999/pdf'), 404, 'Common.invalidRequest');
  });

  it('check and email are offered once issued; MAKE_INVOICE is gone', async () => {
    const d = await detail(x.b, id);
    expect(d.invoice.vatInvoiceStatus).toBe('ISSUED');
    expect(d.operationList).toEqual(expect.arrayContaining(['buyerCheckVATInvoice', 'sendInvoiceEmail']));
    expect(d.operationList).not.toContain('makeInvoice');
    expect(d.operationCodes).toEqual(expect.arrayContaining(['GET_INVOICE', 'SEND_INVOICE_EMAIL']));
    expect(d.operationCodes).not.toContain('MAKE_INVOICE');
  });

  it('one member state: the VAT is on the invoice, no reverse charge (DE seller, DE buyer)', async () => {
    const y = await nlBuyer('vat-de');
    const oid = await nlOrder(y);
    expect((await ask(y.b, oid, request('DE987654321', 'DE', 'Muster AG'))).statusCode).toBe(200);
    expect((await issue(seller, oid)).statusCode).toBe(200);
    const [doc] = await docsOf(oid);
    const c = doc!.content as InvoiceContent;
    const o = await orderRow(oid);
    expect(doc!.reverseCharge).toBe(false);
    expect(c.notes).toEqual([]);
    expect(c.totals).toEqual([
      {
        rate: '0.21',
        netMinor: String(o.paidAmtMinor - o.taxAmtMinor),
        taxMinor: String(o.taxAmtMinor),
        grossMinor: String(o.paidAmtMinor),
      },
    ]);
    expect(c.lines.every((l) => l.rate === '0.21')).toBe(true);
    // Drawn again from the stored content (uncompressed here), it is the same numbered document.
    const plain = (await renderInvoicePdf(c, { compress: false })).toString('latin1');
    expect(plain.startsWith('%PDF-')).toBe(true);
    expect(plain).toContain(doc!.invoiceNumber);
  });
});

describe('numbers', () => {
  it('two issues at once get consecutive numbers, no gap, none reused; the same order issued twice at once is issued once', async () => {
    const buyers = await Promise.all([nlBuyer('vat-race-a'), nlBuyer('vat-race-b')]);
    const ids: string[] = [];
    for (const b of buyers) {
      const oid = await nlOrder(b);
      expect((await ask(b.b, oid, request('NL123456789B01', 'NL'))).statusCode).toBe(200);
      ids.push(oid);
    }
    const before = await seqs();
    const results = await Promise.all([
      issue(seller, ids[0]!),
      issue(seller, ids[1]!),
      issue(seller, ids[0]!),
      issue(seller, ids[1]!),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const after = await seqs();
    expect(after).toHaveLength(before.length + 2);
    // Every number from 1 up, each once.
    expect(after).toEqual(after.map((_, i) => i + 1));
    const [seqRow] = await t.db
      .select()
      .from(invoiceNumberSequences)
      .where(eq(invoiceNumberSequences.shopId, BigInt(f.shop.flexi)));
    expect(seqRow!.next).toBe(after.length + 1);
  });
});

describe('sending by email', () => {
  it('the PDF goes to the buyer through the outbox, at most once a minute; not before it is issued', async () => {
    const x = await nlBuyer('vat-mail');
    const id = await nlOrder(x);
    expectError(await x.b.post(`/api/orders/${id}/vat-invoice/email`), 409, 'Invoice.notIssued');
    expect((await ask(x.b, id, request('NL123456789B01', 'NL'))).statusCode).toBe(200);
    expectError(await x.b.post(`/api/orders/${id}/vat-invoice/email`), 409, 'Invoice.notIssued');
    expect((await issue(seller, id)).statusCode).toBe(200);
    const [doc] = await docsOf(id);
    const res = await x.b.post(`/api/orders/${id}/vat-invoice/email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: x.email, documents: [doc!.invoiceNumber] });
    const mail = await waitFor(
      async () => sent.find((m) => m.to === x.email),
      (m) => !!m,
      'invoice email',
    );
    expect(mail!.subject).toContain(doc!.invoiceNumber);
    expect(mail!.attachments).toHaveLength(1);
    const [a] = mail!.attachments!;
    expect(a).toMatchObject({ filename: `invoice-${doc!.invoiceNumber}.pdf`, contentType: 'application/pdf' });
    expect(a!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a!.content.toString('latin1')).toContain(`Invoice ${doc!.invoiceNumber}`);
    expectError(await x.b.post(`/api/orders/${id}/vat-invoice/email`), 429, 'Common.tooManyRequests');
    expect(sent.filter((m) => m.to === x.email)).toHaveLength(1);
    // Someone else cannot send it anywhere.
    expectError(
      await (await nlBuyer('vat-mail-other')).b.post(`/api/orders/${id}/vat-invoice/email`),
      404,
      'Trade.tradeOrderNotExist',
    );
  });
});

describe('refund after the invoice', () => {
  it('refunds settled before the issue are credited at the issue', async () => {
    const x = await nlBuyer('vat-refund-first');
    const id = await nlOrder(x);
    expect((await ask(x.b, id, request('NL123456789B01', 'NL'))).statusCode).toBe(200);
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id } },
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      (await seller.post(`/api/merchant/reverse/${cancel.json().reverseTradeOrderId}/decision`, { approve: true }))
        .statusCode,
    ).toBe(200);
    await waitFor(
      async () => (await orderRow(id)).status,
      (s) => s === 'CANCEL_ALL',
      'order refunded',
    );
    expect(await docsOf(id)).toEqual([]);
    const res = await issue(seller, id);
    expect(res.statusCode, res.body).toBe(200);
    const [inv, note] = await docsOf(id);
    expect(note).toMatchObject({
      kind: 'CREDIT_NOTE',
      creditsDocumentId: inv!.id,
      seq: inv!.seq + 1,
      grossMinor: inv!.grossMinor,
    });
    expect(res.json()).toMatchObject({ status: 'CREDITED', documents: [{ kind: 'INVOICE' }, { kind: 'CREDIT_NOTE' }] });
  });

  it('a refund is credited by a credit note with the next number, linked to the invoice', async () => {
    const x = await nlBuyer('vat-refund');
    const id = await nlOrder(x);
    expect((await ask(x.b, id, request('NL123456789B01', 'NL'))).statusCode).toBe(200);
    expect((await issue(seller, id)).statusCode).toBe(200);
    const [inv] = await docsOf(id);
    const cancel = await x.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
      { tradeOrder: { id } },
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const decided = await seller.post(`/api/merchant/reverse/${cancel.json().reverseTradeOrderId}/decision`, {
      approve: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const docs = await waitFor(
      () => docsOf(id),
      (d) => d.length === 2,
      'credit note',
    );
    const note = docs[1]!;
    const o = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.id, BigInt(id)));
    expect(o[0]!.status).toBe('CANCEL_ALL');
    expect(note).toMatchObject({
      kind: 'CREDIT_NOTE',
      creditsDocumentId: inv!.id,
      seq: Math.max(...(await seqs())),
      grossMinor: inv!.grossMinor,
      taxMinor: inv!.taxMinor,
    });
    expect(note.seq).toBeGreaterThan(inv!.seq);
    expect(note.refundId).not.toBeNull();
    const [r] = await t.db
      .select()
      .from(vatInvoiceRequests)
      .where(eq(vatInvoiceRequests.orderId, BigInt(id)));
    expect(r!.status).toBe('CREDITED');
    const view = (await x.b.get(`/api/orders/${id}/vat-invoice`)).json();
    expect(view).toMatchObject({
      status: 'CREDITED',
      documents: [
        { kind: 'INVOICE' },
        { kind: 'CREDIT_NOTE', invoiceNumber: note.invoiceNumber, creditsInvoiceNumber: inv!.invoiceNumber },
      ],
    });
    const pdf = await x.b.get(view.documents[1].downloadUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain(`Credit note ${note.invoiceNumber}`);
    // A cancelled order keeps its invoice documents: check and email stay.
    expect((await detail(x.b, id)).operationList).toEqual(
      expect.arrayContaining(['buyerCheckVATInvoice', 'sendInvoiceEmail']),
    );
  });
});

describe('asking at checkout (buyerSelectedInvoiceList)', () => {
  const NORDIC_PROFILE = {
    legalName: 'Nordic Home B.V.',
    vatId: 'NL123456789B01',
    address: { addressLine1: 'Keizersgracht 100', postalCode: '1015 CV', city: 'Amsterdam', country: 'NL' },
  };
  const ordersOf = (buyerId: bigint) => t.db.select().from(tradeOrders).where(eq(tradeOrders.buyerId, buyerId));

  it('a malformed VAT ID refuses the submit with its format before anything is placed; a US checkout cannot ask', async () => {
    const x = await nlBuyer('vat-checkout-bad');
    const choices = {
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      selectedAddress: amsterdamAddress(f, { email: x.email }),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
    };
    const body = await submitBodyFor(x.b, choices, {
      notifyInfo: { notifyType: 'email', contactInfo: x.email },
      buyerSelectedInvoiceList: [request('NL12345', 'NL')],
    });
    const refused = expectError(await submit(x.b, body), 400, 'Invoice.vatIdMalformed');
    expect(refused.message).toMatch(/NL followed by 9 digits, B and 2 digits/);
    expect(refused.details).toEqual({ country: 'NL', example: 'NL123456789B01' });
    expect(await ordersOf(x.id)).toEqual([]);
    // At most one set of details per checkout.
    expectError(
      await submit(x.b, {
        ...body,
        buyerSelectedInvoiceList: [request('NL123456789B01', 'NL'), request('NL123456789B01', 'NL')],
      }),
      400,
      'Common.invalidRequest',
    );

    const us = await signup('vat-checkout-us');
    const usBody = await submitBodyFor(
      us.b,
      { ...choices, selectedAddress: usAddress(f, { email: us.email }) },
      {
        notifyInfo: { notifyType: 'email', contactInfo: us.email },
        buyerSelectedInvoiceList: [request('NL123456789B01', 'NL')],
      },
    );
    expectError(await submit(us.b, usBody), 400, 'Invoice.notInvoiceable');
    expect(await ordersOf(us.id)).toEqual([]);
  });

  it('a good one asks for the invoice of every order placed (stored normalised); the seller sees and issues it only once paid', async () => {
    const x = await nlBuyer('vat-checkout');
    const asked = request('nl 987.654.321 b02', 'nl', 'Acme Holding B.V.');
    const placed = await place(
      x,
      [
        ['TRAY-STEEL', '1'],
        ['COF-ARABICA', '1'],
      ],
      { selectedAddress: amsterdamAddress(f, { email: x.email }) },
      { buyerSelectedInvoiceList: [asked] },
    );
    expect(placed.orderIds).toHaveLength(2);
    for (const id of placed.orderIds) {
      const view = (await x.b.get(`/api/orders/${id}/vat-invoice`)).json();
      expect(view).toMatchObject({
        status: 'REQUESTED',
        request: {
          companyName: 'Acme Holding B.V.',
          vatId: 'NL987654321B02',
          billingAddress: { country: 'NL', city: 'Amsterdam' },
        },
        documents: [],
      });
      // Asked for already: the order offers no second request.
      expect((await detail(x.b, id)).operationList).not.toContain('makeInvoice');
    }
    const [flexiOrder, nordicOrder] = await Promise.all(
      placed.orderIds.map(async (id) => ({ id, shop: (await orderRow(id)).shopId })),
    ).then((rows) => [
      rows.find((r) => String(r.shop) === f.shop.flexi)!.id,
      rows.find((r) => String(r.shop) === f.shop.nordic)!.id,
    ]);

    // Not paid yet: the seller does not see it and cannot issue it.
    const listed = async () =>
      (await seller2.post('/api/merchant/vat-invoices', { status: 'REQUESTED' }))
        .json()
        .map((r: { orderId: string }) => r.orderId);
    expect(await listed()).not.toContain(nordicOrder);
    expect(
      (await seller2.request('PUT', `/api/merchant/shops/${f.shop.nordic}/tax-profile`, NORDIC_PROFILE)).statusCode,
    ).toBe(200);
    // The console reads it back; another seller's shop is not found.
    expect((await seller2.get(`/api/merchant/shops/${f.shop.nordic}/tax-profile`)).json()).toMatchObject({
      profile: {
        legalName: 'Nordic Home B.V.',
        vatId: 'NL123456789B01',
        address: { city: 'Amsterdam', country: 'NL' },
      },
    });
    expectError(await seller2.get(`/api/merchant/shops/${f.shop.flexi}/tax-profile`), 404, 'Common.invalidRequest');
    expectError(await issue(seller2, nordicOrder!), 409, 'Invoice.notInvoiceable');

    await pay(x.b, placed.contractId);
    expect(await listed()).toContain(nordicOrder);
    const issued = await issue(seller2, nordicOrder!);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'ISSUED', documents: [{ kind: 'INVOICE', reverseCharge: false }] });
    // The seller's list carries the documents.
    const all = (await seller2.post('/api/merchant/vat-invoices', {})).json();
    expect(all.find((r: { orderId: string }) => r.orderId === nordicOrder)).toMatchObject({
      status: 'ISSUED',
      documents: [{ kind: 'INVOICE', invoiceNumber: issued.json().documents[0].invoiceNumber }],
    });
    // The other shop's order keeps its own request, waiting for its shop.
    expect((await x.b.get(`/api/orders/${flexiOrder}/vat-invoice`)).json()).toMatchObject({ status: 'REQUESTED' });
    expect((await detail(x.b, nordicOrder!)).operationList).toEqual(
      expect.arrayContaining(['buyerCheckVATInvoice', 'sendInvoiceEmail']),
    );
  });
});
