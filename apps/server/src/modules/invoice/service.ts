/**
 * VAT invoices (SPEC §4 MAKE_INVOICE, GET_INVOICE, buyerCheckVATInvoice, sendInvoiceEmail):
 * the buyer asks for one on a paid order, the seller's shop issues it with the next number of
 * its gapless sequence (taken in the transaction that writes the invoice, so a rolled-back issue
 * gives its number back and two issues never share one), a refund after that is credited by a
 * credit note from the same sequence, and the PDF goes to the buyer by email through the outbox.
 * Statuses move only by INVOICE_EVENTS; the PDFs live in the file storage.
 */
import { and, asc, eq, inArray, isNotNull, min, ne, or, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  INVOICE_ERROR_CODES,
  SITES,
  type Currency,
  type ErrorCode,
  type InvoiceDocumentView,
  type ShopTaxProfileBody,
  type SiteCode,
  type VatInvoiceRequestBody,
  type VatInvoiceView,
} from '@mall/contracts';
import {
  allocate,
  checkVatId,
  divRoundHalfUp,
  INVOICE_EVENTS,
  invoiceLines,
  invoiceNumber,
  invoiceOperations,
  money,
  REVERSE_CHARGE_NOTE,
  reverseChargeApplies,
  totalsPerRate,
  vatAppliesTo,
  type InvoiceEvent,
} from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  invoiceDocuments,
  refunds,
  shipmentPackages,
  shopTaxProfiles,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
  vatInvoiceRequests,
  type InvoiceAddressJson,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { registerTemplate } from '../../lib/mail-templates.js';
import { enqueueEmail } from '../../lib/outbox.js';
import type { UserRow } from '../../lib/session.js';
import type { FileStorage } from '../../lib/storage.js';
import { renderInvoicePdf, type InvoiceContent, type Party } from './pdf.js';

type OrderRow = typeof tradeOrders.$inferSelect;
type RequestRow = typeof vatInvoiceRequests.$inferSelect;
type DocumentRow = typeof invoiceDocuments.$inferSelect;

