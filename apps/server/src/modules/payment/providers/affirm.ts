/**
 * Affirm (channel AFFIRM_PC), a pay-over-time channel for the US site: Affirm lends in USD only.
 * A small client over fetch for Affirm's Direct API, HTTP Basic auth with
 * AFFIRM_PUBLIC_KEY:AFFIRM_PRIVATE_KEY at AFFIRM_API_BASE.
 *
 * The buyer is sent to Affirm's checkout (POST /api/v2/checkout/direct -> redirect_url). Affirm
 * sends a confirmed buyer back to user_confirmation_url carrying checkout_token, a cancelled or
 * declined one to user_cancel_url (the shop's cancel return: the attempt fails as 'cancelled',
 * SPEC §4). A confirmation is not money yet: the attempt stays pending until the shop
 * authorises the checkout into a transaction (POST /api/v1/transactions {transaction_id:
 * checkout_token, order_id}), which the pay-result page's poll does at once.
 *
 * Captured at once after the authorisation, not at shipping: the shop marks the contract paid
 * when the payment succeeds, one contract's orders ship from several shops at different times
 * (no single shipment to capture at), and Affirm's authorisation lapses after 30 days while a
 * presale balance or a slow seller may take longer; after-sales refunds then always refund a
 * capture. Refunds and voids carry an Idempotency-Key.
 *
 * Affirm's Direct API sends the shop no payment webhooks: results come from the return, the
 * authorisation call and reading the transaction. verifyWebhook accepts nothing.
 *
 * Ids on the payment record: `checkout:<checkout id>` from start, replaced by `txn:<transaction
 * id>` once authorised (provider-ids.ts says why).
 */
import { ERROR_CODES } from '@mall/contracts';
import { AppError } from '../../../lib/errors.js';
import type { ProviderIdSwap } from './provider-ids.js';
import type {
  ChannelOffer,
  DecidedEvent,
  PaymentProvider,
  RefundAnswer,
  RefundInput,
  StartAnswer,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export interface AffirmConfig {
  publicKey: string;
  privateKey: string;
  /** https://api.affirm.com (live), https://sandbox.affirm.com (default), or a local emulator. */
  apiBase?: string;
  publicUrl: string;
}

export const AFFIRM_CHANNEL = 'AFFIRM_PC';
const SANDBOX = 'https://sandbox.affirm.com';

export interface AffirmTransaction {
  id: string;
  checkout_id: string;
  order_id?: string;
  status: string;
  amount: number;
  amount_refunded: number;
  currency: string;
}

export class AffirmApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`Affirm answered ${status} ${code}: ${message}`);
  }
  get isDecision(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 401 && this.status !== 429;
  }
}

type Parsed = { kind: 'checkout'; checkoutId: string } | { kind: 'txn'; transactionId: string } | null;
function parseId(id: string): Parsed {
  const m = /^(checkout|txn):(.+)$/.exec(id);
  if (!m) return null;
  return m[1] === 'checkout' ? { kind: 'checkout', checkoutId: m[2]! } : { kind: 'txn', transactionId: m[2]! };
}

export class AffirmProvider implements PaymentProvider {
  readonly name = 'affirm';
  readonly channels: readonly ChannelOffer[];
  private readonly apiBase: string;
  private readonly auth: string;

