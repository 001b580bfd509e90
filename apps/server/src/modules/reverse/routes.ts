/** After-sales routes of SPEC §7 "After-sales" on the spec's paths, and the seller console's after-sales calls. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplyBody,
  ApplyResult,
  AuditBody,
  ErrorBody,
  ExchangeSkusBody,
  ExchangeSkusResult,
  Id,
  IdRequest,
  PostBackBody,
  QcBody,
  ReissueResult,
  RenderApplyBody,
  RenderApplyResult,
  ReturnAddress,
  ReturnAddressBody,
  ReverseActionResult,
  ReverseByOrderSkuBody,
  ReverseDetail,
  ReverseEventBody,
  ReverseIdBody,
  ReverseListBody,
  ReversePage,
  ReverseSummary,
  SellerRefundBody,
  SellerReverseListBody,
  SellerReversePage,
  ShipExchangeBody,
  TrackEntry,
  CancelDecisionBody,
  type ApplyType,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { applyReverse, renderApply } from '../../flows/apply-reverse.js';
import type { Refunder } from '../../flows/refund.js';
import { requireSeller } from '../fulfillment/service.js';
import { listReverse, reverseById, reverseByOrderSku, reverseNotFound } from './read.js';
import {
  addShipmentEvent,
  audit,
  buyerCancel,
  confirmExchange,
  exchangeSkus,
  postBack,
  qc,
  reissue,
  retryRefund,
  returnAddresses,
  reverseDeadlines,
  saveReturnAddress,
  sellerRefund,
  sellerReverseList,
  shipExchange,
  type Outcome,
} from './service.js';

export const REVERSE_SWEEP_QUEUE = 'reverse-sweep';
const tags = ['after-sales'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const IdParams = z.strictObject({ id: Id });

/** After-sales belong to a registered buyer; tourists and strangers see none. */
function buyerOf(req: FastifyRequest) {
  const u = req.caller.user;
  if (!u || u.userType !== 'REGISTERED') throw reverseNotFound();
  return u;
}

const INITIATE: Record<ApplyType, string> = {
  SALE_REFUND: '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
  SALE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForReturnFlow',
  SALE_EXCHANGE: '/api/trantor/flow/trade_InitiateReverseTradeOrderForExchangeFlow',
  SALE_CANCEL_BEFORE_DELIVERY: '/api/trantor/flow/bbc_trade_InitiateReverseTradeOrderForCancelUnDeliveryFlow',
  PURCHASE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForPurchaseReturnFlow',
};

