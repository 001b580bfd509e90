/**
 * Third-party sign-in (SPEC §7): the configured providers (login buttons), the logged-in buyer's
 * bound identities (`list-bound`) and `unbind (accountType)`. Binding and signing in are full
 * page navigations to `/auth/oidc/<name>/start` (the provider's pages are not ours).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDENTITY_PROVIDER } from '@mall/contracts/constants';
import type { OidcProviderList, ThirdAccountList, UnbindThirdAccountBody } from '@mall/contracts';
import { api } from '../../../shared/api';

const LIST_BOUND = ['third-accounts'] as const;

export function useOidcProviders() {
  return useQuery({
    queryKey: ['oidc-providers'],
    queryFn: ({ signal }) => api<OidcProviderList>('/auth/oidc/providers', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useThirdAccounts() {
  return useQuery({
    queryKey: LIST_BOUND,
    queryFn: ({ signal }) => api<ThirdAccountList>(`/auth/${IDENTITY_PROVIDER}/third-account/list-bound`, { signal }),
  });
}

export function useUnbindThirdAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UnbindThirdAccountBody) =>
      api<ThirdAccountList>(`/auth/${IDENTITY_PROVIDER}/third-account/unbind`, { body }),
    onSuccess: (list) => qc.setQueryData(LIST_BOUND, list),
  });
}

/** Where the browser goes to sign in (or bind) with a provider. */
export function oidcStartUrl(name: string, opts: { target?: string; mode?: 'login' | 'bind' } = {}): string {
  const q = new URLSearchParams();
  if (opts.mode === 'bind') q.set('mode', 'bind');
  if (opts.target) q.set('target', opts.target);
  const qs = q.toString();
  return `/auth/oidc/${encodeURIComponent(name)}/start${qs ? `?${qs}` : ''}`;
}
