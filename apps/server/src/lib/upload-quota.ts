/**
 * Upload quotas: files and bytes per hour, per account and per IP. Counted in PostgreSQL (one
 * fixed window per key, like the rate-limit store) so several app servers share one quota; one
 * upsert counts both keys at once, so concurrent uploads cannot slip past a read-then-write race.
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
SELECT k, $2::int, $3::bigint, now() + make_interval(secs => $4::float8) FROM unnest($1::text[]) AS k
ON CONFLICT (key) DO UPDATE SET
  files = CASE WHEN q.reset_at <= now() THEN EXCLUDED.files ELSE q.files + EXCLUDED.files END,
  bytes = CASE WHEN q.reset_at <= now() THEN EXCLUDED.bytes ELSE q.bytes + EXCLUDED.bytes END,
  reset_at = CASE WHEN q.reset_at <= now() THEN EXCLUDED.reset_at ELSE q.reset_at END
RETURNING key, files, bytes::float8 AS bytes, greatest(1, ceil(extract(epoch FROM q.reset_at - now())))::int AS retry_after`;

/** Windows over for an hour are deleted now and then by whichever server happens to count. */
const PURGE = `DELETE FROM upload_quota_windows WHERE reset_at < now() - interval '1 hour'`;
const PURGE_EVERY = 500;

export interface QuotaUse {
  /** Seconds until the window that is over its limit starts again; null while within every limit. */
  retryAfter: number | null;
}

export function uploadQuotaCounter(db: Db, quota: UploadQuota) {
  let calls = 0;
  /** Adds `files` and `bytes` to the account's and the IP's windows; says whether either went past its limit. */
  return async function count(accountId: bigint, ip: string, files: number, bytes: number): Promise<QuotaUse> {
    if (++calls % PURGE_EVERY === 0) void db.$client.query(PURGE).catch(() => {});
    const account = `account:${accountId}`;
    const { rows } = await db.$client.query<{ key: string; files: number; bytes: number; retry_after: number }>({
      name: 'upload_quota_add', text: ADD, values: [[account, `ip:${ip}`], files, bytes, WINDOW_S],
    });
    let retryAfter: number | null = null;
    for (const r of rows) {
      const [maxFiles, maxBytes] = r.key === account ? [quota.accountFiles, quota.accountBytes] : [quota.ipFiles, quota.ipBytes];
      // At admission (files > 0) a window already full of bytes refuses too; after the body, its bytes must fit.
      const over = r.files > maxFiles || r.bytes > maxBytes || (files > 0 && r.bytes >= maxBytes);
      if (over) retryAfter = Math.max(retryAfter ?? 0, r.retry_after);
    }
    return { retryAfter };
  };
}
export type UploadQuotaCounter = ReturnType<typeof uploadQuotaCounter>;
