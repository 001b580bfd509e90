/** flexispot_md_QueryCarrierFlow: the logistics companies a buyer sends the goods back with. */
import { useQuery } from '@tanstack/react-query';
import type { Carrier } from '@mall/contracts';
import { api } from '../../../shared/api';
import { aftersalesKey } from './keys';

export const fetchCarriers = (signal?: AbortSignal) =>
  api<Carrier[]>('/api/trantor/flow/flexispot_md_QueryCarrierFlow', { body: [], signal });

export function useCarriers(enabled = true) {
  return useQuery({
    queryKey: [...aftersalesKey, 'carriers'],
    enabled,
    queryFn: ({ signal }) => fetchCarriers(signal),
    staleTime: 10 * 60_000,
  });
}
