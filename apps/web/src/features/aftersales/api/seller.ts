/**
 * Seller console calls for after-sales (reverse orders): the list by tab, the seller's decisions
 * (audit, quality check, refund, retry, ship the replacement, tracking events) and the shops'
 * return addresses. Bodies are typed from the contracts' zod schemas, which the forms also run.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  AuditBody,
  QcBody,
  ReturnAddress,
  ReturnAddressBody,
  ReverseEventBody,
  SellerRefundBody,
  SellerReverse,
  SellerReverseListBody,
  ShipExchangeBody,
  TrackEntry,
} from '@mall/contracts';
import { ApiError, api } from '../../../shared/api';
import { sellerOrdersKey, tabPageBody, useSellerPage } from '../../merchant/seller/api';
import { useSellerError } from '../../merchant/seller/errors';

export type SellerAsTab = z.output<typeof SellerReverseListBody>['status'];
export const SELLER_AS_TABS: readonly SellerAsTab[] = ['TO_AUDIT', 'TO_RECEIVE', 'TO_REFUND', 'TO_SHIP', 'ALL'];
export const SELLER_AS_PAGE_SIZE = 10;

/** What the seller may do next, as the server lists it in sellerOperations. */
export type SellerOperation = 'audit' | 'qc' | 'refund' | 'retryRefund' | 'shipExchange' | 'addEvent' | 'reissue';
export const hasOp = (r: SellerReverse, op: SellerOperation) => r.sellerOperations.includes(op);

export const sellerReversesKey = ['seller-reverses'] as const;
export const returnAddressesKey = ['seller-return-addresses'] as const;

export interface SellerAsQuery {
  status: SellerAsTab;
  keyword: string;
  pageNo: number;
}

export const useSellerReverses = (q: SellerAsQuery) =>
  useSellerPage<SellerReverse>(
    sellerReversesKey,
    '/api/merchant/reverse',
    tabPageBody(q, SELLER_AS_PAGE_SIZE) satisfies z.input<typeof SellerReverseListBody>,
  );

function useRefresh() {
  const qc = useQueryClient();
  // After a success or a refusal (the buyer withdrew, a deadline moved it) the list shows what is true now;
  // a decided cancel also changes the order in the orders console.
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: sellerReversesKey }),
      qc.invalidateQueries({ queryKey: sellerOrdersKey }),
    ]);
}

interface ActionResult {
  id: string;
  reverseTradeOrderStatus: string;
}

function useReverseAction<B>(path: (id: string) => string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; body: B }) => api<ActionResult>(path(v.id), { body: v.body }),
    onSettled: refresh,
  });
}

export const useAudit = () => useReverseAction<z.input<typeof AuditBody>>((id) => `/api/merchant/reverse/${id}/audit`);
export const useQc = () => useReverseAction<z.input<typeof QcBody>>((id) => `/api/merchant/reverse/${id}/qc`);
export const useSellerRefund = () =>
  useReverseAction<z.input<typeof SellerRefundBody>>((id) => `/api/merchant/reverse/${id}/refund`);
export const useRetryRefund = () =>
  useReverseAction<Record<string, never>>((id) => `/api/merchant/reverse/${id}/retry-refund`);
export const useShipExchange = () =>
  useReverseAction<z.input<typeof ShipExchangeBody>>((id) => `/api/merchant/reverse/${id}/ship`);
/** Settle a checked return or exchange with a reissue order (a repeated click gets the same order). */
export const useReissue = () => useReverseAction<Record<string, never>>((id) => `/api/merchant/reverse/${id}/reissue`);

export function useAddReverseEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { shipmentId: string; body: z.input<typeof ReverseEventBody> }) =>
      api<TrackEntry>(`/api/merchant/reverse-shipments/${v.shipmentId}/events`, { body: v.body }),
    onSettled: refresh,
  });
}

export interface ShopReturnAddress {
  shopId: string;
  shopName: string;
  address: ReturnAddress | null;
}

export const useReturnAddresses = () =>
  useQuery({
    queryKey: returnAddressesKey,
    queryFn: ({ signal }) => api<ShopReturnAddress[]>('/api/merchant/return-addresses', { signal }),
  });

export function useSaveReturnAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { shopId: string; body: z.input<typeof ReturnAddressBody> }) =>
      api<ReturnAddress>(`/api/merchant/return-addresses/${v.shopId}`, { method: 'PUT', body: v.body }),
    onSuccess: (address, v) => {
      qc.setQueryData<ShopReturnAddress[]>(returnAddressesKey, (old) =>
        old?.map((s) => (s.shopId === v.shopId ? { ...s, address } : s)),
      );
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: returnAddressesKey }),
        qc.invalidateQueries({ queryKey: sellerReversesKey }),
      ]),
  });
}

/** After-sales codes first (sellerAfterSales.errors.<code>: worded for the seller), then the seller console's and the shared catalogue. */
export function useSellerAsError() {
  const { t, i18n } = useTranslation();
  const fallback = useSellerError();
  return (err: unknown) => {
    if (err instanceof ApiError && i18n.exists(`sellerAfterSales.errors.${err.code}`))
      return t(`sellerAfterSales.errors.${err.code}`);
    return fallback(err);
  };
}

export const isReturnAddressMissing = (err: unknown) =>
  err instanceof ApiError && err.code === 'AfterSales.returnAddressMissing';
