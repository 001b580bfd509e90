/** Pay together and cancel together (SPEC §4 MERGE_PAY, MERGE_CANCEL), for the session's buyer only. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContractDetail, ErrorBody, MergeCancelResult, MergeOrdersBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { orderNotFound } from '../trade/service.js';
import { cancelTogether, mergeForPayment } from './service.js';

const tags = ['orders'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

function buyerOf(req: FastifyRequest) {
  if (!req.caller.user) throw orderNotFound();
  return req.caller.user;
}

export function mergeRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trade/merge-pay',
    {
      schema: {
        tags,
        body: MergeOrdersBody,
        response: { 200: ContractDetail, ...errors },
        summary:
          'Pay several unpaid orders together: the merged contract to pay with firstPay (the same selection, the same contract). 409 Payment.mergeNotPayable, Payment.mergeMixed, Payment.pending; 400 Payment.mergeCount',
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => mergeForPayment(db, buyerOf(req), req.body.tradeOrderIds),
  );

  r.post(
    '/api/trade/merge-cancel',
    {
      schema: {
        tags,
        body: MergeOrdersBody,
        response: { 200: MergeCancelResult, ...errors },
        summary:
          "Cancel several unpaid orders together in one transaction (each checkout's stock, coupons and points return); any order that cannot be cancelled cancels none",
      },
    },
    async (req) => cancelTogether(db, buyerOf(req), req.body.tradeOrderIds),
  );
}