/** The invoice codes are stable strings of their own (contracts INVOICE_ERROR_CODES). */
const fail = (
  status: number,
  code: (typeof INVOICE_ERROR_CODES)[keyof typeof INVOICE_ERROR_CODES],
  message: string,
  details?: unknown,
) => new AppError(status, code as unknown as ErrorCode, message, details);
const orderNotFound = () => new AppError(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');

/** A buyer may send the same invoice by email once a minute (the route also limits calls per IP). */
export const INVOICE_EMAIL_INTERVAL_MS = 60_000;
export const INVOICE_EMAIL_TEMPLATE = 'invoice.vatInvoice';

export const downloadUrlOf = (documentId: bigint) => `/api/invoices/${documentId}/pdf`;

/** Moves a request by `event`: `UPDATE ... WHERE status IN (from)`; null when it was not in one of them. */
async function moveRequest(
  tx: Tx,
  id: bigint,
  event: InvoiceEvent,
  set: Partial<typeof vatInvoiceRequests.$inferInsert> = {},
  now = new Date(),
): Promise<RequestRow | null> {
  const t = INVOICE_EVENTS[event];
  const from = t.from as readonly string[];
  const [row] = await tx
    .update(vatInvoiceRequests)
    .set({ ...set, status: t.to, updatedAt: now })
    .where(
      and(
        eq(vatInvoiceRequests.id, id),
        inArray(
          vatInvoiceRequests.status,
          from.filter((s): s is RequestRow['status'] => s !== 'NOT_REQUESTED'),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

const addressLines = (a: InvoiceAddressJson) => [
  a.addressLine1,
  ...(a.addressLine2 ? [a.addressLine2] : []),
  [a.postalCode, a.city].filter(Boolean).join(' '),
  ...(a.state ? [a.state] : []),
  a.country,
];

/** The next number of the shop's documents of `year`: the counter row is created or moved by one, and stays locked until commit. */
async function nextNumber(tx: Tx, shopId: bigint, year: number): Promise<number> {
  const res = await tx.execute<{
    seq: number;
  }>(sql`INSERT INTO invoice_number_sequences (shop_id, year, next) VALUES (${shopId}, ${year}, 2)
    ON CONFLICT (shop_id, year) DO UPDATE SET next = invoice_number_sequences.next + 1 RETURNING next - 1 AS seq`);
  return Number(res.rows[0]!.seq);
}

// ------------------------------------------------------------------ buyer

async function buyerOrder(db: Db | Tx, user: UserRow | null, orderId: bigint, lock = false): Promise<OrderRow> {
  if (!user) throw orderNotFound();
  const q = db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.buyerId, user.id)));
  const [o] = lock ? await q.for('update') : await q;
  if (!o) throw orderNotFound();
  return o;
}

/** The buyer asks for the VAT invoice of a paid order of theirs, or corrects the request before it is issued. */
export async function requestInvoice(
  db: Db,
  user: UserRow | null,
  orderId: bigint,
  body: VatInvoiceRequestBody,
  now = new Date(),
): Promise<VatInvoiceView> {
  const vat = checkVatId(body.billingAddress.country, body.vatId);
  await db.transaction(async (tx) => {
    const o = await buyerOrder(tx, user, orderId, true);
    if (!vat.ok) throw fail(400, vat.code, vat.message, vat.params);
    const billingAddress = { ...body.billingAddress, country: vat.country };
    const values = { companyName: body.companyName, vatId: vat.vatId, country: vat.country, billingAddress };
    const [existing] = await tx.select().from(vatInvoiceRequests).where(eq(vatInvoiceRequests.orderId, o.id));
    if (existing) {
      if (!(await moveRequest(tx, existing.id, 'UPDATE_REQUEST', values, now)))
        throw fail(409, INVOICE_ERROR_CODES.alreadyIssued, 'The invoice of this order is already issued');
      return;
    }
    const ops = invoiceOperations({
      status: o.status,
      invoiceStatus: 'NOT_REQUESTED',
      viewerIsBuyer: true,
      isReissue: o.businessType === 'REVERSE_REISSUE',
      isPoints: o.tradeType === 'NORMAL_POINT_REDEEM',
      vatApplies: vatAppliesTo(o.currency),
    });
    if (!ops.includes('makeInvoice'))
      throw fail(409, INVOICE_ERROR_CODES.notInvoiceable, 'A VAT invoice can only be asked for once the order is paid');
    await tx.insert(vatInvoiceRequests).values({
      ...values,
      orderId: o.id,
      buyerId: o.buyerId,
      shopId: o.shopId,
      status: INVOICE_EVENTS.REQUEST.to,
      requestedAt: now,
      updatedAt: now,
    });
  });
  return invoiceView(db, user, orderId);
}

/**
 * buyerSelectedInvoiceList at checkout: the details are checked before anything is placed (a VAT
 * site, a VAT ID of the address's country), so a malformed VAT ID refuses the submit.
 */
export function checkCheckoutInvoice(site: { taxDisplay: string }, body: VatInvoiceRequestBody) {
  if (site.taxDisplay !== 'INCLUSIVE')
    throw fail(400, INVOICE_ERROR_CODES.notInvoiceable, 'VAT invoices are only issued for orders on VAT sites');
  const vat = checkVatId(body.billingAddress.country, body.vatId);
  if (!vat.ok) throw fail(400, vat.code, vat.message, vat.params);
  return {
    companyName: body.companyName,
    vatId: vat.vatId,
    country: vat.country,
    billingAddress: { ...body.billingAddress, country: vat.country },
  };
}

/**
 * The checked checkout details become the invoice request of each order placed (points orders
 * have no VAT invoice). A replayed submit finds them there. The shop issues once the order is paid.
 */
export async function requestInvoicesAtCheckout(
  db: Db,
  buyerId: bigint,
  orderIds: bigint[],
  values: ReturnType<typeof checkCheckoutInvoice>,
  now = new Date(),
): Promise<void> {
  if (!orderIds.length) return;
  const orders = await db
    .select({
      id: tradeOrders.id,
      shopId: tradeOrders.shopId,
      tradeType: tradeOrders.tradeType,
      currency: tradeOrders.currency,
    })
    .from(tradeOrders)
    .where(and(inArray(tradeOrders.id, orderIds), eq(tradeOrders.buyerId, buyerId)));
  const rows = orders
    .filter((o) => o.tradeType !== 'NORMAL_POINT_REDEEM' && vatAppliesTo(o.currency))
    .map((o) => ({
      ...values,
      orderId: o.id,
      buyerId,
      shopId: o.shopId,
      status: INVOICE_EVENTS.REQUEST.to,
      requestedAt: now,
      updatedAt: now,
    }));
  if (rows.length)
    await db.insert(vatInvoiceRequests).values(rows).onConflictDoNothing({ target: vatInvoiceRequests.orderId });
}

function documentView(d: DocumentRow, creditsNumber: string | null): InvoiceDocumentView {
  const currency = d.currency as Currency;
  return {
    id: String(d.id),
    kind: d.kind,
    invoiceNumber: d.invoiceNumber,
    creditsInvoiceNumber: creditsNumber,
    issuedAt: d.issuedAt.toISOString(),
    supplyDate: d.supplyDate,
    netAmt: money(d.netMinor, currency),
    taxAmt: money(d.taxMinor, currency),
    grossAmt: money(d.grossMinor, currency),
    reverseCharge: d.reverseCharge,
    downloadUrl: downloadUrlOf(d.id),
  };
}

async function viewOf(db: Db | Tx, orderId: bigint): Promise<VatInvoiceView> {
  const [r] = await db.select().from(vatInvoiceRequests).where(eq(vatInvoiceRequests.orderId, orderId));
  const docs = r
    ? await db
        .select()
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.requestId, r.id))
        .orderBy(asc(invoiceDocuments.id))
    : [];
  const numbers = new Map(docs.map((d) => [d.id, d.invoiceNumber]));
  return {
    orderId: String(orderId),
    status: r?.status ?? 'NOT_REQUESTED',
    request: r
      ? {
          companyName: r.companyName,
          vatId: r.vatId,
          billingAddress: r.billingAddress,
          requestedAt: r.requestedAt.toISOString(),
        }
      : null,
    documents: docs.map((d) =>
      documentView(d, d.creditsDocumentId ? (numbers.get(d.creditsDocumentId) ?? null) : null),
    ),
  };
}

