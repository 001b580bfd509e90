/**
 * bbc_content_PageCommonComment4CFlow: the caller's own first reviews, newest first, each with
 * the shop's reply and the follow-up; qCommentBO.id picks one (no data: not found or not yours).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewPage } from '@mall/contracts';
import { api } from '../../../shared/api';
import { commentKey, isId } from './keys';

export type ReviewEntry = ReviewPage['data'][number];

export const fetchMyReviews = (q: { id?: string; pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  api<ReviewPage>('/api/trantor/flow/bbc_content_PageCommonComment4CFlow', {
    body: [
      {
        qCommentBO: { postTypeDict: 'ORDER_LINE', ...(q.id ? { id: q.id } : {}) },
        queryParams: { page: { no: q.pageNo, size: q.pageSize } },
      },
    ],
    signal,
  });

export function useMyReviews(q: { pageNo: number; pageSize: number }, enabled = true) {
  return useQuery({
    queryKey: [...commentKey, 'mine', q],
    enabled,
    queryFn: ({ signal }) => fetchMyReviews(q, signal),
    placeholderData: keepPreviousData,
  });
}

export const reviewKey = (id: string) => [...commentKey, 'one', id] as const;

/** One of the caller's reviews, or null when it does not exist or is someone else's. */
export function useReview(id: string | undefined) {
  return useQuery({
    queryKey: reviewKey(id ?? ''),
    enabled: isId(id),
    queryFn: ({ signal }) =>
      fetchMyReviews({ id, pageNo: 1, pageSize: 1 }, signal).then((r): ReviewEntry | null => r.data[0] ?? null),
  });
}
