/** trade_ConfirmReverseTradeOrderExchangeSkuFlow: the buyer confirms receipt of the replacement. */
import { useMutation } from '@tanstack/react-query';
import type { ReverseStatusValue } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useInvalidateAfterSales } from './keys';

export const confirmExchangeReceipt = (id: string) =>
  api<{ id: string; reverseTradeOrderStatus: ReverseStatusValue }>(
    '/api/trantor/flow/trade_ConfirmReverseTradeOrderExchangeSkuFlow',
    { body: [{ id }] },
  );

export function useConfirmExchangeReceipt() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({ mutationFn: confirmExchangeReceipt, onSettled: () => invalidate() });
}
