/**
 * Order calls of SPEC §7 "Orders" (one fetcher and one hook per call). Every query key starts
 * with `orders` so one invalidation refreshes list, counts, detail and packages after any
 * operation.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { prefetch, type PageContext } from '../../app/page-context';
import type {
  Cart,
  OrderCountBody,
  OrderCounts,
  OrderDetail,
  OrderListBody,
  OrderPage,
  PackageList,
  PaymentStatus,
  ShipmentPackage,
  TrackEntry,
} from '@mall/contracts';
import {
  ENTERPRISE_CHILD_PAGE_SIZE,
  ORDER_COUNTS_PATH,
  ORDER_LIST_PAGE_SIZE,
  ORDER_PAGE_PATH,
} from '@mall/contracts/constants';
import { api, ApiError } from '../../shared/api';
import { sessionKey } from '../../shared/session';

export const ordersKey = ['orders'] as const;

// ---------- fetchers ----------
export const fetchOrderPage = (body: OrderListBody, signal?: AbortSignal) =>
  api<OrderPage>(ORDER_PAGE_PATH, { body, signal });
export const fetchOrderCounts = (body: OrderCountBody, signal?: AbortSignal) =>
  api<OrderCounts>(ORDER_COUNTS_PATH, { body, signal });
export const fetchOrderDetail = (id: string, outTradeOrderCode?: string | null, signal?: AbortSignal) =>
  api<OrderDetail>('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', {
    body: { id, ...(outTradeOrderCode ? { outTradeOrderCode } : {}) },
    signal,
  });
export const fetchPackages = (id: string, signal?: AbortSignal) =>
  api<PackageList>('/sapi/mall-order/web/order/listPackage', { body: { id }, signal }).then((r) => r.shipments);
export const fetchWaybill = (carrierCompanyCode: string, wayBillNumber: string, signal?: AbortSignal) =>
  api<{ entries: TrackEntry[] }>(
    `/api/tms/web/express/track/waybill/query?${new URLSearchParams({ carrierCompanyCode, wayBillNumber })}`,
    { signal },
  ).then((r) => r.entries);
export const cancelBeforePay = (id: string) =>
  api<{ closedOrderIds: string[] }>('/sapi/mall-order/web/order/closeImmediatelyTradeOrder', { body: { id } });
export const cancelAfterPay = (order: Pick<OrderDetail, 'id' | 'tradeOrderLineList'>) =>
  api<{ reverseTradeOrderId: string; reverseTradeOrderCode: string; reverseTradeOrderStatus: string }>(
    '/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow',
    {
      body: [
        {
          tradeOrder: { id: order.id },
          reverseTradeOrderLineList: order.tradeOrderLineList
            .filter((l) => Number(l.canCancelQty) > 0)
            .map((l) => ({ tradeOrderLine: { id: l.id }, reverseQty: l.canCancelQty })),
        },
      ],
    },
  );
export const signForDelivery = (packageId: string) =>
  api<{ orderId: string; orderStatus: 'UN_RECEIVED' | 'COMPLETE' }>('/sapi/mall-order/web/order/signForDelivery', {
    body: { id: packageId },
  });
export const postponeReceipt = (orderId: string) =>
  api<{ value: number; receiptDeadlineMillis: number }>('/api/trantor/flow/bbc_trade_BBCPostponeDeliveryFlow', {
    body: [{ id: orderId }],
  });
/** Buy again: the order's top-level lines (DIY children and gifts come with their main line). */
export const buyAgain = (order: Pick<OrderDetail, 'tradeOrderLineList'>) =>
  api<{ num: number; cart: Cart }>('/sapi/mall-order/cartline/batchcreatenewcartlines', {
    body: order.tradeOrderLineList.map((l) => ({
      sku: { id: l.sku.id },
      item: { id: l.sku.item.id },
      ...(l.shopId ? { shop: { id: l.shopId } } : {}),
      ...(l.sellerId ? { seller: { id: l.sellerId } } : {}),
      skuQty: l.tradeQty,
      cartLineTypeDict: l.lineGroupTypeDict === 'DIY_MAIN' ? ('DIY_MAIN' as const) : ('NORMAL' as const),
    })),
  });
/** secondary_pay: the payment status of the order's contract. */
export const secondaryPayStatus = (orderId: string) =>
  api<PaymentStatus & { contractId: string }>('/sapi/mall-order/web/order/secondaryPay', { body: { id: orderId } });
export const guestLookup = (body: { tradeOrderCode: string; email: string }) =>
  api<{ order: OrderDetail; shipments: ShipmentPackage[] }>('/sapi/mall-order/web/order/guestLookup', { body });

