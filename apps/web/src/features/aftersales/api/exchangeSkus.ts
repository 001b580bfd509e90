/** bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow: the SKUs of the same item a line may be exchanged for. */
import { useQuery } from '@tanstack/react-query';
import type { ExchangeSku } from '@mall/contracts';
import { api } from '../../../shared/api';
import { aftersalesKey, isId } from './keys';

export const fetchExchangeSkus = (itemId: string, tradeOrderLineId: string, signal?: AbortSignal) =>
  api<ExchangeSku[]>('/api/trantor/flow/bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow', {
    body: [{ diyItemId: itemId, tradeOrderLineId }],
    signal,
  });

export function useExchangeSkus(itemId: string, tradeOrderLineId: string, enabled = true) {
  return useQuery({
    queryKey: [...aftersalesKey, 'exchange-skus', itemId, tradeOrderLineId],
    enabled: enabled && isId(itemId) && isId(tradeOrderLineId),
    queryFn: ({ signal }) => fetchExchangeSkus(itemId, tradeOrderLineId, signal),
    staleTime: 60_000,
  });
}
