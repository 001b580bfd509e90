/**
 * Stripe, through its official SDK. STRIPE_PAY_PC sends the buyer to a hosted Checkout Session
 * (card data never touches the shop) or, when embedded, hands the browser's Payment Element a
 * PaymentIntent's client secret; STRIPE_PAY_QUICK is the Express Checkout Element (Apple Pay,
 * Google Pay, Link) on a PaymentIntent. Saved cards are SetupIntents on a Stripe customer.
 *
 * Stripe amounts are in the currency's smallest unit, which is the shop's minor unit (x100, x1
 * for JPY), so they pass through unchanged. Every payment carries the shop's payment record id
 * in its metadata (`paymentRecordId`): a webhook about the PaymentIntent behind a Checkout
 * Session still names the record the shop stored the session id on.
 */
import Stripe from 'stripe';
import { ERROR_CODES } from '@mall/contracts';
import { AppError } from '../../../lib/errors.js';
import type {
  CardSetup,
  ChannelOffer,
  PaymentProvider,
  ProviderEvent,
  RefundAnswer,
  RefundInput,
  StartAnswer,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's API by default; a local address in tests (the emulator). */
  apiBase?: string;
  /** The Payment Element in the payment section instead of the hosted Checkout page. */
  embedded?: boolean;
  /** Where buyers reach the shop: success and cancel URLs are absolute. */
  publicUrl: string;
}

/** Stripe refuses signatures older than this by default; so does the shop. */
const WEBHOOK_TOLERANCE_S = 300;

/** Languages Stripe's Checkout page speaks; others get 'auto' (the browser's). */
const CHECKOUT_LOCALES = new Set([
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fil',
  'fr',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
]);

type Checkout = Stripe.Checkout.Session;
type Intent = Stripe.PaymentIntent;

const isStripeError = (e: unknown): e is Stripe.errors.StripeError => e instanceof Stripe.errors.StripeError;
/** Stripe answered and refused the request itself (not a network, server or key problem): retrying changes nothing. */
const isRefusal = (e: unknown): e is Stripe.errors.StripeError =>
  e instanceof Stripe.errors.StripeInvalidRequestError ||
  e instanceof Stripe.errors.StripeCardError ||
  e instanceof Stripe.errors.StripeIdempotencyError;

