/**
 * Reviews (SPEC §2 Reviews, §4, §5, §7): writing first reviews and follow-ups, the buyer's lists,
 * the item page's ratings, and the seller's replies and reports. Only the buyer of a line in a
 * finished order reviews it, once; the shop replies once; nobody edits what a buyer wrote.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  type CreateReview,
  type Currency,
  type ItemReviews,
  type Language,
  type OrderLineForReview,
  type OrdersToReviewPage,
  type Review,
  type ReviewableLine,
  type ReviewPage,
  type SellerReview,
} from '@mall/contracts';
import { isReviewableLine, money, ratingSummary, reviewProblem, shortName } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  commentReplies,
  commentReports,
  comments,
  items,
  shops,
  skus,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import type { Tx } from '../trade/transitions.js';
import { thumbOf } from './images.js';
import { ownUploads } from '../../lib/uploads.js';
import { localizeSku } from '../catalog/service.js';

type CommentRow = typeof comments.$inferSelect;
type LineRow = typeof tradeOrderLines.$inferSelect;
type Snapshot = {
  itemName: string;
  skuName: string;
  image: string;
  attributes?: { attrKey: string; attrVal: string }[];
  urlKey?: string;
  unit?: string | null;
};
const err = (status: number, code: string, message: string, details?: unknown) =>
  new AppError(status, code as never, message, details);
export const reviewNotFound = () => err(404, ERROR_CODES.reviewNotExist, 'This review does not exist');
const PROBLEM = {
  rateRequired: [ERROR_CODES.reviewRateRequired, 'Please pick a rating'],
  contentRequired: [ERROR_CODES.reviewContentRequired, 'Some products have not been reviewed'],
  contentTooLong: [ERROR_CODES.reviewContentTooLong, 'A review can be at most 300 characters'],
  tooManyImages: [ERROR_CODES.invalidRequest, 'At most 6 images'],
} as const;

const skuOf = (l: LineRow) => {
  const s = l.snapshot as Snapshot;
  return {
    id: String(l.skuId),
    name: s.skuName,
    image: s.image,
    attributes: s.attributes ?? [],
    item: { id: String(l.itemId), urlKey: s.urlKey ?? null, itemName: s.itemName },
  };
};

// ---------------- writing ----------------

/** The demo seed's photos: drawings of the media route, which no buyer can submit. */
const isDemoMedia = (url: string) => /^\/media\/demo\/[a-z]+-\d{1,3}-[\w-]{0,60}\.svg$/.test(url);

/**
 * bbc_content_BatchCreateCommonCommentFlow: all the reviews of one submit, or none. The buyer's
 * orders are locked while writing, so two tabs or ten concurrent calls write each review once.
 * Images are review photos this buyer uploaded (someone else's, or none, is refused the same
 * way, so uploads cannot be probed); `demoMedia` lets the demo seed use its drawings.
 */
