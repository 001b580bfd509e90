/** trade_PostBackReverseTradeOrderFlow: the buyer's return carrier and tracking number (return mode SELF_DELIVERY). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PostBackBody, ReverseStatusValue } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useInvalidateAfterSales } from './keys';

export type PostBackInput = { id: string; carrierId: string; trackingNumber: string };

export const postBackBody = (v: PostBackInput): z.input<typeof PostBackBody> => [
  {
    id: v.id,
    fulfillmentProgressList: [
      { serviceCode: v.trackingNumber.trim(), fulfillmentServiceProvider: { id: v.carrierId } },
    ],
    returnMode: 'SELF_DELIVERY',
  },
];

export const postBack = (v: PostBackInput) =>
  api<{ id: string; reverseTradeOrderStatus: ReverseStatusValue }>(
    '/api/trantor/flow/trade_PostBackReverseTradeOrderFlow',
    { body: postBackBody(v) },
  );

export function usePostBack() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({ mutationFn: postBack, onSettled: () => invalidate() });
}
