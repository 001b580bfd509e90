import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderResult, PreviewBody, PreviewResult, SubmitBody } from '@mall/contracts';
import { api } from '../../shared/api';
import { sessionKey, useSession } from '../../shared/session';
import { cartKey } from '../cart/api';

/** An order or an order request takes its lines out of the cart on the server: the cart and the top bar's count follow. */
function useCartTaken() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: cartKey });
    void qc.invalidateQueries({ queryKey: sessionKey });
  };
}

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

/**
 * A random id this browser keeps (localStorage) and sends with its orders only, so risk screening
 * can count orders per device (docs/configuration.md). Null where storage is unavailable.
 */
function deviceId(): string | null {
  try {
    let id = localStorage.getItem('mall-device-id');
    if (!id) localStorage.setItem('mall-device-id', (id = crypto.randomUUID()));
    return id;
  } catch {
    return null;
  }
}

export function useSubmitOrder() {
  const cartTaken = useCartTaken();
  return useMutation({
    // A checkout with cross-border orders goes through the cbe create variant (an array of one payload).
    mutationFn: ({ body, key, crossBorder }: { body: SubmitBody; key: string; crossBorder?: boolean }) => {
      const device = deviceId();
      const headers = { 'idempotency-key': key, ...(device ? { 'x-device-id': device } : {}) };
      return crossBorder
        ? api<OrderResult>('/api/checkout/submit-cbe', { body: [body], headers })
        : api<OrderResult>('/api/checkout/submit', { body, headers });
    },
    onSuccess: cartTaken,
  });
}

export function useExceedRequest() {
  const cartTaken = useCartTaken();
  return useMutation({
    mutationFn: ({ body, key }: { body: PreviewBody & { requirements?: string }; key: string }) =>
      api<{ id: string; status: string }>('/api/checkout/exceed-request', {
        body,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: cartTaken,
  });
}