/** What the buyer sees of the order's VAT invoice (buyerCheckVATInvoice / GET_INVOICE). */
export async function invoiceView(db: Db, user: UserRow | null, orderId: bigint): Promise<VatInvoiceView> {
  const o = await buyerOrder(db, user, orderId);
  return viewOf(db, o.id);
}

// ------------------------------------------------------------------ seller

/** The seller's order, locked: the order row first, then its request, as every writer of invoices takes them. */
async function sellerOrder(tx: Tx, seller: UserRow, orderId: bigint): Promise<OrderRow> {
  const [o] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.sellerId, seller.id)))
    .for('update');
  if (!o) throw orderNotFound();
  return o;
}

/** The seller's shop as its invoices name it (legal name, VAT ID checked against the address's country). */
export async function saveTaxProfile(db: Db, seller: UserRow, shopId: bigint, body: ShopTaxProfileBody) {
  const vat = checkVatId(body.address.country, body.vatId);
  if (!vat.ok) throw fail(400, vat.code, vat.message, vat.params);
  const owned = await db.execute<{ id: string }>(
    sql`SELECT id FROM shops WHERE id = ${shopId} AND seller_id = ${seller.id}`,
  );
  if (!owned.rows.length) throw new AppError(404, ERROR_CODES.invalidRequest, 'This shop does not exist');
  const values = {
    legalName: body.legalName,
    vatId: vat.vatId,
    country: vat.country,
    address: { ...body.address, country: vat.country },
    updatedAt: new Date(),
  };
  await db
    .insert(shopTaxProfiles)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: shopTaxProfiles.shopId, set: values });
  return { shopId: String(shopId), legalName: values.legalName, vatId: values.vatId, address: values.address };
}

