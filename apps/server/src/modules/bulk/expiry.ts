/**
 * Quotes past their validity date become EXPIRED in storage (the EXPIRE move of
 * BULK_REQUEST_EVENTS). Reads already show a passed quote as expired and accepting refuses it;
 * the job makes the stored status say so too, so the seller's status filter and counts find it.
 * A request the buyer is accepting holds its row lock: the UPDATE waits, then sees ACCEPTED and
 * leaves it; a quote revised meanwhile has a new validity date and is left too.
 */
import { and, inArray, lte } from 'drizzle-orm';
import { BULK_REQUEST_EVENTS } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { bulkRequests } from '../../db/schema/index.js';

export const BULK_EXPIRY_QUEUE = 'bulk-quote-expiry';
/** Quotes are valid to the end of a day (UTC); a quarter-hour sweep is close enough for the filters. */
export const BULK_EXPIRY_CRON = '*/15 * * * *';

/** Moves every quote whose validity passed by `now` to EXPIRED; the ids moved. */
export async function expireQuotes(db: Db, now = new Date()): Promise<bigint[]> {
  const t = BULK_REQUEST_EVENTS.EXPIRE;
  const rows = await db
    .update(bulkRequests)
    .set({ status: t.to, updatedAt: now })
    .where(and(inArray(bulkRequests.status, [...t.from]), lte(bulkRequests.validUntil, now)))
    .returning({ id: bulkRequests.id });
  return rows.map((r) => r.id);
}
