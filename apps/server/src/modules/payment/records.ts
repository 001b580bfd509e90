/**
 * The only writers of payment-record and refund statuses (and of the provider id a pay-later
 * provider swaps): each move is checked against the tables in packages/domain (reverse-state), and the UPDATE carries the allowed "from" statuses.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { PAYMENT_RECORD_EVENTS, REFUND_EVENTS, type PaymentRecordEvent, type RefundEvent } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import { paymentRecords, refunds } from '../../db/schema/index.js';

/** Moves payment records matching `where` by `event`; returns the ids that moved. */
export async function movePaymentRecords(
  tx: Tx | Db,
  where: SQL | undefined,
  event: PaymentRecordEvent,
  set: Partial<typeof paymentRecords.$inferInsert> = {},
): Promise<bigint[]> {
  const t = PAYMENT_RECORD_EVENTS[event];
  const rows = await tx
    .update(paymentRecords)
    .set({ ...set, status: t.to, updatedAt: new Date() })
    .where(and(where, inArray(paymentRecords.status, [...t.from])))
    .returning({ id: paymentRecords.id });
  return rows.map((r) => r.id);
}

export async function moveRefunds(
  tx: Tx | Db,
  ids: bigint[],
  event: RefundEvent,
  set: Partial<typeof refunds.$inferInsert> = {},
): Promise<bigint[]> {
  if (!ids.length) return [];
  const t = REFUND_EVENTS[event];
  const rows = await tx
    .update(refunds)
    .set({ ...set, status: t.to, updatedAt: new Date() })
    .where(and(inArray(refunds.id, ids), inArray(refunds.status, [...t.from])))
    .returning({ id: refunds.id });
  return rows.map((r) => r.id);
}

export const recordIs = (id: bigint) => eq(paymentRecords.id, id);

/** A pay-later provider's lasting id replaces its checkout's id on the record (providers/provider-ids.ts says why); the status is untouched. */
export async function swapProviderPaymentId(db: Tx | Db, from: string, to: string): Promise<void> {
  await db
    .update(paymentRecords)
    .set({ providerPaymentId: to, updatedAt: new Date() })
    .where(eq(paymentRecords.providerPaymentId, from));
}
