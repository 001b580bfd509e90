import { useQuery } from '@tanstack/react-query';
import type { ItemDetail, ItemBusinessType, ItemCard } from '@mall/contracts';
import { api } from '../../shared/api';
import { useSession } from '../../shared/session';

/** Prices follow the site's currency and names the chosen language, so both are in the keys. */
export function useItems(q: { keyword?: string; type?: ItemBusinessType }) {
  const { site, language } = useSession().data ?? {};
  const params = new URLSearchParams({ pageSize: '48', ...(q.keyword && { keyword: q.keyword }), ...(q.type && { type: q.type }) });
  return useQuery({
    queryKey: ['items', site, language, q],
    queryFn: () => api<{ data: ItemCard[]; total: number }>(`/api/catalog/items?${params}`),
    placeholderData: (prev) => prev,
  });
}

export function useItem(urlKey: string) {
  const { site, language } = useSession().data ?? {};
  return useQuery({ queryKey: ['item', site, language, urlKey], queryFn: () => api<ItemDetail>(`/api/catalog/items/${encodeURIComponent(urlKey)}`) });
}
