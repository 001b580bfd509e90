/**
 * PayPal (PAYPAL_PAY_PC) through PayPal's official server SDK: Orders v2 with intent CAPTURE.
 * The buyer approves on PayPal's page (the order's payer-action link) or in PayPal Buttons; the
 * shop captures when the buyer is back or when PayPal's CHECKOUT.ORDER.APPROVED webhook comes,
 * whichever is first, once (the capture carries PayPal-Request-Id `capture-<order id>`). The id
 * the shop keeps is the order id; refunds find the order's capture from it.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  RefundStatus,
  type OAuthToken,
  type Order,
  type OrdersCapture,
} from '@paypal/paypal-server-sdk';
import { CURRENCY_DIGITS, ERROR_CODES } from '@mall/contracts';
import { AppError } from '../../../lib/errors.js';
import type {
  ChannelOffer,
  PaymentProvider,
  ProviderEvent,
  RefundAnswer,
  RefundInput,
  StartAnswer,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the shop's webhook subscription (developer dashboard); part of every signature. */
  webhookId: string;
  /**
   * PayPal's API address when it is not PayPal's own (a local emulator in tests). Unset: PayPal's
   * live API with `live`, its sandbox otherwise.
   */
  apiBase?: string;
  /** Live PayPal (real money) rather than its sandbox, when apiBase is not set. */
  live?: boolean;
  /** Where the buyer's browser reaches the shop (PayPal sends the buyer back there). */
  publicUrl: string;
}

const LIVE = 'https://api-m.paypal.com';
const SANDBOX = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_CHANNEL = 'PAYPAL_PAY_PC';

/**
 * Sends the SDK's requests to another address than PayPal's. The SDK has no base-URL setting
 * (its Environment is Production or Sandbox only), but it takes an https agent
 * (httpClientOptions.httpsAgent), and an agent decides where a request's connection goes:
 * createConnection is Node's published hook for that. So the SDK still believes it talks to
 * api-m.sandbox.paypal.com (the Host header says so) while the socket is opened to `target`,
 * in plain TCP for an http:// target (a local emulator), in TLS for an https:// one. The proxy
 * settings were the other published option, but they tunnel TLS through CONNECT and would need
 * a stand-in speaking TLS with a certificate for PayPal's name; nothing else of the SDK is touched.
 */
class ApiBaseAgent extends https.Agent {
  constructor(private readonly target: URL) {
    super({ keepAlive: true });
  }

  override createConnection(): net.Socket {
    const host = this.target.hostname.replace(/^\[|\]$/g, '');
    if (this.target.protocol === 'https:')
      return tls.connect({
        host,
        port: Number(this.target.port || 443),
        servername: net.isIP(host) ? undefined : host,
      });
    return net.connect({ host, port: Number(this.target.port || 80) });
  }
}

/** Amounts as PayPal writes them: JPY without decimals, the others with 2 (the sites' currencies). */
function digitsOf(currency: string): number {
  return (CURRENCY_DIGITS as Record<string, number>)[currency] ?? 2;
}
export function paypalValue(minor: bigint, currency: string): string {
  const digits = digitsOf(currency);
  if (!digits) return minor.toString();
  const scale = 10n ** BigInt(digits);
  return `${minor / scale}.${(minor % scale).toString().padStart(digits, '0')}`;
}
function minorOf(value: string, currency: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) throw new Error(`PayPal sent an amount the shop cannot read: ${value}`);
  const digits = digitsOf(currency);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > digits) throw new Error(`PayPal sent more decimals than ${currency} has: ${value}`);
  return BigInt(m[1]!) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
}

/** The issue PayPal named in an error answer (details[0].issue), else its name. */
function issueOf(e: ApiError): string {
  const result: { name?: string; details?: { issue?: string }[] } | undefined = e.result;
  return result?.details?.[0]?.issue ?? result?.name ?? `HTTP_${e.statusCode}`;
}
/** PayPal decided (a 4xx other than "busy", "slow down" or a credentials problem): asking again changes nothing. */
const isDecision = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.statusCode >= 400 && e.statusCode < 500 && ![401, 409, 429].includes(e.statusCode);

/** The refund's custom_id carries the shop's key back in the refund webhook, when PayPal's pattern allows it. */
const REFUND_CUSTOM_ID = /^[A-Za-z0-9-_.,]{1,127}$/;

