import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@mall/contracts';
import { api } from '../../shared/api';
import { sessionKey } from '../../shared/session';

export const cartKey = ['cart'] as const;

export function useCart() {
  return useQuery({ queryKey: cartKey, queryFn: () => api<Cart>('/api/cart') });
}

/** Every cart write answers with the whole cart; the session's cart count follows. */
function useCartWrite<V>(request: (v: V) => Promise<Cart>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (cart) => {
      qc.setQueryData(cartKey, cart);
      void qc.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export const useAddToCart = () =>
  useCartWrite((v: { skuId: string; qty: string }) => api<Cart>('/api/cart/lines', { body: v }));
export function useUpdateLine() {
  const qc = useQueryClient();
  const write = useCartWrite((v: { id: string; qty?: string; selected?: boolean }) =>
    api<Cart>(`/api/cart/lines/${v.id}`, {
      method: 'PATCH',
      body: { ...(v.qty !== undefined && { qty: v.qty }), ...(v.selected !== undefined && { selected: v.selected }) },
    }),
  );
  return {
    ...write,
    /** Ticks show at once; totals follow the server's answer, and a failure puts the tick back. */
    mutate: (v: { id: string; qty?: string; selected?: boolean }, opts?: { onError?: (e: Error) => void }) => {
      const before = qc.getQueryData<Cart>(cartKey);
      if (before && v.selected !== undefined) {
        qc.setQueryData<Cart>(cartKey, {
          ...before,
          shops: before.shops.map((g) => ({
            ...g,
            lines: g.lines.map((l) => (l.id === v.id ? { ...l, selected: v.selected! } : l)),
          })),
        });
      }
      write.mutate(v, {
        onError: (e) => {
          if (before) qc.setQueryData(cartKey, before);
          opts?.onError?.(e);
        },
      });
    },
  };
}
export const useRemoveLine = () =>
  useCartWrite((id: string) => api<Cart>(`/api/cart/lines/${id}`, { method: 'DELETE' }));
export const useSelectAll = () =>
  useCartWrite((selected: boolean) => api<Cart>('/api/cart/select-all', { body: { selected } }));
