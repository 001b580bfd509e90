/**
 * @fastify/rate-limit store kept in PostgreSQL, so every app server behind a load balancer
 * counts against the same limit (an in-memory store would give each server its own).
 * One fixed window per key: one upsert per limited request, no read-modify-write race.
 */
import type { Db } from '../db/client.js';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const INCR = `
INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
  reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
RETURNING hits, greatest(0, (extract(epoch FROM r.reset_at - now()) * 1000)::int) AS ttl`;

const READ = `SELECT hits, greatest(0, (extract(epoch FROM reset_at - now()) * 1000)::int) AS ttl FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`;

/** Expired windows are deleted now and then by whichever server happens to count. */
const PURGE = `DELETE FROM rate_limit_hits WHERE reset_at < now() - interval '1 hour'`;
const PURGE_EVERY = 5000;

export function postgresRateLimitStore(db: Db) {
  let calls = 0;
  return class PostgresRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (++calls % PURGE_EVERY === 0) void db.$client.query(PURGE).catch(() => {});
      db.$client
        .query<{ hits: number; ttl: number }>({
          name: 'rate_limit_incr',
          text: INCR,
          values: [this.prefix + key, timeWindow],
        })
        .then(
          (r) => cb(null, { current: r.rows[0]!.hits, ttl: r.rows[0]!.ttl }),
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: Callback): void {
      db.$client
        .query<{ hits: number; ttl: number }>({ name: 'rate_limit_read', text: READ, values: [this.prefix + key] })
        .then(
          (r) => cb(null, { current: r.rows[0]?.hits ?? 0, ttl: r.rows[0]?.ttl ?? 0 }),
          (err: Error) => cb(err),
        );
    }

    /** Route-level limits get their own keys (method and route pattern), like the built-in stores. */
    child(routeOptions: object) {
      // The plugin passes the route's merged limit settings with the route's method and URL.
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${url}:`);
    }
  };
}
