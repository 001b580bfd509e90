/**
 * The reads a page's loaders make while the server renders it (apps/web/src/entry-server.tsx),
 * answered in-process by the same services the API routes call, for the page request's caller.
 * Each answer is encoded by the route's own response schema, so the browser's cache holds exactly
 * what the API would have answered. A read not listed here answers 0: the page shows its loading
 * state in the HTML and the browser asks the API after hydrating.
 */
import { z } from 'zod';
import {
  ArticleDetail,
  ArticleDetailBody,
  BUYER_HOME_PATH,
  BuyerHome,
  ERROR_CODES,
  ItemDetail,
  ItemList,
  ItemListQuery,
  ORDER_COUNTS_PATH,
  ORDER_PAGE_PATH,
  OrderCountBody,
  OrderCounts,
  OrderListBody,
  OrderPage,
  ReverseDetail,
  ReverseIdBody,
  SessionInfo,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isRegistered, type Caller } from '../../lib/session.js';
import { sessionInfo } from '../identity/service.js';
import { getItem, listItems } from '../catalog/service.js';
import { countOrders, listOrders } from '../trade/service.js';
import { reverseById } from '../reverse/read.js';
import { buyerHome } from '../buyer-home/service.js';
import { articleDetail } from '../content/service.js';

export interface PageReadAnswer {
  status: number;
  data: unknown;
}
export type PageReads = (path: string, init: { method: string; body?: unknown }) => Promise<PageReadAnswer>;

const REVERSE_DETAIL_PATH = '/sapi/mall-order/web/reverseorder/querybyid';
const ARTICLE_DETAIL_PATH = '/sapi/mall-content/web/article/articleDetail';
const ITEM_PATH = /^\/api\/catalog\/items\/([^/?]+)$/;

/** The JSON the route would send: encoded by its response schema. */
const asSent = <S extends z.ZodType>(schema: S, value: z.output<S>): PageReadAnswer => ({
  status: 200,
  data: JSON.parse(JSON.stringify(z.encode(schema, value))),
});

type Read = (caller: Caller, url: URL, body: unknown) => Promise<PageReadAnswer>;

/** GET reads by path; POST reads by path with their body (validated by the route's schema). */
function readsOf(db: Db): { get: Map<string, Read>; post: Map<string, Read>; item: Read } {
  const get = new Map<string, Read>([
    ['/api/auth/session', async (caller) => asSent(SessionInfo, await sessionInfo(db, caller))],
    [
      '/api/catalog/items',
      async (caller, url) => {
        const query = ItemListQuery.parse(Object.fromEntries(url.searchParams));
        return asSent(ItemList, await listItems(db, caller.site.currency, query, caller.language));
      },
    ],
    [
      BUYER_HOME_PATH,
      async (caller) => {
        if (!isRegistered(caller)) throw new AppError(401, ERROR_CODES.unauthorized, 'Please log in');
        return asSent(BuyerHome, await buyerHome(db, caller.user.id, caller.site));
      },
    ],
  ]);
  const post = new Map<string, Read>([
    [
      ORDER_PAGE_PATH,
      async (caller, _url, body) => {
        const parsed = OrderListBody.parse(body);
        if (!caller.user)
          return asSent(OrderPage, { data: [], total: 0, pageNo: parsed.pageNo, pageSize: parsed.pageSize });
        return asSent(OrderPage, await listOrders(db, caller.user, parsed));
      },
    ],
    [
      ORDER_COUNTS_PATH,
      async (caller, _url, body) => {
        const parsed = OrderCountBody.parse(body);
        if (!caller.user) return { status: 0, data: undefined };
        return asSent(OrderCounts, await countOrders(db, caller.user, parsed));
      },
    ],
    [
      REVERSE_DETAIL_PATH,
      async (caller, _url, body) => {
        const { id } = ReverseIdBody.parse(body);
        if (!isRegistered(caller)) return { status: 0, data: undefined };
        return asSent(ReverseDetail, await reverseById(db, caller.user.id, BigInt(id)));
      },
    ],
    [
      ARTICLE_DETAIL_PATH,
      async (caller, _url, body) => {
        const parsed = ArticleDetailBody.parse(body);
        return asSent(ArticleDetail, await articleDetail(db, parsed.site ?? caller.site.code, parsed));
      },
    ],
  ]);
  const item: Read = async (caller, url) => {
    const urlKey = decodeURIComponent(ITEM_PATH.exec(url.pathname)![1]!);
    return asSent(ItemDetail, await getItem(db, urlKey, caller.site.currency, caller.language, caller.site.code));
  };
  return { get, post, item };
}

/** The page reads of one request's caller. */
export function pageReadsFor(db: Db): (caller: Caller) => PageReads {
  const reads = readsOf(db);
  return (caller) => async (path, init) => {
    const url = new URL(path, 'http://page.invalid');
    const read =
      init.method === 'GET'
        ? (reads.get.get(url.pathname) ?? (ITEM_PATH.test(url.pathname) ? reads.item : undefined))
        : init.method === 'POST'
          ? reads.post.get(url.pathname)
          : undefined;
    if (!read) return { status: 0, data: undefined };
    try {
      return await read(caller, url, init.body ?? {});
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, data: { code: err.code, message: err.message } };
      if (err instanceof z.ZodError || err instanceof URIError)
        return { status: 400, data: { code: ERROR_CODES.invalidRequest, message: 'Invalid request' } };
      throw err;
    }
  };
}
