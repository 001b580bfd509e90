import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@mall/contracts';
import { api } from '../../shared/api';
import { ADDRESS_LIST_PATH } from './paths';

export interface RegionOption {
  id: string;
  regionName: string;
  regionShortName: string;
  level: number;
  code: string;
}

export const addressesKey = ['addresses'] as const;

export function useAddresses(enabled = true) {
  return useQuery({
    queryKey: addressesKey,
    enabled,
    queryFn: () => api<Address[]>(ADDRESS_LIST_PATH, { body: {} }),
  });
}

/** Countries, or the children of a region (province, city, district levels). */
export function useRegions(parentId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['regions', parentId ?? 'countries'],
    enabled: enabled && parentId !== null,
    staleTime: Infinity,
    queryFn: () =>
      api<{ data: RegionOption[] }>('/sapi/mall-content/web/mdRegionBO/page', {
        body: { pageSize: 999, pageNum: 1, regionStatus: 'ENABLED', ...(parentId ? { parentId } : {}) },
      }).then((r) => r.data),
  });
}

export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      api<Address>(id ? `/api/addresses/${id}` : '/api/addresses', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useAddressAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'default' | 'delete' }) =>
      api<Address[]>(action === 'delete' ? `/api/addresses/${id}` : `/api/addresses/${id}/default`, {
        method: action === 'delete' ? 'DELETE' : 'POST',
      }),
    onSuccess: (list) => qc.setQueryData(addressesKey, list),
  });
}
