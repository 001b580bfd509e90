/**
 * Seller console calls for reviews: the seller's shops' reviews (by stars, or not replied yet),
 * the one reply a shop may write, and a report to the platform. Sellers never edit or hide a
 * review; the platform decides on reports. Bodies are typed from the contracts' zod schemas.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ReplyBody, ReportBody, SellerReview, SellerReviewListBody } from '@mall/contracts';
import { ApiError, api } from '../../../shared/api';
import { useSellerPage } from '../../merchant/seller/api';
import { useSellerError } from '../../merchant/seller/errors';

export const SELLER_REVIEWS_PAGE_SIZE = 10;
export const sellerReviewsKey = ['seller-reviews'] as const;
export const notRepliedCountKey = [...sellerReviewsKey, 'not-replied-count'] as const;

export interface SellerReviewsQuery {
  pageNo: number;
  star?: number;
  notReplied: boolean;
}
export interface SellerReviewPage {
  data: SellerReview[];
  total: number;
}

export const useSellerReviews = (q: SellerReviewsQuery) =>
  useSellerPage<SellerReview>([...sellerReviewsKey, 'list'], '/api/merchant/comments', {
    pageNo: q.pageNo,
    pageSize: SELLER_REVIEWS_PAGE_SIZE,
    ...(q.star ? { star: q.star } : {}),
    ...(q.notReplied ? { notReplied: true } : {}),
  } satisfies z.input<typeof SellerReviewListBody>);

/** Reviews still waiting for the shop's reply (the console nav's badge). */
export function useNotRepliedCount() {
  return useQuery({
    queryKey: notRepliedCountKey,
    queryFn: ({ signal }) =>
      api<SellerReviewPage>('/api/merchant/comments', {
        body: { pageNo: 1, pageSize: 1, notReplied: true },
        signal,
      }).then((r) => r.total),
    staleTime: 30_000,
    retry: false,
  });
}

/** Changes one review in every cached list page (the review stays where it is until the lists reload). */
function patchReview(qc: QueryClient, id: string, patch: (r: SellerReview) => SellerReview) {
  qc.setQueriesData<SellerReviewPage>({ queryKey: [...sellerReviewsKey, 'list'] }, (old) =>
    old ? { ...old, data: old.data.map((r) => (r.id === id ? patch(r) : r)) } : old,
  );
}

/**
 * After a change the card shows it at once; the lists are only marked stale (a replied review does
 * not vanish from the 'not replied' filter under the seller's eyes), the nav's count reloads.
 */
function refresh(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: [...sellerReviewsKey, 'list'], refetchType: 'none' }),
    qc.invalidateQueries({ queryKey: notRepliedCountKey }),
  ]);
}

export interface ReplyResult {
  content: string;
  createdAt: string;
}

export function useReplyReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: z.input<typeof ReplyBody> }) =>
      api<ReplyResult>(`/api/merchant/comments/${v.id}/reply`, { body: v.body }),
    onSuccess: (reply, v) => patchReview(qc, v.id, (r) => ({ ...r, replyComment: { data: [reply] } })),
    onError: (err) => {
      // Replied meanwhile (another tab): reload so the existing reply shows instead of the form.
      if (isAlreadyReplied(err)) void qc.invalidateQueries({ queryKey: sellerReviewsKey });
    },
    onSettled: () => refresh(qc),
  });
}

export function useReportReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: z.input<typeof ReportBody> }) =>
      api<{ reported: boolean }>(`/api/merchant/comments/${v.id}/report`, { body: v.body }),
    onSuccess: (_res, v) => patchReview(qc, v.id, (r) => ({ ...r, reported: true })),
    onSettled: () => refresh(qc),
  });
}

export const isAlreadyReplied = (err: unknown) => err instanceof ApiError && err.code === 'Review.alreadyReplied';

/** Review codes first (sellerReviews.errors.<code>: worded for the seller), then the seller console's and the shared catalogue. */
export function useSellerReviewsError() {
  const { t, i18n } = useTranslation();
  const fallback = useSellerError();
  return (err: unknown) => {
    if (err instanceof ApiError && i18n.exists(`sellerReviews.errors.${err.code}`))
      return t(`sellerReviews.errors.${err.code}`);
    return fallback(err);
  };
}
