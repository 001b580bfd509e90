/**
 * Request hygiene shared by every route: which path the router really chose (for checks that
 * depend on the path), and text that PostgreSQL cannot store (NUL, lone UTF-16 surrogates)
 * refused at the door for every string field at once, instead of per schema; and bodies nested
 * too deeply or too wide (REQUEST_JSON_LIMITS).
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

/**
 * Shape limits of a parsed request body: JSON nested thousands of levels deep made recursive code
 * (this walk, JSON.stringify of a jsonb value) overflow the stack and answer 500. No request of
 * the shop comes near them (its schemas allow a few levels and lists of at most 1,000 entries).
 */
export const REQUEST_JSON_LIMITS = {
  /** Objects and arrays inside one another. */
  depth: 32,
  /** Keys of one object. */
  keys: 10_000,
  /** Entries of one array. */
  items: 10_000,
} as const;
export type RequestJsonLimits = { depth: number; keys: number; items: number };

export type RequestValueProblem =
  { kind: 'text'; path: string } | { kind: 'depth' | 'keys' | 'items'; path: string; limit: number };

// eslint-disable-next-line no-control-regex -- NUL is one of the characters this replaces
const safeKey = (key: string) => key.replace(/[\u0000\uD800-\uDFFF]/g, '?');

/**
 * The first problem of a parsed request part (params, query or body), in document order: a
 * container deeper than `limits.depth`, an object or array over its count, or a string (or
 * object key) PostgreSQL cannot store. Iterative, with its own stack: no value can overflow it.
 */
export function requestValueProblem(
  value: unknown,
  limits: RequestJsonLimits = REQUEST_JSON_LIMITS,
): RequestValueProblem | null {
  // [value, its JSON-pointer-like path, how many containers enclose it]
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (unstorable(v)) return { kind: 'text', path: path || '/' };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= limits.depth) return { kind: 'depth', path: path || '/', limit: limits.depth };
    if (Array.isArray(v)) {
      if (v.length > limits.items) return { kind: 'items', path: path || '/', limit: limits.items };
      // Pushed last to first, so the first entry is looked at first.
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}/${i}`, depth + 1]);
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.keys) return { kind: 'keys', path: path || '/', limit: limits.keys };
    const bad = keys.find(unstorable);
    if (bad !== undefined) return { kind: 'text', path: `${path}/${safeKey(bad)}` };
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push([(v as Record<string, unknown>)[keys[i]!], `${path}/${keys[i]}`, depth + 1]);
  }
  return null;
}

const NO_LIMITS: RequestJsonLimits = { depth: Infinity, keys: Infinity, items: Infinity };

/** The JSON-pointer-like path of the first string (or object key) PostgreSQL cannot store, if any. */
export function findUnstorableText(value: unknown): string | null {
  return requestValueProblem(value, NO_LIMITS)?.path ?? null;
}

const TOO_BIG: Record<'depth' | 'keys' | 'items', string> = {
  depth: 'The request nests objects or lists too deeply',
  keys: 'An object of the request has too many fields',
  items: 'A list of the request has too many entries',
};

export function registerRequestHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    // Runs right after the body is parsed, before the schema (or any handler) walks it.
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const problem = requestValueProblem(value);
      if (!problem) continue;
      if (problem.kind === 'text')
        throw new AppError(400, ERROR_CODES.invalidText, 'A text field contains characters that cannot be stored', {
          part,
          path: problem.path,
        });
      throw new AppError(400, ERROR_CODES.invalidRequest, TOO_BIG[problem.kind], {
        part,
        path: problem.path,
        limit: problem.limit,
      });
    }
  });
}
