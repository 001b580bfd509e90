/** Paths of reads that both the web app and the server's page rendering name (apps/server/src/modules/web/page-reads.ts). */
export const ORDER_PAGE_PATH = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
export const ORDER_COUNTS_PATH = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
export const BUYER_HOME_PATH = '/api/buyer/home';
