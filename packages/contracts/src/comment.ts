/**
 * Review (comment) contracts: SPEC §2 "Reviews", §3 Review, §4 "Reviews", §5 review rules, §7
 * "Reviews". A first review rates one bought order line (topId -1); a follow-up adds text and
 * images to it (topId = the first review's id, parentId -1, no rating). The web app validates
 * its forms with these same schemas.
 */
import { z } from 'zod';
import { REVIEW } from './constants.js';
import { Attribute, Id, Money } from './schemas.js';

/** A review image as the review-image upload returns it: the display size and its thumbnail. */
export const ReviewImageFile = z.object({
  url: z.string().regex(/^\/(uploads\/reviews\/[0-9a-f-]{36}-d\.webp|media\/demo\/[a-z0-9-]+\.svg)$/, 'invalid image'),
  thumbUrl: z.string().optional(),
});
export type ReviewImageFile = z.infer<typeof ReviewImageFile>;
const ReviewImages = z.object({ files: z.array(ReviewImageFile).max(REVIEW.imagesMax, 'At most 6 images') });

/** -1 or an id, as the spec writes topId / parentId (number or string). */
const TopId = z.union([z.literal(-1), z.literal('-1'), Id]).transform((v) => (v === -1 || v === '-1' ? null : v));

/** One review of bbc_content_BatchCreateCommonCommentFlow. Text and rating are checked by the server with their own codes. */
export const CreateReview = z.strictObject({
  /** The order line reviewed. */
  postId: Id,
  postTypeDict: z.literal('ORDER_LINE').default('ORDER_LINE'),
  /** 1..5 stars; not sent on a follow-up. */
  rateDict: z.number().int().optional(),
  content: z.string().max(2000).optional(),
  images: ReviewImages.optional(),
  topId: TopId.optional(),
  parentId: TopId.optional(),
});
export type CreateReview = z.output<typeof CreateReview>;
export type CreateReviewInput = z.input<typeof CreateReview>;
export const CreateReviewsBody = z.array(CreateReview).min(1).max(50);
export const CreatedReview = z.object({ id: Id, topId: Id.nullable(), postId: Id });
export const CreateReviewsResult = z.array(CreatedReview);

export const ReviewSku = z.object({
  id: Id,
  name: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  item: z.object({ id: Id, urlKey: z.string().nullable(), itemName: z.string() }),
});
export const ReplyComment = z.object({ data: z.array(z.object({ content: z.string(), createdAt: z.string() })) });

const ReviewBase = z.object({
  id: Id,
  /** null on a first review (the spec's -1), the first review's id on a follow-up. */
  topId: Id.nullable(),
  parentId: z.literal(-1),
  content: z.string(),
  postId: Id,
  postTypeDict: z.literal('ORDER_LINE'),
  postOwner: z.object({ id: Id }),
  images: z.object({ files: z.array(z.object({ url: z.string(), thumbUrl: z.string() })) }),
  rateDict: z.number().int().nullable(),
  commentator: z.object({ id: Id, name: z.string() }),
  commentatorTypeDict: z.literal('BUYER'),
  commentRecipient: z.object({ id: Id }),
  createdAt: z.string(),
  sku: ReviewSku,
  tradeOrderId: Id,
  replyComment: ReplyComment,
});
export const Review = ReviewBase.extend({ reviewComments: z.array(ReviewBase) });
export type Review = z.infer<typeof Review>;

/** bbc_content_PageCommonComment4CFlow: [{ qCommentBO, queryParams: { page } }] */
export const PageReviewsBody = z
  .array(
    z.strictObject({
      qCommentBO: z
        .strictObject({
          id: Id.optional(),
          postTypeDict: z.literal('ORDER_LINE').optional(),
          commentator: z.strictObject({ id: Id }).optional(),
        })
        .optional(),
      queryParams: z
        .strictObject({
          page: z
            .strictObject({
              no: z.number().int().min(1).max(100000).default(1),
              size: z.number().int().min(1).max(50).default(REVIEW.pageSize),
            })
            .optional(),
        })
        .optional(),
    }),
  )
  .min(1)
  .max(1);
