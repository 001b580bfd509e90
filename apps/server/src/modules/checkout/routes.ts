import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  ErrorBody,
  ExceedRequestBody,
  ExceedRequestResult,
  OrderResult,
  PreviewBody,
  PreviewResult,
  SubmitBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { ensureBuyer } from '../../lib/session.js';
import { compiledSerializer } from '../../lib/compiled-response.js';
import { orderWriter, placeOrder, submitExceedRequest } from '../../flows/place-order.js';
import { buildPreview } from './preview.js';
import { checkoutCatalogCache } from './catalog-cache.js';
import { checkCheckoutInvoice, requestInvoicesAtCheckout } from '../invoice/service.js';

const tags = ['checkout'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

function idempotencyKey(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
    throw new AppError(
      400,
      ERROR_CODES.idempotencyKeyRequired,
      'An Idempotency-Key header (8-100 letters, digits, - or _) is required',
    );
  }
  return key;
}

/** Where the order came from, for risk velocity: the client's IP and the device id a client may send (X-Device-Id). */
function deviceOf(req: FastifyRequest): { ip: string | null; deviceId: string | null } {
  const d = req.headers['x-device-id'];
  return { ip: req.ip ?? null, deviceId: typeof d === 'string' && /^[\w-]{8,100}$/.test(d) ? d : null };
}

export function checkoutRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalog = checkoutCatalogCache();
  const writer = orderWriter(db);

  // The preview is ~12 KB of JSON, asked again on every change at checkout: written by a
  // serializer compiled from its schema, not encoded by zod on each answer (lib/compiled-response.ts).
  r.post(
    '/api/checkout/preview',
    {
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary:
          'Contract preview (renderTradeContractTO): lines, shipping methods, pickup stores, coupons, promotion codes, points, tax and totals',
        body: PreviewBody,
        response: { 200: PreviewResult, ...errors },
      },
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (req) => (await buildPreview(db, req.caller, req.body, { forSubmit: false, catalog })).result,
  );

  r.post(
    '/api/checkout/submit',
    {
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary:
          'Create the order (trade contract with one trade order per shop). Requires an Idempotency-Key header: a retry with the same key returns the same contract.',
        body: SubmitBody,
        response: { 200: OrderResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => submitOrder(req, reply, req.body),
  );

  // SPEC §7 "cbe create variant (array of params)": the same order creation for a checkout with
  // cross-border orders (NORMAL_SALE_CBE), which the checkout page sends them to; certificate,
  // duties and customs declaration are handled by the one place-order path either way.
  r.post(
    '/api/checkout/submit-cbe',
    {
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary:
          'Create the order, cross-border variant: an array of one submit payload (Idempotency-Key header). Cross-border shops become NORMAL_SALE_CBE orders with duties, import tax and a customs declaration; the buyer needs a real-name certificate where the site asks for one.',
        body: z.array(SubmitBody).length(1),
        response: { 200: OrderResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => submitOrder(req, reply, req.body[0]!),
  );

  async function submitOrder(req: FastifyRequest, reply: FastifyReply, body: SubmitBody) {
    const key = idempotencyKey(req);
    // buyerSelectedInvoiceList: checked before anything is placed, then asked for on each order placed.
    const invoice = body.buyerSelectedInvoiceList?.[0];
    const invoiceValues = invoice ? checkCheckoutInvoice(req.caller.site, invoice) : null;
    const buyerId = await ensureBuyer(db, req, reply);
    const result = await placeOrder(db, req.caller, buyerId, key, body, catalog, writer);
    // Risk screening (site flag riskCheck) before the buyer has the contract to pay: a held order waits for the operator.
    await app.risk?.screenPlaced(req.caller.site, BigInt(result.id), deviceOf(req), req.log);
    if (invoiceValues) await requestInvoicesAtCheckout(db, buyerId, result.tradeOrderIdList.map(BigInt), invoiceValues);
    return result;
  }

  r.post(
    '/api/checkout/exceed-request',
    {
      schema: {
        tags,
        summary: 'Exceed flow: send an order request for oversized or bulk items (Idempotency-Key header)',
        body: ExceedRequestBody,
        response: { 200: ExceedRequestResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const key = idempotencyKey(req);
      const buyerId = await ensureBuyer(db, req, reply);
      return submitExceedRequest(db, req.caller, buyerId, key, req.body);
    },
  );
}
