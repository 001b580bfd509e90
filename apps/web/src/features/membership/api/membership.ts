/**
 * Membership calls (SPEC §7 Membership): the caller's level, growth and points
 * (queryCustomerFlow), the site's levels (customer_PagingLevelManageFlow), what is missing to
 * the next level (customer_QueryLevelUpDifferenceFlow), the caller's benefits now
 * (marketing_QueryCustomerBenefitByLevelFunc) and the points history.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CustomerBenefits,
  CustomerInfo,
  LevelPage,
  LevelUpDifference,
  PointHistory,
  PointLineKind,
} from '@mall/contracts';
import { api } from '../../../shared/api';
import { useSite } from '../../../shared/session';

const key = ['membership'] as const;

export function useCustomerInfo() {
  const site = useSite();
  return useQuery({
    queryKey: [...key, 'customer', site.code],
    queryFn: ({ signal }) => api<CustomerInfo>('/sapi/mall-customer/customer/queryCustomerFlow', { body: {}, signal }),
  });
}

export function useLevels() {
  const site = useSite();
  return useQuery({
    queryKey: [...key, 'levels', site.code],
    queryFn: ({ signal }) =>
      api<LevelPage>('/api/trantor/flow/customer_PagingLevelManageFlow', {
        body: [{ pageNo: 1, pageSize: 20 }],
        signal,
      }),
  });
}

export function useLevelUpDifference() {
  const site = useSite();
  return useQuery({
    queryKey: [...key, 'difference', site.code],
    queryFn: ({ signal }) =>
      api<LevelUpDifference>('/api/trantor/flow/customer_QueryLevelUpDifferenceFlow', { body: [{}], signal }),
  });
}

export function useCustomerBenefits() {
  const site = useSite();
  return useQuery({
    queryKey: [...key, 'benefits', site.code],
    queryFn: ({ signal }) =>
      api<CustomerBenefits>('/api/trantor/func/marketing_QueryCustomerBenefitByLevelFunc', { body: [{}], signal }),
  });
}

export function usePointHistory(q: { pageNo: number; pageSize: number; kinds?: PointLineKind[] }) {
  return useQuery({
    queryKey: [...key, 'points', q],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<PointHistory>('/sapi/mall-customer/points/queryPointHistory', { body: q, signal }),
  });
}
