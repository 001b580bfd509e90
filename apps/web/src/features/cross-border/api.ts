import { useQuery } from '@tanstack/react-query';
import type { CustomsDeclaration } from '@mall/contracts';
import { api } from '../../shared/api';

/** The customs declaration of a cross-border order (NORMAL_SALE_CBE), for its order detail. */
export function useCustomsDeclaration(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customs-declaration', orderId],
    enabled,
    queryFn: () => api<CustomsDeclaration>(`/api/orders/${orderId}/customs-declaration`),
    retry: false,
  });
}
