/**
 * API test helpers: a fresh database per test file (cloned from the seeded template) and a
 * tiny "browser" around app.inject that keeps cookies and sends the CSRF header.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { CSRF_HEADER } from '@mall/contracts';
import { buildApp, type AppOptions } from '../src/app.js';
import { createDb, type Db } from '../src/db/client.js';
import { ensureDatabase } from '../src/db/embedded.js';
import { DEMO_PASSWORD } from '../src/seed/index.js';

export { DEMO_PASSWORD };

// Provided by global-setup.ts (declared here too, as the typecheck reaches this file via the tests).
declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** A fresh database cloned from the seeded template, and the app on it (options override the defaults). */
export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const url = await ensureDatabase(serverUrl, name, 'mall_template');
  const db = createDb(url, 4);
  const app = await buildApp({ db, ...overrides });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

/**
 * Records every statement the connections of `db`'s pool send (inside transactions too) until
 * `stop()`: its name if it is a named statement, else its text. `unrecorded` sends one past it.
 */
export function recordStatements(db: Db) {
  const statements: string[] = [];
  /** The same, with each statement's name (undefined: sent unnamed, parsed and planned each time) and text. */
  const queries: { name?: string; text: string }[] = [];
  const pool = db.$client as unknown as pg.Pool & { _clients: pg.Client[] };
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  let paused = false;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (!paused && pool._clients.includes(this)) {
      const c = args[0] as { name?: string; text?: string } | string;
      statements.push(typeof c === 'string' ? c : (c.name ?? c.text ?? '?'));
      queries.push(typeof c === 'string' ? { text: c } : { name: c.name, text: c.text ?? '?' });
    }
    return query.apply(this, args);
  };
  return {
    statements,
    queries,
    unrecorded: async (text: string) => {
      paused = true;
      try {
        return await pool.query(text);
      } finally {
        paused = false;
      }
    },
    stop: () => {
      proto.query = query;
    },
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Raw body (sent as is); otherwise `body` is sent as JSON. */
  payload?: string;
  query?: Record<string, string>;
  /** Leave out the CSRF header (to test the CSRF check). */
  noCsrf?: boolean;
  remoteAddress?: string;
}

/** A random documentation-range IP, so every browser has its own per-IP rate limit bucket. */
const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** A client with a cookie jar, like one browser tab talking to the API. */
export class Browser {
  readonly cookies = new Map<string, string>();
  remoteAddress: string;

  constructor(
    readonly app: FastifyInstance,
    opts: { remoteAddress?: string } = {},
  ) {
    this.remoteAddress = opts.remoteAddress ?? randomIp();
  }

  cookieHeader(): string | undefined {
    if (!this.cookies.size) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && !opts.noCsrf) headers[CSRF_HEADER] = '1';
    const inj: InjectOptions = { method, url, headers, remoteAddress: opts.remoteAddress ?? this.remoteAddress };
    if (opts.query) inj.query = opts.query;
    if (opts.payload !== undefined) {
      headers['content-type'] = 'application/json';
      inj.payload = opts.payload;
    } else if (body !== undefined) {
      inj.payload = body as InjectOptions['payload'];
    }
    Object.assign(headers, opts.headers);
    const res = await this.app.inject(inj);
    this.storeCookies(res);
    return res;
  }

  private storeCookies(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of list) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        const key = k!.toLowerCase();
        return (key === 'max-age' && Number(v) <= 0) || (key === 'expires' && new Date(v!).getTime() <= Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(url: string, opts?: RequestOptions) {
    return this.request('GET', url, undefined, opts);
  }
  post(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('POST', url, body, opts);
  }
  patch(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('PATCH', url, body, opts);
  }
  delete(url: string, opts?: RequestOptions) {
    return this.request('DELETE', url, undefined, opts);
  }

  /** Logs in and asserts success; returns the session body. */
  async login(email: string, password = DEMO_PASSWORD) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  }
}

export const browser = (app: FastifyInstance, opts?: { remoteAddress?: string }) => new Browser(app, opts);

/** A browser already logged in as the given account. */
export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Browser> {
  const b = new Browser(app);
  await b.login(email, password);
  return b;
}

/** Id of a SKU by its code, read through the public catalog API. */
export async function skuIdOf(app: FastifyInstance, urlKey: string, skuCode: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/catalog/items/${urlKey}` });
  if (res.statusCode !== 200) throw new Error(`item ${urlKey}: ${res.statusCode} ${res.body}`);
  const sku = (res.json().skus as { id: string; skuCode: string }[]).find((s) => s.skuCode === skuCode);
  if (!sku) throw new Error(`no SKU ${skuCode} in ${urlKey}`);
  return sku.id;
}
