/** Super member routes (SPEC §7 Membership), on the spec's paths; the session picks whose service. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  PaidService,
  PaidServiceItem,
  QueryPaidServiceBody,
  RenderPaidServiceItemBody,
  siteFor,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { isRegistered } from '../../lib/session.js';
import { paidServiceOut, queryPaidService, renderPaidServiceItem } from './paid-service.js';

const tags = ['membership'];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function paidServiceRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trantor/func/bbc_item_RenderItemByPaidServicePeriodCodeFunc',
    {
      schema: {
        tags,
        summary:
          "The super member service item and SKU for a period (MONTHLY, YEARLY) on a site (default: the caller's), priced in its currency; put it into checkout to buy",
        body: RenderPaidServiceItemBody,
        response: { 200: PaidServiceItem, ...errors },
      },
    },
    async (req) => {
      const q = req.body[0]!;
      return renderPaidServiceItem(db, q.site ? siteFor(q.site) : req.caller.site, q.periodCode, req.caller.language);
    },
  );

  r.post(
    '/api/trantor/func/customer_QueryOnePaidServiceBOBuiltInFunc',
    {
      schema: {
        tags,
        summary:
          "The caller's super member service: status (NONE, ACTIVE, EXPIRED, ENDED_BY_REFUND), period, start and end, benefits. Guests get NONE",
        body: QueryPaidServiceBody,
        response: { 200: PaidService, ...errors },
      },
    },
    async (req) =>
      isRegistered(req.caller) ? queryPaidService(db, req.caller.user.id) : paidServiceOut(undefined, new Date()),
  );
}