export async function createReviews(db: Db, buyer: UserRow, list: CreateReview[], opts: { demoMedia?: boolean } = {}) {
  const urls = list.flatMap((r) => r.images?.files.map((f) => f.url) ?? []);
  const own = await ownUploads(db, buyer.id, urls, ['review']);
  for (const [i, r] of list.entries()) {
    const followUp = !!r.topId;
    const problem = reviewProblem({
      rate: r.rateDict,
      content: r.content,
      imageCount: r.images?.files.length ?? 0,
      followUp,
    });
    if (problem) {
      const [code, message] = PROBLEM[problem];
      throw err(400, code, message, { index: i, postId: r.postId });
    }
    for (const f of r.images?.files ?? []) {
      if (!own.has(f.url) && !(opts.demoMedia && isDemoMedia(f.url)))
        throw err(400, ERROR_CODES.reviewImageNotFound, 'This image was not uploaded, please add it again', {
          index: i,
          url: f.url,
        });
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const lineIds = [...new Set(list.map((r) => BigInt(r.postId)))];
      const lines = await tx
        .select({ l: tradeOrderLines, o: tradeOrders })
        .from(tradeOrderLines)
        .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
        .where(and(inArray(tradeOrderLines.id, lineIds), eq(tradeOrders.buyerId, buyer.id)));
      const orderIds = [...new Set(lines.map((x) => x.o.id))];
      if (orderIds.length)
        await tx
          .select({ id: tradeOrders.id })
          .from(tradeOrders)
          .where(inArray(tradeOrders.id, orderIds))
          .orderBy(tradeOrders.id)
          .for('update');
      const out: { id: string; topId: string | null; postId: string }[] = [];
      for (const [i, r] of list.entries()) {
        const found = lines.find((x) => String(x.l.id) === r.postId);
        // Someone else's line, or no line at all: the same answer, so ids cannot be probed.
        if (!found || !isReviewableLine(found.l.lineGroupType))
          throw err(404, ERROR_CODES.reviewLineNotBought, 'You can only review products you bought', {
            index: i,
            postId: r.postId,
          });
        const { l, o } = found;
        if (o.status !== 'COMPLETE')
          throw err(409, ERROR_CODES.reviewOrderNotFinished, 'Products can be reviewed once the order is finished', {
            index: i,
            postId: r.postId,
          });
        const images = (r.images?.files ?? []).map((f) => ({
          url: f.url,
          thumbUrl: f.url.startsWith('/media/') ? f.url : thumbOf(f.url),
        }));
        const base = {
          buyerId: buyer.id,
          orderId: o.id,
          orderLineId: l.id,
          shopId: o.shopId,
          sellerId: o.sellerId,
          itemId: l.itemId,
          skuId: l.skuId,
          content: r.content!.trim(),
          images,
        };
        if (r.topId) {
          const [first] = await tx
            .select()
            .from(comments)
            .where(and(eq(comments.id, BigInt(r.topId)), eq(comments.buyerId, buyer.id), isNull(comments.topId)));
          if (!first || first.orderLineId !== l.id) throw reviewNotFound();
          const [row] = await tx
            .insert(comments)
            .values({ ...base, topId: first.id, rate: null })
            .onConflictDoNothing()
            .returning();
          if (!row)
            throw err(409, ERROR_CODES.reviewFollowUpExists, 'This review already has a follow-up', { index: i });
          out.push({ id: String(row.id), topId: String(first.id), postId: r.postId });
        } else {
          const [row] = await tx
            .insert(comments)
            .values({ ...base, topId: null, rate: r.rateDict! })
            .onConflictDoNothing()
            .returning();
          if (!row)
            throw err(409, ERROR_CODES.reviewAlreadyExists, 'This product has already been reviewed', {
              index: i,
              postId: r.postId,
            });
          out.push({ id: String(row.id), topId: null, postId: r.postId });
        }
      }
      for (const id of orderIds) await markEvaluatedIfDone(tx, id);
      return out;
    });
  } catch (e) {
    const c = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const constraint = c.constraint ?? c.cause?.constraint;
    if (constraint === 'comments_one_first_per_line')
      throw err(409, ERROR_CODES.reviewAlreadyExists, 'This product has already been reviewed');
    if (constraint === 'comments_one_follow_up')
      throw err(409, ERROR_CODES.reviewFollowUpExists, 'This review already has a follow-up');
    throw e;
  }
}

/** Every reviewable line has its first review: the order is EVALUATED and `comment` leaves its operations. */
async function markEvaluatedIfDone(tx: Tx, orderId: bigint): Promise<void> {
  const lines = await tx
    .select({ id: tradeOrderLines.id, type: tradeOrderLines.lineGroupType })
    .from(tradeOrderLines)
    .where(eq(tradeOrderLines.orderId, orderId));
  const reviewed = await tx
    .select({ line: comments.orderLineId })
    .from(comments)
    .where(and(eq(comments.orderId, orderId), isNull(comments.topId)));
  const done = lines.filter((l) => isReviewableLine(l.type)).every((l) => reviewed.some((r) => r.line === l.id));
  if (done)
    await tx
      .update(tradeOrders)
      .set({ commentStatus: 'EVALUATED' })
      .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.commentStatus, 'NOT_EVALUATED')));
}