/** The shop's tax profile as saved (null until the seller enters it), for its own seller. */
export async function taxProfileOf(db: Db, seller: UserRow, shopId: bigint) {
  const owned = await db.execute<{ id: string }>(
    sql`SELECT id FROM shops WHERE id = ${shopId} AND seller_id = ${seller.id}`,
  );
  if (!owned.rows.length) throw new AppError(404, ERROR_CODES.invalidRequest, 'This shop does not exist');
  const [p] = await db.select().from(shopTaxProfiles).where(eq(shopTaxProfiles.shopId, shopId));
  return { profile: p ? { shopId: String(shopId), legalName: p.legalName, vatId: p.vatId, address: p.address } : null };
}

/** The seller's invoice requests (to issue first), each with its documents. */
export async function sellerInvoiceRequests(
  db: Db,
  seller: UserRow,
  status: 'REQUESTED' | 'ISSUED' | 'CREDITED' | undefined,
) {
  const rows = await db
    .select({ r: vatInvoiceRequests, code: tradeOrders.tradeOrderCode })
    .from(vatInvoiceRequests)
    .innerJoin(tradeOrders, eq(tradeOrders.id, vatInvoiceRequests.orderId))
    // Requests made at checkout wait for the payment before the seller sees them.
    .where(
      and(
        eq(tradeOrders.sellerId, seller.id),
        status ? eq(vatInvoiceRequests.status, status) : undefined,
        or(ne(vatInvoiceRequests.status, 'REQUESTED'), isNotNull(tradeOrders.paidAt)),
      ),
    )
    .orderBy(asc(vatInvoiceRequests.requestedAt))
    .limit(200);
  // The documents of each (the invoice and the credit notes of refunds), so the console shows them.
  const docs = rows.length
    ? await db
        .select()
        .from(invoiceDocuments)
        .where(
          inArray(
            invoiceDocuments.requestId,
            rows.map(({ r }) => r.id),
          ),
        )
        .orderBy(asc(invoiceDocuments.id))
    : [];
  const numbers = new Map(docs.map((d) => [d.id, d.invoiceNumber]));
  return rows.map(({ r, code }) => ({
    orderId: String(r.orderId),
    tradeOrderCode: code,
    status: r.status,
    companyName: r.companyName,
    vatId: r.vatId,
    requestedAt: r.requestedAt.toISOString(),
    documents: docs
      .filter((d) => d.requestId === r.id)
      .map((d) => documentView(d, d.creditsDocumentId ? (numbers.get(d.creditsDocumentId) ?? null) : null)),
  }));
}

/**
 * The seller's shop issues the requested invoice: its content is fixed from the order, the next
 * number is taken, the record written and the order's invoiceUrl pointed at the PDF, in one
 * transaction; the PDF is drawn and stored after commit (and again on download if that failed).
 */
export async function issueInvoice(
  db: Db,
  storage: FileStorage,
  seller: UserRow,
  orderId: bigint,
  now = new Date(),
): Promise<VatInvoiceView> {
  const doc = await db.transaction(async (tx) => {
    const o = await sellerOrder(tx, seller, orderId);
    const [r] = await tx.select().from(vatInvoiceRequests).where(eq(vatInvoiceRequests.orderId, o.id));
    if (!r)
      throw fail(409, INVOICE_ERROR_CODES.notRequested, 'The buyer has not asked for a VAT invoice of this order');
    // Asked for at checkout: issued once the order is paid.
    if (r.status === 'REQUESTED' && !o.paidAt)
      throw fail(409, INVOICE_ERROR_CODES.notInvoiceable, 'The order is not paid yet');
    const [profile] = await tx.select().from(shopTaxProfiles).where(eq(shopTaxProfiles.shopId, o.shopId));
    if (!profile)
      throw fail(
        409,
        INVOICE_ERROR_CODES.sellerProfileMissing,
        "Enter the shop's legal name, VAT ID and address before issuing invoices",
      );
    // The request row is the lock: a second issue of the same order waits here and then finds it issued.
    if (!(await moveRequest(tx, r.id, 'ISSUE', {}, now)))
      throw fail(409, INVOICE_ERROR_CODES.alreadyIssued, 'The invoice of this order is already issued');
    const content = await invoiceContent(tx, o, r, profile, now);
    const year = now.getUTCFullYear();
    const seq = await nextNumber(tx, o.shopId, year);
    content.invoiceNumber = invoiceNumber(o.shopId, year, seq);
    const [d] = await tx
      .insert(invoiceDocuments)
      .values({
        kind: 'INVOICE',
        requestId: r.id,
        orderId: o.id,
        buyerId: o.buyerId,
        shopId: o.shopId,
        sellerId: o.sellerId,
        year,
        seq,
        invoiceNumber: content.invoiceNumber,
        issuedAt: now,
        supplyDate: content.supplyDate,
        currency: o.currency,
        netMinor: BigInt(content.netMinor),
        taxMinor: BigInt(content.taxMinor),
        grossMinor: BigInt(content.grossMinor),
        reverseCharge: content.reverseCharge,
        content,
        storageKey: storageKeyOf(o.shopId, content.invoiceNumber),
      })
      .returning();
    await tx
      .update(tradeOrders)
      .set({ invoiceUrl: downloadUrlOf(d!.id) })
      .where(eq(tradeOrders.id, o.id));
    // Refunds settled before the issue are credited now (the request row's lock orders this against a refund settling meanwhile).
    const before = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, o.id), eq(refunds.status, 'REFUND_DONE')))
      .orderBy(asc(refunds.id));
    for (const f of before) await creditRefund(tx, f, now);
    return d!;
  });
  await storePdf(storage, doc).catch(() => {});
  return viewOf(db, orderId);
}

