/**
 * Request hygiene shared by every route: which path the router really chose (for checks that
 * depend on the path), and text that PostgreSQL cannot store (NUL, lone UTF-16 surrogates)
 * refused at the door for every string field at once, instead of per schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@mall/contracts';
import { AppError } from './errors.js';

/**
 * The path the router matched. The raw URL can be percent-encoded (`/%61pi/...` routes to
 * `/api/...`), so a check on `req.url` would see a different path than the handler runs for.
 */
export function routedPath(req: FastifyRequest, route: { url?: string } = req.routeOptions): string {
  const pattern = route.url;
  if (pattern) return pattern;
  const raw = req.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// A high surrogate not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The JSON-pointer-like path of the first string (or object key) PostgreSQL cannot store, if any. */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || '/' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (unstorable(key)) return `${path}/${key.replace(/[\u0000\uD800-\uDFFF]/g, '?')}`;
      const found = findUnstorableText(v, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

export function registerRequestHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
      const at = findUnstorableText(value);
      if (at) throw new AppError(400, ERROR_CODES.invalidText, 'A text field contains characters that cannot be stored', { part, path: at });
    }
  });
}
