/** My coupons (SPEC §2 /buyer/my-coupons): one page of a tab, with every tab's count. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyCouponPage, MyCouponTab } from '@mall/contracts';
import { COUPON_LIST_PAGE_SIZE } from '@mall/contracts/constants';
import { api } from '../../shared/api';

export const myCouponsKey = ['my-coupons'] as const;

export function useMyCoupons(tab: MyCouponTab, pageNo: number) {
  return useQuery({
    queryKey: [...myCouponsKey, tab, pageNo],
    queryFn: ({ signal }) =>
      api<MyCouponPage>('/sapi/mall-customer/customer/pageMyCoupons', {
        body: { tab, pageNo, pageSize: COUPON_LIST_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
