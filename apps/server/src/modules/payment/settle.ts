/**
 * The payer is usually back from the provider's page before the provider's webhook reaches the
 * shop (a queued job, retried): the pay-result page's first read said "waiting" and the next came
 * 3 s later (SPEC §4 polling). When a contract's latest attempt is still pending, the shop asks
 * the provider at once and applies what it has decided: the same events the webhook carries, once
 * each (applyProviderEvent keeps one row per event id, so the webhook that follows is a replay).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentRecords } from '../../db/schema/index.js';
import type { MockpayProvider } from '../mockpay/provider.js';
import { applyProviderEvent } from './service.js';

/** What applying the provider's decisions did; 'ignored' leaves a refund to carry out (an approval the contract did not keep). */
export type SettleOutcome = 'none' | 'applied' | 'ignored';

export async function settleFromProvider(db: Db, provider: MockpayProvider, contractId: bigint): Promise<SettleOutcome> {
  const [latest] = await db.select({ status: paymentRecords.status, channel: paymentRecords.channel, providerPaymentId: paymentRecords.providerPaymentId })
    .from(paymentRecords).where(eq(paymentRecords.contractId, contractId)).orderBy(desc(paymentRecords.id)).limit(1);
  if (latest?.status !== 'PAY_PENDING' || latest.channel !== provider.channel || !latest.providerPaymentId) return 'none';
  if (await provider.status(latest.providerPaymentId) === 'PENDING') return 'none';
  let outcome: SettleOutcome = 'none';
  for (const event of await provider.undeliveredEvents(latest.providerPaymentId)) {
    if (event.type !== 'payment.approved' && event.type !== 'payment.declined') continue;
    const applied = await applyProviderEvent(db, provider, event);
    if (applied === 'ignored') outcome = 'ignored';
    else if (applied === 'applied' && outcome === 'none') outcome = 'applied';
  }
  return outcome;
}
