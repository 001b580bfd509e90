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
import { isApiPath } from './errors.js';

export interface SecurityOptions {
  production: boolean;
  /** Origins the shop sends forms to besides itself (payment providers' pages). */
  formTargets: string[];
  /** A configured payment provider's browser script, its frames and its API (Stripe.js, PayPal's SDK). */
  scriptSources?: string[];
  frameSources?: string[];
  connectSources?: string[];
  /** A provider's own style sheet and the logos its widget shows (Adyen's Drop-in). */
  styleSources?: string[];
  imgSources?: string[];
}

/** The pages' Content-Security-Policy; `nonce` lets the inline scripts of one server-rendered page run. */
export function pageCsp(opts: SecurityOptions, nonce?: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...(opts.scriptSources ?? [])].join(' '),
    ...(opts.frameSources?.length ? [["frame-src 'self'", ...opts.frameSources].join(' ')] : []),
    // Mantine injects its CSS variables and component styles as <style> elements at run time.
    ["style-src 'self' 'unsafe-inline'", ...(opts.styleSources ?? [])].join(' '),
    ["img-src 'self' data: blob:", ...(opts.imgSources ?? [])].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...(opts.connectSources ?? [])].join(' '),
    ["form-action 'self'", ...opts.formTargets].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(opts.production ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

export function securityHeaders(opts: SecurityOptions): Record<string, string> {
  return {
    'content-security-policy': pageCsp(opts),
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

/**
 * API answers (JSON, never a page): what OWASP's REST cheat sheet asks of them. Nothing may load
 * from or frame them, no sniffing; a page's policy (scripts, styles, fonts, forms) means nothing
 * there, and half the headers on every API call were a measurable share of its CPU.
 * An API route that answers HTML (the printable invoice) sets its own policy.
 */
export function apiSecurityHeaders(opts: SecurityOptions): Record<string, string> {
  const page = securityHeaders(opts);
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-opener-policy': page['cross-origin-opener-policy']!,
    'cross-origin-resource-policy': page['cross-origin-resource-policy']!,
    'referrer-policy': page['referrer-policy']!,
    ...(opts.production && { 'strict-transport-security': page['strict-transport-security']! }),
    'x-content-type-options': page['x-content-type-options']!,
    'x-frame-options': page['x-frame-options']!,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages' policy with one page's nonce (modules/web/render.ts). */
    pageCsp: (nonce: string) => string;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  app.decorate('pageCsp', (nonce: string) => pageCsp(opts, nonce));
  const page = securityHeaders(opts);
  const api = apiSecurityHeaders(opts);
  app.addHook('onRequest', async (req, reply) => {
    // The raw URL: an encoded API path ('/%61pi/...') simply gets the page's headers, never fewer.
    reply.headers(isApiPath(req.url) ? api : page);
  });
}
