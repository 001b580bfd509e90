/** Group-buy reads and the seller's campaign calls (server: apps/server/src/modules/group-buy). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateGroupBuyCampaignBody,
  GroupBuyCampaign,
  GroupBuyGroupPage,
  GroupBuyOffer,
  GroupBuySkuOption,
} from '@mall/contracts';
import { api } from '../../../shared/api';

export const groupBuyKey = ['group-buy'] as const;

/** An item's campaign on this site and the groups one may join (null: none). */
export function useItemGroupBuy(itemId: string) {
  return useQuery({
    queryKey: [...groupBuyKey, 'item', itemId],
    queryFn: ({ signal }) =>
      api<{ offer: GroupBuyOffer | null }>(`/api/group-buy/items/${itemId}`, { signal }).then((r) => r.offer),
    staleTime: 15_000,
    retry: false,
  });
}

export function useGroupPage(groupId: string) {
  return useQuery({
    queryKey: [...groupBuyKey, 'group', groupId],
    queryFn: ({ signal }) => api<GroupBuyGroupPage>(`/api/group-buy/groups/${groupId}`, { signal }),
    // Slots are taken by others: read again now and then while the page is open.
    refetchInterval: 30_000,
    retry: false,
  });
}

const sellerKey = [...groupBuyKey, 'seller'] as const;

export function useSellerCampaigns() {
  return useQuery({
    queryKey: [...sellerKey, 'campaigns'],
    queryFn: ({ signal }) => api<GroupBuyCampaign[]>('/api/merchant/group-buy/campaigns', { signal }),
    retry: false,
  });
}

export function useSellerSkuOptions() {
  return useQuery({
    queryKey: [...sellerKey, 'skus'],
    queryFn: ({ signal }) => api<GroupBuySkuOption[]>('/api/merchant/group-buy/skus', { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBuyCampaignBody) =>
      api<GroupBuyCampaign>('/api/merchant/group-buy/campaigns', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sellerKey }),
  });
}

export function useEndCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<GroupBuyCampaign>(`/api/merchant/group-buy/campaigns/${id}/end`, { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sellerKey }),
  });
}
