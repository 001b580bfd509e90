/**
 * MOCKPAY: a simulated payment service served by the app itself. It keeps its own books
 * (mockpay_* tables), hosts a payment page where the payer approves, declines or leaves the
 * payment pending, and reports every outcome to the shop with a signed webhook that is
 * retried until the shop acknowledges it. This is the service's side; the shop talks to it
 * only through its PaymentProvider, modules/payment/providers/mockpay.ts.
 */
import crypto from 'node:crypto';
import { eq, and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES, MockpayEvent, expiryValid, luhnValid } from '@mall/contracts';
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { mockpayEvents, mockpayPayments, mockpayRefunds, mockpaySetups } from '../../db/schema/index.js';
import type { RefundAnswer, RefundInput } from '../payment/providers/types.js';

export type ProviderPaymentStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'UNKNOWN';

export const MOCKPAY_WEBHOOK_QUEUE = 'mockpay-webhook';
/** Signatures older than this are refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

/** Test cards shown on the hosted page, like real providers document them. */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'approve', label: 'Visa: payment approved' },
  { number: '5555555555554444', outcome: 'approve', label: 'Mastercard: payment approved' },
  { number: '4000000000000002', outcome: 'decline', label: 'Visa: card declined' },
  { number: '4000000000009995', outcome: 'decline', label: 'Visa: insufficient funds' },
  { number: '4000000000000077', outcome: 'pending', label: 'Visa: stays pending until settled' },
] as const;

export interface MockpayConfig {
  secret: string;
  /** Where the payer's browser and the webhooks reach this app. */
  publicUrl: string;
  /** MOCKPAY=off removes the channel: no new payments, cards or webhooks (old books stay readable). */
  enabled?: boolean;
}

export function sign(secret: string, timestamp: number, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, rawBody: string, now = Math.floor(Date.now() / 1000)): string {
  return `t=${now},v1=${sign(secret, now, rawBody)}`;
}

