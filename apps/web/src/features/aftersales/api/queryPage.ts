/** POST /sapi/mall-order/web/reverseorder/querypage: the buyer's after-sales orders, paged and filtered. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReverseListBody, ReversePage } from '@mall/contracts';
import { api } from '../../../shared/api';
import { aftersalesKey } from './keys';

export const fetchReversePage = (body: ReverseListBody, signal?: AbortSignal) =>
  api<ReversePage>('/sapi/mall-order/web/reverseorder/querypage', { body, signal });

export function useReversePage(body: ReverseListBody, enabled = true) {
  return useQuery({
    queryKey: [...aftersalesKey, 'page', body],
    enabled,
    queryFn: ({ signal }) => fetchReversePage(body, signal),
    placeholderData: keepPreviousData,
  });
}
