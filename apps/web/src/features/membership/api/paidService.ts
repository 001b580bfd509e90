/** Super member (SPEC §7 Membership): the caller's paid service and the service item per period. */
import { useQuery } from '@tanstack/react-query';
import type { PaidService, PaidServiceItem, PaidServicePeriodCode, SiteCode } from '@mall/contracts';
import { api } from '../../../shared/api';

export const paidServiceKey = ['paid-service'] as const;

export function usePaidService() {
  return useQuery({
    queryKey: paidServiceKey,
    queryFn: ({ signal }) =>
      api<PaidService>('/api/trantor/func/customer_QueryOnePaidServiceBOBuiltInFunc', { body: [{}], signal }),
  });
}

export function usePaidServiceItem(periodCode: PaidServicePeriodCode, site: SiteCode) {
  return useQuery({
    queryKey: [...paidServiceKey, 'item', periodCode, site],
    queryFn: ({ signal }) =>
      api<PaidServiceItem>('/api/trantor/func/bbc_item_RenderItemByPaidServicePeriodCodeFunc', {
        body: [{ periodCode, site }],
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
