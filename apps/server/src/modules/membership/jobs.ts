/**
 * Membership's timed work on pg-boss: points expiry (daily; EXPIRY lines through the ledger, once
 * per buyer and year), super member expiry (hourly) and the monthly member coupons (daily, so a new month or a new member is
 * served the same day; once per buyer, site and month).
 */
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { buyersWithExpiredPoints, expirePoints } from '../points/ledger.js';
import { issueMonthlyCoupons } from './service.js';
import { expirePaidServices } from './paid-service.js';

export const POINTS_EXPIRY_QUEUE = 'points-expiry';
export const MEMBER_COUPONS_QUEUE = 'member-coupons';
/** Super member services past their end become EXPIRED (their benefits already stop at the end time). */
export const PAID_SERVICE_EXPIRY_QUEUE = 'paid-service-expiry';
export const MEMBERSHIP_QUEUES = [POINTS_EXPIRY_QUEUE, MEMBER_COUPONS_QUEUE, PAID_SERVICE_EXPIRY_QUEUE];

/** Expires every buyer's points of past years; returns the points expired. */
export async function runPointsExpiry(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const buyers = await buyersWithExpiredPoints(db, now);
    if (!buyers.length) return total;
    for (const b of buyers) total += await db.transaction((tx) => expirePoints(tx, b, now));
  }
}

export async function startMembershipJobs(jobs: Jobs, db: Db, log: (o: object, m: string) => void): Promise<void> {
  await jobs.schedule(POINTS_EXPIRY_QUEUE, '5 0 * * *');
  await jobs.work(POINTS_EXPIRY_QUEUE, async () => {
    const expired = await runPointsExpiry(db);
    if (expired) log({ expired }, 'points expiry');
  });
  await jobs.schedule(MEMBER_COUPONS_QUEUE, '10 0 * * *');
  await jobs.work(MEMBER_COUPONS_QUEUE, async () => {
    const issued = await issueMonthlyCoupons(db);
    if (issued) log({ issued }, 'member coupons');
  });
  await jobs.schedule(PAID_SERVICE_EXPIRY_QUEUE, '15 * * * *');
  await jobs.work(PAID_SERVICE_EXPIRY_QUEUE, async () => {
    const expired = await expirePaidServices(db);
    if (expired) log({ expired }, 'super member expiry');
  });
  // On start too: a server started mid-month hands out this month's coupons without waiting a day.
  await jobs.send(MEMBER_COUPONS_QUEUE, {}, { singletonKey: 'member-coupons-start' });
  await jobs.send(POINTS_EXPIRY_QUEUE, {}, { singletonKey: 'points-expiry-start' });
}
