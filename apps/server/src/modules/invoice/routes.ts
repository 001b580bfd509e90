/**
 * VAT invoice routes: the buyer's (ask, check, download, send by email) and the seller
 * console's (the shop's invoice details, the requests, issue). Paths not shown in the spec,
 * chosen in the orders and merchant families.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  Id,
  InvoiceAddress,
  InvoiceDocumentView,
  ShopTaxProfileBody,
  VatInvoiceRequestBody,
  VatInvoiceView,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { requireSeller } from '../merchant/guard.js';
import {
  downloadDocument,
  invoiceView,
  issueInvoice,
  requestInvoice,
  saveTaxProfile,
  sellerInvoiceRequests,
  sendInvoiceEmail,
  taxProfileOf,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const IdParams = z.strictObject({ id: Id });

export function vatInvoiceRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.post(
    '/api/orders/:id/vat-invoice',
    {
      schema: {
        tags,
        summary: 'Ask for the VAT invoice of a paid order (MAKE_INVOICE), or correct the request before it is issued',
        params: IdParams,
        body: VatInvoiceRequestBody,
        response: { 200: VatInvoiceView, ...errors },
      },
    },
    async (req) => requestInvoice(db, req.caller.user, BigInt(req.params.id), req.body),
  );

  r.get(
    '/api/orders/:id/vat-invoice',
    {
      schema: {
        tags,
        summary:
          "The order's VAT invoice: status, request, invoice and credit notes (buyerCheckVATInvoice / GET_INVOICE)",
        params: IdParams,
        response: { 200: VatInvoiceView, ...errors },
      },
    },
    async (req) => invoiceView(db, req.caller.user, BigInt(req.params.id)),
  );

  r.post(
    '/api/orders/:id/vat-invoice/email',
    {
      schema: {
        tags,
        summary: "Send the invoice (and its credit notes) as PDF to the buyer's email (sendInvoiceEmail)",
        params: IdParams,
        response: { 200: z.object({ to: z.string(), documents: z.array(z.string()) }), ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => sendInvoiceEmail(db, storage, req.caller.user, BigInt(req.params.id)),
  );

  r.get(
    '/api/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: "An invoice or credit note as PDF (the order's buyer and seller only)",
        params: IdParams,
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await downloadDocument(db, storage, req.caller.user, BigInt(req.params.id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  const seller = ['merchant console'];
  r.put(
    '/api/merchant/shops/:id/tax-profile',
    {
      schema: {
        tags: seller,
        summary: "The shop's legal name, VAT ID and address, as its invoices show them",
        params: IdParams,
        body: ShopTaxProfileBody,
        response: {
          200: z.object({ shopId: Id, legalName: z.string(), vatId: z.string(), address: InvoiceAddress }),
          ...errors,
        },
      },
    },
    async (req) => saveTaxProfile(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body),
  );

  r.get(
    '/api/merchant/shops/:id/tax-profile',
    {
      schema: {
        tags: seller,
        summary: "The shop's legal name, VAT ID and address as saved (profile null until entered)",
        params: IdParams,
        response: {
          200: z.object({
            profile: z
              .object({ shopId: Id, legalName: z.string(), vatId: z.string(), address: InvoiceAddress })
              .nullable(),
          }),
          ...errors,
        },
      },
    },
    async (req) => taxProfileOf(db, requireSeller(req.caller.user), BigInt(req.params.id)),
  );

  r.post(
    '/api/merchant/vat-invoices',
    {
      schema: {
        tags: seller,
        summary: "VAT invoice requests of the seller's orders (oldest first)",
        body: z.object({ status: z.enum(['REQUESTED', 'ISSUED', 'CREDITED']).optional() }).optional(),
        response: {
          200: z.array(
            z.object({
              orderId: Id,
              tradeOrderCode: z.string(),
              status: z.string(),
              companyName: z.string(),
              vatId: z.string(),
              requestedAt: z.string(),
              documents: z.array(InvoiceDocumentView),
            }),
          ),
          ...errors,
        },
      },
    },
    async (req) => sellerInvoiceRequests(db, requireSeller(req.caller.user), req.body?.status),
  );

  r.post(
    '/api/merchant/orders/:id/vat-invoice/issue',
    {
      schema: {
        tags: seller,
        summary: "Issue the requested VAT invoice of an order (next number of the shop's sequence, PDF)",
        params: IdParams,
        response: { 200: VatInvoiceView, ...errors },
      },
    },
    async (req) => issueInvoice(db, storage, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id)),
  );
}
