/**
 * Sessions and identity of the caller. The cookie carries a random token; Postgres keeps its
 * SHA-256 with the user it belongs to. Guests ("tourists") get a user row and a session the
 * first time they need one (ensureBuyer), so browsing creates nothing.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  CSRF_HEADER,
  DEFAULT_SITE,
  ERROR_CODES,
  SESSION_TTL_DAYS,
  isLanguage,
  siteFor,
  type Language,
  type Site,
} from '@mall/contracts';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { tableColumns } from '../db/rows.js';
import { AppError, isApiPath } from './errors.js';
import { routedPath } from './hygiene.js';
import { coalesced } from './batches.js';

export const SESSION_COOKIE = 'mall_sid';
export const SITE_COOKIE = 'site';
export const LANG_COOKIE = 'lang';

export type UserRow = typeof users.$inferSelect;

export interface Caller {
  sessionId: string | null;
  user: UserRow | null;
  site: Site;
  language: Language;
  /** On routes with `config.sessionSummary`: what the top bar shows, read with the session in one statement. */
  summary?: { cartCount: number; enterpriseName: string | null };
  /** On routes with `config.orderVersion`: the buyer's order version (buyer_order_versions, '0' before any order), read with the session. */
  orderVersion?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

// One-shot hash: a third of the time of a Hash object, on every logged-in API call.
const hashToken = (token: string) => crypto.hash('sha256', token, 'hex');

export function isRegistered(c: Caller): c is Caller & { user: UserRow } {
  return c.user?.userType === 'REGISTERED';
}

// Every lookup below reads the session's user id and the user row's version (xmin, new with every
// update of the row), not the row: this server keeps the row it last read for each session and
// reads it again (USER_ROW) only when the version moved. The 18 columns in the statement cost
// PostgreSQL ~7 µs on every call even when not sent (its executor sets the expression up per
// execution), a fifth of the session lookup's time there.
const SESSION_USER = 's.id, s.user_id::text AS user_id, u.xmin::text AS v';
// Named prepared statements (planned once per connection) read by the pg driver directly,
// without building the query each time: they run on every API call of a logged-in buyer. Each is
// also run for several sessions at once, with `s.id = ANY($1)` (see `batchedLookup`).
const ONE_SESSION = 's.id = $1 AND s.expires_at > now()';
const SESSIONS = 's.id = ANY($1::text[]) AND s.expires_at > now()';
const SESSION_LOOKUP = {
  name: 'session_lookup',
  text: `SELECT ${SESSION_USER} FROM sessions s JOIN users u ON u.id = s.user_id WHERE ${ONE_SESSION}`,
};
// GET /api/auth/session runs on every page load: the session, its user, the cart count (kept in
// cart_line_counts) and the enterprise name in one round trip instead of three.
const SESSION_SUMMARY_LOOKUP = {
  name: 'session_summary_lookup',
  text: `SELECT ${SESSION_USER}, coalesce(c.lines, 0) AS cart_count, e.name AS enterprise_name
FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN cart_line_counts c ON c.buyer_id = u.id LEFT JOIN enterprises e ON e.id = u.enterprise_id
WHERE ${ONE_SESSION}`,
};
// The buyer's order reads (list, tab counts, detail) check their kept answers against the
// buyer's order version (modules/trade/read-cache.ts): read here, so a kept answer costs one round trip.
const SESSION_ORDER_LOOKUP = {
  name: 'session_order_lookup',
  text: `SELECT ${SESSION_USER}, coalesce((SELECT v.version FROM buyer_order_versions v WHERE v.buyer_id = u.id), 0)::text AS order_version
FROM sessions s JOIN users u ON u.id = s.user_id WHERE ${ONE_SESSION}`,
};
type Statement = { name: string; text: string };
type SessionRow = { id: string; user_id: string; v: string };
// The user row with its version, read in one statement (so the version kept is the row's own).
// As one JSON array column: the pg driver then parses one field instead of 18, each with its
// own type parser.
const U = tableColumns(users, 'u');
const USER_ROW = {
  name: 'session_user_row',
  text: `SELECT u.xmin::text AS v, ${U.json}::text AS u FROM users u WHERE u.id = $1`,
};

