/**
 * Every payment channel sits behind this interface (start, status, webhook, refund). MOCKPAY
 * (a simulated card provider with its own books) and INVOICE_ME (payment terms on enterprise
 * credit) implement it; the shop never calls a channel any other way.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MockpayEvent } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { refunds, users } from '../../db/schema/index.js';

export interface StartInput { merchantReference: string; amountMinor: bigint; currency: string; returnUrl: string }
export interface RefundInput {
  /** The same key always means the same refund: the provider refunds it at most once. */
  idempotencyKey: string;
  providerPaymentId: string | null;
  /** Who paid (payment terms give the credit back to this account). */
  payerId: bigint;
  amountMinor: bigint;
  currency: string;
}
export type RefundAnswer = { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; reason: string };
export type ProviderPaymentStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'UNKNOWN';

export interface PaymentProvider {
  readonly channel: string;
  start(input: StartInput): Promise<{ providerPaymentId: string; redirectUrl: string | null }>;
  status(providerPaymentId: string): Promise<ProviderPaymentStatus>;
  /** The verified event of a signed webhook; null when the signature is wrong or the channel sends none. */
  verifyWebhook(rawBody: string, signature: string | undefined): MockpayEvent | null;
  /** Gives money back. Throws when the provider cannot be reached (the refund job retries). */
  refund(input: RefundInput): Promise<RefundAnswer>;
}

export type PaymentProviders = Record<string, PaymentProvider>;

/**
 * INVOICE_ME: the order is paid on terms against enterprise credit, taken in the shop's own
 * transaction (payOnTerms), so there is no redirect and no webhook. A refund gives the credit back
 * to the account that used it, once per idempotency key.
 */
export class InvoiceMeProvider implements PaymentProvider {
  readonly channel = 'INVOICE_ME';
  constructor(private db: Db) {}

  async start(input: StartInput) {
    return { providerPaymentId: `terms_${input.merchantReference}`, redirectUrl: null };
  }

  async status(): Promise<ProviderPaymentStatus> { return 'APPROVED'; }

  verifyWebhook(): MockpayEvent | null { return null; }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    const providerRefundId = `credit_${input.idempotencyKey}`;
    await this.db.transaction(async (tx) => {
      // The refund row is claimed by its key first: a second call finds it claimed and gives nothing twice.
      const claimed = await tx.update(refunds).set({ providerRefundId })
        .where(and(eq(refunds.idempotencyKey, input.idempotencyKey), isNull(refunds.providerRefundId))).returning({ id: refunds.id });
      if (!claimed.length) return;
      const [payer] = await tx.select().from(users).where(eq(users.id, input.payerId));
      if (!payer) return;
      await tx.update(users).set(payer.isEnterpriseMain ? { remainingAmtMinor: sql`${users.remainingAmtMinor} + ${input.amountMinor}` } : { creditAmtMinor: sql`${users.creditAmtMinor} + ${input.amountMinor}` })
        .where(eq(users.id, payer.id));
    });
    return { status: 'succeeded', providerRefundId };
  }
}
