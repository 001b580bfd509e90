/** Packages, carriers and tracking (SPEC §7), and the seller console's shipping calls. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Carrier,
  CreatePackageBody,
  ErrorBody,
  Id,
  SellerOrderListBody,
  SellerOrderPage,
  TrackEntry,
  TrackingEventBody,
  WaybillQuery,
  WaybillResult,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { ORDERS_SWEEP_QUEUE } from '../trade/routes.js';
import { addTrackingEvent, createPackage, listCarriers, requireSeller, sellerOrders, trackWaybill } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.strictObject({ id: Id });

export function fulfillmentRoutes(app: FastifyInstance, db: Db, jobs?: Jobs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trantor/flow/flexispot_md_QueryCarrierFlow',
    {
      schema: {
        tags: ['fulfillment'],
        summary: 'Carriers (logistics companies)',
        body: z.array(z.object({}).passthrough()).max(1).optional(),
        response: { 200: z.array(Carrier) },
      },
    },
    async () => listCarriers(db),
  );

  r.get(
    '/api/tms/web/express/track/waybill/query',
    {
      schema: {
        tags: ['fulfillment'],
        summary: 'Tracking timeline of a waybill the caller may see (newest first)',
        querystring: WaybillQuery,
        response: { 200: WaybillResult, ...errors },
      },
    },
    async (req) => ({
      entries: await trackWaybill(db, req.caller.user, req.query.carrierCompanyCode, req.query.wayBillNumber),
    }),
  );

  const seller = ['merchant console'];
  r.post(
    '/api/merchant/orders',
    {
      schema: {
        tags: seller,
        summary: "The seller's own shops' orders (to ship, shipped, cancel requests, all)",
        body: SellerOrderListBody,
        response: { 200: SellerOrderPage, ...errors },
      },
    },
    async (req) => sellerOrders(db, requireSeller(req.caller.user), req.body),
  );

  r.post(
    '/api/merchant/orders/:id/packages',
    {
      schema: {
        tags: seller,
        summary: 'Ship lines of an order in one package (carrier and tracking number)',
        params: IdParams,
        body: CreatePackageBody,
        response: { 200: z.object({ packageId: Id, orderStatus: z.string() }), ...errors },
      },
    },
    async (req) => {
      const result = await createPackage(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body);
      if (result.receiptDeadline)
        await jobs?.send(ORDERS_SWEEP_QUEUE, {}, { startAfter: new Date(result.receiptDeadline.getTime() + 1000) });
      return { packageId: result.packageId, orderStatus: result.orderStatus };
    },
  );

  r.post(
    '/api/merchant/packages/:id/events',
    {
      schema: {
        tags: seller,
        summary: 'Add a tracking event to a package',
        params: IdParams,
        body: TrackingEventBody,
        response: { 200: TrackEntry, ...errors },
      },
    },
    async (req) => addTrackingEvent(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body),
  );
}
