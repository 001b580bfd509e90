/**
 * VAT invoices (SPEC §4 MAKE_INVOICE, GET_INVOICE, buyerCheckVATInvoice, sendInvoiceEmail; §3
 * invoiceUrl): what the buyer sends to ask for one, what the seller's shop registers to issue
 * them, and what both read back. The VAT ID's format per country is checked by checkVatId
 * (@mall/domain) on both ends; these schemas check the shape.
 */
import { z } from 'zod';
import { Id, Money } from './schemas.js';

export const INVOICE_STATUS_VALUES = ['NOT_REQUESTED', 'REQUESTED', 'ISSUED', 'CREDITED'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUS_VALUES);

/** Stable error codes of the invoice calls (besides Trade.tradeOrderNotExist and Common.tooManyRequests). */
export const INVOICE_ERROR_CODES = {
  vatIdMalformed: 'Invoice.vatIdMalformed',
  vatIdCountryNotSupported: 'Invoice.vatIdCountryNotSupported',
  notInvoiceable: 'Invoice.notInvoiceable',
  alreadyIssued: 'Invoice.alreadyIssued',
  notRequested: 'Invoice.notRequested',
  notIssued: 'Invoice.notIssued',
  sellerProfileMissing: 'Invoice.sellerProfileMissing',
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const Country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a two-letter country code');

export const InvoiceAddress = z.strictObject({
  addressLine1: text(200),
  addressLine2: z.string().trim().max(200).optional(),
  postalCode: z.string().trim().max(20).optional(),
  city: text(100),
  state: z.string().trim().max(100).optional(),
  country: Country,
});
export type InvoiceAddress = z.infer<typeof InvoiceAddress>;

/** The buyer asks for a VAT invoice of a paid order (or corrects the request before it is issued). */
export const VatInvoiceRequestBody = z.strictObject({
  companyName: text(200),
  vatId: text(40),
  billingAddress: InvoiceAddress,
});
export type VatInvoiceRequestBody = z.infer<typeof VatInvoiceRequestBody>;

/** The seller's shop as it appears on its invoices. */
export const ShopTaxProfileBody = z.strictObject({
  legalName: text(200),
  vatId: text(40),
  address: InvoiceAddress,
});
export type ShopTaxProfileBody = z.infer<typeof ShopTaxProfileBody>;

export const InvoiceDocumentView = z.object({
  id: Id,
  kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
  invoiceNumber: z.string(),
  /** The invoice a credit note corrects. */
  creditsInvoiceNumber: z.string().nullable(),
  issuedAt: z.string(),
  supplyDate: z.string(),
  netAmt: Money,
  taxAmt: Money,
  grossAmt: Money,
  reverseCharge: z.boolean(),
  /** The PDF, for the order's buyer and seller only. */
  downloadUrl: z.string(),
});
export type InvoiceDocumentView = z.infer<typeof InvoiceDocumentView>;

export const VatInvoiceView = z.object({
  orderId: Id,
  status: InvoiceStatusSchema,
  request: z
    .object({ companyName: z.string(), vatId: z.string(), billingAddress: InvoiceAddress, requestedAt: z.string() })
    .nullable(),
  documents: z.array(InvoiceDocumentView),
});
export type VatInvoiceView = z.infer<typeof VatInvoiceView>;