export function reverseRoutes(app: FastifyInstance, db: Db, opts: { refunder: Refunder; jobs?: Jobs }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** After commit: refunds go to their job, and the next deadline gets a sweep of its own. */
  const after = async (o: Outcome) => {
    opts.refunder.dispatch(o.refundIds);
    return { id: o.id, reverseTradeOrderStatus: o.reverseTradeOrderStatus };
  };
  const sweepAt = (ms: number) =>
    opts.jobs?.send(REVERSE_SWEEP_QUEUE, {}, { startAfter: new Date(Date.now() + ms + 1000) });

  r.post(
    '/sapi/mall-order/web/reverseorder/querypage',
    {
      schema: {
        tags,
        summary:
          "Page of the buyer's after-sales orders (keyword = after-sale number prefix; applied = processing, finished or one status)",
        body: ReverseListBody,
        response: { 200: ReversePage, ...errors },
      },
    },
    async (req) =>
      req.caller.user?.userType === 'REGISTERED'
        ? listReverse(db, req.caller.user.id, req.body)
        : { data: [], total: 0, pageNo: req.body.pageNo ?? 1, pageSize: req.body.pageSize ?? 10 },
  );

  r.post(
    '/sapi/mall-order/web/reverseorder/querybyordersku',
    {
      schema: {
        tags,
        summary: 'The after-sales orders of one product (SKU) of one order',
        body: ReverseByOrderSkuBody,
        response: { 200: z.object({ data: z.array(ReverseSummary) }), ...errors },
      },
    },
    async (req) => ({
      data: await reverseByOrderSku(db, buyerOf(req).id, BigInt(req.body.tradeOrderId), BigInt(req.body.skuId)),
    }),
  );

  r.post(
    '/sapi/mall-order/web/reverseorder/querybyid',
    {
      schema: {
        tags,
        summary: "After-sales detail; 404 AfterSales.reverseNotExist when it is not the caller's",
        body: ReverseIdBody,
        response: { 200: ReverseDetail, ...errors },
      },
    },
    async (req) => reverseById(db, buyerOf(req).id, BigInt(req.body.id)),
  );

  r.post(
    '/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow',
    {
      schema: {
        tags,
        summary: 'Apply page: the lines that can go into after-sales, the refundable amount, reasons and types',
        body: RenderApplyBody,
        response: { 200: RenderApplyResult, ...errors },
      },
    },
    async (req) => renderApply(db, buyerOf(req), req.body[0]!),
  );

  for (const [type, path] of Object.entries(INITIATE) as [ApplyType, string][]) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary: `Apply for ${type} (send an Idempotency-Key header: a retry returns the same reverse order)`,
          body: ApplyBody,
          headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }).passthrough(),
          response: { 200: ApplyResult, ...errors },
        },
      },
      async (req) => {
        const result = await applyReverse(db, buyerOf(req), type, req.body[0]!, req.headers['idempotency-key']);
        await sweepAt(reverseDeadlines().auditMs);
        return result;
      },
    );
  }

  r.post(
    '/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow',
    {
      schema: {
        tags,
        summary: 'Buyer withdraws an after-sales request (before anything came back)',
        body: IdRequest,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => after(await buyerCancel(db, buyerOf(req), BigInt(req.body[0]!.id))),
  );

  r.post(
    '/api/trantor/flow/trade_PostBackReverseTradeOrderFlow',
    {
      schema: {
        tags,
        summary: 'Buyer sends the goods back (SELF_DELIVERY) with carrier and tracking number',
        body: PostBackBody,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => {
      const b = req.body[0]!;
      const p = b.fulfillmentProgressList[0]!;
      return after(
        await postBack(db, buyerOf(req), BigInt(b.id), {
          serviceCode: p.serviceCode,
          carrierId: p.fulfillmentServiceProvider.id,
        }),
      );
    },
  );

  r.post(
    '/api/trantor/flow/trade_ConfirmReverseTradeOrderExchangeSkuFlow',
    {
      schema: {
        tags,
        summary: 'Buyer confirms receipt of the exchange replacement',
        body: IdRequest,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => after(await confirmExchange(db, buyerOf(req), BigInt(req.body[0]!.id))),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow',
    {
      schema: {
        tags,
        summary: 'SKUs of an item a bought line can be exchanged for (diyItemId = the item id)',
        body: ExchangeSkusBody,
        response: { 200: ExchangeSkusResult, ...errors },
      },
    },
    async (req) =>
      exchangeSkus(
        db,
        buyerOf(req),
        BigInt(req.body[0]!.diyItemId),
        req.body[0]!.tradeOrderLineId ? BigInt(req.body[0]!.tradeOrderLineId) : undefined,
      ),
  );

  // ---------- seller console ----------
  const seller = ['merchant console'];
  r.post(
    '/api/merchant/reverse',
    {
      schema: {
        tags: seller,
        summary: "The seller's after-sales requests (to audit, to receive, to refund, to ship, all)",
        body: SellerReverseListBody,
        response: { 200: SellerReversePage, ...errors },
      },
    },
    async (req) => sellerReverseList(db, requireSeller(req.caller.user), req.body),
  );

  r.post(
    '/api/merchant/reverse/:id/audit',
    {
      schema: {
        tags: seller,
        summary: 'Approve, or reject with a reason the buyer sees',
        params: IdParams,
        body: AuditBody,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => {
      const o = await audit(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body);
      if (o.reverseTradeOrderStatus === 'WAITING_FOR_BUYER_RETURN') await sweepAt(reverseDeadlines().returnMs);
      return after(o);
    },
  );

  // The orders console's cancel requests (approve refunds, reject sends the order back to delivery).
  r.post(
    '/api/merchant/reverse/:id/decision',
    {
      schema: {
        tags: seller,
        summary: 'Approve or reject a cancel request (same as audit)',
        params: IdParams,
        body: CancelDecisionBody,
        response: { 200: z.object({ orderStatus: z.string(), reverseTradeOrderStatus: z.string() }), ...errors },
      },
    },
    async (req) => {
      const o = await audit(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), {
        approve: req.body.approve,
        reason: req.body.approve ? undefined : 'The seller could not cancel this order',
      });
      await after(o);
      return {
        orderStatus: req.body.approve ? 'REFUNDING' : 'UN_DELIVERY',
        reverseTradeOrderStatus: o.reverseTradeOrderStatus,
      };
    },
  );

  r.post(
    '/api/merchant/reverse/:id/qc',
    {
      schema: {
        tags: seller,
        summary: 'Receive and check the returned goods: pass, or reject with a reason',
        params: IdParams,
        body: QcBody,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => after(await qc(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body)),
  );

  r.post(
    '/api/merchant/reverse/:id/refund',
    {
      schema: {
        tags: seller,
        summary: 'Refund (up to what was applied for) with optional return shipping',
        params: IdParams,
        body: SellerRefundBody,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) =>
      after(await sellerRefund(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body)),
  );

  r.post(
    '/api/merchant/reverse/:id/retry-refund',
    {
      schema: {
        tags: seller,
        summary: 'Try a failed refund again',
        params: IdParams,
        body: z.strictObject({}).optional(),
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => after(await retryRefund(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id))),
  );

  r.post(
    '/api/merchant/reverse/:id/ship',
    {
      schema: {
        tags: seller,
        summary: 'Ship the replacement of an exchange',
        params: IdParams,
        body: ShipExchangeBody,
        response: { 200: ReverseActionResult, ...errors },
      },
    },
    async (req) => {
      const o = await shipExchange(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body);
      await sweepAt(reverseDeadlines().confirmMs);
      return after(o);
    },
  );

  r.post(
    '/api/merchant/reverse/:id/reissue',
    {
      schema: {
        tags: seller,
        summary:
          'Settle a checked return or exchange by sending the goods again: one reissue order (REVERSE_REISSUE, nothing to pay), the same on a repeated call',
        params: IdParams,
        body: z.strictObject({}).optional(),
        response: { 200: ReissueResult, ...errors },
      },
    },
    async (req) => {
      const o = await reissue(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id));
      return { ...(await after(o)), reissueOrderId: o.reissueOrderId };
    },
  );

  r.post(
    '/api/merchant/reverse-shipments/:id/events',
    {
      schema: {
        tags: seller,
        summary: 'Add a tracking event to a replacement shipment',
        params: IdParams,
        body: ReverseEventBody,
        response: { 200: TrackEntry, ...errors },
      },
    },
    async (req) => addShipmentEvent(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.id), req.body),
  );

  r.get(
    '/api/merchant/return-addresses',
    {
      schema: {
        tags: seller,
        summary: "The seller's shops and their return addresses",
        response: {
          200: z.array(z.object({ shopId: Id, shopName: z.string(), address: ReturnAddress.nullable() })),
          ...errors,
        },
      },
    },
    async (req) => returnAddresses(db, requireSeller(req.caller.user)),
  );

  r.put(
    '/api/merchant/return-addresses/:shopId',
    {
      schema: {
        tags: seller,
        summary: "Set a shop's return address",
        params: z.strictObject({ shopId: Id }),
        body: ReturnAddressBody,
        response: { 200: ReturnAddress, ...errors },
      },
    },
    async (req) => saveReturnAddress(db, requireSeller(req.caller.user, 'fulfil'), BigInt(req.params.shopId), req.body),
  );
}
