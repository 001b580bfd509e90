/** Order routes of SPEC §7 "Orders", on the paths the spec names. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelAfterPayBody,
  CancelAfterPayResult,
  ErrorBody,
  GuestLookupBody,
  IdBody,
  ListPackageBody,
  OrderCountBody,
  OrderCounts,
  OrderDetail,
  OrderDetailBody,
  OrderListBody,
  OrderPage,
  PackageList,
  PostponeBody,
  PostponeResult,
  ShipmentPackage,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { compiledSerializer } from '../../lib/compiled-response.js';
import { listPackages, packagesForGuest } from '../fulfillment/service.js';
import { cancelAfterPay } from '../../flows/apply-reverse.js';
import { orderReadCache } from './read-cache.js';
import { isMainAccount } from './scope.js';
import {
  cancelBeforePay,
  countOrders,
  guestLookup,
  listOrders,
  orderDetail,
  orderNotFound,
  postpone,
  signForDelivery,
} from './service.js';

const tags = ['orders'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
export const ORDERS_SWEEP_QUEUE = 'orders-sweep';

/** Orders belong to the session's buyer (registered or tourist); without one there is nothing to show. */
function buyerOf(req: FastifyRequest) {
  if (!req.caller.user) throw orderNotFound();
  return req.caller.user;
}