// ---------------- reading ----------------

/**
 * Reviews as the spec shapes them, with follow-ups, replies and the lines they are about. With
 * `lang` (the item page) the variant is named as the catalog names it in that language; the
 * buyer's and the seller's lists keep it as bought.
 */
async function reviewsOf(
  db: Db | Tx,
  rows: CommentRow[],
  opts: { shortNames: boolean; publishedOnly: boolean; lang?: Language },
): Promise<Review[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [followUps, replies] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(and(inArray(comments.topId, ids), opts.publishedOnly ? eq(comments.status, 'PUBLISHED') : undefined))
      .orderBy(comments.id),
    db.select().from(commentReplies).where(inArray(commentReplies.commentId, ids)),
  ]);
  const all = [...rows, ...followUps];
  const [lines, people, variants] = await Promise.all([
    db
      .select()
      .from(tradeOrderLines)
      .where(inArray(tradeOrderLines.id, [...new Set(all.map((r) => r.orderLineId))])),
    db
      .select({ id: users.id, nickname: users.nickname, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(all.map((r) => r.buyerId))])),
    opts.lang
      ? db
          .select({
            id: skus.id,
            name: skus.name,
            attributes: skus.attributes,
            nonfixedAttributes: skus.nonfixedAttributes,
            texts: skus.texts,
          })
          .from(skus)
          .where(inArray(skus.id, [...new Set(all.map((r) => r.skuId))]))
      : Promise.resolve([]),
  ]);
  const skuNamed = (r: CommentRow) => {
    const sku = skuOf(lines.find((l) => l.id === r.orderLineId)!);
    const live = opts.lang && variants.find((v) => v.id === r.skuId);
    if (!live) return sku;
    const named = localizeSku(live, opts.lang!);
    return { ...sku, name: named.name, attributes: named.attributes };
  };
  const base = (r: CommentRow) => {
    const p = people.find((x) => x.id === r.buyerId);
    const name = p?.nickname || p?.email?.split('@')[0] || 'Buyer';
    const reply = r.topId ? undefined : replies.find((x) => x.commentId === r.id);
    return {
      id: String(r.id),
      topId: r.topId === null ? null : String(r.topId),
      parentId: -1 as const,
      content: r.content,
      postId: String(r.orderLineId),
      postTypeDict: 'ORDER_LINE' as const,
      postOwner: { id: String(r.sellerId) },
      images: { files: r.images },
      rateDict: r.rate,
      commentator: { id: String(r.buyerId), name: opts.shortNames ? shortName(name) : name },
      commentatorTypeDict: 'BUYER' as const,
      commentRecipient: { id: String(r.sellerId) },
      createdAt: r.createdAt.toISOString(),
      sku: skuNamed(r),
      tradeOrderId: String(r.orderId),
      replyComment: { data: reply ? [{ content: reply.content, createdAt: reply.createdAt.toISOString() }] : [] },
    };
  };
  return rows.map((r) => ({ ...base(r), reviewComments: followUps.filter((f) => f.topId === r.id).map(base) }));
}

/**
 * bbc_content_PageCommonComment4CFlow for the buyer centre: the caller's own first reviews
 * (qCommentBO.id picks one). The commentator is always the session's buyer, whatever is sent.
 */