/** Verifies `t=...,v1=...` over the raw body; returns the parsed event or null. */
export function verifyWebhook(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now = Math.floor(Date.now() / 1000),
): MockpayEvent | null {
  if (!header) return null;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  const t = Number(parts.t);
  const v1 = parts.v1;
  // Exactly the hex digest: Buffer.from(.., 'hex') silently drops a trailing odd digit or junk after it.
  if (!Number.isFinite(t) || !v1 || !/^[0-9a-f]{64}$/i.test(v1) || Math.abs(now - t) > SIGNATURE_TOLERANCE_S)
    return null;
  const expected = Buffer.from(sign(secret, t, rawBody), 'hex');
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed = MockpayEvent.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type Outcome = 'approve' | 'decline' | 'pending';

export class MockpayProvider {
  readonly channel = 'MOCKPAY';
  constructor(
    private db: Db,
    readonly config: MockpayConfig,
    private deliver: (eventId: string) => void,
  ) {}

  get enabled(): boolean {
    return this.config.enabled !== false;
  }

  private assertEnabled(): void {
    if (!this.enabled) throw new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
  }

  async status(id: string): Promise<ProviderPaymentStatus> {
    const p = await this.get(id);
    if (!p) return 'UNKNOWN';
    return p.status === 'CREATED' ? 'PENDING' : p.status;
  }

  verifyWebhook(rawBody: string, signature: string | undefined): MockpayEvent | null {
    if (!this.enabled) return null;
    return verifyWebhook(this.config.secret, rawBody, signature);
  }

  /**
   * MOCKPAY's refund endpoint: at most one refund per idempotency key (a retry gets the first
   * answer back), never more than was approved in all. The outcome is also sent to the shop as a
   * signed refund webhook.
   */
  async refund(input: RefundInput): Promise<RefundAnswer> {
    const answer = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mockpay-refund:${input.idempotencyKey}`}))`);
      const [seen] = await tx
        .select()
        .from(mockpayRefunds)
        .where(eq(mockpayRefunds.idempotencyKey, input.idempotencyKey));
      if (seen) return { seen: true as const, row: seen, eventId: null };
      const payment = input.providerPaymentId
        ? (await tx.select().from(mockpayPayments).where(eq(mockpayPayments.id, input.providerPaymentId)))[0]
        : undefined;
      const taken = payment
        ? await tx
            .update(mockpayPayments)
            .set({ refundedMinor: sql`${mockpayPayments.refundedMinor} + ${input.amountMinor}` })
            .where(
              and(
                eq(mockpayPayments.id, payment.id),
                eq(mockpayPayments.status, 'APPROVED'),
                sql`${mockpayPayments.refundedMinor} + ${input.amountMinor} <= ${mockpayPayments.amountMinor}`,
              ),
            )
            .returning({ id: mockpayPayments.id })
        : [];
      const failure = !payment
        ? 'payment_not_found'
        : !taken.length
          ? payment.status !== 'APPROVED'
            ? 'payment_not_approved'
            : 'amount_exceeds_payment'
          : null;
      const [row] = await tx
        .insert(mockpayRefunds)
        .values({
          id: `re_${crypto.randomBytes(12).toString('hex')}`,
          paymentId: input.providerPaymentId ?? '',
          amountMinor: input.amountMinor,
          idempotencyKey: input.idempotencyKey,
          status: failure ? 'FAILED' : 'SUCCEEDED',
          failureReason: failure,
        })
        .returning();
      const event: MockpayEvent = {
        id: `evt_${crypto.randomBytes(10).toString('hex')}`,
        type: failure ? 'refund.failed' : 'refund.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: {
          paymentId: input.providerPaymentId ?? '',
          merchantReference: input.idempotencyKey,
          amount: Number(input.amountMinor),
          currency: input.currency,
          reason: failure,
          refundId: row!.id,
        },
      };
      await tx
        .insert(mockpayEvents)
        .values({ id: event.id, paymentId: input.providerPaymentId ?? row!.id, type: event.type, payload: event });
      return { seen: false as const, row: row!, eventId: event.id };
    });
    if (answer.eventId) {
      const id = answer.eventId;
      setImmediate(() => this.deliver(id));
    }
    return answer.row.status === 'SUCCEEDED'
      ? { status: 'succeeded', providerRefundId: answer.row.id }
      : { status: 'failed', reason: answer.row.failureReason ?? 'refund_failed' };
  }

  async start(input: {
    merchantReference: string;
    amountMinor: bigint;
    currency: string;
    returnUrl: string;
  }): Promise<{ providerPaymentId: string; redirectUrl: string }> {
    this.assertEnabled();
    const id = `mp_${crypto.randomBytes(12).toString('hex')}`;
    await this.db.insert(mockpayPayments).values({
      id,
      merchantReference: input.merchantReference,
      amountMinor: input.amountMinor,
      currency: input.currency,
      status: 'CREATED',
      returnUrl: input.returnUrl,
      webhookUrl: `${this.config.publicUrl}/api/payments/webhooks/mockpay`,
    });
    return { providerPaymentId: id, redirectUrl: `/mockpay/pay/${id}` };
  }

  async get(id: string) {
    const [p] = await this.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, id));
    return p ?? null;
  }

  /** The payer's (or, for pending ones, the provider's settlement) decision; each changes the payment once. */
  async decide(
    id: string,
    outcome: Outcome,
    cardNumber: string | null,
    declineReason: string | null = null,
  ): Promise<{ returnUrl: string } | null> {
    const card = cardNumber?.replace(/\D/g, '') ?? '';
    const byCard = TEST_CARDS.find((c) => c.number === card)?.outcome;
    const final: Outcome = outcome === 'approve' && byCard ? byCard : outcome;
    const status =
      final === 'approve' ? ('APPROVED' as const) : final === 'decline' ? ('DECLINED' as const) : ('PENDING' as const);
    const reason =
      final === 'decline'
        ? (declineReason ?? (card === '4000000000009995' ? 'insufficient_funds' : 'card_declined'))
        : null;
    const decided = await this.db.transaction(async (tx) => {
      const [p] = await tx
        .update(mockpayPayments)
        .set({ status, declineReason: reason, cardTail: card ? card.slice(-4) : null })
        .where(
          and(
            eq(mockpayPayments.id, id),
            inArray(mockpayPayments.status, status === 'PENDING' ? ['CREATED'] : ['CREATED', 'PENDING']),
          ),
        )
        .returning();
      if (!p) return null;
      const event: MockpayEvent = {
        id: `evt_${crypto.randomBytes(10).toString('hex')}`,
        type:
          status === 'APPROVED' ? 'payment.approved' : status === 'DECLINED' ? 'payment.declined' : 'payment.pending',
        created: Math.floor(Date.now() / 1000),
        data: {
          paymentId: p.id,
          merchantReference: p.merchantReference,
          amount: Number(p.amountMinor),
          currency: p.currency,
          reason,
        },
      };
      await tx.insert(mockpayEvents).values({ id: event.id, paymentId: p.id, type: event.type, payload: event });
      return { returnUrl: p.returnUrl, eventId: event.id };
    });
    if (!decided) return null;
    // Only after the commit: a delivery started inside the transaction could not see the event yet.
    setImmediate(() => this.deliver(decided.eventId));
    return { returnUrl: decided.returnUrl };
  }

  /** Card setup: the shop asks for a setup; the payer's browser then confirms it with the card data. */
  async createSetup(merchantReference: string) {
    this.assertEnabled();
    const id = `seti_${crypto.randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${crypto.randomBytes(12).toString('hex')}`;
    await this.db.insert(mockpaySetups).values({ id, clientSecret, merchantReference, status: 'CREATED' });
    return { setupId: id, clientSecret };
  }

  /**
   * The payer's card data arrives here only (never at the shop). A valid card becomes a token;
   * the shop learns it through a signed setup.succeeded webhook.
   */
  async confirmSetup(input: {
    clientSecret: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
  }): Promise<{ status: 'succeeded' } | { status: 'failed'; error: string }> {
    const number = input.cardNumber.replace(/\D/g, '');
    if (!luhnValid(number)) return { status: 'failed', error: 'Invalid card number' };
    if (!expiryValid(input.expiry)) return { status: 'failed', error: 'Invalid Expiry date' };
    if (!/^\d{3,4}$/.test(input.cvc)) return { status: 'failed', error: 'Invalid security code' };
    const outcome = TEST_CARDS.find((c) => c.number === number)?.outcome ?? 'approve';
    const brand = number.startsWith('4')
      ? 'VISA'
      : /^5[1-5]/.test(number)
        ? 'MASTERCARD'
        : /^3[47]/.test(number)
          ? 'AMEX'
          : 'CARD';
    const done = await this.db.transaction(async (tx) => {
      const [setup] = await tx
        .update(mockpaySetups)
        .set({
          status: 'SUCCEEDED',
          token: `pm_${crypto.randomBytes(12).toString('hex')}`,
          cardTail: number.slice(-4),
          brand,
          outcome,
        })
        .where(and(eq(mockpaySetups.clientSecret, input.clientSecret), eq(mockpaySetups.status, 'CREATED')))
        .returning();
      if (!setup) return null;
      const event: MockpayEvent = {
        id: `evt_${crypto.randomBytes(10).toString('hex')}`,
        type: 'setup.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: {
          paymentId: setup.id,
          merchantReference: setup.merchantReference,
          amount: 0,
          currency: 'USD',
          reason: null,
          token: setup.token!,
          cardTail: setup.cardTail!,
          brand,
        },
      };
      await tx.insert(mockpayEvents).values({ id: event.id, paymentId: setup.id, type: event.type, payload: event });
      return event.id;
    });
    if (!done) return { status: 'failed', error: 'This setup is no longer valid' };
    setImmediate(() => this.deliver(done));
    return { status: 'succeeded' };
  }

  /**
   * Charges a saved card's token on a started payment at once; the outcome follows the card
   * behind the token. The shop records the payment id before calling this, so the webhook
   * always finds its payment record.
   */
  async chargeWithToken(paymentId: string, token: string): Promise<void> {
    const [setup] = await this.db
      .select()
      .from(mockpaySetups)
      .where(and(eq(mockpaySetups.token, token), eq(mockpaySetups.status, 'SUCCEEDED')));
    const outcome: Outcome = (setup?.outcome as Outcome | null) ?? 'decline';
    const reason = !setup ? 'invalid_token' : setup.cardTail === '9995' ? 'insufficient_funds' : null;
    await this.decide(paymentId, outcome, null, reason);
  }

  /** Detach a saved card: its token stops working (idempotent; a second call changes nothing). */
  async detachToken(token: string): Promise<void> {
    await this.db.update(mockpaySetups).set({ token: null }).where(eq(mockpaySetups.token, token));
  }

  /** The shop gave up on this payment: it can no longer be approved. */
  async cancel(id: string): Promise<void> {
    await this.db
      .update(mockpayPayments)
      .set({ status: 'CANCELLED' })
      .where(and(eq(mockpayPayments.id, id), inArray(mockpayPayments.status, ['CREATED', 'PENDING'])));
  }

  /**
   * The payment's events the shop has not acknowledged yet, oldest first: what the shop reads when
   * it asks about a payment (payResult) before the webhook has reached it.
   */
  async undeliveredEvents(paymentId: string): Promise<MockpayEvent[]> {
    const rows = await this.db
      .select({ payload: mockpayEvents.payload })
      .from(mockpayEvents)
      .where(and(eq(mockpayEvents.paymentId, paymentId), isNull(mockpayEvents.deliveredAt)))
      .orderBy(asc(mockpayEvents.createdAt), asc(mockpayEvents.id));
    return rows.map((r) => r.payload as MockpayEvent);
  }

  /** Signed request for one stored event; delivery is done by the caller (job or in-process). */
  async signedEvent(eventId: string) {
    const [e] = await this.db.select().from(mockpayEvents).where(eq(mockpayEvents.id, eventId));
    if (!e) return null;
    const [p] = await this.db.select().from(mockpayPayments).where(eq(mockpayPayments.id, e.paymentId));
    const body = JSON.stringify(e.payload);
    // Setup events have no payment; they go to the shop's webhook all the same.
    return {
      url: p?.webhookUrl ?? `${this.config.publicUrl}/api/payments/webhooks/mockpay`,
      body,
      signature: signatureHeader(this.config.secret, body),
      delivered: e.deliveredAt !== null,
    };
  }

  async markDelivered(eventId: string, attempts: number) {
    await this.db.update(mockpayEvents).set({ deliveredAt: new Date(), attempts }).where(eq(mockpayEvents.id, eventId));
  }

  async countAttempt(eventId: string) {
    const [e] = await this.db.select().from(mockpayEvents).where(eq(mockpayEvents.id, eventId));
    if (e)
      await this.db
        .update(mockpayEvents)
        .set({ attempts: e.attempts + 1 })
        .where(eq(mockpayEvents.id, eventId));
    return (e?.attempts ?? 0) + 1;
  }
}
