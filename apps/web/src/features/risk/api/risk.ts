/** The operator's risk review calls: orders held by risk screening, and the decision on one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldOrder } from '@mall/contracts';
import { api } from '../../../shared/api';

export const riskKey = ['operator', 'risk'] as const;
export type HoldFilter = 'HELD' | 'DECIDED';
export type RiskDecision = 'APPROVE' | 'REJECT';

export const fetchHolds = (outcome: HoldFilter, signal?: AbortSignal) =>
  api<HeldOrder[]>(`/api/operator/risk-holds?outcome=${outcome}`, { signal });

export const useHolds = (outcome: HoldFilter) =>
  useQuery({ queryKey: [...riskKey, outcome], queryFn: ({ signal }) => fetchHolds(outcome, signal) });

export function useDecideHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { contractId: string; decision: RiskDecision }) =>
      api<HeldOrder>(`/api/operator/risk-holds/${v.contractId}/decision`, { body: { decision: v.decision } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: riskKey }),
  });
}
