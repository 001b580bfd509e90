/** GET /api/dev/mailbox: mail and SMS the shop sent (development only; 404 in production). */
import { useQuery } from '@tanstack/react-query';
import type { DevMailboxList } from '@mall/contracts';
import { api } from '../../../shared/api';

export const fetchMailbox = (to?: string) =>
  api<DevMailboxList>(`/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);

export function useMailbox(to: string) {
  return useQuery({
    queryKey: ['devMailbox', to],
    queryFn: () => fetchMailbox(to.trim() || undefined),
    refetchInterval: 5000,
  });
}
