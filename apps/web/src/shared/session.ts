import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITES } from '@mall/contracts/constants';
import type { SessionInfo, SiteCode, Language } from '@mall/contracts';
import { api } from './api';

export const sessionKey = ['session'] as const;

/** Also prefetched in main.tsx before the first render: every page waits for it. */
export const sessionQuery = {
  queryKey: sessionKey,
  queryFn: () => api<SessionInfo>('/api/auth/session'),
  staleTime: 60_000,
};

/** What the app reads of the session query. */
export interface SessionState {
  data: SessionInfo | undefined;
  /** No answer yet (the dev server's first read; the app shell carries the session otherwise). */
  isLoading: boolean;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * The one observer of the session query, for the whole app (main.tsx mounts it inside the router).
 * Prices, tiles, order cards and lines all read the session (useMoney -> useSite): one TanStack
 * observer each (options merged and hashed, a result built, a store subscription) was ~50 of them
 * on the home page's first load; a context read costs next to nothing. A page opened after the
 * session went stale (60 s) reads it again, as each page's own observers used to on mount.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, isLoading } = useQuery(sessionQuery);
  const qc = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    void qc.prefetchQuery(sessionQuery);
  }, [qc, pathname]);
  // A new value only when the session does change: every reader re-renders with it.
  const value = useMemo(() => ({ data, isLoading }), [data, isLoading]);
  return createElement(SessionContext.Provider, { value }, children);
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <SessionProvider>');
  return session;
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
