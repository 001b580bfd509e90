/**
 * The reads the pages buyers land on make first. The server answers them inside the app shell
 * (apps/server/src/lib/first-reads.ts) and the app hands those answers to the page's own first
 * requests, or starts the reads itself while it boots when the shell came without them
 * (apps/web/src/app/early.ts). One list for both, so the server answers exactly the requests the
 * page sends: a request is matched by its path and body, and a mismatch costs one extra read,
 * never a wrong answer.
 */
import { ORDER_LIST_PAGE_SIZE } from './constants.js';

export const ORDER_PAGE_PATH = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
export const ORDER_COUNTS_PATH = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
export const BUYER_HOME_PATH = '/api/buyer/home';
/** The home page's grid: its first page of items. */
export const HOME_ITEMS_PATH = '/api/catalog/items?pageSize=48';

/** A read: a GET without a body, a POST with one. */
export interface FirstRead {
  path: string;
  body?: Record<string, unknown>;
}

/** A read with the server's answer, as the app shell carries it. */
export interface AnsweredRead extends FirstRead {
  data: unknown;
}

/**
 * The first reads of a plain visit (no query string) of `pathname`. `phone`: the screen is below
 * the phone breakpoint, where the order list is the phone layout (its device source is H5).
 */
export function firstReads(pathname: string, screen: { phone: boolean }): FirstRead[] {
  if (pathname === '/') return [{ path: HOME_ITEMS_PATH }];
  const item = /^\/item\/([^/]+)\/?$/.exec(pathname);
  if (item) {
    let urlKey: string;
    try { urlKey = decodeURIComponent(item[1]!); } catch { return []; }
    return [{ path: `/api/catalog/items/${encodeURIComponent(urlKey)}` }];
  }
  if (pathname === '/buyer/index' || pathname === '/buyer/index/') return [{ path: BUYER_HOME_PATH }, { path: ORDER_COUNTS_PATH, body: {} }];
  if (pathname === '/buyer/orders' || pathname === '/buyer/orders/') {
    const deviceSource = screen.phone ? 'H5' : 'PC';
    return [
      { path: ORDER_PAGE_PATH, body: { pageSize: ORDER_LIST_PAGE_SIZE, searchStatus: 'ALL_ORDER', deviceSource, pageNo: 1 } },
      { path: ORDER_COUNTS_PATH, body: { deviceSource } },
    ];
  }
  return [];
}

type Picture = (answer: unknown) => string | undefined;
const LARGEST_PICTURES: Record<string, Picture> = {
  [HOME_ITEMS_PATH]: (answer) => (answer as { data?: { mainImage?: string }[] }).data?.[0]?.mainImage,
  [ORDER_PAGE_PATH]: (answer) => (answer as { data?: { tradeOrderLineList?: { sku?: { image?: string } }[] }[] }).data?.[0]?.tradeOrderLineList?.[0]?.sku?.image,
};

/**
 * Where the page's largest paint is a picture from a first read's answer (the home page's first
 * tile, the order list's first card's first line), how to find it in that read's answer. Fetched
 * as soon as the answer is known, it is there when the page renders it.
 */
export const largestPictureOf = (path: string): Picture | undefined => LARGEST_PICTURES[path];
