/**
 * Upload quotas: files and bytes per hour, per account and per IP. Counted in PostgreSQL (one
 * fixed window per key, like the rate-limit store) so several app servers share one quota; one
 * upsert counts both keys at once, so concurrent uploads cannot slip past a read-then-write race.
 * The table is unlogged (migration 0041): counting waits for no WAL flush.
 */
import type { Db } from '../db/client.js';

export interface UploadQuota {
  /** Files and bytes one account may upload per hour. */
  accountFiles: number;
  accountBytes: number;
  /** The same per client IP (several buyers behind one office or phone-network address share it). */
  ipFiles: number;
  ipBytes: number;
}

const WINDOW_S = 3600;

const ADD = `
INSERT INTO upload_quota_windows AS q (key, files, bytes, reset_at)
SELECT k, 1, $2::bigint, now() + make_interval(secs => $3::float8) FROM unnest($1::text[]) AS k
ON CONFLICT (key) DO UPDATE SET
  files = CASE WHEN q.reset_at <= now() THEN EXCLUDED.files ELSE q.files + EXCLUDED.files END,
  bytes = CASE WHEN q.reset_at <= now() THEN EXCLUDED.bytes ELSE q.bytes + EXCLUDED.bytes END,
  reset_at = CASE WHEN q.reset_at <= now() THEN EXCLUDED.reset_at ELSE q.reset_at END
RETURNING key, files, bytes::float8 AS bytes, greatest(1, ceil(extract(epoch FROM q.reset_at - now())))::int AS retry_after`;

/** Windows over for an hour are deleted now and then by whichever server happens to count. */
const PURGE = `DELETE FROM upload_quota_windows WHERE reset_at < now() - interval '1 hour'`;
const PURGE_EVERY = 500;

type Row = { key: string; files: number; bytes: number; retry_after: number };
/** Past this many remembered windows the memory is dropped (it only saves queries; PostgreSQL decides). */
const REMEMBERED_MAX = 10_000;

/**
 * `count` adds one file of `bytes` to the account's and the IP's windows, atomically, and says
 * whether that went past a limit: the seconds until that window starts again, or null. `full`
 * answers the same without a query for a window this server already saw past its limit (until
 * it resets), so a client that keeps sending after a 429 costs no statement and no body read.
 */
export function uploadQuotaCounter(db: Db, quota: UploadQuota) {
  let calls = 0;
  const overUntil = new Map<string, number>();
  const keys = (accountId: bigint, ip: string) => [`account:${accountId}`, `ip:${ip}`];
  const limits = (key: string): [number, number] =>
    key.startsWith('account:') ? [quota.accountFiles, quota.accountBytes] : [quota.ipFiles, quota.ipBytes];
  return {
    full(accountId: bigint, ip: string): number | null {
      const now = Date.now();
      let worst: number | null = null;
      for (const key of keys(accountId, ip)) {
        const until = overUntil.get(key);
        if (until === undefined) continue;
        if (until <= now) overUntil.delete(key);
        else worst = Math.max(worst ?? 0, Math.ceil((until - now) / 1000));
      }
      return worst;
    },
    async count(accountId: bigint, ip: string, bytes: number): Promise<number | null> {
      if (++calls % PURGE_EVERY === 0) void db.$client.query(PURGE).catch(() => {});
      const { rows } = await db.$client.query<Row>({
        name: 'upload_quota_add',
        text: ADD,
        values: [keys(accountId, ip), bytes, WINDOW_S],
      });
      let worst: number | null = null;
      for (const r of rows) {
        const [maxFiles, maxBytes] = limits(r.key);
        if (r.files <= maxFiles && r.bytes <= maxBytes) continue;
        worst = Math.max(worst ?? 0, r.retry_after);
        if (overUntil.size >= REMEMBERED_MAX) overUntil.clear();
        overUntil.set(r.key, Date.now() + r.retry_after * 1000);
      }
      return worst;
    },
  };
}
export type UploadQuotaCounter = ReturnType<typeof uploadQuotaCounter>;
