/** The platform operator's calls: merchant applications (review) and sellers (merchant states). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorApplication, OperatorSeller } from '@mall/contracts';
import { api } from '../../../shared/api';

export const operatorKey = ['operator'] as const;
export type ApplicationFilter = 'audit' | 'pass' | 'reject' | 'all';
export type SellerEvent = 'FREEZE' | 'CLEAR' | 'RESTORE';

export const fetchApplications = (status: ApplicationFilter, signal?: AbortSignal) =>
  api<OperatorApplication[]>(`/api/operator/merchant-applications?status=${status}`, { signal });
export const fetchSellers = (signal?: AbortSignal) => api<OperatorSeller[]>('/api/operator/sellers', { signal });

export const useApplications = (status: ApplicationFilter) =>
  useQuery({
    queryKey: [...operatorKey, 'applications', status],
    queryFn: ({ signal }) => fetchApplications(status, signal),
  });
export const useSellers = () =>
  useQuery({ queryKey: [...operatorKey, 'sellers'], queryFn: ({ signal }) => fetchSellers(signal) });

function useOperatorMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: operatorKey }) });
}

export const usePassApplication = () =>
  useOperatorMutation((id: string) =>
    api<OperatorApplication>(`/api/operator/merchant-applications/${id}/pass`, { body: {} }),
  );
export const useRejectApplication = () =>
  useOperatorMutation((v: { id: string; reason: string }) =>
    api<OperatorApplication>(`/api/operator/merchant-applications/${v.id}/reject`, { body: { reason: v.reason } }),
  );
export const useMoveSeller = () =>
  useOperatorMutation((v: { id: string; event: SellerEvent }) =>
    api<OperatorSeller>(`/api/operator/sellers/${v.id}/state`, { body: { event: v.event } }),
  );