const storageKeyOf = (shopId: bigint, number: string) => `invoices/${shopId}/${number}.pdf`;

/** The document's content from the order: lines and shipping share what was paid and its tax. */
async function invoiceContent(
  tx: Tx,
  o: OrderRow,
  r: RequestRow,
  profile: typeof shopTaxProfiles.$inferSelect,
  now: Date,
): Promise<InvoiceContent> {
  const [c] = await tx
    .select({ site: tradeContracts.site })
    .from(tradeContracts)
    .where(eq(tradeContracts.id, o.contractId));
  const site = SITES[(c?.site ?? 'US') as SiteCode] ?? SITES.US;
  const lines = await tx
    .select()
    .from(tradeOrderLines)
    .where(and(eq(tradeOrderLines.orderId, o.id), inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN'])))
    .orderBy(asc(tradeOrderLines.id));
  const [shipped] = await tx
    .select({ at: min(shipmentPackages.createdAt) })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.orderId, o.id));
  const paid = o.paidAmtMinor;
  const tax = o.needPayAmtMinor === 0n ? 0n : divRoundHalfUp(o.taxAmtMinor * paid, o.needPayAmtMinor);
  const parts = [
    ...lines.map((l) => {
      const snap = l.snapshot as { itemName: string; skuName?: string };
      return {
        description: snap.skuName ? `${snap.itemName} (${snap.skuName})` : snap.itemName,
        quantity: String(Number(l.qty)),
        weight: l.needPayAmtMinor,
      };
    }),
    ...(o.shippingAmtMinor > 0n ? [{ description: 'Shipping', quantity: '1', weight: o.shippingAmtMinor }] : []),
  ];
  const gross = allocate(
    paid,
    parts.map((p) => p.weight),
  );
  const seller: Party = { name: profile.legalName, vatId: profile.vatId, address: addressLines(profile.address) };
  const buyer: Party = { name: r.companyName, vatId: r.vatId, address: addressLines(r.billingAddress) };
  const reverseCharge = reverseChargeApplies(
    { country: profile.country, vatId: profile.vatId },
    { country: r.country, vatId: r.vatId },
  );
  const rate = String(Number(o.taxRate ?? site.taxRate));
  const out = invoiceLines(
    parts.map((p, i) => ({ description: p.description, quantity: p.quantity, grossMinor: gross[i]! })),
    tax,
    rate,
    reverseCharge,
  );
  return contentOf(
    {
      kind: 'INVOICE',
      invoiceNumber: '',
      creditsInvoiceNumber: null,
      issueDate: day(now),
      supplyDate: day(shipped?.at ?? o.paidAt ?? now),
      currency: o.currency as Currency,
      locale: site.locale,
      orderCode: o.tradeOrderCode,
      seller,
      buyer,
      reverseCharge,
      notes: reverseCharge ? [REVERSE_CHARGE_NOTE] : [],
      paidGrossMinor: String(paid),
      paidTaxMinor: String(tax),
    },
    out,
  );
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function contentOf(
  head: Omit<InvoiceContent, 'lines' | 'totals' | 'netMinor' | 'taxMinor' | 'grossMinor'>,
  lines: ReturnType<typeof invoiceLines>,
): InvoiceContent {
  const totals = totalsPerRate(lines);
  const sum = (k: 'netMinor' | 'taxMinor' | 'grossMinor') => String(totals.reduce((s, t) => s + t[k], 0n));
  return {
    ...head,
    lines: lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      netMinor: String(l.netMinor),
      taxMinor: String(l.taxMinor),
      grossMinor: String(l.grossMinor),
    })),
    totals: totals.map((t) => ({
      rate: t.rate,
      netMinor: String(t.netMinor),
      taxMinor: String(t.taxMinor),
      grossMinor: String(t.grossMinor),
    })),
    netMinor: sum('netMinor'),
    taxMinor: sum('taxMinor'),
    grossMinor: sum('grossMinor'),
  };
}

