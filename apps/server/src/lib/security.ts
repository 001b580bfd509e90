/**
 * Security headers on every answer (pages, API, assets): a strict Content-Security-Policy the
 * built web app satisfies (no inline script), no framing, no MIME sniffing, a referrer policy,
 * and HSTS in production only (a dev shop on http://localhost must stay reachable).
 *
 * The same headers @fastify/helmet sent with these settings, built once at start: helmet parsed
 * its directives again on every request, a measurable share of a small API answer's CPU.
 * A route may still replace one (the printable invoice sets its own policy).
 */
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  production: boolean;
  /** Origins the shop sends forms to besides itself (payment providers' pages). */
  formTargets: string[];
}

export function securityHeaders(opts: SecurityOptions): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine injects its CSS variables and component styles as <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ["form-action 'self'", ...opts.formTargets].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(opts.production ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(opts.production && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
