/** POST /sapi/mall-order/web/reverseorder/querybyid: one after-sales order (404 AfterSales.reverseNotExist). */
import { useQuery } from '@tanstack/react-query';
import type { ReverseDetail } from '@mall/contracts';
import { api, ApiError } from '../../../shared/api';
import type { LoaderFunctionArgs } from 'react-router';
import { aftersalesKey, isId } from './keys';
import { prefetch, type PageContext } from '../../../app/page-context';

export const fetchReverseDetail = (id: string, signal?: AbortSignal) =>
  api<ReverseDetail>('/sapi/mall-order/web/reverseorder/querybyid', { body: { id }, signal });

export const reverseDetailKey = (id: string) => [...aftersalesKey, 'detail', id] as const;

export function useReverseDetail(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: reverseDetailKey(id ?? ''),
    enabled: enabled && isId(id),
    queryFn: ({ signal }) => fetchReverseDetail(id!, signal),
  });
}

export const isReverseNotFound = (e: unknown) =>
  e instanceof ApiError && (e.code === 'AfterSales.reverseNotExist' || e.status === 404);

/** The after-sales detail page's order, read with the page. */
export function loadDetailPage(page: PageContext, { params }: LoaderFunctionArgs) {
  const id = params.id;
  if (!isId(id)) return undefined;
  return prefetch(page, { queryKey: reverseDetailKey(id), queryFn: () => fetchReverseDetail(id) });
}
