import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITES } from '@mall/contracts/constants';
import type { SessionInfo, SiteCode, Language } from '@mall/contracts';
import { api } from './api';

export const sessionKey = ['session'] as const;

/** Also prefetched in main.tsx before the first render: every page waits for it. */
export const sessionQuery = { queryKey: sessionKey, queryFn: () => api<SessionInfo>('/api/auth/session'), staleTime: 60_000 };

export function useSession() {
  return useQuery(sessionQuery);
}

/** The current site row; before the session loads, the default site. */
export function useSite() {
  const { data } = useSession();
  return SITES[data?.site ?? 'US'];
}

/** Registered buyers count as logged in; tourists do not (SPEC §1). */
export const isLoggedIn = (s: SessionInfo | undefined) => s?.userType === 'REGISTERED';

export function useSessionMutation<TBody>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api<SessionInfo>(path, { method: 'POST', body: body ?? {} }),
    onSuccess: (session) => {
      qc.setQueryData(sessionKey, session);
      // Everything else (cart, prices, orders) depends on who and where the caller is.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}

export function usePreferences() {
  return useSessionMutation<{ site?: SiteCode; language?: Language }>('/api/preferences');
}
