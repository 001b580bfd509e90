import { useQuery } from '@tanstack/react-query';
import type { CustomsDeclaration } from '@mall/contracts';
import { api } from '../../shared/api';

/**
 * The customs declaration of a cross-border order (NORMAL_SALE_CBE), for its order detail: the
 * buyer's call, or the seller console's (`side: 'seller'`, an order of the seller's own shop).
 */
export function useCustomsDeclaration(orderId: string, enabled: boolean, side: 'buyer' | 'seller' = 'buyer') {
  return useQuery({
    queryKey: ['customs-declaration', side, orderId],
    enabled,
    queryFn: () =>
      api<CustomsDeclaration>(
        side === 'seller'
          ? `/api/merchant/orders/${orderId}/customs-declaration`
          : `/api/orders/${orderId}/customs-declaration`,
      ),
    retry: false,
  });
}