/**
 * The user row last read for each session, with its row version. Rows are shared between
 * requests, hence frozen. Bounded: past the limit it starts over (each session then reads its
 * row once more).
 */
const keptUsers = new Map<string, { version: string; user: UserRow }>();
const KEPT_USERS_MAX = 10_000;

/**
 * One statement's session lookups on one database, coalesced (lib/batches.ts): lookups asked for
 * while one runs share the next statement (the summary lookup's four tables cost PostgreSQL ~65 µs
 * per execution for one session). Every request still reads its session from the database: it
 * only shares the round trip.
 */
function batchedLookup(db: Db, statement: Statement): (id: string) => Promise<SessionRow | undefined> {
  // One session runs the statement as written (s.id = $1), several the same with s.id = ANY($1).
  const batched = { name: `${statement.name}_batch`, text: statement.text.replace(ONE_SESSION, SESSIONS) };
  return coalesced(
    async (ids: string[]) => {
      const { rows } = await db.$client.query<SessionRow>(
        ids.length === 1 ? { ...statement, values: ids } : { ...batched, values: [ids] },
      );
      return new Map(rows.map((r) => [r.id, r]));
    },
    (r) => ({ ...r }),
  ); // each waiter its own row object: lookUp sets `user` on it
}
/** The batched lookups by database and statement (tests run several apps, each on its own database, in one process). */
const lookups = new WeakMap<Db, Map<Statement, ReturnType<typeof batchedLookup>>>();

/** Runs one of the lookups above for session `id`; the row with `user` mapped as Drizzle maps it. */
async function lookUp<R>(
  db: Db,
  statement: Statement,
  id: string,
): Promise<(R & SessionRow & { user: UserRow }) | undefined> {
  let ofDb = lookups.get(db);
  if (!ofDb) lookups.set(db, (ofDb = new Map<Statement, ReturnType<typeof batchedLookup>>()));
  let lookup = ofDb.get(statement);
  if (!lookup) ofDb.set(statement, (lookup = batchedLookup(db, statement)));
  const row = (await lookup(id)) as (R & SessionRow & { user: UserRow }) | undefined;
  if (!row) return undefined;
  const kept = keptUsers.get(id);
  if (kept && kept.version === row.v)
    row.user = kept.user; // the driver's own row object: no copy on every request
  else {
    // New to this server, or the row changed since: one more round trip, then kept.
    const {
      rows: [fresh],
    } = await db.$client.query<{ v: string; u: string }>({ ...USER_ROW, values: [row.user_id] });
    if (!fresh) return undefined; // deleted in between
    const user = Object.freeze(U.mapJson(JSON.parse(fresh.u) as (string | null)[]));
    if (keptUsers.size >= KEPT_USERS_MAX) keptUsers.clear();
    keptUsers.set(id, { version: fresh.v, user });
    row.user = user;
  }
  return row;
}

/** The caller with the session `id`'s user and the top bar's summary, read in one statement; unchanged when the session is gone. */
async function withSummary(db: Db, caller: Caller, id: string): Promise<Caller> {
  const row = await lookUp<{ cart_count: number; enterprise_name: string | null }>(db, SESSION_SUMMARY_LOOKUP, id);
  return row
    ? {
        ...caller,
        sessionId: id,
        user: row.user,
        summary: { cartCount: row.cart_count, enterpriseName: row.enterprise_name },
      }
    : caller;
}

/**
 * The caller of a page request (the app shell), with the session and summary GET /api/auth/session
 * reads: the hook above reads sessions for API paths only.
 */
export async function pageCaller(db: Db, req: FastifyRequest): Promise<Caller> {
  const token = req.cookies[SESSION_COOKIE];
  return token ? withSummary(db, req.caller, hashToken(token)) : req.caller;
}

