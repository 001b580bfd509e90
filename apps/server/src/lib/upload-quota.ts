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

const READ = `
SELECT key, files, bytes::float8 AS bytes, greatest(1, ceil(extract(epoch FROM reset_at - now())))::int AS retry_after
FROM upload_quota_windows WHERE key = ANY($1::text[]) AND reset_at > now()`;

/** Windows over for an hour are deleted now and then by whichever server happens to count. */
const PURGE = `DELETE FROM upload_quota_windows WHERE reset_at < now() - interval '1 hour'`;
const PURGE_EVERY = 500;

type Row = { key: string; files: number; bytes: number; retry_after: number };

/**
 * `full` reads whether the account's or the IP's window is used up (an early no, before the body
 * is read); `count` adds one file of `bytes` to both, atomically, and says whether that went past
 * a limit. Each answers the seconds until the window that is over starts again, or null.
 */
export function uploadQuotaCounter(db: Db, quota: UploadQuota) {
  let calls = 0;
  const keys = (accountId: bigint, ip: string) => [`account:${accountId}`, `ip:${ip}`];
  const limits = (key: string) => (key.startsWith('account:') ? [quota.accountFiles, quota.accountBytes] : [quota.ipFiles, quota.ipBytes]) as [number, number];
  const retryAfter = (rows: Row[], over: (r: Row, maxFiles: number, maxBytes: number) => boolean) =>
    rows.reduce<number | null>((worst, r) => (over(r, ...limits(r.key)) ? Math.max(worst ?? 0, r.retry_after) : worst), null);
  return {
    async full(accountId: bigint, ip: string): Promise<number | null> {
      const { rows } = await db.$client.query<Row>({ name: 'upload_quota_read', text: READ, values: [keys(accountId, ip)] });
      return retryAfter(rows, (r, maxFiles, maxBytes) => r.files >= maxFiles || r.bytes >= maxBytes);
    },
    async count(accountId: bigint, ip: string, bytes: number): Promise<number | null> {
      if (++calls % PURGE_EVERY === 0) void db.$client.query(PURGE).catch(() => {});
      const { rows } = await db.$client.query<Row>({ name: 'upload_quota_add', text: ADD, values: [keys(accountId, ip), bytes, WINDOW_S] });
      return retryAfter(rows, (r, maxFiles, maxBytes) => r.files > maxFiles || r.bytes > maxBytes);
    },
  };
}
export type UploadQuotaCounter = ReturnType<typeof uploadQuotaCounter>;
