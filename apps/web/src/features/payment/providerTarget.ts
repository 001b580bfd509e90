/**
 * Where the browser may go after a payment starts: the shop's own pages, or the channel's
 * configured hosts (safeRedirect, as safeTarget: https only). One addition here: plain http to a loopback host
 * (127.x.x.x, localhost, [::1]) that the channel is configured with. Browsers treat those as
 * secure contexts (W3C Secure Contexts), they never leave the buyer's machine, and they are
 * where a provider's local test emulator runs (STRIPE_API_BASE / PAYPAL_API_BASE on
 * 127.0.0.1:<port>). A production channel's hosts are the provider's own, so nothing changes there.
 */
import { safeRedirect, type SafeRedirect } from '@mall/domain';

const LOOPBACK_HOST = /^(127(\.\d{1,3}){3}|localhost|\[::1\])(:\d{1,5})?$/;

export function providerTarget(
  raw: string | null | undefined,
  allowedHosts: readonly string[],
  origin = window.location.origin,
): SafeRedirect {
  const target = safeRedirect(raw, { allowedHosts, origin });
  if (!target.internal || !raw) return target;
  let u: URL;
  try {
    u = new URL(raw.trim(), origin);
  } catch {
    return target;
  }
  if (
    u.origin !== new URL(origin).origin &&
    u.protocol === 'http:' &&
    !u.username &&
    !u.password &&
    LOOPBACK_HOST.test(u.host) &&
    allowedHosts.includes(u.host)
  ) {
    return { internal: false, url: u.href };
  }
  return target;
}
