/**
 * The one rule for every `target` / redirect the shop follows (login, sign-up, the address page,
 * the pay-result countdown, payment provider redirects): a path of the shop itself, or an https
 * page on a host a payment channel is configured with. Anything else — another site, `//host`,
 * `/\host`, `javascript:`, credentials in the URL — goes to the fallback (home), so a crafted
 * link cannot send a buyer away from the shop.
 */
export type SafeRedirect =
  /** A path of the shop (path, query and hash), for in-app navigation. */
  | { internal: true; url: string }
  /** An absolute https URL on a payment provider's configured host. */
  | { internal: false; url: string };

export function safeRedirect(
  raw: string | null | undefined,
  opts: { origin: string; allowedHosts?: readonly string[]; fallback?: string },
): SafeRedirect {
  const fallback: SafeRedirect = { internal: true, url: opts.fallback ?? '/' };
  if (!raw || !raw.trim()) return fallback;
  let u: URL;
  // The WHATWG parser decides, exactly as the browser would when following the link.
  try {
    u = new URL(raw.trim(), opts.origin);
  } catch {
    return fallback;
  }
  if (u.origin === new URL(opts.origin).origin) return { internal: true, url: u.pathname + u.search + u.hash };
  if (u.protocol === 'https:' && !u.username && !u.password && (opts.allowedHosts ?? []).includes(u.host))
    return { internal: false, url: u.href };
  return fallback;
}
