/**
 * The order list's reads, which app/early.ts also starts while the app boots. A module of its own:
 * importing them from api.ts would put the order hooks into every page's first load.
 */
export const ORDER_PAGE_PATH = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
export const ORDER_COUNTS_PATH = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