// ------------------------------------------------------------------ refunds

/**
 * A refund of an order whose invoice was issued is credited by a credit note (next number of the
 * shop's sequence, linked to the invoice), in the transaction that settles the refund. Its tax is
 * the refund's share of the tax the order paid. Once the refunds credit all that was paid, the
 * invoice is CREDITED. One credit note per refund.
 */
export async function creditRefund(
  tx: Tx,
  refund: typeof refunds.$inferSelect,
  now = new Date(),
): Promise<bigint | null> {
  if (!refund.orderId || refund.amountMinor <= 0n) return null;
  const [asked] = await tx
    .select({ id: vatInvoiceRequests.id })
    .from(vatInvoiceRequests)
    .where(eq(vatInvoiceRequests.orderId, refund.orderId));
  if (!asked) return null;
  // Waits for an issue of this order under way (it holds the rows: order, then request), so the refund is credited by one of the two.
  await tx.select({ id: tradeOrders.id }).from(tradeOrders).where(eq(tradeOrders.id, refund.orderId)).for('update');
  await tx
    .select({ id: vatInvoiceRequests.id })
    .from(vatInvoiceRequests)
    .where(eq(vatInvoiceRequests.id, asked.id))
    .for('update');
  const [inv] = await tx
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, refund.orderId), eq(invoiceDocuments.kind, 'INVOICE')));
  if (!inv) return null;
  const [done] = await tx
    .select({ id: invoiceDocuments.id })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.refundId, refund.id));
  if (done) return null;
  const [o] = await tx
    .select({ code: tradeOrders.tradeOrderCode })
    .from(tradeOrders)
    .where(eq(tradeOrders.id, refund.orderId));
  const base = inv.content as InvoiceContent;
  const paidGross = BigInt(base.paidGrossMinor);
  const tax = paidGross === 0n ? 0n : divRoundHalfUp(refund.amountMinor * BigInt(base.paidTaxMinor), paidGross);
  const rate = base.lines.find((l) => l.rate !== '0')?.rate ?? base.lines[0]?.rate ?? '0';
  const lines = invoiceLines(
    [{ description: `Refund for order ${o?.code ?? ''}`, quantity: '1', grossMinor: refund.amountMinor }],
    tax,
    rate,
    base.reverseCharge,
  );
  const year = now.getUTCFullYear();
  const seq = await nextNumber(tx, inv.shopId, year);
  const number = invoiceNumber(inv.shopId, year, seq);
  const content = contentOf(
    {
      ...base,
      kind: 'CREDIT_NOTE',
      invoiceNumber: number,
      creditsInvoiceNumber: inv.invoiceNumber,
      issueDate: day(now),
      supplyDate: day(now),
      notes: [`Credit note for invoice ${inv.invoiceNumber}.`, ...(base.reverseCharge ? [REVERSE_CHARGE_NOTE] : [])],
      paidGrossMinor: String(refund.amountMinor),
      paidTaxMinor: String(tax),
    },
    lines,
  );
  const [d] = await tx
    .insert(invoiceDocuments)
    .values({
      kind: 'CREDIT_NOTE',
      requestId: inv.requestId,
      orderId: inv.orderId,
      buyerId: inv.buyerId,
      shopId: inv.shopId,
      sellerId: inv.sellerId,
      year,
      seq,
      invoiceNumber: number,
      creditsDocumentId: inv.id,
      refundId: refund.id,
      issuedAt: now,
      supplyDate: content.supplyDate,
      currency: inv.currency,
      netMinor: BigInt(content.netMinor),
      taxMinor: BigInt(content.taxMinor),
      grossMinor: BigInt(content.grossMinor),
      reverseCharge: base.reverseCharge,
      content,
      storageKey: storageKeyOf(inv.shopId, number),
    })
    .returning({ id: invoiceDocuments.id });
  const credited = await tx.execute<{
    total: string;
  }>(sql`SELECT coalesce(sum(f.amount_minor), 0) AS total FROM invoice_documents d JOIN refunds f ON f.id = d.refund_id
    WHERE d.credits_document_id = ${inv.id}`);
  await moveRequest(
    tx,
    inv.requestId,
    BigInt(credited.rows[0]!.total) >= paidGross ? 'CREDIT_ALL' : 'CREDIT_PART',
    {},
    now,
  );
  return d!.id;
}

