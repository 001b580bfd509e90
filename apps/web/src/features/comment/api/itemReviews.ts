/**
 * The item page's ratings: GET /api/catalog/items/:urlKey/reviews gives the average, the count
 * per star and one page of the newest published reviews (names already shortened). The title's
 * summary and the reviews section ask for the same first page, so they share one request.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REVIEW } from '@mall/contracts/constants';
import type { ItemReviews, Review } from '@mall/contracts';
import { api } from '../../../shared/api';

export type ItemReview = Review;
export const ITEM_REVIEWS_PAGE_SIZE = REVIEW.itemPageSize;

export interface ItemReviewsParams {
  pageNo: number;
  /** Only reviews with this many stars (1..5). */
  star?: number;
}

export const itemReviewsKey = (urlKey: string, q?: ItemReviewsParams) =>
  (q
    ? ['item-reviews', urlKey, { pageNo: q.pageNo, star: q.star ?? null }]
    : ['item-reviews', urlKey]) as readonly unknown[];

export function fetchItemReviews(urlKey: string, q: ItemReviewsParams, signal?: AbortSignal): Promise<ItemReviews> {
  const params = new URLSearchParams({ pageNo: String(q.pageNo), pageSize: String(ITEM_REVIEWS_PAGE_SIZE) });
  if (q.star) params.set('star', String(q.star));
  return api<ItemReviews>(`/api/catalog/items/${encodeURIComponent(urlKey)}/reviews?${params}`, { signal });
}

export function useItemReviews(urlKey: string, q: ItemReviewsParams = { pageNo: 1 }) {
  return useQuery({
    queryKey: itemReviewsKey(urlKey, q),
    queryFn: ({ signal }) => fetchItemReviews(urlKey, q, signal),
    // Paging and filtering keep the previous page on screen (dimmed) until the next arrives.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: !!urlKey,
  });
}
