/**
 * The four initiate flows (SPEC §7), one per type, each taking [ApplyRequest] and an
 * Idempotency-Key: the same key (one per visit of the form) makes one reverse order however
 * often the request is sent.
 */
import { useMutation } from '@tanstack/react-query';
import type { ApplyRequest, ApplyResult, ApplyType } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useInvalidateAfterSales } from './keys';

export const INITIATE_PATHS: Record<ApplyType, string> = {
  SALE_REFUND: '/api/trantor/flow/trade_InitiateReverseOrderOnlyRefundFlow',
  SALE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForReturnFlow',
  SALE_EXCHANGE: '/api/trantor/flow/trade_InitiateReverseTradeOrderForExchangeFlow',
  SALE_CANCEL_BEFORE_DELIVERY: '/api/trantor/flow/bbc_trade_InitiateReverseTradeOrderForCancelUnDeliveryFlow',
  PURCHASE_RETURN: '/api/trantor/flow/trade_InitiateReverseTradeOrderForPurchaseReturnFlow',
};

export const initiateReverse = (type: ApplyType, request: ApplyRequest, idempotencyKey: string) =>
  api<ApplyResult>(INITIATE_PATHS[type], { body: [request], headers: { 'idempotency-key': idempotencyKey } });

export function useInitiateReverse() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({
    mutationFn: (v: { type: ApplyType; request: ApplyRequest; key: string }) =>
      initiateReverse(v.type, v.request, v.key),
    onSettled: () => invalidate(),
  });
}