  constructor(
    private readonly config: AffirmConfig,
    private readonly swapId: ProviderIdSwap,
  ) {
    this.apiBase = (config.apiBase ?? SANDBOX).replace(/\/+$/, '');
    this.auth = `Basic ${Buffer.from(`${config.publicKey}:${config.privateKey}`).toString('base64')}`;
    const host = new URL(this.apiBase).host;
    const own = /(^|\.)affirm\.com$/.test(new URL(this.apiBase).hostname);
    const live = new URL(this.apiBase).hostname === 'api.affirm.com';
    this.channels = [
      {
        channelName: AFFIRM_CHANNEL,
        paymentMethods: [{ type: 'affirm', name: 'Affirm' }],
        // affirm.js draws Affirm's monthly-payment message in the panel (the payment is a redirect and
        // never needs it); it takes the public key, which Affirm publishes in the page anyway.
        configMap: {
          publicKey: config.publicKey,
          promoScript: live
            ? 'https://cdn1.affirm.com/js/v2/affirm.js'
            : 'https://cdn1-sandbox.affirm.com/js/v2/affirm.js',
        },
        redirectHosts: own ? ['www.affirm.com', 'sandbox.affirm.com', host] : [host],
        rules: {
          anonymous: true,
          payLater: true,
          enterpriseCredit: false,
          currencies: ['USD'],
          savedCards: false,
          needsDevice: null,
        },
      },
    ];
  }

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}${path}`;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(this.apiBase + path, {
      method,
      signal: AbortSignal.timeout(20_000),
      headers: {
        authorization: this.auth,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = (json ?? {}) as { code?: string; message?: string };
      throw new AffirmApiError(res.status, e.code ?? `HTTP_${res.status}`, e.message ?? '');
    }
    return json as T;
  }

  async start(input: StartInput): Promise<StartAnswer> {
    if (input.currency !== 'USD')
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'Affirm takes payments in USD only');
    if (input.amountMinor <= 0n || input.amountMinor > 2_147_483_647n)
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be paid with Affirm');
    const total = Number(input.amountMinor);
    try {
      const answer = await this.call<{ checkout_id: string; redirect_url: string }>(
        'POST',
        '/api/v2/checkout/direct',
        {
          merchant: {
            user_confirmation_url: this.url(input.returnPath),
            user_cancel_url: this.url(input.cancelPath),
            // The buyer comes back to the pay-result page with checkout_token in the URL.
            user_confirmation_url_action: 'GET',
            name: 'Mall',
          },
          items: [
            {
              display_name: `Order ${input.merchantReference}`,
              sku: input.merchantReference,
              unit_price: total,
              qty: 1,
              item_url: this.url('/'),
            },
          ],
          order_id: input.merchantReference,
          currency: 'USD',
          total,
          shipping_amount: 0,
          tax_amount: 0,
          metadata: { mode: 'redirect', platform_type: 'mall' },
        },
        { 'idempotency-key': input.idempotencyKey },
      );
      return { providerPaymentId: `checkout:${answer.checkout_id}`, redirectUrl: answer.redirect_url };
    } catch (e) {
      if (e instanceof AffirmApiError && e.isDecision)
        throw new AppError(400, ERROR_CODES.channelUnavailable, `Affirm cannot take this payment (${e.code})`);
      if (e instanceof AffirmApiError)
        throw new AppError(
          503,
          ERROR_CODES.channelUnavailable,
          'The payment service cannot be reached, please try again later',
        );
      throw e;
    }
  }

  /**
   * Before authorisation: the checkout is authorised now if the buyer confirmed it (else still
   * pending, or failed when cancelled). After: the transaction, captured here if it is not yet.
   */
  async confirm(providerPaymentId: string, details?: Record<string, string>): Promise<DecidedEvent[]> {
    const id = parseId(providerPaymentId);
    if (!id) return [];
    if (id.kind === 'txn') return this.fromTransaction(id.transactionId);
    // A checkout_token the return carried must be this attempt's own.
    if (details?.checkout_token && details.checkout_token !== id.checkoutId) return [];
    const checkout = await this.call<{ order_id?: string }>(
      'GET',
      `/api/v2/checkout/${encodeURIComponent(id.checkoutId)}`,
    ).catch((e) => {
      if (e instanceof AffirmApiError && e.status === 404) return null;
      throw e;
    });
    if (!checkout) return [{ type: 'payment.failed', providerPaymentId, reason: 'expired' }];
    let tx: AffirmTransaction;
    try {
      tx = await this.call<AffirmTransaction>(
        'POST',
        '/api/v1/transactions',
        { transaction_id: id.checkoutId, order_id: checkout.order_id },
        // A repeat (a crash before the id swap, a poll and a return together) gets the same transaction.
        { 'idempotency-key': `authorize-${id.checkoutId}` },
      );
    } catch (e) {
      if (!(e instanceof AffirmApiError && e.isDecision)) throw e;
      if (e.code === 'checkout-not-confirmed') return [];
      if (e.code === 'checkout-cancelled')
        return [
          {
            type: 'payment.failed',
            providerPaymentId,
            ...(checkout.order_id ? { merchantReference: checkout.order_id } : {}),
            reason: 'cancelled',
          },
        ];
      // Authorised by another call at the same moment: that call goes on with it.
      if (e.code === 'checkout-token-used') return [];
      return [{ type: 'payment.failed', providerPaymentId, reason: e.code }];
    }
    await this.swapId(providerPaymentId, `txn:${tx.id}`);
    return this.fromTransaction(tx.id, tx);
  }

  private async fromTransaction(transactionId: string, known?: AffirmTransaction): Promise<DecidedEvent[]> {
    const providerPaymentId = `txn:${transactionId}`;
    let tx = known ?? (await this.readTransaction(transactionId));
    if (!tx) return [{ type: 'payment.failed', providerPaymentId, reason: 'payment_not_found' }];
    const ref = tx.order_id ? { merchantReference: tx.order_id } : {};
    if (tx.status === 'voided') return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'voided' }];
    if (tx.status === 'authorized') {
      try {
        await this.call(
          'POST',
          `/api/v1/transactions/${encodeURIComponent(transactionId)}/capture`,
          { order_id: tx.order_id },
          { 'idempotency-key': `capture-${transactionId}` },
        );
      } catch (e) {
        if (!(e instanceof AffirmApiError && e.isDecision)) throw e;
      }
      tx = await this.readTransaction(transactionId);
      if (!tx || tx.status === 'authorized' || tx.status === 'voided') return [];
    }
    return [
      {
        type: 'payment.succeeded',
        providerPaymentId,
        ...ref,
        amountMinor: String(tx.amount),
        currency: tx.currency,
        eventId: `txn:${transactionId}:captured`,
      },
    ];
  }

  private async readTransaction(id: string): Promise<AffirmTransaction | null> {
    try {
      return await this.call<AffirmTransaction>('GET', `/api/v1/transactions/${encodeURIComponent(id)}`);
    } catch (e) {
      if (e instanceof AffirmApiError && e.status === 404) return null;
      throw e;
    }
  }

  /** Affirm sends no payment webhooks to this shop: nothing posted to its route is genuine. */
  async verifyWebhook(): Promise<VerifiedWebhook | null> {
    return null;
  }

  /**
   * An unconfirmed checkout cannot be withdrawn at Affirm (it lapses), and the shop never
   * authorises a closed attempt; an authorised, uncaptured transaction is voided.
   */
  async cancel(providerPaymentId: string): Promise<void> {
    const id = parseId(providerPaymentId);
    if (id?.kind !== 'txn') return;
    try {
      await this.call(
        'POST',
        `/api/v1/transactions/${encodeURIComponent(id.transactionId)}/void`,
        {},
        { 'idempotency-key': `void-${id.transactionId}` },
      );
    } catch (e) {
      if (!(e instanceof AffirmApiError && e.isDecision)) throw e;
    }
  }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    const id = input.providerPaymentId ? parseId(input.providerPaymentId) : null;
    if (id?.kind !== 'txn') return { status: 'failed', reason: 'payment_not_found' };
    if (input.amountMinor <= 0n || input.amountMinor > 2_147_483_647n)
      return { status: 'failed', reason: 'invalid_amount' };
    try {
      const event = await this.call<{ id: string }>(
        'POST',
        `/api/v1/transactions/${encodeURIComponent(id.transactionId)}/refund`,
        { amount: Number(input.amountMinor) },
        { 'idempotency-key': input.idempotencyKey },
      );
      return { status: 'succeeded', providerRefundId: event.id };
    } catch (e) {
      if (e instanceof AffirmApiError && e.status === 404) return { status: 'failed', reason: 'payment_not_found' };
      if (e instanceof AffirmApiError && e.isDecision) return { status: 'failed', reason: e.code };
      throw e;
    }
  }
}
