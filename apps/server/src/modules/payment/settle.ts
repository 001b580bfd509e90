/**
 * The payer is usually back from the provider's page before the provider's webhook reaches the
 * shop (a queued job, retried): the pay-result page's first read said "waiting" and the next came
 * 3 s later (SPEC §4 polling). When a contract's latest attempt is still pending, the shop asks
 * the provider at once (`confirm`, which also captures where the provider needs it) and applies
 * what it has decided: the same decisions the webhook carries, applied once to the record.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentRecords } from '../../db/schema/index.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { PaymentEvents } from './webhooks.js';

/** What applying the provider's decisions did; 'ignored' leaves a refund to carry out (an approval the contract did not keep). */
export type SettleOutcome = 'none' | 'applied' | 'ignored';

export async function settleFromProvider(db: Db, registry: PaymentRegistry, events: PaymentEvents, contractId: bigint, details?: Record<string, string>): Promise<SettleOutcome> {
  const [latest] = await db.select({ status: paymentRecords.status, channel: paymentRecords.channel, providerPaymentId: paymentRecords.providerPaymentId })
    .from(paymentRecords).where(eq(paymentRecords.contractId, contractId)).orderBy(desc(paymentRecords.id)).limit(1);
  const provider = latest && registry.forChannel(latest.channel);
  if (latest?.status !== 'PAY_PENDING' || !provider || !latest.providerPaymentId) return 'none';
  let outcome: SettleOutcome = 'none';
  for (const event of await provider.confirm(latest.providerPaymentId, details)) {
    if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') continue;
    const applied = await events.applyDirect(provider.name, event);
    if (applied === 'ignored') outcome = 'ignored';
    else if (applied === 'applied' && outcome === 'none') outcome = 'applied';
  }
  return outcome;
}
