import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderResult, PreviewBody, PreviewResult, SubmitBody } from '@mall/contracts';
import { api } from '../../shared/api';
import { useSession } from '../../shared/session';

/** Re-fetched whenever the body changes (address, coupon, points, shipping...): SPEC §4. */
export function usePreview(body: PreviewBody | null) {
  const site = useSession().data?.site;
  return useQuery({
    queryKey: ['checkout-preview', site, body],
    enabled: !!body,
    queryFn: ({ signal }) => api<PreviewResult>('/api/checkout/preview', { body, signal }),
    placeholderData: (prev) => prev,
    retry: false,
  });
}

export function useSubmitOrder() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SubmitBody; key: string }) =>
      api<OrderResult>('/api/checkout/submit', { body, headers: { 'idempotency-key': key } }),
  });
}

export function useExceedRequest() {
  return useMutation({
    mutationFn: ({ body, key }: { body: PreviewBody & { requirements?: string }; key: string }) =>
      api<{ id: string; status: string }>('/api/checkout/exceed-request', {
        body,
        headers: { 'idempotency-key': key },
      }),
  });
}
