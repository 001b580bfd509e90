/**
 * Bulk order request calls (server: modules/bulk/routes.ts): the buyer's requests (read, write,
 * accept, decline), the bulk order's confirm-pay detail and billing address, and the seller
 * console's requests (read, write, quote). A request's answer replaces its cached view.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkOrderDetail, BulkQuoteBody, BulkRequestSummary, BulkRequestView } from '@mall/contracts';
import { api } from '../../../shared/api';

export type BulkStatus = BulkRequestView['status'];
const enc = encodeURIComponent;

export const buyerRequestsKey = ['bulk-requests'] as const;
export const sellerRequestsKey = ['seller-bulk-requests'] as const;
export const bulkOrderKey = (orderId: string) => ['orders', 'bulk-order', orderId] as const;

export function useBulkRequests() {
  return useQuery({
    queryKey: buyerRequestsKey,
    queryFn: ({ signal }) => api<BulkRequestSummary[]>('/api/bulk-requests', { signal }),
  });
}

export function useBulkRequest(id: string, seller = false) {
  const base = seller ? '/api/merchant/bulk-requests' : '/api/bulk-requests';
  return useQuery({
    queryKey: [...(seller ? sellerRequestsKey : buyerRequestsKey), id],
    queryFn: ({ signal }) => api<BulkRequestView>(`${base}/${enc(id)}`, { signal }),
    retry: false,
    // The other party may write or quote meanwhile.
    refetchInterval: 20_000,
  });
}

/** After an act on a request: its view is the answer, the lists are read again. */
function useSetView(id: string, seller: boolean) {
  const qc = useQueryClient();
  const key = seller ? sellerRequestsKey : buyerRequestsKey;
  return (view: BulkRequestView) => {
    qc.setQueryData([...key, id], view);
    void qc.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey[1] !== id });
  };
}

export function useSendMessage(id: string, seller = false) {
  const set = useSetView(id, seller);
  const base = seller ? '/api/merchant/bulk-requests' : '/api/bulk-requests';
  return useMutation({
    mutationFn: (body: string) => api<BulkRequestView>(`${base}/${enc(id)}/messages`, { body: { body } }),
    onSuccess: set,
  });
}

export function useDecline(id: string) {
  const set = useSetView(id, false);
  return useMutation({
    mutationFn: () => api<BulkRequestView>(`/api/bulk-requests/${enc(id)}/decline`, { method: 'POST', body: {} }),
    onSuccess: set,
  });
}

export function useAccept(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ orderId: string; contractId: string }>(`/api/bulk-requests/${enc(id)}/accept`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: buyerRequestsKey });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useSellerRequests(status: BulkStatus | undefined) {
  return useQuery({
    queryKey: [...sellerRequestsKey, 'list', status ?? 'ALL'],
    queryFn: ({ signal }) =>
      api<BulkRequestSummary[]>(`/api/merchant/bulk-requests${status ? `?status=${status}` : ''}`, { signal }),
    retry: false,
  });
}

export function useQuote(id: string) {
  const set = useSetView(id, true);
  return useMutation({
    mutationFn: (body: BulkQuoteBody) => api<BulkRequestView>(`/api/merchant/bulk-requests/${enc(id)}/quote`, { body }),
    onSuccess: set,
  });
}

export function useBulkOrder(orderId: string | null) {
  return useQuery({
    queryKey: bulkOrderKey(orderId ?? ''),
    queryFn: ({ signal }) => api<BulkOrderDetail>(`/api/bulk-orders/${enc(orderId!)}`, { signal }),
    enabled: !!orderId,
    retry: false,
  });
}

export function useUpdateBilling(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (billingAddress: Record<string, unknown>) =>
      api<BulkOrderDetail>(`/api/orders/${enc(orderId)}/billing-address`, { body: { billingAddress } }),
    onSuccess: (detail) => qc.setQueryData(bulkOrderKey(orderId), detail),
  });
}
