/**
 * bbc_trade_PageTradeOrderForBuyerIdFlow: the buyer's finished orders with lines left to review
 * (commentStatus unComment) or fully reviewed (comment), and how many are left to review.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REVIEW } from '@mall/contracts/constants';
import type { OrdersToReviewPage } from '@mall/contracts';
import { api } from '../../../shared/api';
import { commentKey } from './keys';

export interface OrdersToReviewQuery {
  commentStatus: 'unComment' | 'comment';
  pageNo: number;
  pageSize: number;
}

export const fetchOrdersToReview = (q: OrdersToReviewQuery, signal?: AbortSignal) =>
  api<OrdersToReviewPage>('/api/trantor/flow/bbc_trade_PageTradeOrderForBuyerIdFlow', {
    body: [
      {
        queryParams: { page: { no: q.pageNo, size: q.pageSize } },
        tradeOrderStatus: { displayStatus: { value: 'COMPLETE' } },
        commentStatus: q.commentStatus,
      },
    ],
    signal,
  });

export function useOrdersToReview(q: OrdersToReviewQuery, enabled = true) {
  return useQuery({
    queryKey: [...commentKey, 'orders', q],
    enabled,
    queryFn: ({ signal }) => fetchOrdersToReview(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The 'to review' tab's count (SPEC §9: asked with the list's page size, so the first page shares the cache). */
export function useToReviewCount() {
  const { data } = useOrdersToReview({ commentStatus: 'unComment', pageNo: 1, pageSize: REVIEW.pageSize });
  return data?.toReviewCount;
}
