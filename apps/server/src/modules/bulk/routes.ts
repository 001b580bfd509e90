/**
 * Bulk order requests: the buyer's (list, read, message, accept, decline), the bulk order's
 * confirm-pay detail and billing address (SPEC §7), and the seller console's (list, read,
 * message, quote / revise). Paths not shown in the spec, chosen in the checkout, orders and
 * merchant families.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_REQUEST_STATUS_VALUES,
  BulkBillingAddressBody,
  BulkMessageBody,
  BulkOrderDetail,
  BulkQuoteBody,
  BulkRequestSummary,
  BulkRequestView,
  ErrorBody,
  Id,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireSeller } from '../merchant/guard.js';
import type { BulkNoticeLinks } from './notify.js';
import {
  accept,
  buyerRequests,
  buyerViewer,
  bulkOrderDetail,
  decline,
  postMessage,
  quote,
  requestView,
  sellerRequests,
  sellerViewer,
  updateBillingAddress,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const IdParams = z.strictObject({ id: Id });

/** `links`: the shop's public URL, for the links in the emails to the other party. */
export function bulkRoutes(app: FastifyInstance, db: Db, links?: BulkNoticeLinks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];

  r.get(
    '/api/bulk-requests',
    {
      schema: {
        tags,
        summary: "The buyer's order requests (exceed flow), newest first, with where each stands",
        response: { 200: z.array(BulkRequestSummary), ...errors },
      },
    },
    async (req) => buyerRequests(db, req.caller.user),
  );

  r.get(
    '/api/bulk-requests/:id',
    {
      schema: {
        tags,
        summary: 'One order request: lines, quote, messages and what the buyer may do',
        params: IdParams,
        response: { 200: BulkRequestView, ...errors },
      },
    },
    async (req) => requestView(db, buyerViewer(req.caller.user), BigInt(req.params.id)),
  );

  r.post(
    '/api/bulk-requests/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write to the seller on an order request',
        params: IdParams,
        body: BulkMessageBody,
        response: { 200: BulkRequestView, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => postMessage(db, buyerViewer(req.caller.user), BigInt(req.params.id), req.body.body, links),
  );

  r.post(
    '/api/bulk-requests/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept the quote: one BULK trade order at the quoted prices (a repeat returns the same order)',
        params: IdParams,
        response: { 200: z.object({ orderId: Id, contractId: Id }), ...errors },
      },
    },
    async (req) => accept(db, req.caller.user, BigInt(req.params.id), new Date(), links),
  );

  r.post(
    '/api/bulk-requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline the order request or its quote',
        params: IdParams,
        response: { 200: BulkRequestView, ...errors },
      },
    },
    async (req) => decline(db, req.caller.user, BigInt(req.params.id), links),
  );

  const orders = ['orders'];
  r.get(
    '/api/bulk-orders/:id',
    {
      schema: {
        tags: orders,
        summary: 'Order detail by bulk order id: addresses, lines and summary of the confirm-pay view',
        params: IdParams,
        response: { 200: BulkOrderDetail, ...errors },
      },
    },
    async (req) => bulkOrderDetail(db, req.caller.user, BigInt(req.params.id)),
  );

  r.post(
    '/api/orders/:id/billing-address',
    {
      schema: {
        tags: orders,
        summary: 'Update the billing address of an unpaid trade order (a saved address id or one typed for it)',
        params: IdParams,
        body: BulkBillingAddressBody,
        response: { 200: BulkOrderDetail, ...errors },
      },
    },
    async (req) => updateBillingAddress(db, req.caller, BigInt(req.params.id), req.body.billingAddress),
  );

  const seller = ['merchant console'];
  r.get(
    '/api/merchant/bulk-requests',
    {
      schema: {
        tags: seller,
        summary: "Order requests to the seller's shops, newest first",
        querystring: z.object({ status: z.enum(BULK_REQUEST_STATUS_VALUES).optional() }),
        response: { 200: z.array(BulkRequestSummary), ...errors },
      },
    },
    async (req) => sellerRequests(db, requireSeller(req.caller.user), req.query.status),
  );

  r.get(
    '/api/merchant/bulk-requests/:id',
    {
      schema: {
        tags: seller,
        summary: 'One order request to a shop of the seller',
        params: IdParams,
        response: { 200: BulkRequestView, ...errors },
      },
    },
    async (req) => requestView(db, sellerViewer(requireSeller(req.caller.user)), BigInt(req.params.id)),
  );

  r.post(
    '/api/merchant/bulk-requests/:id/messages',
    {
      schema: {
        tags: seller,
        summary: 'Write to the buyer on an order request',
        params: IdParams,
        body: BulkMessageBody,
        response: { 200: BulkRequestView, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) =>
      postMessage(
        db,
        sellerViewer(requireSeller(req.caller.user, 'fulfil')),
        BigInt(req.params.id),
        req.body.body,
        links,
      ),
  );

  r.post(
    '/api/merchant/bulk-requests/:id/quote',
    {
      schema: {
        tags: seller,
        summary:
          'Quote an order request (unit price per line, shipping, validity date), or revise the quote while not accepted',
        params: IdParams,
        body: BulkQuoteBody,
        response: { 200: BulkRequestView, ...errors },
      },
    },
    async (req) =>
      quote(db, requireSeller(req.caller.user, 'sell'), BigInt(req.params.id), req.body, new Date(), links),
  );
}
