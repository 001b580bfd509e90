/** Review routes of SPEC §7 "Reviews" on the spec's paths, the item page's ratings, and the seller console's replies. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReviewsBody,
  CreateReviewsResult,
  ErrorBody,
  Id,
  ItemReviews,
  ItemReviewsQuery,
  LinesByIdBody,
  OneLineBody,
  OrderLineForReview,
  OrdersToReviewPage,
  PageOrdersToReviewBody,
  PageReviewsBody,
  ReplyBody,
  ReportBody,
  REVIEW,
  ReviewPage,
  SellerReviewListBody,
  SellerReviewPage,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireSeller } from '../fulfillment/service.js';
import { reviewImageRoutes } from './images.js';
import type { Uploads } from '../../lib/uploads.js';
import {
  createReviews,
  itemReviews,
  linesForReview,
  pageMyReviews,
  pageOrdersToReview,
  reply,
  report,
  reviewNotFound,
  sellerReviews,
} from './service.js';

const tags = ['reviews'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.strictObject({ id: Id });

/** Reviews are written and listed by registered buyers; tourists and strangers see none. */
function buyerOf(req: FastifyRequest) {
  const u = req.caller.user;
  if (!u || u.userType !== 'REGISTERED') throw reviewNotFound();
  return u;
}

export async function commentRoutes(app: FastifyInstance, db: Db, uploads: Uploads): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await reviewImageRoutes(app, uploads);

  r.post(
    '/api/trantor/flow/bbc_content_BatchCreateCommonCommentFlow',
    {
      schema: {
        tags,
        summary: 'Write first reviews (topId -1) and follow-ups (topId = the first review) in one call; all or none',
        body: CreateReviewsBody,
        response: { 200: CreateReviewsResult, ...errors },
      },
    },
    async (req) => createReviews(db, buyerOf(req), req.body),
  );

  r.post(
    '/api/trantor/flow/bbc_content_PageCommonComment4CFlow',
    {
      schema: {
        tags,
        summary: "The caller's own reviews with replies and follow-ups (qCommentBO.id picks one)",
        body: PageReviewsBody,
        response: { 200: ReviewPage, ...errors },
      },
    },
    async (req) => {
      const q = req.body[0]!;
      if (req.caller.user?.userType !== 'REGISTERED') return { data: [], total: 0 };
      return pageMyReviews(db, req.caller.user, {
        id: q.qCommentBO?.id,
        pageNo: q.queryParams?.page?.no ?? 1,
        pageSize: q.queryParams?.page?.size ?? REVIEW.pageSize,
      });
    },
  );

  r.post(
    '/api/trantor/flow/bbc_trade_PageTradeOrderForBuyerIdFlow',
    {
      schema: {
        tags,
        summary:
          "The caller's finished orders to review (commentStatus unComment, default) or fully reviewed (comment), with the count to review",
        body: PageOrdersToReviewBody,
        response: { 200: OrdersToReviewPage, ...errors },
      },
    },
    async (req) => {
      const q = req.body[0]!;
      if (req.caller.user?.userType !== 'REGISTERED') return { data: [], total: 0, toReviewCount: 0 };
      return pageOrdersToReview(db, req.caller.user, {
        pageNo: q.queryParams?.page?.no ?? 1,
        pageSize: q.queryParams?.page?.size ?? REVIEW.pageSize,
        commentStatus: q.commentStatus ?? 'unComment',
      });
    },
  );

  r.post(
    '/api/trantor/func/trade_QueryOneTradeBaseOrderLineBOBuiltInFunc',
    {
      schema: {
        tags,
        summary: "One of the caller's order lines, for the review form",
        body: OneLineBody,
        response: { 200: OrderLineForReview, ...errors },
      },
    },
    async (req) => {
      const [line] = await linesForReview(db, buyerOf(req), [BigInt(req.body[0]!.id)]);
      if (!line) throw reviewNotFound();
      return line;
    },
  );

  r.post(
    '/api/trantor/flow/bbc_trade_TradeOrderLineForIdFlow',
    {
      schema: {
        tags,
        summary: "The caller's order lines by id (others are left out), for the review form",
        body: LinesByIdBody,
        response: { 200: z.array(OrderLineForReview), ...errors },
      },
    },
    async (req) => linesForReview(db, buyerOf(req), req.body[0]!.id.values.map(BigInt)),
  );

  r.get(
    '/api/catalog/items/:urlKey/reviews',
    {
      schema: {
        tags,
        summary: 'Published reviews of an item: average, count per star, newest first (reviewer names shortened)',
        params: z.strictObject({ urlKey: z.string().max(200) }),
        querystring: ItemReviewsQuery,
        response: { 200: ItemReviews, ...errors },
      },
    },
    async (req) => itemReviews(db, req.params.urlKey, req.query, req.caller.language),
  );

  const seller = ['merchant console'];
  r.post(
    '/api/merchant/comments',
    {
      schema: {
        tags: seller,
        summary: "The seller's shops' reviews, newest first (filter by stars, or not replied yet)",
        body: SellerReviewListBody,
        response: { 200: SellerReviewPage, ...errors },
      },
    },
    async (req) => sellerReviews(db, requireSeller(req.caller.user), req.body),
  );

  r.post(
    '/api/merchant/comments/:id/reply',
    {
      schema: {
        tags: seller,
        summary: 'Reply to a review (once)',
        params: IdParams,
        body: ReplyBody,
        response: { 200: z.object({ content: z.string(), createdAt: z.string() }), ...errors },
      },
    },
    async (req) => reply(db, requireSeller(req.caller.user, 'sell'), BigInt(req.params.id), req.body.content),
  );

  r.post(
    '/api/merchant/comments/:id/report',
    {
      schema: {
        tags: seller,
        summary: 'Report a review to the platform (sellers never edit or hide reviews themselves)',
        params: IdParams,
        body: ReportBody,
        response: { 200: z.object({ reported: z.boolean() }), ...errors },
      },
    },
    async (req) => report(db, requireSeller(req.caller.user, 'sell'), BigInt(req.params.id), req.body.reason),
  );
}