/** A capture's meaning for the shop's payment record. */
function captureEvent(
  orderId: string,
  merchantReference: string | undefined,
  c: { status?: string; amount?: { currencyCode?: string; value?: string } },
  reason?: string,
): ProviderEvent | null {
  const ref = merchantReference ? { merchantReference } : {};
  switch (c.status) {
    // Paid; a capture refunded later was paid all the same (a late return must not mark it failed).
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED': {
      if (!c.amount?.currencyCode || !c.amount.value) return null;
      return {
        type: 'payment.succeeded',
        providerPaymentId: orderId,
        ...ref,
        amountMinor: minorOf(c.amount.value, c.amount.currencyCode).toString(),
        currency: c.amount.currencyCode,
      };
    }
    case 'PENDING':
      return { type: 'payment.pending', providerPaymentId: orderId, ...ref };
    case 'DECLINED':
    case 'FAILED':
      return {
        type: 'payment.failed',
        providerPaymentId: orderId,
        ...ref,
        reason: reason ?? `capture_${c.status.toLowerCase()}`,
      };
    default:
      return null;
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name] ?? headers[name.toUpperCase()];
  return Array.isArray(v) ? v[0] : v;
};

export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal';
  readonly channels: readonly ChannelOffer[];
  private readonly client: Client;
  private readonly orders: OrdersController;
  private readonly payments: PaymentsController;
  private readonly apiBase: string;
  /** The SDK's OAuth token, shared with the verify-webhook-signature call. */
  private token: OAuthToken | undefined;

  constructor(private readonly config: PaypalConfig) {
    this.apiBase = (config.apiBase ?? (config.live ? LIVE : SANDBOX)).replace(/\/+$/, '');
    const own = this.apiBase === LIVE || this.apiBase === SANDBOX;
    this.client = new Client({
      environment: this.apiBase === LIVE ? Environment.Production : Environment.Sandbox,
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
        oAuthOnTokenUpdate: (t) => {
          this.token = t;
        },
      },
      // Without a timeout the SDK would wait for ever (its default is none).
      timeout: 20_000,
      httpClientOptions: { timeout: 20_000, ...(own ? {} : { httpsAgent: new ApiBaseAgent(new URL(this.apiBase)) }) },
    });
    this.orders = new OrdersController(this.client);
    this.payments = new PaymentsController(this.client);
    this.channels = [
      {
        channelName: PAYPAL_CHANNEL,
        paymentMethods: [{ type: 'paypal', name: 'PayPal' }],
        // PayPal Buttons need the client id, which PayPal publishes in the page anyway.
        configMap: { clientId: config.clientId },
        redirectHosts: own ? ['www.paypal.com', 'www.sandbox.paypal.com'] : [new URL(this.apiBase).host],
        rules: {
          anonymous: true,
          payLater: false,
          enterpriseCredit: false,
          currencies: 'ANY',
          savedCards: false,
          needsDevice: null,
        },
      },
    ];
  }

  async start(input: StartInput): Promise<StartAnswer> {
    const publicUrl = this.config.publicUrl.replace(/\/+$/, '');
    let order: Order;
    try {
      ({ result: order } = await this.orders.createOrder({
        // A retried start with the same key gets the same order back, not a second one.
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: input.currency, value: paypalValue(input.amountMinor, input.currency) },
              customId: input.merchantReference,
              // PayPal refuses a second payment of one invoice id: each attempt gets its own (the
              // random part keeps two shops on one PayPal account, e.g. test copies, apart).
              invoiceId: `${`${input.merchantReference}-${input.idempotencyKey}`.slice(0, 118)}-${crypto.randomBytes(4).toString('hex')}`,
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: publicUrl + input.returnPath,
                cancelUrl: publicUrl + input.cancelPath,
                // The buyer pays on PayPal's page; the shop already has the address.
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      }));
    } catch (e) {
      if (isDecision(e))
        throw new AppError(400, ERROR_CODES.channelUnavailable, `PayPal cannot take this payment (${issueOf(e)})`);
      throw e;
    }
    const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!order.id || !link) throw new Error('PayPal created an order without an approval link');
    // PayPal Buttons (embedded) take the same order id.
    return { providerPaymentId: order.id, redirectUrl: link.href, clientSession: { orderId: order.id } };
  }

  private async getOrder(orderId: string): Promise<Order | null> {
    try {
      return (await this.orders.getOrder({ id: orderId })).result;
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 404) return null;
      throw e;
    }
  }

  /**
   * What PayPal decided about an order; an approved order is captured here. The capture's
   * PayPal-Request-Id is fixed per order, so a return, a webhook and a poll arriving together
   * make one capture (PayPal answers the others with the same result).
   */
  async confirm(orderId: string, _details?: Record<string, string>): Promise<ProviderEvent[]> {
    const order = await this.getOrder(orderId);
    // Orders left unapproved expire at PayPal and are no longer found.
    if (!order) return [{ type: 'payment.failed', providerPaymentId: orderId, reason: 'expired' }];
    const ref = order.purchaseUnits?.[0]?.customId;
    switch (order.status) {
      case OrderStatus.Approved:
        return this.capture(orderId, ref);
      case OrderStatus.Completed:
        return this.fromOrder(orderId, order);
      case OrderStatus.Voided:
        return [
          {
            type: 'payment.failed',
            providerPaymentId: orderId,
            ...(ref ? { merchantReference: ref } : {}),
            reason: 'cancelled',
          },
        ];
      // CREATED, SAVED, PAYER_ACTION_REQUIRED: the buyer has not approved (yet).
      default:
        return [];
    }
  }

  private fromOrder(orderId: string, order: Order): ProviderEvent[] {
    const unit = order.purchaseUnits?.[0];
    const capture: OrdersCapture | undefined = unit?.payments?.captures?.[0];
    const event = capture ? captureEvent(orderId, unit?.customId, capture) : null;
    return event ? [event] : [];
  }

  private async capture(orderId: string, merchantReference: string | undefined): Promise<ProviderEvent[]> {
    try {
      const { result } = await this.orders.captureOrder({
        id: orderId,
        paypalRequestId: `capture-${orderId}`,
        prefer: 'return=representation',
      });
      return this.fromOrder(orderId, result);
    } catch (e) {
      // Another call is capturing this order right now (a return and a webhook together): not decided yet.
      if (e instanceof ApiError && e.statusCode === 409) return [];
      if (!isDecision(e)) throw e;
      const issue = issueOf(e);
      if (issue === 'ORDER_NOT_APPROVED' || issue === 'ORDER_COMPLETION_IN_PROGRESS') return [];
      // Captured by another call (ORDER_ALREADY_CAPTURED, or a refusal that raced with it): what the order says wins.
      const order = await this.getOrder(orderId);
      if (order?.status === OrderStatus.Completed) return this.fromOrder(orderId, order);
      // INSTRUMENT_DECLINED, PAYER_CANNOT_PAY, DUPLICATE_INVOICE_ID...: this attempt cannot be paid.
      return [
        {
          type: 'payment.failed',
          providerPaymentId: orderId,
          ...(merchantReference ? { merchantReference } : {}),
          reason: issue,
        },
      ];
    }
  }

  /**
   * PayPal's verify-webhook-signature call: the SDK has no controller for it, so it is a plain
   * fetch with the SDK's own OAuth token (its ClientCredentialsAuthManager, published). PayPal
   * not answering throws (the route answers 5xx and PayPal delivers again); a FAILURE is null.
   *
   * CHECKOUT.ORDER.APPROVED is not left as "pending": it runs confirm(), which captures, so a
   * buyer who approves and closes the window still pays; the event the webhook yields is the
   * capture's outcome. A replay of it captures nothing more (same request id).
   */
  async verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedWebhook | null> {
    const names = [
      'paypal-transmission-id',
      'paypal-transmission-time',
      'paypal-transmission-sig',
      'paypal-cert-url',
      'paypal-auth-algo',
    ] as const;
    const [transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo] = names.map((n) => header(headers, n));
    if (!transmissionId || !transmissionTime || !transmissionSig || !certUrl || !authAlgo) return null;
    let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      return null;
    }
    if (!event || typeof event !== 'object' || typeof event.id !== 'string') return null;

    const body = JSON.stringify({
      auth_algo: authAlgo,
      cert_url: certUrl,
      transmission_id: transmissionId,
      transmission_sig: transmissionSig,
      transmission_time: transmissionTime,
      webhook_id: this.config.webhookId,
      webhook_event: event,
    });
    const verify = async (fresh: boolean) => {
      const auth = this.client.clientCredentialsAuthManager;
      this.token = fresh ? await auth.fetchToken() : await auth.updateToken(this.token);
      return fetch(`${this.apiBase}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token.accessToken}` },
        body,
        signal: AbortSignal.timeout(20_000),
      });
    };
    let res = await verify(false);
    // A token PayPal no longer accepts (revoked, or the clock was off): one more try with a new one.
    if (res.status === 401) res = await verify(true);
    if (res.status >= 500 || res.status === 401 || res.status === 429)
      throw new Error(`PayPal's signature check answered ${res.status}`);
    const answer = (await res.json().catch(() => null)) as { verification_status?: string } | null;
    if (!res.ok || answer?.verification_status !== 'SUCCESS') return null;
    return { eventId: event.id, event: await this.eventOf(String(event.event_type), event.resource ?? {}) };
  }

  private async eventOf(type: string, resource: Record<string, unknown>): Promise<ProviderEvent | null> {
    const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const orderId = str(resource.id);
        return orderId ? ((await this.confirm(orderId))[0] ?? null) : null;
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        // The shop knows the order id; a capture names its order in supplementary_data.
        const orderId = str(
          (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id,
        );
        if (!orderId) return null;
        const amount = resource.amount as { currency_code?: string; value?: string } | undefined;
        const status =
          type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED'
            ? 'DECLINED'
            : type === 'PAYMENT.CAPTURE.PENDING'
              ? 'PENDING'
              : 'COMPLETED';
        return captureEvent(
          orderId,
          str(resource.custom_id),
          { status, amount: { currencyCode: amount?.currency_code, value: amount?.value } },
          status === 'DECLINED' ? `capture_${type.slice('PAYMENT.CAPTURE.'.length).toLowerCase()}` : undefined,
        );
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        const id = str(resource.id);
        if (!id) return null;
        const refundKey = str(resource.custom_id);
        return { type: 'refund.succeeded', providerRefundId: id, ...(refundKey ? { refundKey } : {}) };
      }
      case 'PAYMENT.REFUND.FAILED': {
        const id = str(resource.id);
        if (!id) return null;
        const refundKey = str(resource.custom_id);
        return {
          type: 'refund.failed',
          providerRefundId: id,
          ...(refundKey ? { refundKey } : {}),
          reason: 'refund_failed',
        };
      }
      default:
        return null;
    }
  }

  /**
   * Nothing to do: Orders v2 has no void for an order that was not captured (only for an
   * authorization). An unapproved order expires at PayPal; one approved later anyway is captured
   * by its webhook and the shop refunds what it does not keep.
   */
  async cancel(_orderId: string): Promise<void> {}

  async refund(input: RefundInput): Promise<RefundAnswer> {
    if (!input.providerPaymentId) return { status: 'failed', reason: 'payment_not_found' };
    const order = await this.getOrder(input.providerPaymentId);
    const captureId = order?.purchaseUnits?.[0]?.payments?.captures?.[0]?.id;
    if (!captureId) return { status: 'failed', reason: order ? 'not_captured' : 'payment_not_found' };
    try {
      const { result } = await this.payments.refundCapturedPayment({
        captureId,
        // The same key is the same refund: PayPal answers a repeat with the first refund.
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          amount: { currencyCode: input.currency, value: paypalValue(input.amountMinor, input.currency) },
          // Comes back in PAYMENT.CAPTURE.REFUNDED, so the webhook finds the refund by the shop's key.
          ...(REFUND_CUSTOM_ID.test(input.idempotencyKey) ? { customId: input.idempotencyKey } : {}),
        },
      });
      if (!result.id) throw new Error('PayPal answered a refund without an id');
      if (result.status === RefundStatus.Completed) return { status: 'succeeded', providerRefundId: result.id };
      if (result.status === RefundStatus.Pending) return { status: 'pending', providerRefundId: result.id };
      return { status: 'failed', reason: `refund_${String(result.status ?? 'unknown').toLowerCase()}` };
    } catch (e) {
      if (isDecision(e)) return { status: 'failed', reason: issueOf(e) };
      throw e;
    }
  }
}
