import { useQuery } from '@tanstack/react-query';
import type { ItemDetail, ItemBusinessType, ItemCard } from '@mall/contracts';
import { api } from '../../shared/api';
import { useSession } from '../../shared/session';

export function useItems(q: { keyword?: string; type?: ItemBusinessType }) {
  const site = useSession().data?.site;
  const params = new URLSearchParams({ pageSize: '48', ...(q.keyword && { keyword: q.keyword }), ...(q.type && { type: q.type }) });
  return useQuery({
    queryKey: ['items', site, q],
    queryFn: () => api<{ data: ItemCard[]; total: number }>(`/api/catalog/items?${params}`),
    placeholderData: (prev) => prev,
  });
}

export function useItem(urlKey: string) {
  const site = useSession().data?.site;
  return useQuery({ queryKey: ['item', site, urlKey], queryFn: () => api<ItemDetail>(`/api/catalog/items/${encodeURIComponent(urlKey)}`) });
}
