/**
 * Third-party sign-in (OpenID Connect) contracts: SPEC §7 `GET /auth/{provider}/third-account/list-bound`
 * and `POST /auth/{provider}/third-account/unbind (accountType)`, plus the public list of
 * configured providers the login page shows as buttons. `accountType` is the configured
 * provider name (OIDC_PROVIDERS), e.g. `google`.
 */
import { z } from 'zod';

/** Provider names as configured: lowercase letters, digits, dash (they appear in URLs and env names). */
export const OidcProviderName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'invalid provider name');

export const OidcProviderInfo = z.object({ name: OidcProviderName, label: z.string() });
export type OidcProviderInfo = z.infer<typeof OidcProviderInfo>;

export const OidcProviderList = z.object({ providers: z.array(OidcProviderInfo) });
export type OidcProviderList = z.infer<typeof OidcProviderList>;

export const BoundThirdAccount = z.object({
  accountType: z.string(),
  label: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  boundAt: z.string(),
});
export type BoundThirdAccount = z.infer<typeof BoundThirdAccount>;

export const ThirdAccountList = z.object({
  bound: z.array(BoundThirdAccount),
  /** Configured providers this account has not bound yet. */
  available: z.array(OidcProviderInfo),
  /** False for accounts created through a provider that never set a password: the last identity cannot be unbound. */
  hasPassword: z.boolean(),
});
export type ThirdAccountList = z.infer<typeof ThirdAccountList>;

export const UnbindThirdAccountBody = z.strictObject({ accountType: OidcProviderName });
export type UnbindThirdAccountBody = z.infer<typeof UnbindThirdAccountBody>;

/** `mode=bind` binds the provider identity to the logged-in account instead of signing in. */
export const OidcStartQuery = z.object({
  target: z.string().max(2000).optional(),
  mode: z.enum(['login', 'bind']).default('login'),
});

export { OIDC_ERROR_PARAM } from './constants.js';