/** What the shop calls a failed attempt: the issuer's reason when it gave a specific one. */
function declineReason(e: { code?: string | null; decline_code?: string | null } | null | undefined): string {
  if (!e) return 'payment_failed';
  if (e.decline_code && e.decline_code !== 'generic_decline') return e.decline_code;
  return e.code ?? e.decline_code ?? 'payment_failed';
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly channels: readonly ChannelOffer[];
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 30_000,
      appInfo: { name: 'mall' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
    // The buyer's browser goes to Checkout, and to the bank's 3-D Secure page through hooks.stripe.com.
    const redirectHosts = base ? [base.host] : ['checkout.stripe.com', 'hooks.stripe.com'];
    const rules = { anonymous: true, payLater: false, enterpriseCredit: false, currencies: 'ANY' as const };
    this.channels = [
      {
        channelName: 'STRIPE_PAY_PC',
        paymentMethods: [{ type: 'card', name: 'Card' }],
        configMap: { publishableKey: config.publishableKey, embedded: config.embedded ? '1' : '0' },
        redirectHosts,
        rules: { ...rules, savedCards: true, needsDevice: null },
      },
      {
        channelName: 'STRIPE_PAY_QUICK',
        paymentMethods: [
          { type: 'apple_pay', name: 'Apple Pay' },
          { type: 'google_pay', name: 'Google Pay' },
          { type: 'link', name: 'Link' },
        ],
        configMap: { publishableKey: config.publishableKey },
        redirectHosts,
        rules: { ...rules, savedCards: false, needsDevice: 'wallet' },
      },
    ];
  }

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  private static amount(minor: bigint): number {
    if (minor <= 0n || minor > BigInt(Number.MAX_SAFE_INTEGER))
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be paid with this payment method');
    return Number(minor);
  }

  /** Start refused by Stripe (amount too small for the currency...) or Stripe out of reach. */
  private static startError(e: unknown): never {
    if (isRefusal(e))
      throw new AppError(
        400,
        ERROR_CODES.channelUnavailable,
        `This payment method cannot take this payment: ${e.message}`,
      );
    if (isStripeError(e))
      throw new AppError(
        503,
        ERROR_CODES.channelUnavailable,
        'The payment service cannot be reached, please try again later',
      );
    throw e;
  }

  async start(input: StartInput): Promise<StartAnswer> {
    const amount = StripeProvider.amount(input.amountMinor);
    const currency = input.currency.toLowerCase();
    const metadata = { paymentRecordId: input.merchantReference };
    try {
      if (input.savedCard) return await this.chargeSavedCard(input, amount, currency, metadata);
      if (this.config.embedded || input.channel === 'STRIPE_PAY_QUICK') {
        const pi = await this.stripe.paymentIntents.create(
          {
            amount,
            currency,
            metadata,
            automatic_payment_methods: { enabled: true },
            ...(input.payer.email ? { receipt_email: input.payer.email } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          providerPaymentId: pi.id,
          redirectUrl: '',
          clientSession: { clientSecret: pi.client_secret!, publishableKey: this.config.publishableKey },
        };
      }
      const language = input.language.toLowerCase().split(/[-_]/)[0] ?? '';
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency, unit_amount: amount, product_data: { name: `Order ${input.merchantReference}` } },
            },
          ],
          client_reference_id: input.merchantReference,
          metadata,
          payment_intent_data: { metadata },
          success_url: this.url(input.returnPath),
          cancel_url: this.url(input.cancelPath),
          locale: CHECKOUT_LOCALES.has(language) ? language : 'auto',
          ...(input.payer.email ? { customer_email: input.payer.email } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { providerPaymentId: session.id, redirectUrl: session.url ?? '' };
    } catch (e) {
      return StripeProvider.startError(e);
    }
  }

  /**
   * A saved card, charged at once off-session. When the bank wants the cardholder to
   * authenticate (authentication_required), the buyer is here: the same PaymentIntent is
   * confirmed on-session and the buyer is sent to the bank's 3-D Secure page.
   */
  private async chargeSavedCard(
    input: StartInput,
    amount: number,
    currency: string,
    metadata: Record<string, string>,
  ): Promise<StartAnswer> {
    const card = input.savedCard!;
    const returnUrl = this.url(input.returnPath);
    let pi: Intent;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount,
          currency,
          metadata,
          customer: card.customerRef ?? undefined,
          payment_method: card.token,
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeCardError) || !e.payment_intent) throw e;
      const failed = e.payment_intent;
      if (e.code !== 'authentication_required') {
        return {
          providerPaymentId: failed.id,
          redirectUrl: '',
          events: [
            {
              type: 'payment.failed',
              providerPaymentId: failed.id,
              merchantReference: input.merchantReference,
              reason: declineReason(e),
            },
          ],
        };
      }
      pi = await this.stripe.paymentIntents.confirm(
        failed.id,
        { payment_method: card.token, return_url: returnUrl },
        { idempotencyKey: `${input.idempotencyKey}-authenticate` },
      );
    }
    if (pi.status === 'requires_action') {
      const redirect = pi.next_action?.redirect_to_url?.url;
      return {
        providerPaymentId: pi.id,
        redirectUrl: redirect ?? '',
        clientSession: redirect
          ? null
          : { clientSecret: pi.client_secret!, publishableKey: this.config.publishableKey },
      };
    }
    return { providerPaymentId: pi.id, redirectUrl: '', events: this.intentEvents(pi, input.merchantReference) };
  }

  /** What a PaymentIntent's state means to the shop. */
  private intentEvents(
    pi: Intent,
    merchantReference = pi.metadata?.paymentRecordId,
    providerPaymentId = pi.id,
  ): ProviderEvent[] {
    const ref = merchantReference ? { merchantReference } : {};
    switch (pi.status) {
      case 'succeeded':
        return [
          {
            type: 'payment.succeeded',
            providerPaymentId,
            ...ref,
            amountMinor: String(pi.amount_received || pi.amount),
            currency: pi.currency.toUpperCase(),
          },
        ];
      case 'canceled':
        return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'cancelled' }];
      case 'processing':
        return [{ type: 'payment.pending', providerPaymentId, ...ref }];
      case 'requires_payment_method': {
        const error = pi.last_payment_error;
        // Not tried yet, or waiting for the cardholder to authenticate: nothing is decided.
        if (!error || error.code === 'authentication_required') return [];
        return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: declineReason(error) }];
      }
      default:
        return [];
    }
  }

  private sessionEvents(session: Checkout): ProviderEvent[] {
    const merchantReference = session.metadata?.paymentRecordId ?? session.client_reference_id ?? undefined;
    const ref = merchantReference ? { merchantReference } : {};
    if (session.status === 'expired')
      return [{ type: 'payment.failed', providerPaymentId: session.id, ...ref, reason: 'cancelled' }];
    if (session.status === 'complete') {
      if (session.payment_status === 'paid') {
        return [
          {
            type: 'payment.succeeded',
            providerPaymentId: session.id,
            ...ref,
            amountMinor: String(session.amount_total ?? 0),
            currency: (session.currency ?? '').toUpperCase(),
          },
        ];
      }
      return [{ type: 'payment.pending', providerPaymentId: session.id, ...ref }];
    }
    // Open: the buyer is still on the page; a declined card there is a failed attempt.
    const pi = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    return pi ? this.intentEvents(pi, merchantReference, session.id).filter((e) => e.type === 'payment.failed') : [];
  }

  async confirm(providerPaymentId: string): Promise<ProviderEvent[]> {
    if (providerPaymentId.startsWith('cs_')) {
      const session = await this.stripe.checkout.sessions.retrieve(providerPaymentId, { expand: ['payment_intent'] });
      return this.sessionEvents(session);
    }
    return this.intentEvents(await this.stripe.paymentIntents.retrieve(providerPaymentId));
  }

  async verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedWebhook | null> {
    const given = headers['stripe-signature'];
    const signature = Array.isArray(given) ? given[0] : given;
    if (!signature) return null;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, WEBHOOK_TOLERANCE_S);
    } catch {
      return null;
    }
    return { eventId: event.id, event: await this.eventOf(event) };
  }

  private async eventOf(event: Stripe.Event): Promise<ProviderEvent | null> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.processing':
      case 'payment_intent.canceled':
        return this.intentEvents(event.data.object)[0] ?? null;
      case 'checkout.session.completed':
      case 'checkout.session.expired':
        return this.sessionEvents(event.data.object)[0] ?? null;
      case 'checkout.session.async_payment_succeeded':
        return this.sessionEvents({ ...event.data.object, payment_status: 'paid' })[0] ?? null;
      case 'checkout.session.async_payment_failed': {
        const s = event.data.object;
        const merchantReference = s.metadata?.paymentRecordId ?? s.client_reference_id ?? undefined;
        return {
          type: 'payment.failed',
          providerPaymentId: s.id,
          ...(merchantReference ? { merchantReference } : {}),
          reason: 'payment_failed',
        };
      }
      case 'charge.refunded': {
        // The charge lists its refunds, newest first, when the account's API version includes them.
        const newest = event.data.object.refunds?.data[0];
        return newest ? StripeProvider.refundEvent(newest) : null;
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated':
        return StripeProvider.refundEvent(event.data.object);
      case 'setup_intent.succeeded':
      case 'setup_intent.setup_failed':
        return (await this.setupEvents(event.data.object))[0] ?? null;
      default:
        return null;
    }
  }

  private static refundEvent(r: Stripe.Refund): ProviderEvent | null {
    const refundKey = r.metadata?.idempotencyKey;
    const key = refundKey ? { refundKey } : {};
    if (r.status === 'succeeded') return { type: 'refund.succeeded', ...key, providerRefundId: r.id };
    if (r.status === 'failed' || r.status === 'canceled')
      return { type: 'refund.failed', ...key, providerRefundId: r.id, reason: r.failure_reason ?? r.status };
    return null;
  }

  async cancel(providerPaymentId: string): Promise<void> {
    try {
      if (providerPaymentId.startsWith('cs_')) await this.stripe.checkout.sessions.expire(providerPaymentId);
      else await this.stripe.paymentIntents.cancel(providerPaymentId);
    } catch (e) {
      // Already paid, expired or cancelled: nothing is left to stop.
      if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
    }
  }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    if (!input.providerPaymentId) return { status: 'failed', reason: 'payment_not_found' };
    try {
      let paymentIntent = input.providerPaymentId;
      if (paymentIntent.startsWith('cs_')) {
        const session = await this.stripe.checkout.sessions.retrieve(paymentIntent);
        const pi = idOf(session.payment_intent);
        if (!pi) return { status: 'failed', reason: 'payment_not_found' };
        paymentIntent = pi;
      }
      const r = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: Number(input.amountMinor),
          metadata: { idempotencyKey: input.idempotencyKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (r.status === 'succeeded') return { status: 'succeeded', providerRefundId: r.id };
      if (r.status === 'failed' || r.status === 'canceled')
        return { status: 'failed', reason: r.failure_reason ?? r.status };
      return { status: 'pending', providerRefundId: r.id };
    } catch (e) {
      // Refused by Stripe (already refunded, more than is left): final. Anything else: the job retries.
      if (isRefusal(e)) return { status: 'failed', reason: e.code ?? e.rawType ?? 'refund_failed' };
      throw e;
    }
  }

  async createSetup(input: {
    cardId: string;
    buyerId: bigint;
    email: string | null;
    customerRef: string | null;
  }): Promise<CardSetup> {
    const customer =
      input.customerRef ??
      (
        await this.stripe.customers.create(
          {
            ...(input.email ? { email: input.email } : {}),
            metadata: { buyerId: String(input.buyerId) },
          },
          { idempotencyKey: `customer-${input.cardId}` },
        )
      ).id;
    const setup = await this.stripe.setupIntents.create(
      {
        customer,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { cardId: input.cardId },
      },
      { idempotencyKey: `setup-${input.cardId}` },
    );
    return {
      setupId: setup.id,
      clientSecret: setup.client_secret!,
      customerRef: customer,
      configMap: { publishableKey: this.config.publishableKey },
    };
  }

  async setupStatus(setupId: string): Promise<ProviderEvent[]> {
    return this.setupEvents(await this.stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }));
  }

  private async setupEvents(setup: Stripe.SetupIntent): Promise<ProviderEvent[]> {
    const cardId = setup.metadata?.cardId;
    if (!cardId) return [];
    if (setup.status === 'succeeded' && setup.payment_method) {
      const pm =
        typeof setup.payment_method === 'string'
          ? await this.stripe.paymentMethods.retrieve(setup.payment_method)
          : setup.payment_method;
      return [
        {
          type: 'setup.succeeded',
          setupId: setup.id,
          cardId,
          token: pm.id,
          ...(pm.card ? { cardTail: pm.card.last4, brand: pm.card.brand.toUpperCase() } : {}),
        },
      ];
    }
    if (setup.status === 'canceled') return [{ type: 'setup.failed', setupId: setup.id, cardId, reason: 'cancelled' }];
    if (setup.status === 'requires_payment_method' && setup.last_setup_error) {
      return [{ type: 'setup.failed', setupId: setup.id, cardId, reason: declineReason(setup.last_setup_error) }];
    }
    return [];
  }

  async detachCard(token: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(token);
    } catch (e) {
      // Already detached or gone: the token no longer works, which is what was asked.
      if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
    }
  }
}
