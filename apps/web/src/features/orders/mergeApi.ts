/** Paying and cancelling several unpaid orders together (SPEC §4 MERGE_PAY, MERGE_CANCEL). */
import { useQuery } from '@tanstack/react-query';
import type { ContractDetail, MergeCancelResult } from '@mall/contracts';
import { api } from '../../shared/api';

/** The merged contract of these orders (the same selection gives the same one): what the pay section pays. */
export const mergeForPayment = (tradeOrderIds: string[]) =>
  api<ContractDetail>('/api/trade/merge-pay', { body: { tradeOrderIds } });
export const cancelTogether = (tradeOrderIds: string[]) =>
  api<MergeCancelResult>('/api/trade/merge-cancel', { body: { tradeOrderIds } });

export function useMergedContract(tradeOrderIds: string[]) {
  return useQuery({
    // Not under the orders key: refreshing the list must not ask for the merge again (it is refused once paid).
    queryKey: ['merge-pay', tradeOrderIds.join(',')],
    enabled: tradeOrderIds.length >= 2,
    queryFn: () => mergeForPayment(tradeOrderIds),
    retry: false,
    staleTime: Infinity,
  });
}