// ------------------------------------------------------------------ PDF and email

async function storePdf(storage: FileStorage, d: DocumentRow): Promise<Buffer> {
  const pdf = await renderInvoicePdf(d.content as InvoiceContent);
  await storage.put(d.storageKey, pdf, 'application/pdf');
  return pdf;
}

/** The stored PDF, drawn and stored now if it is not there yet (a credit note, or a failed store). */
async function pdfOf(storage: FileStorage, d: DocumentRow): Promise<Buffer> {
  return (await storage.get(d.storageKey)) ?? storePdf(storage, d);
}

/** The PDF of a document, for the order's buyer and its seller only (anyone else: not found). */
export async function downloadDocument(
  db: Db,
  storage: FileStorage,
  user: UserRow | null,
  documentId: bigint,
): Promise<{ pdf: Buffer; filename: string }> {
  const [d] = user ? await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, documentId)) : [];
  if (!d || (d.buyerId !== user!.id && d.sellerId !== user!.id))
    throw new AppError(404, ERROR_CODES.invalidRequest, 'This invoice does not exist');
  return {
    pdf: await pdfOf(storage, d),
    filename: `${d.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${d.invoiceNumber}.pdf`,
  };
}

/**
 * sendInvoiceEmail: the invoice and its credit notes go to the buyer's email through the
 * outbox, at most once a minute per invoice (the invoice row's last_emailed_at is the check and
 * the lock, so several servers agree).
 */