export function registerSessions(app: FastifyInstance, db: Db, opts: { secureCookies: boolean }): void {
  app.decorateRequest('caller', null as unknown as Caller);

  app.addHook('onRequest', async (req, reply) => {
    // Read once: Fastify builds a new routeOptions object on every access.
    const route = req.routeOptions;
    const config = route.config as
      { csrfExempt?: boolean; sessionSummary?: boolean; orderVersion?: boolean } | undefined;
    // The routed path, not the raw URL: `/%61pi/cart/lines` runs the /api route too.
    const api = isApiPath(routedPath(req, route));
    // CSRF: state-changing API calls must carry our custom header (a cross-site form cannot
    // set it) and, when the browser sends an Origin, it must be our own host.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && api && !config?.csrfExempt) {
      const origin = req.headers.origin;
      // req.host: the Host header, or HTTP/2's :authority (an HTTP/2 request has no Host header).
      const sameOrigin = !origin || safeHost(origin) === req.host;
      if (!req.headers[CSRF_HEADER] || !sameOrigin) {
        reply.code(403).send({ code: ERROR_CODES.csrfRejected, message: 'Cross-site request rejected' });
        return reply;
      }
    }
    const site = siteFor(req.cookies[SITE_COOKIE] ?? DEFAULT_SITE);
    const langCookie = req.cookies[LANG_COOKIE];
    const language = isLanguage(langCookie) ? langCookie : site.defaultLanguage;
    req.caller = { sessionId: null, user: null, site, language };
    const token = req.cookies[SESSION_COOKIE];
    if (!token || !api) return;
    const id = hashToken(token);
    if (config?.sessionSummary) {
      req.caller = await withSummary(db, req.caller, id);
      return;
    }
    if (config?.orderVersion) {
      const row = await lookUp<{ order_version: string }>(db, SESSION_ORDER_LOOKUP, id);
      if (row) req.caller = { ...req.caller, sessionId: id, user: row.user, orderVersion: row.order_version };
      return;
    }
    const row = await lookUp<object>(db, SESSION_LOOKUP, id);
    if (row) req.caller = { ...req.caller, sessionId: id, user: row.user };
  });

  /** Deletes a session and forgets the user row kept for it. */
  const dropSession = async (id: string) => {
    keptUsers.delete(id);
    await db.delete(sessions).where(eq(sessions.id, id));
  };

  app.decorateReply('startSession', async function (this: FastifyReply, userId: bigint) {
    const req = this.request;
    // Rotate: the old session (tourist or stale) is destroyed so a fixed id can't be reused.
    if (req.caller.sessionId) await dropSession(req.caller.sessionId);
    const token = crypto.randomBytes(32).toString('base64url');
    const id = hashToken(token);
    await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86400_000) });
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      maxAge: SESSION_TTL_DAYS * 86400,
    });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    req.caller = { ...req.caller, sessionId: id, user: user ?? null };
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const req = this.request;
    if (req.caller.sessionId) await dropSession(req.caller.sessionId);
    this.clearCookie(SESSION_COOKIE, { path: '/' });
    req.caller = { ...req.caller, sessionId: null, user: null };
  });
}

declare module 'fastify' {
  interface FastifyReply {
    startSession(userId: bigint): Promise<void>;
    endSession(): Promise<void>;
  }
  interface FastifyContextConfig {
    csrfExempt?: boolean;
    /** Read the top bar's summary (cart count, enterprise name) with the session. */
    sessionSummary?: boolean;
    /** Read the buyer's order version (buyer_order_versions) with the session. */
    orderVersion?: boolean;
  }
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The buyer who owns cart lines and orders; a guest gets a tourist user on first need. */
export async function ensureBuyer(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<bigint> {
  if (req.caller.user) return req.caller.user.id;
  const [tourist] = await db
    .insert(users)
    .values({ userType: 'TOURIST', nickname: 'Guest' })
    .returning({ id: users.id });
  await reply.startSession(tourist!.id);
  return tourist!.id;
}

export function requireRegistered(req: FastifyRequest): UserRow {
  if (!isRegistered(req.caller)) throw new AppError(401, ERROR_CODES.unauthorized, 'Please log in first');
  return req.caller.user;
}
