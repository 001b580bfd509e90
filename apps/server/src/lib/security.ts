/**
 * Security headers on every answer (pages, API, assets): a strict Content-Security-Policy the
 * built web app satisfies (no inline script), no framing, no MIME sniffing, a referrer policy,
 * and HSTS in production only (a dev shop on http://localhost must stay reachable).
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export interface SecurityOptions {
  production: boolean;
  /** Origins the shop sends forms to besides itself (payment providers' pages). */
  formTargets: string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables and component styles as <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...opts.formTargets],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(opts.production && { upgradeInsecureRequests: [] }),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The shop's own pages embed nothing cross-origin that would need these relaxed.
    crossOriginEmbedderPolicy: false,
  });
}