export const ReviewPage = z.object({
  data: z.array(z.object({ comment: Review, replyComment: ReplyComment, reviewComments: z.array(ReviewBase) })),
  total: z.number().int(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** bbc_trade_PageTradeOrderForBuyerIdFlow: finished orders; commentStatus picks those with lines left to review. */
export const PageOrdersToReviewBody = z
  .array(
    z.strictObject({
      queryParams: z
        .strictObject({
          page: z
            .strictObject({
              no: z.number().int().min(1).max(100000).default(1),
              size: z.number().int().min(1).max(50).default(REVIEW.pageSize),
            })
            .optional(),
        })
        .optional(),
      tradeOrderStatus: z.strictObject({ displayStatus: z.strictObject({ value: z.literal('COMPLETE') }) }).optional(),
      commentStatus: z.enum(['unComment', 'comment']).optional(),
    }),
  )
  .min(1)
  .max(1);
export const ReviewableLine = z.object({
  id: Id,
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  qty: z.string(),
  unitName: z.string().nullable(),
  lineGroupTypeDict: z.string(),
  skuAmt: Money,
  /** The first review of this line, when written. */
  commentId: Id.nullable(),
  sku: ReviewSku,
});
export type ReviewableLine = z.infer<typeof ReviewableLine>;
export const OrderToReview = z.object({
  id: Id,
  tradeOrderCode: z.string(),
  shopName: z.string(),
  completedTime: z.string().nullable(),
  orderedTime: z.string(),
  tradeOrderCommentStatus: z.enum(['EVALUATED', 'NOT_EVALUATED']),
  /** DIY parts are hidden; gifts are reviewed like any bought line. */
  tradeOrderLineList: z.array(ReviewableLine),
});
export type OrderToReview = z.infer<typeof OrderToReview>;
export const OrdersToReviewPage = z.object({
  data: z.array(OrderToReview),
  total: z.number().int(),
  toReviewCount: z.number().int(),
});
export type OrdersToReviewPage = z.infer<typeof OrdersToReviewPage>;

/** trade_QueryOneTradeBaseOrderLineBOBuiltInFunc [{id}] and bbc_trade_TradeOrderLineForIdFlow [{ id: { values } }]. */
export const OneLineBody = z
  .array(z.strictObject({ id: Id }))
  .min(1)
  .max(1);
export const LinesByIdBody = z
  .array(z.strictObject({ id: z.strictObject({ values: z.array(Id).min(1).max(50) }) }))
  .min(1)
  .max(1);
export const OrderLineForReview = ReviewableLine.extend({
  tradeOrderId: Id,
  tradeOrderCode: z.string(),
  orderStatus: z.string(),
  shopName: z.string(),
});
export type OrderLineForReview = z.infer<typeof OrderLineForReview>;

/** Item page: average, count per star and the newest published reviews (names shortened). */
export const ItemReviewsQuery = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(REVIEW.itemPageSize),
  star: z.coerce.number().int().min(1).max(5).optional(),
});
export const ItemReviews = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** perStar[0] is the number of 1-star reviews … perStar[4] of 5-star ones. */
  perStar: z.array(z.number().int()).length(5),
  data: z.array(Review),
  total: z.number().int(),
});
export type ItemReviews = z.infer<typeof ItemReviews>;

// ---------- seller console ----------
export const SellerReviewListBody = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  star: z.number().int().min(1).max(5).optional(),
  notReplied: z.boolean().optional(),
});
export const SellerReview = Review.extend({
  buyerName: z.string(),
  shopName: z.string(),
  reported: z.boolean(),
  hidden: z.boolean(),
});
export type SellerReview = z.infer<typeof SellerReview>;
export const SellerReviewPage = z.object({ data: z.array(SellerReview), total: z.number().int() });
export const ReplyBody = z.strictObject({
  content: z.string().trim().min(1, 'Please write a reply').max(REVIEW.textMax),
});
export const ReportBody = z.strictObject({ reason: z.string().trim().min(1, 'Please say why').max(300) });
