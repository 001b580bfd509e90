/**
 * The payer is usually back from the provider's page before the provider's webhook reaches the
 * shop (a queued job, retried): the pay-result page's first read said "waiting" and the next came
 * 3 s later (SPEC §4 polling). When a contract's latest attempt is still pending, the shop asks
 * the provider at once (`confirm`, which also captures where the provider needs it) and applies
 * what it has decided: the same decisions the webhook carries, applied once to the record.
 */
import { and, asc, desc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentRecords, tradeContracts } from '../../db/schema/index.js';
import { movePaymentRecords, recordIs } from './records.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { PaymentEvents } from './webhooks.js';

/** What applying the provider's decisions did; 'ignored' leaves a refund to carry out (an approval the contract did not keep). */
export type SettleOutcome = 'none' | 'applied' | 'ignored';

export async function settleFromProvider(
  db: Db,
  registry: PaymentRegistry,
  events: PaymentEvents,
  contractId: bigint,
  details?: Record<string, string>,
): Promise<SettleOutcome> {
  const [latest] = await db
    .select({
      status: paymentRecords.status,
      channel: paymentRecords.channel,
      providerPaymentId: paymentRecords.providerPaymentId,
    })
    .from(paymentRecords)
    .where(eq(paymentRecords.contractId, contractId))
    .orderBy(desc(paymentRecords.id))
    .limit(1);
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

export const PAYMENT_STALE_QUEUE = 'payment-stale-attempts';
/** A buyer back from the provider's page is answered by the pay-result poll within seconds; after this the shop asks itself. */
const STALE_AFTER_MS = 2 * 60_000;
/** Asked every five minutes for this long; a decision after that still arrives by webhook (Stripe's bank transfers take days). */
const ASK_FOR_MS = 60 * 60_000;

/**
 * Attempts the buyer left on the provider's page (a closed tab, a lost return): Klarna's hosted
 * page and Affirm send no signed webhook, so without asking, a payment the buyer finished there
 * would never reach the order. Every five minutes the shop asks the provider about pending
 * attempts of the last hour, once each, and applies what it has decided. An attempt whose
 * contract has closed (pay deadline passed, cancelled) can no longer be kept: it is given up at
 * the provider and closed; a payment decided meanwhile is refunded by the usual path.
 */
export async function sweepStaleAttempts(
  db: Db,
  registry: PaymentRegistry,
  events: PaymentEvents,
  now = new Date(),
  log: (o: object, m: string) => void = () => {},
): Promise<{ asked: number; closed: number }> {
  const rows = await db
    .select({
      id: paymentRecords.id,
      channel: paymentRecords.channel,
      providerPaymentId: paymentRecords.providerPaymentId,
      updatedAt: paymentRecords.updatedAt,
      contractStatus: tradeContracts.status,
    })
    .from(paymentRecords)
    .innerJoin(tradeContracts, eq(tradeContracts.id, paymentRecords.contractId))
    .where(
      and(
        eq(paymentRecords.status, 'PAY_PENDING'),
        isNotNull(paymentRecords.providerPaymentId),
        lt(paymentRecords.updatedAt, new Date(now.getTime() - STALE_AFTER_MS)),
        or(eq(tradeContracts.status, 'CLOSED'), gt(paymentRecords.updatedAt, new Date(now.getTime() - ASK_FOR_MS))),
      ),
    )
    .orderBy(asc(paymentRecords.updatedAt))
    .limit(50);
  let asked = 0;
  let closed = 0;
  for (const r of rows) {
    const provider = registry.forChannel(r.channel);
    if (!provider) continue;
    try {
      asked += 1;
      for (const event of await provider.confirm(r.providerPaymentId!)) {
        if (event.type === 'payment.succeeded' || event.type === 'payment.failed')
          await events.applyDirect(provider.name, event);
      }
      if (r.contractStatus !== 'CLOSED') continue;
      // Moved first: if the provider decides in between, its approval finds a closed attempt and is refunded.
      if ((await movePaymentRecords(db, recordIs(r.id), 'CLOSE')).length) {
        closed += 1;
        await provider.cancel(r.providerPaymentId!);
      }
    } catch (e) {
      // One provider being down must not stop the others; the next sweep asks again.
      log({ err: e, paymentRecordId: String(r.id), channel: r.channel }, 'stale payment attempt not settled');
    }
  }
  return { asked, closed };
}
