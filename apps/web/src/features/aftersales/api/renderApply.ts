/**
 * trade_RenderReverseTradeOrderForApplyFlow: the order's lines with what may still be cancelled
 * or reversed, the refundable amount of the asked lines and quantities, the reasons and types.
 * Asked again whenever the type or the chosen lines/quantities change.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApplyType, RenderApplyResult } from '@mall/contracts';
import { api } from '../../../shared/api';
import { aftersalesKey, isId } from './keys';

export interface RenderApplyInput {
  tradeOrderId: string;
  type?: ApplyType | null;
  lines?: { id: string; qty?: string }[];
}

export const renderApply = (input: RenderApplyInput, signal?: AbortSignal) =>
  api<RenderApplyResult>('/api/trantor/flow/trade_RenderReverseTradeOrderForApplyFlow', {
    body: [
      {
        tradeOrder: { id: input.tradeOrderId },
        ...(input.type ? { reverseTradeOrderType: input.type } : {}),
        ...(input.lines
          ? {
              reverseTradeOrderLineList: input.lines.map((l) => ({
                tradeOrderLine: { id: l.id },
                ...(l.qty ? { reverseQty: l.qty } : {}),
              })),
            }
          : {}),
      },
    ],
    signal,
  });

export function useRenderApply(input: RenderApplyInput, enabled = true) {
  return useQuery({
    queryKey: [...aftersalesKey, 'render', input],
    enabled: enabled && isId(input.tradeOrderId),
    queryFn: ({ signal }) => renderApply(input, signal),
    placeholderData: keepPreviousData,
  });
}
