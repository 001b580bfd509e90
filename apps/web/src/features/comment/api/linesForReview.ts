/**
 * bbc_trade_TradeOrderLineForIdFlow: the caller's own order lines by id for the review form
 * (others are left out; DIY parts too), each with its order's status and its first review's id.
 */
import { useQuery } from '@tanstack/react-query';
import type { OrderLineForReview } from '@mall/contracts';
import { api } from '../../../shared/api';
import { commentKey } from './keys';

export const fetchLinesForReview = (ids: string[], signal?: AbortSignal) =>
  api<OrderLineForReview[]>('/api/trantor/flow/bbc_trade_TradeOrderLineForIdFlow', {
    body: [{ id: { values: ids } }],
    signal,
  });

export function useLinesForReview(ids: string[]) {
  return useQuery({
    queryKey: [...commentKey, 'lines', ids],
    enabled: ids.length > 0,
    queryFn: ({ signal }) => fetchLinesForReview(ids, signal),
  });
}
