/**
 * Provider webhooks, one route per provider: verified by the provider's own scheme, stored once
 * by the provider's event id, then applied once by a pg-boss job (in-process when there are no
 * jobs, as in API tests). A provider sends several events for one payment (Stripe's
 * checkout.session.completed and payment_intent.succeeded): each is stored, the payment record
 * moves once, because it moves only through its transition table.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookEvents } from '../../db/schema/index.js';
import type { Jobs } from '../../lib/jobs.js';
import { applyRefundEvent, type Refunder } from '../../flows/refund.js';
import { applyPaymentEvent, applySetupEvent, type EventOutcome } from './service.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { DecidedEvent, ProviderEvent, VerifiedWebhook } from './providers/types.js';

export const PAYMENT_EVENT_QUEUE = 'payment-event';
export const PAYMENT_EVENT_SWEEP_QUEUE = 'payment-event-sweep';

export type WebhookOutcome = EventOutcome | 'duplicate' | 'queued';

export class PaymentEvents {
  constructor(
    private db: Db,
    private registry: PaymentRegistry,
    private refunder: Refunder,
    private jobs?: Jobs,
  ) {}

  /** Stores a verified event once; a replay answers 'duplicate'. */
  async receive(providerName: string, hook: VerifiedWebhook): Promise<WebhookOutcome> {
    const [row] = await this.db
      .insert(webhookEvents)
      .values({ provider: providerName, eventId: hook.eventId, payload: hook.event ?? { type: 'unhandled' } })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!row) return 'duplicate';
    if (this.jobs) {
      await this.jobs.send(
        PAYMENT_EVENT_QUEUE,
        { id: String(row.id) },
        { retryLimit: 20, retryDelay: 1, retryBackoff: true, singletonKey: `payment-event-${row.id}` },
      );
      return 'queued';
    }
    return this.process(row.id);
  }

  /** Applies one stored event, once: the row is locked and marked in the transaction that applies it. */
  async process(id: bigint): Promise<EventOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)))
        .for('update');
      if (!row) return null;
      const outcome = await this.apply(tx, row.provider, row.payload as ProviderEvent | { type: 'unhandled' });
      await tx.update(webhookEvents).set({ processedAt: new Date(), outcome }).where(eq(webhookEvents.id, id));
      return outcome;
    });
    // An approval the contract did not keep left a refund to carry out; a refund's webhook may settle one.
    if (outcome === 'ignored') await this.refunder.kick();
    return outcome ?? 'ignored';
  }

  /**
   * Applies what a provider reported outside a webhook (a return from its page, a poll). A
   * decision that is one of the provider's events is stored as handled in the same transaction.
   */
  async applyDirect(providerName: string, decided: DecidedEvent): Promise<EventOutcome> {
    const { eventId, ...event } = decided;
    const outcome = await this.db.transaction(async (tx) => {
      if (eventId) {
        const [row] = await tx
          .insert(webhookEvents)
          .values({ provider: providerName, eventId, payload: event, processedAt: new Date(), outcome: 'applied' })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (!row) return 'ignored' as const;
      }
      return this.apply(tx, providerName, event);
    });
    if (outcome === 'ignored' && event.type === 'payment.succeeded') await this.refunder.kick();
    return outcome;
  }

  /** Events stored but not applied for a minute (a lost job or a crash): applied now. */
  async sweep(olderThanMs = 60_000): Promise<number> {
    const rows = await this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          isNull(webhookEvents.processedAt),
          lt(webhookEvents.receivedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        ),
      )
      .orderBy(asc(webhookEvents.id))
      .limit(100);
    for (const r of rows) await this.process(r.id);
    return rows.length;
  }

  private apply(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    providerName: string,
    event: ProviderEvent | { type: 'unhandled' },
  ): Promise<EventOutcome> {
    switch (event.type) {
      case 'payment.succeeded':
      case 'payment.failed':
        return applyPaymentEvent(tx, providerName, this.registry, event);
      case 'setup.succeeded':
      case 'setup.failed':
        return applySetupEvent(tx, providerName, event);
      case 'refund.succeeded':
      case 'refund.failed':
        return applyRefundEvent(tx, event);
      default:
        return Promise.resolve('ignored');
    }
  }
}

/** The payment-event job and its sweep, as every server runs them. */
export async function workPaymentEvents(jobs: Jobs, events: PaymentEvents, sweepEveryMinute = true): Promise<void> {
  await jobs.work<{ id: string }>(PAYMENT_EVENT_QUEUE, async ({ id }) => {
    await events.process(BigInt(id));
  });
  if (!sweepEveryMinute) return;
  await jobs.schedule(PAYMENT_EVENT_SWEEP_QUEUE, '* * * * *');
  await jobs.work(PAYMENT_EVENT_SWEEP_QUEUE, async () => {
    await events.sweep();
  });
}
