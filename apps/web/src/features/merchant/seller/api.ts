/** Seller console calls (SPEC §4 "Merchant link": a seller opens the backend): orders, carriers, shipping, tracking, cancel decisions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Carrier,
  CreatePackageBody,
  MerchantStatus,
  SellerOrder,
  SellerOrderListBody,
  TrackEntry,
  TrackingEventBody,
} from '@mall/contracts';
import { api } from '../../../shared/api';

export type SellerTab = z.output<typeof SellerOrderListBody>['status'];
export const SELLER_TABS: readonly SellerTab[] = ['TO_SHIP', 'SHIPPED', 'CANCEL_REQUESTS', 'ALL'];
export const SELLER_PAGE_SIZE = 10;

export const sellerOrdersKey = ['seller-orders'] as const;
/** Same key as the merchant apply/audit pages: one cached answer for the whole merchant area. */
export const merchantStatusKey = ['merchant-status'] as const;

export const useMerchantStatus = () =>
  useQuery({ queryKey: merchantStatusKey, queryFn: () => api<z.infer<typeof MerchantStatus>>('/api/merchant/status') });

export interface SellerOrderQuery {
  status: SellerTab;
  keyword: string;
  pageNo: number;
}

/**
 * One page of a seller console list (orders, after-sales, reviews): the filters and the page go in
 * the body, and the page on screen stays (dimmed by the caller) while the next one loads.
 */
export function useSellerPage<T>(
  key: readonly unknown[],
  path: string,
  body: { pageNo: number; pageSize: number } & Record<string, unknown>,
) {
  return useQuery({
    queryKey: [...key, body],
    queryFn: ({ signal }) => api<{ data: T[]; total: number }>(path, { body, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The body of a tabbed list's page: its tab, and its keyword when there is one. */
export const tabPageBody = <S extends string>(q: { status: S; keyword: string; pageNo: number }, pageSize: number) => ({
  pageNo: q.pageNo,
  pageSize,
  status: q.status,
  ...(q.keyword ? { keyword: q.keyword } : {}),
});

export const useSellerOrders = (q: SellerOrderQuery) =>
  useSellerPage<SellerOrder>(
    sellerOrdersKey,
    '/api/merchant/orders',
    tabPageBody(q, SELLER_PAGE_SIZE) satisfies z.input<typeof SellerOrderListBody>,
  );

/** Logistics companies (flexispot_md_QueryCarrierFlow takes an array of one empty object). */
export const useCarriers = (enabled: boolean) =>
  useQuery({
    queryKey: ['carriers'],
    queryFn: () => api<Carrier[]>('/api/trantor/flow/flexispot_md_QueryCarrierFlow', { body: [{}] }),
    staleTime: 10 * 60_000,
    enabled,
  });

function useRefreshOrders() {
  const qc = useQueryClient();
  // After a success or a refusal (someone else shipped or decided first) the list shows what is true now.
  return () => qc.invalidateQueries({ queryKey: sellerOrdersKey });
}

export function useCreatePackage(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: z.input<typeof CreatePackageBody>) =>
      api<{ packageId: string; orderStatus: string }>(`/api/merchant/orders/${orderId}/packages`, { body }),
    onSettled: refresh,
  });
}

export function useAddTrackingEvent(packageId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: z.input<typeof TrackingEventBody>) =>
      api<TrackEntry>(`/api/merchant/packages/${packageId}/events`, { body }),
    onSettled: refresh,
  });
}

export function useCancelDecision() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (v: { reverseId: string; approve: boolean }) =>
      api<{ orderStatus: string }>(`/api/merchant/reverse/${v.reverseId}/decision`, { body: { approve: v.approve } }),
    onSettled: refresh,
  });
}

/** Quantities are decimal strings; arithmetic on them is rounded to the 3 decimals the API keeps. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000;
export const qtyLeft = (l: SellerOrder['lines'][number]) =>
  Math.max(0, round3(Number(l.tradeQty) - Number(l.shippedQty)));
/** Weight items (SPEC §3) are sold by a weight unit and may ship fractions; everything else ships whole pieces. */
const WEIGHT_UNITS = new Set(['kg', 'g', 'lb', 'lbs', 'oz', 't']);
export const isWeightLine = (l: SellerOrder['lines'][number]) =>
  WEIGHT_UNITS.has((l.unitName ?? '').toLowerCase()) || l.tradeQty.includes('.') || l.shippedQty.includes('.');
export const canShip = (o: SellerOrder) => o.status === 'UN_DELIVERY' && o.lines.some((l) => qtyLeft(l) > 0);
export const pendingCancel = (o: SellerOrder) =>
  o.cancelRequest?.status === 'WAITING_FOR_AUDIT_BY_SELLER' ? o.cancelRequest : null;
