import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { ItemDetail, ItemBusinessType, ItemCard, SessionInfo } from '@mall/contracts';
import { api } from '../../shared/api';
import { useSession } from '../../shared/session';
import { prefetch, sessionOf, type PageContext } from '../../app/page-context';

type Where = Pick<SessionInfo, 'site' | 'language'> | undefined;
interface ItemsFilter {
  keyword?: string;
  type?: ItemBusinessType;
}

/** Prices follow the site's currency and names the chosen language, so both are in the keys. */
const itemsQuery = (where: Where, q: ItemsFilter) => ({
  queryKey: ['items', where?.site, where?.language, q] as const,
  queryFn: () => {
    const params = new URLSearchParams({
      pageSize: '48',
      ...(q.keyword && { keyword: q.keyword }),
      ...(q.type && { type: q.type }),
    });
    return api<{ data: ItemCard[]; total: number }>(`/api/catalog/items?${params}`);
  },
});

const itemQuery = (where: Where, urlKey: string) => ({
  queryKey: ['item', where?.site, where?.language, urlKey] as const,
  queryFn: () => api<ItemDetail>(`/api/catalog/items/${encodeURIComponent(urlKey)}`),
});

/** The home page's filter, as its URL says (`?keyword=`, `?type=`). */
export const homeFilter = (params: URLSearchParams): ItemsFilter => ({
  keyword: params.get('keyword')?.trim() || undefined,
  type: (params.get('type') || undefined) as ItemBusinessType | undefined,
});

export function useItems(q: ItemsFilter) {
  return useQuery({ ...itemsQuery(useSession().data, q), placeholderData: (prev) => prev });
}

export function useItem(urlKey: string) {
  return useQuery(itemQuery(useSession().data, urlKey));
}

/** The home page's grid, read with the page. */
export async function loadHomePage(page: PageContext, { request }: LoaderFunctionArgs) {
  return prefetch(page, itemsQuery(await sessionOf(page), homeFilter(new URL(request.url).searchParams)));
}

/** The item, read with its page. */
export async function loadItemPage(page: PageContext, { params }: LoaderFunctionArgs) {
  return prefetch(page, itemQuery(await sessionOf(page), params.urlKey ?? ''));
}
