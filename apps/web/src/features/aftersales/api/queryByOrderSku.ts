/** POST /sapi/mall-order/web/reverseorder/querybyordersku: the after-sales of one product of one order (detail-list lookup). */
import { useQuery } from '@tanstack/react-query';
import type { ReverseSummary } from '@mall/contracts';
import { api } from '../../../shared/api';
import { aftersalesKey } from './keys';

export const fetchReverseByOrderSku = (body: { tradeOrderId: string; skuId: string }, signal?: AbortSignal) =>
  api<{ data: ReverseSummary[] }>('/sapi/mall-order/web/reverseorder/querybyordersku', { body, signal }).then(
    (r) => r.data,
  );

export function useReverseByOrderSku(tradeOrderId: string, skuId: string, enabled = true) {
  return useQuery({
    queryKey: [...aftersalesKey, 'by-order-sku', tradeOrderId, skuId],
    enabled,
    queryFn: ({ signal }) => fetchReverseByOrderSku({ tradeOrderId, skuId }, signal),
  });
}
