/**
 * The platform operator's minimal console (SPEC §2 enter step bar, §6 merchant states): review
 * merchant applications (pass creates the shop, reject gives a reason) and freeze, clear or
 * restore sellers. Every route needs the OPERATOR role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  Id,
  MerchantStateBody,
  OperatorApplication,
  OperatorApplicationsQuery,
  OperatorSeller,
  RejectApplicationBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireOperator } from '../merchant/guard.js';
import { listApplications, listSellers, moveSeller, passApplication, rejectApplication } from '../merchant/service.js';

const tags = ['operator'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.strictObject({ id: Id });

export function operatorRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/operator/merchant-applications',
    {
      schema: {
        tags,
        summary: 'Merchant applications by status (pending first by age)',
        querystring: OperatorApplicationsQuery,
        response: { 200: z.array(OperatorApplication), ...errors },
      },
    },
    async (req) => {
      requireOperator(req.caller.user);
      return listApplications(db, req.query.status);
    },
  );

  r.post(
    '/api/operator/merchant-applications/:id/pass',
    {
      schema: {
        tags,
        summary: 'Pass an application: the applicant becomes a seller with a shop of the applied name',
        params: IdParams,
        body: z.strictObject({}).optional(),
        response: { 200: OperatorApplication, ...errors },
      },
    },
    async (req) => passApplication(db, requireOperator(req.caller.user), BigInt(req.params.id)),
  );

  r.post(
    '/api/operator/merchant-applications/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject an application with a reason shown to the applicant',
        params: IdParams,
        body: RejectApplicationBody,
        response: { 200: OperatorApplication, ...errors },
      },
    },
    async (req) => rejectApplication(db, requireOperator(req.caller.user), BigInt(req.params.id), req.body.reason),
  );

  r.get(
    '/api/operator/sellers',
    {
      schema: {
        tags,
        summary: 'Sellers with their merchant state, shops and the moves allowed now',
        response: { 200: z.array(OperatorSeller), ...errors },
      },
    },
    async (req) => {
      requireOperator(req.caller.user);
      return listSellers(db);
    },
  );

  r.post(
    '/api/operator/sellers/:id/state',
    {
      schema: {
        tags,
        summary: 'Freeze, clear or restore a seller (SPEC §6 merchant states)',
        params: IdParams,
        body: MerchantStateBody,
        response: { 200: OperatorSeller, ...errors },
      },
    },
    async (req) => {
      requireOperator(req.caller.user);
      return moveSeller(db, BigInt(req.params.id), req.body.event);
    },
  );
}
