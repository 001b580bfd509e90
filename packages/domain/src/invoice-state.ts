import { SITES } from '@mall/contracts';
import { divRoundHalfUp } from './money.js';
import { nextStatus, type TransitionTable } from './state-table.js';

/**
 * A paid order's VAT invoice (SPEC §4 MAKE_INVOICE, GET_INVOICE, buyerCheckVATInvoice,
 * sendInvoiceEmail; order detail "invoice status"): the buyer asks for it, the seller's shop
 * issues it; refunds after that are credited by credit notes, and once everything is credited
 * the invoice is CREDITED.
 */
export const INVOICE_STATUSES = ['NOT_REQUESTED', 'REQUESTED', 'ISSUED', 'CREDITED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_EVENTS = {
  REQUEST: { from: ['NOT_REQUESTED'], to: 'REQUESTED' },
  /** The buyer corrects the company details before the invoice is issued. */
  UPDATE_REQUEST: { from: ['REQUESTED'], to: 'REQUESTED' },
  ISSUE: { from: ['REQUESTED'], to: 'ISSUED' },
  /** A refund credited part of the invoice. */
  CREDIT_PART: { from: ['ISSUED'], to: 'ISSUED' },
  /** Refunds credited all of it. */
  CREDIT_ALL: { from: ['ISSUED'], to: 'CREDITED' },
} as const satisfies TransitionTable<InvoiceStatus, string>;
export type InvoiceEvent = keyof typeof INVOICE_EVENTS;

export function nextInvoiceStatus(from: InvoiceStatus, event: InvoiceEvent): InvoiceStatus | null {
  return nextStatus(INVOICE_EVENTS, from, event);
}

/** The kinds of document a shop issues from its one number sequence. */
export const INVOICE_DOCUMENT_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/** A document number: shop, year and the gapless sequence number ("12-2026-000042"). */
export const invoiceNumber = (shopId: bigint | string, year: number, seq: number) =>
  `${shopId}-${year}-${String(seq).padStart(6, '0')}`;

export interface InvoiceOperationInput {
  /** The stored order status (an invoice needs money actually paid, not net terms still owed). */
  status: string;
  invoiceStatus: InvoiceStatus;
  viewerIsBuyer: boolean;
  isReissue: boolean;
  isPoints: boolean;
  /** Sold with VAT (a VAT site); US sales tax orders have no VAT invoice. */
  vatApplies: boolean;
}

/** An order in this currency was sold on a VAT site (every site but the US, whose sales tax has no VAT invoice). */
export const vatAppliesTo = (currency: string) =>
  Object.values(SITES).some((s) => s.currency === currency && s.taxDisplay === 'INCLUSIVE');

/** Order statuses in which a VAT invoice may be asked for: paid and not given back. */
const INVOICEABLE = ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE'];

/** Which invoice operations the buyer has on an order (the order's operation list adds them). */
export function invoiceOperations(
  o: InvoiceOperationInput,
): ('makeInvoice' | 'buyerCheckVATInvoice' | 'sendInvoiceEmail')[] {
  if (!o.viewerIsBuyer || o.isReissue) return [];
  if (o.invoiceStatus === 'NOT_REQUESTED')
    return o.vatApplies && !o.isPoints && INVOICEABLE.includes(o.status) ? ['makeInvoice'] : [];
  if (o.invoiceStatus === 'ISSUED' || o.invoiceStatus === 'CREDITED')
    return ['buyerCheckVATInvoice', 'sendInvoiceEmail'];
  return [];
}

export interface InvoiceLineInput {
  description: string;
  quantity: string;
  /** What the buyer paid for the line, tax included. */
  grossMinor: bigint;
}
export interface InvoiceLine {
  description: string;
  quantity: string;
  netMinor: bigint;
  /** The rate as a decimal string ("0.19"). */
  rate: string;
  taxMinor: bigint;
  grossMinor: bigint;
}
export interface RateTotal {
  rate: string;
  netMinor: bigint;
  taxMinor: bigint;
  grossMinor: bigint;
}

/**
 * Splits what was paid into invoice lines: the order's tax is spread over the lines in
 * proportion to what each paid, rounded half up (the remainder to the last, so the lines add up to the order's
 * tax to the cent). Under reverse charge the lines carry no VAT: each is its net amount at 0 %.
 */
export function invoiceLines(
  lines: InvoiceLineInput[],
  taxMinor: bigint,
  rate: string,
  reverseCharge: boolean,
): InvoiceLine[] {
  const total = lines.reduce((s, l) => s + l.grossMinor, 0n);
  let left = taxMinor;
  const out = lines.map((l, i) => {
    const tax = i === lines.length - 1 ? left : total === 0n ? 0n : divRoundHalfUp(taxMinor * l.grossMinor, total);
    left -= tax;
    const net = l.grossMinor - tax;
    return reverseCharge
      ? { description: l.description, quantity: l.quantity, netMinor: net, rate: '0', taxMinor: 0n, grossMinor: net }
      : {
          description: l.description,
          quantity: l.quantity,
          netMinor: net,
          rate,
          taxMinor: tax,
          grossMinor: l.grossMinor,
        };
  });
  return out;
}

/** Net, tax and gross per rate, in the order the rates first appear. */
export function totalsPerRate(
  lines: Pick<InvoiceLine, 'rate' | 'netMinor' | 'taxMinor' | 'grossMinor'>[],
): RateTotal[] {
  const by = new Map<string, RateTotal>();
  for (const l of lines) {
    const t = by.get(l.rate) ?? { rate: l.rate, netMinor: 0n, taxMinor: 0n, grossMinor: 0n };
    t.netMinor += l.netMinor;
    t.taxMinor += l.taxMinor;
    t.grossMinor += l.grossMinor;
    by.set(l.rate, t);
  }
  return [...by.values()];
}
