/**
 * The operator's risk review: orders held by risk screening, with their score and reasons, and
 * the decision on each (approve: the buyer can pay; cancel: the order is cancelled). OPERATOR only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, HeldOrder, HeldOrdersQuery, Id, RiskDecisionBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireOperator } from '../merchant/guard.js';
import { decideHeld, listScreenings } from './service.js';

const tags = ['operator'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function riskRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/operator/risk-holds',
    {
      schema: {
        tags,
        summary: 'Orders held by risk screening (HELD, oldest first) or the last decided ones (DECIDED)',
        querystring: HeldOrdersQuery,
        response: { 200: z.array(HeldOrder), ...errors },
      },
    },
    async (req) => {
      requireOperator(req.caller.user);
      return listScreenings(db, req.query.outcome);
    },
  );

  r.post(
    '/api/operator/risk-holds/:contractId/decision',
    {
      schema: {
        tags,
        summary: 'Approve a held order (the buyer can pay it) or cancel it (stock, points and coupons go back)',
        params: z.strictObject({ contractId: Id }),
        body: RiskDecisionBody,
        response: { 200: HeldOrder, ...errors },
      },
    },
    async (req) =>
      decideHeld(db, requireOperator(req.caller.user).id, BigInt(req.params.contractId), req.body.decision),
  );
}