export interface EnterpriseChild {
  userId: string;
  username: string;
  status: 'ENABLED' | 'PENDING_APPROVAL' | 'DISABLED';
}
export const fetchEnterpriseChildren = () =>
  api<{ data: EnterpriseChild[]; total: number }>('/sapi/mall-enterprise/enterprise/queryEnterpriseChildList', {
    body: { pageNum: 1, pageSize: ENTERPRISE_CHILD_PAGE_SIZE },
  }).then((r) => r.data);

// ---------- hooks ----------
/**
 * The order list from the page `body.pageNo` names on, the next page while more remain (the
 * phone layout's infinite scroll; a desktop shows the first of them). The previous list stays
 * while another filter's or page's first page loads.
 */
/** The order list from the page `body.pageNo` names on (the query both useOrderPages and the page's loader use). */
const orderPagesQuery = (body: OrderListBody) => {
  const { pageNo = 1, ...rest } = body;
  const pageSize = body.pageSize ?? ORDER_LIST_PAGE_SIZE;
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'pages', body],
    initialPageParam: pageNo,
    queryFn: ({ pageParam, signal }) => fetchOrderPage({ ...rest, pageNo: pageParam }, signal),
    getNextPageParam: (last: OrderPage, _all: OrderPage[], lastPageNo: number) =>
      lastPageNo * pageSize < last.total && last.data.length > 0 ? lastPageNo + 1 : undefined,
  });
};

const orderCountsQuery = (body: OrderCountBody) =>
  queryOptions({
    queryKey: [...ordersKey, 'counts', body],
    queryFn: ({ signal }) => fetchOrderCounts(body, signal),
  });

/**
 * The order list from the page `body.pageNo` names on, the next page while more remain (the
 * phone layout's infinite scroll; a desktop shows the first of them). The previous list stays
 * while another filter's or page's first page loads.
 */
export function useOrderPages(body: OrderListBody, enabled = true) {
  return useInfiniteQuery({ ...orderPagesQuery(body), enabled, placeholderData: keepPreviousData });
}

export function useOrderCounts(body: OrderCountBody, enabled = true) {
  return useQuery({ ...orderCountsQuery(body), enabled, placeholderData: keepPreviousData });
}

/** Loaders' reads of the list's first page and its counts (on the server, into the page). */
export function prefetchOrderPages(page: PageContext, body: OrderListBody) {
  const done = page.queryClient.prefetchInfiniteQuery(orderPagesQuery(body));
  return page.server ? done : undefined;
}
export const prefetchOrderCounts = (page: PageContext, body: OrderCountBody) => prefetch(page, orderCountsQuery(body));

export const detailKey = (id: string, code?: string | null) => [...ordersKey, 'detail', id, code ?? null] as const;
export function useOrderDetail(id: string | undefined, outTradeOrderCode?: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? '', outTradeOrderCode),
    enabled: !!id && /^\d{1,18}$/.test(id),
    queryFn: ({ signal }) => fetchOrderDetail(id!, outTradeOrderCode, signal),
  });
}

export const packagesKey = (id: string) => [...ordersKey, 'packages', id] as const;
export function usePackages(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: packagesKey(id ?? ''),
    enabled: enabled && !!id && /^\d{1,18}$/.test(id),
    queryFn: ({ signal }) => fetchPackages(id!, signal),
  });
}

export function useWaybill(carrierCode: string, waybill: string, enabled = true) {
  return useQuery({
    queryKey: [...ordersKey, 'waybill', carrierCode, waybill],
    enabled: enabled && !!carrierCode && !!waybill,
    queryFn: ({ signal }) => fetchWaybill(carrierCode, waybill, signal),
    // No tracking yet is an answer, not an error worth retrying.
    retry: false,
  });
}

export function useEnterpriseChildren(enabled: boolean) {
  return useQuery({ queryKey: ['enterprise-children'], enabled, queryFn: fetchEnterpriseChildren, staleTime: 60_000 });
}

export function useGuestLookup() {
  return useMutation({ mutationFn: guestLookup });
}

/** After any operation: list, counts, detail and packages (and the session's cart count when asked). */
export function useInvalidateOrders() {
  const qc = useQueryClient();
  return (withSession = false) => {
    void qc.invalidateQueries({ queryKey: ordersKey });
    if (withSession) void qc.invalidateQueries({ queryKey: sessionKey });
  };
}

export const isOrderNotFound = (e: unknown) =>
  e instanceof ApiError && (e.code === 'Trade.tradeOrderNotExist' || e.code === 'Trade.tradeContractNotExist');