export function tradeRoutes(app: FastifyInstance, db: Db, jobs?: Jobs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // List pages, tab counts and details come serialized from the per-buyer cache while the
  // buyer's order version (read with the session: config orderVersion) stands (read-cache.ts).
  const cache = orderReadCache();
  const serializer = (schema: unknown, url: string) =>
    compiledSerializer({ schema, method: 'POST', url, httpStatus: '200' }) as (data: unknown) => string;
  const LIST = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
  const COUNTS = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
  const DETAIL = '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer';
  const listJson = serializer(OrderPage, LIST);
  const countsJson = serializer(OrderCounts, COUNTS);
  const detailJson = serializer(OrderDetail, DETAIL);
  /** The cache key of this caller's request, or null when it is not kept (main accounts see sub-accounts' orders too). */
  const keyOf = (req: FastifyRequest, kind: string, body: object) => {
    const user = req.caller.user;
    // The language too: the detail names the shipping method in it.
    return user && !isMainAccount(user) && !(body as { enterpriseUserIds?: unknown }).enterpriseUserIds
      ? `${user.id}|${req.caller.language}|${kind}|${JSON.stringify(body)}`
      : null;
  };
  const json = 'application/json; charset=utf-8';

  r.post(
    LIST,
    {
      serializerCompiler: compiledSerializer,
      config: { orderVersion: true },
      schema: {
        tags,
        summary:
          "Page of the buyer's orders (main accounts: also sub-accounts'), newest first, with every filter of the list",
        body: OrderListBody,
        response: { 200: OrderPage, ...errors },
      },
    },
    async (req, reply) => {
      const user = req.caller.user;
      if (!user) return { data: [], total: 0, pageNo: req.body.pageNo, pageSize: req.body.pageSize };
      // Typed keywords and time spans (which move with the clock) are not kept.
      const key = req.body.queryParams?.keyword || req.body.timeline ? null : keyOf(req, 'list', req.body);
      const body = await cache.body(req.caller.orderVersion, key, async () =>
        listJson(await listOrders(db, user, req.body)),
      );
      return reply.type(json).send(body as never); // already serialized
    },
  );

  r.post(
    COUNTS,
    {
      serializerCompiler: compiledSerializer,
      config: { orderVersion: true },
      schema: {
        tags,
        summary: 'Order count per list tab (ALL_ORDER, PENDING_PAY, UN_DELIVERY, UN_RECEIVED, COMPLETE, CANCEL_ALL)',
        body: OrderCountBody,
        response: { 200: OrderCounts, ...errors },
      },
    },
    async (req, reply) => {
      const user = req.caller.user;
      if (!user)
        return ['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CANCEL_ALL'].map((t) => ({
          displayOrderStatus: t,
          quantity: 0,
        })) as never;
      const body = await cache.body(req.caller.orderVersion, keyOf(req, 'counts', req.body), async () =>
        countsJson(await countOrders(db, user, req.body)),
      );
      return reply.type(json).send(body as never);
    },
  );

  r.post(
    DETAIL,
    {
      serializerCompiler: compiledSerializer,
      config: { orderVersion: true },
      schema: {
        tags,
        summary: "Order detail; 404 Trade.tradeOrderNotExist when it is not the caller's",
        body: OrderDetailBody,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (req, reply) => {
      const user = buyerOf(req);
      // Only found orders are kept (a 404 is thrown by the load).
      const body = await cache.body(req.caller.orderVersion, keyOf(req, 'detail', req.body), async () =>
        detailJson(await orderDetail(db, user, BigInt(req.body.id), req.caller.language, req.body.outTradeOrderCode)),
      );
      return reply.type(json).send(body as never);
    },
  );

  r.post(
    '/sapi/mall-order/web/order/listPackage',
    {
      schema: {
        tags,
        summary: 'Shipment packages of an order with carrier, tracking number and timeline',
        body: ListPackageBody,
        response: { 200: PackageList, ...errors },
      },
    },
    async (req) => ({ shipments: await listPackages(db, buyerOf(req), BigInt(req.body.id)) }),
  );

  r.post(
    '/sapi/mall-order/web/order/closeImmediatelyTradeOrder',
    {
      schema: {
        tags,
        summary:
          'Cancel before pay: the order (and the orders paid with it) close at once; stock, points and coupons return',
        body: IdBody,
        response: { 200: z.object({ closedOrderIds: z.array(z.string()) }), ...errors },
      },
    },
    async (req) => cancelBeforePay(db, buyerOf(req), BigInt(req.body.id)),
  );

  r.post(
    '/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow',
    {
      schema: {
        tags,
        summary: 'Cancel after pay: opens one reverse order for the seller (a repeat returns the same one)',
        body: CancelAfterPayBody,
        response: { 200: CancelAfterPayResult, ...errors },
      },
    },
    async (req) => cancelAfterPay(db, buyerOf(req), BigInt(req.body[0]!.tradeOrder.id)),
  );

  r.post(
    '/sapi/mall-order/web/order/signForDelivery',
    {
      schema: {
        tags,
        summary: 'Confirm receipt of one package; the last one completes the order',
        body: IdBody,
        response: {
          200: z.object({ orderId: z.string(), orderStatus: z.enum(['UN_RECEIVED', 'COMPLETE']) }),
          ...errors,
        },
      },
    },
    async (req) => signForDelivery(db, buyerOf(req), BigInt(req.body.id)),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_BBCPostponeDeliveryFlow',
    {
      schema: {
        tags,
        summary: 'Postpone the receipt deadline; value is the days added',
        body: PostponeBody,
        response: { 200: PostponeResult, ...errors },
      },
    },
    async (req) => {
      const result = await postpone(db, buyerOf(req), BigInt(req.body[0]!.id));
      // Auto-confirm runs again at the new deadline (the minute sweep would catch it too).
      await jobs?.send(ORDERS_SWEEP_QUEUE, {}, { startAfter: new Date(result.receiptDeadlineMillis + 1000) });
      return result;
    },
  );

  r.post(
    '/sapi/mall-order/web/order/guestLookup',
    {
      schema: {
        tags,
        summary: 'Guest order lookup by order number plus the email given at checkout (never by number alone)',
        body: GuestLookupBody,
        response: { 200: z.object({ order: OrderDetail, shipments: z.array(ShipmentPackage) }), ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      const order = await guestLookup(db, req.body.tradeOrderCode, req.body.email, req.caller.language);
      return { order, shipments: await packagesForGuest(db, BigInt(order.id)) };
    },
  );
}
