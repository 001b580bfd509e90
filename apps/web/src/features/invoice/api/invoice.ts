/**
 * VAT invoice calls (server: modules/invoice/routes.ts): the buyer's view of an order's invoice,
 * the request (MAKE_INVOICE, or a correction before it is issued), the email (sendInvoiceEmail),
 * and the seller console's request list and issue. The buyer's keys start with `orders`, so the
 * order invalidation after any operation refreshes them too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDocumentView, ShopTaxProfileBody, VatInvoiceRequestBody, VatInvoiceView } from '@mall/contracts';
import type { InvoiceStatus } from '@mall/domain';
import { api } from '../../../shared/api';

export const vatInvoiceKey = (orderId: string) => ['orders', 'vat-invoice', orderId] as const;
export const sellerInvoicesKey = ['seller-vat-invoices'] as const;

export const fetchVatInvoice = (orderId: string, signal?: AbortSignal) =>
  api<VatInvoiceView>(`/api/orders/${encodeURIComponent(orderId)}/vat-invoice`, { signal });
export const requestVatInvoice = (orderId: string, body: VatInvoiceRequestBody) =>
  api<VatInvoiceView>(`/api/orders/${encodeURIComponent(orderId)}/vat-invoice`, { body });
export const sendVatInvoiceEmail = (orderId: string) =>
  api<{ to: string; documents: string[] }>(`/api/orders/${encodeURIComponent(orderId)}/vat-invoice/email`, {
    method: 'POST',
    body: {},
  });

export interface SellerInvoiceRequest {
  orderId: string;
  tradeOrderCode: string;
  status: Exclude<InvoiceStatus, 'NOT_REQUESTED'>;
  companyName: string;
  vatId: string;
  requestedAt: string;
  /** The invoice and the credit notes of refunds after it. */
  documents: InvoiceDocumentView[];
}
export const fetchSellerInvoiceRequests = (status: SellerInvoiceRequest['status'] | undefined, signal?: AbortSignal) =>
  api<SellerInvoiceRequest[]>('/api/merchant/vat-invoices', { body: status ? { status } : {}, signal });
export const issueVatInvoice = (orderId: string) =>
  api<VatInvoiceView>(`/api/merchant/orders/${encodeURIComponent(orderId)}/vat-invoice/issue`, {
    method: 'POST',
    body: {},
  });

/** The order's VAT invoice (status, request, documents) for its buyer. */
export function useVatInvoice(orderId: string, enabled = true) {
  return useQuery({
    queryKey: vatInvoiceKey(orderId),
    queryFn: ({ signal }) => fetchVatInvoice(orderId, signal),
    enabled,
    staleTime: 10_000,
  });
}

/** Asks for (or corrects) the invoice; the order's queries refresh, its operations change. */
export function useRequestVatInvoice(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VatInvoiceRequestBody) => requestVatInvoice(orderId, body),
    onSuccess: (view) => {
      qc.setQueryData(vatInvoiceKey(orderId), view);
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useSendVatInvoiceEmail(orderId: string) {
  return useMutation({ mutationFn: () => sendVatInvoiceEmail(orderId) });
}

export function useSellerInvoiceRequests(status: SellerInvoiceRequest['status'] | undefined) {
  return useQuery({
    queryKey: [...sellerInvoicesKey, status ?? 'ALL'],
    queryFn: ({ signal }) => fetchSellerInvoiceRequests(status, signal),
    retry: false,
  });
}

export function useIssueVatInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => issueVatInvoice(orderId),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: sellerInvoicesKey });
    },
  });
}

export interface ShopTaxProfile {
  shopId: string;
  legalName: string;
  vatId: string;
  address: VatInvoiceRequestBody['billingAddress'];
}
const taxProfileKey = (shopId: string) => ['seller-tax-profile', shopId] as const;

/** The shop's legal name, VAT ID and address as its invoices show them (null until entered). */
export function useShopTaxProfile(shopId: string) {
  return useQuery({
    queryKey: taxProfileKey(shopId),
    queryFn: ({ signal }) =>
      api<{ profile: ShopTaxProfile | null }>(`/api/merchant/shops/${encodeURIComponent(shopId)}/tax-profile`, {
        signal,
      }).then((r) => r.profile),
    retry: false,
  });
}

export function useSaveShopTaxProfile(shopId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopTaxProfileBody) =>
      api<ShopTaxProfile>(`/api/merchant/shops/${encodeURIComponent(shopId)}/tax-profile`, { method: 'PUT', body }),
    onSuccess: (p) => {
      qc.setQueryData(taxProfileKey(shopId), p);
    },
  });
}