export async function sendInvoiceEmail(
  db: Db,
  storage: FileStorage,
  user: UserRow | null,
  orderId: bigint,
  now = new Date(),
): Promise<{ to: string; documents: string[] }> {
  const o = await buyerOrder(db, user, orderId);
  const [r] = await db.select().from(vatInvoiceRequests).where(eq(vatInvoiceRequests.orderId, o.id));
  const ops = invoiceOperations({
    status: o.status,
    invoiceStatus: r?.status ?? 'NOT_REQUESTED',
    viewerIsBuyer: true,
    isReissue: o.businessType === 'REVERSE_REISSUE',
    isPoints: o.tradeType === 'NORMAL_POINT_REDEEM',
    vatApplies: vatAppliesTo(o.currency),
  });
  if (!r || !ops.includes('sendInvoiceEmail'))
    throw fail(409, INVOICE_ERROR_CODES.notIssued, 'The invoice of this order is not issued yet');
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, o.buyerId));
  if (!buyer?.email)
    throw fail(409, INVOICE_ERROR_CODES.notIssued, 'Your account has no email address to send the invoice to');
  const docs = await db
    .select()
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.requestId, r.id))
    .orderBy(asc(invoiceDocuments.id));
  // Every PDF is in the storage before the email is queued: delivery reads them from there.
  for (const d of docs) await pdfOf(storage, d);
  const invoice = docs.find((d) => d.kind === 'INVOICE')!;
  const [c] = await db
    .select({ site: tradeContracts.site })
    .from(tradeContracts)
    .where(eq(tradeContracts.id, o.contractId));
  const site = SITES[(c?.site ?? 'US') as SiteCode] ?? SITES.US;
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(invoiceDocuments)
      .set({ lastEmailedAt: now })
      .where(
        and(
          eq(invoiceDocuments.id, invoice.id),
          sql`(${invoiceDocuments.lastEmailedAt} IS NULL OR ${invoiceDocuments.lastEmailedAt} <= ${new Date(now.getTime() - INVOICE_EMAIL_INTERVAL_MS)})`,
        ),
      )
      .returning({ id: invoiceDocuments.id });
    if (!moved.length)
      throw new AppError(
        429,
        ERROR_CODES.tooManyRequests,
        'The invoice was just sent: please wait a minute before sending it again',
      );
    await enqueueEmail(tx, {
      to: buyer.email!,
      template: INVOICE_EMAIL_TEMPLATE,
      lang: site.defaultLanguage,
      site: site.code,
      data: {
        invoiceNumber: invoice.invoiceNumber,
        orderCode: o.tradeOrderCode,
        creditNotes: docs
          .filter((d) => d.kind === 'CREDIT_NOTE')
          .map((d) => d.invoiceNumber)
          .join(', '),
      },
      attachments: docs.map((d) => ({
        filename: `${d.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${d.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        storageKey: d.storageKey,
      })),
    });
  });
  return { to: buyer.email, documents: docs.map((d) => d.invoiceNumber) };
}

const EMAIL_TEXTS: Record<
  string,
  { subject: (n: string) => string; body: (n: string, o: string) => string; credits: (c: string) => string }
> = {
  en: {
    subject: (n) => `Your invoice ${n}`,
    body: (n, o) => `Attached is invoice ${n} for your order ${o}.`,
    credits: (c) => `The credit notes ${c} are attached too.`,
  },
  de: {
    subject: (n) => `Ihre Rechnung ${n}`,
    body: (n, o) => `Anbei die Rechnung ${n} zu Ihrer Bestellung ${o}.`,
    credits: (c) => `Die Gutschriften ${c} sind ebenfalls angehängt.`,
  },
  ja: {
    subject: (n) => `請求書 ${n}`,
    body: (n, o) => `ご注文 ${o} の請求書 ${n} を添付しました。`,
    credits: (c) => `返金伝票 ${c} も添付しています。`,
  },
  es: {
    subject: (n) => `Su factura ${n}`,
    body: (n, o) => `Adjuntamos la factura ${n} de su pedido ${o}.`,
    credits: (c) => `También se adjuntan las facturas rectificativas ${c}.`,
  },
  it: {
    subject: (n) => `La sua fattura ${n}`,
    body: (n, o) => `In allegato la fattura ${n} del suo ordine ${o}.`,
    credits: (c) => `Sono allegate anche le note di credito ${c}.`,
  },
  fr: {
    subject: (n) => `Votre facture ${n}`,
    body: (n, o) => `Veuillez trouver ci-joint la facture ${n} de votre commande ${o}.`,
    credits: (c) => `Les avoirs ${c} sont également joints.`,
  },
  nl: {
    subject: (n) => `Uw factuur ${n}`,
    body: (n, o) => `In de bijlage vindt u factuur ${n} van uw bestelling ${o}.`,
    credits: (c) => `De creditnota's ${c} zijn ook bijgevoegd.`,
  },
};

registerTemplate(INVOICE_EMAIL_TEMPLATE, ({ lang, data }) => {
  const t = EMAIL_TEXTS[lang] ?? EMAIL_TEXTS.en!;
  const credits = typeof data.creditNotes === 'string' ? data.creditNotes : '';
  return {
    subject: t.subject(String(data.invoiceNumber)),
    paragraphs: [t.body(String(data.invoiceNumber), String(data.orderCode)), ...(credits ? [t.credits(credits)] : [])],
  };
});
