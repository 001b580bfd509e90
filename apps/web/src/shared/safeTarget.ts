/** Redirect targets in the browser: the shared rule of `@mall/domain` (safeRedirect) against this page's origin. */
import { safeRedirect, type SafeRedirect } from '@mall/domain';
import { pageOrigin } from './api';

export function safeTarget(
  raw: string | null | undefined,
  opts: { allowedHosts?: readonly string[]; fallback?: string } = {},
): SafeRedirect {
  return safeRedirect(raw, { ...opts, origin: pageOrigin() });
}