export async function pageMyReviews(
  db: Db,
  buyer: UserRow,
  q: { id?: string; pageNo: number; pageSize: number },
): Promise<ReviewPage> {
  const where = and(
    eq(comments.buyerId, buyer.id),
    isNull(comments.topId),
    q.id ? eq(comments.id, BigInt(q.id)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  const reviews = await reviewsOf(db, rows, { shortNames: false, publishedOnly: false });
  return {
    data: reviews.map((r) => ({ comment: r, replyComment: r.replyComment, reviewComments: r.reviewComments })),
    total: total!.n,
  };
}

function reviewableLineOut(l: LineRow, currency: Currency, commentId: bigint | undefined): ReviewableLine {
  const s = l.snapshot as Snapshot;
  return {
    id: String(l.id),
    name: s.itemName,
    skuName: s.skuName,
    image: s.image,
    attributes: s.attributes ?? [],
    qty: String(Number(l.qty)),
    unitName: s.unit ?? null,
    lineGroupTypeDict: l.lineGroupType,
    skuAmt: money(l.skuAmtMinor, currency),
    commentId: commentId === undefined ? null : String(commentId),
    sku: skuOf(l),
  };
}

/** bbc_trade_PageTradeOrderForBuyerIdFlow: the buyer's finished orders, those with lines left to review first ('to review' tab). */
export async function pageOrdersToReview(
  db: Db,
  buyer: UserRow,
  q: { pageNo: number; pageSize: number; commentStatus: 'unComment' | 'comment' },
): Promise<OrdersToReviewPage> {
  const finished = and(
    eq(tradeOrders.buyerId, buyer.id),
    eq(tradeOrders.status, 'COMPLETE'),
    sql`${tradeOrders.tradeType} <> 'NORMAL_POINT_REDEEM'`,
  );
  const toReview = and(finished, eq(tradeOrders.commentStatus, 'NOT_EVALUATED'));
  const where = q.commentStatus === 'unComment' ? toReview : and(finished, eq(tradeOrders.commentStatus, 'EVALUATED'));
  const [rows, [total], [todo]] = await Promise.all([
    db
      .select({ o: tradeOrders, shopName: shops.name })
      .from(tradeOrders)
      .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
      .where(where)
      .orderBy(sql`${tradeOrders.completedAt} DESC NULLS LAST`, desc(tradeOrders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(tradeOrders).where(where),
    db.select({ n: count() }).from(tradeOrders).where(toReview),
  ]);
  const ids = rows.map((r) => r.o.id);
  const [lines, firsts] = ids.length
    ? await Promise.all([
        db.select().from(tradeOrderLines).where(inArray(tradeOrderLines.orderId, ids)).orderBy(tradeOrderLines.id),
        db
          .select({ id: comments.id, line: comments.orderLineId })
          .from(comments)
          .where(and(inArray(comments.orderId, ids), isNull(comments.topId))),
      ])
    : [[], []];
  return {
    total: total!.n,
    toReviewCount: todo!.n,
    data: rows.map(({ o, shopName }) => ({
      id: String(o.id),
      tradeOrderCode: o.tradeOrderCode,
      shopName,
      completedTime: o.completedAt?.toISOString() ?? null,
      orderedTime: o.createdAt.toISOString(),
      tradeOrderCommentStatus: o.commentStatus,
      tradeOrderLineList: lines
        .filter((l) => l.orderId === o.id && isReviewableLine(l.lineGroupType))
        .map((l) => reviewableLineOut(l, o.currency as Currency, firsts.find((f) => f.line === l.id)?.id)),
    })),
  };
}

/** trade_QueryOneTradeBaseOrderLineBOBuiltInFunc / bbc_trade_TradeOrderLineForIdFlow: the buyer's own lines for the review form. */
export async function linesForReview(db: Db, buyer: UserRow, ids: bigint[]): Promise<OrderLineForReview[]> {
  const rows = await db
    .select({ l: tradeOrderLines, o: tradeOrders, shopName: shops.name })
    .from(tradeOrderLines)
    .innerJoin(tradeOrders, eq(tradeOrders.id, tradeOrderLines.orderId))
    .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
    .where(and(inArray(tradeOrderLines.id, ids), eq(tradeOrders.buyerId, buyer.id)));
  const firsts = rows.length
    ? await db
        .select({ id: comments.id, line: comments.orderLineId })
        .from(comments)
        .where(
          and(
            inArray(
              comments.orderLineId,
              rows.map((r) => r.l.id),
            ),
            isNull(comments.topId),
          ),
        )
    : [];
  return ids
    .map((id) => rows.find((r) => r.l.id === id))
    .filter((r): r is NonNullable<typeof r> => !!r && isReviewableLine(r.l.lineGroupType))
    .map(({ l, o, shopName }) => ({
      ...reviewableLineOut(l, o.currency as Currency, firsts.find((f) => f.line === l.id)?.id),
      tradeOrderId: String(o.id),
      tradeOrderCode: o.tradeOrderCode,
      orderStatus: o.status,
      shopName,
    }));
}

/** The item page: average and count per star of its published reviews, and the newest ones (names shortened). */
export async function itemReviews(
  db: Db,
  urlKey: string,
  q: { pageNo: number; pageSize: number; star?: number },
  lang: Language,
): Promise<ItemReviews> {
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.urlKey, urlKey));
  if (!item) throw err(404, ERROR_CODES.itemNotFound, 'This item does not exist');
  const published: SQL = and(eq(comments.itemId, item.id), isNull(comments.topId), eq(comments.status, 'PUBLISHED'))!;
  const where = and(published, q.star ? eq(comments.rate, q.star) : undefined);
  const [counts, rows, [total]] = await Promise.all([
    db.select({ rate: comments.rate, n: count() }).from(comments).where(published).groupBy(comments.rate),
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  const summary = ratingSummary(counts.map((c) => ({ rate: c.rate ?? 0, n: c.n })));
  return {
    ...summary,
    data: await reviewsOf(db, rows, { shortNames: true, publishedOnly: true, lang }),
    total: total!.n,
  };
}

// ---------------- seller ----------------

const ownShops = (db: Db | Tx, seller: UserRow) =>
  db.select({ id: shops.id }).from(shops).where(eq(shops.sellerId, seller.id));

/** The seller console: its shops' first reviews, newest first; by stars, or those without a reply. */
export async function sellerReviews(
  db: Db,
  seller: UserRow,
  q: { pageNo?: number; pageSize?: number; star?: number; notReplied?: boolean },
) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const where = and(
    inArray(comments.shopId, ownShops(db, seller)),
    isNull(comments.topId),
    q.star ? eq(comments.rate, q.star) : undefined,
    q.notReplied
      ? sql`NOT EXISTS (SELECT 1 FROM ${commentReplies} WHERE ${commentReplies.commentId} = ${comments.id})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  const reviews = await reviewsOf(db, rows, { shortNames: false, publishedOnly: false });
  const [shopRows, reports] = rows.length
    ? await Promise.all([
        db
          .select({ id: shops.id, name: shops.name })
          .from(shops)
          .where(
            inArray(
              shops.id,
              rows.map((r) => r.shopId),
            ),
          ),
        db
          .select({ commentId: commentReports.commentId })
          .from(commentReports)
          .where(
            inArray(
              commentReports.commentId,
              rows.map((r) => r.id),
            ),
          ),
      ])
    : [[], []];
  const data: SellerReview[] = reviews.map((r, i) => ({
    ...r,
    buyerName: r.commentator.name,
    shopName: shopRows.find((s) => s.id === rows[i]!.shopId)?.name ?? '',
    reported: reports.some((x) => x.commentId === rows[i]!.id),
    hidden: rows[i]!.status === 'HIDDEN',
  }));
  return { data, total: total!.n };
}

async function sellerComment(db: Db | Tx, seller: UserRow, id: bigint): Promise<CommentRow> {
  const [c] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.topId), inArray(comments.shopId, ownShops(db, seller))));
  if (!c) throw reviewNotFound();
  return c;
}

/** The shop replies once; the buyer sees it on the review at once. */
export async function reply(db: Db, seller: UserRow, id: bigint, content: string) {
  const c = await sellerComment(db, seller, id);
  const [row] = await db
    .insert(commentReplies)
    .values({ commentId: c.id, sellerId: seller.id, content })
    .onConflictDoNothing()
    .returning();
  if (!row) throw err(409, ERROR_CODES.reviewAlreadyReplied, 'This review already has a reply');
  return { content: row.content, createdAt: row.createdAt.toISOString() };
}

/** A seller cannot edit or hide a review; it can report it to the platform, which decides. */
export async function report(db: Db, seller: UserRow, id: bigint, reason: string) {
  const c = await sellerComment(db, seller, id);
  await db.insert(commentReports).values({ commentId: c.id, sellerId: seller.id, reason }).onConflictDoNothing();
  return { reported: true };
}
