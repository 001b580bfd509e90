/** trade_CancelReverseTradeOrderForReturnOrExchangeFlow: the buyer withdraws the application. */
import { useMutation } from '@tanstack/react-query';
import type { ReverseStatusValue } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useInvalidateAfterSales } from './keys';

export const cancelReverse = (id: string) =>
  api<{ id: string; reverseTradeOrderStatus: ReverseStatusValue }>(
    '/api/trantor/flow/trade_CancelReverseTradeOrderForReturnOrExchangeFlow',
    { body: [{ id }] },
  );

export function useCancelReverse() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({ mutationFn: cancelReverse, onSettled: () => invalidate() });
}
