/**
 * Klarna (channel KLARNA), a pay-later channel. Klarna has no official Node SDK, so this is a
 * small typed client over fetch for the three APIs the shop uses, all with HTTP Basic auth
 * (KLARNA_USERNAME:KLARNA_PASSWORD) at KLARNA_API_BASE:
 *
 * - Klarna Payments: a session per payment attempt (POST /payments/v1/sessions); its
 *   client_token is what the browser's Klarna widget loads (POST /api/payments/v1/sessions
 *   hands it out), and the widget's authorization_token becomes an order with
 *   POST /payments/v1/authorizations/{token}/order (order_id, fraud_status).
 * - Hosted Payment Page: the same session offered on Klarna's own page (POST /hpp/v1/sessions,
 *   redirect_url), so a buyer can pay by redirect as well, and so the whole flow can be paid end
 *   to end where Klarna's widget script cannot load. The page runs with place_order_mode NONE:
 *   it hands back an authorization_token (read from the HPP session), which the shop turns into
 *   an order exactly as it does the widget's.
 * - Order Management: the order is captured at once (see `capture`), refunded with a
 *   Klarna-Idempotency-Key, cancelled when the shop gives the attempt up.
 *
 * Klarna signs nothing: neither the HPP status callback nor the Order Management fraud
 * notification carries a signature. So nothing a notification says is believed: a notification
 * naming an order makes the shop read that order from Klarna with its own credentials, and what
 * Klarna answers is the event. Results otherwise come from the authorisation call and from
 * reading the order (the pay-result page's poll).
 *
 * Ids on the payment record: `hpp:<hpp session id>:<payments session id>` from start, replaced by
 * `order:<order id>` once the order is placed (provider-ids.ts says why).
 */
import { ERROR_CODES, SITES, type SiteCode } from '@mall/contracts';
import { AppError } from '../../../lib/errors.js';
import type { ProviderIdSwap } from './provider-ids.js';
import type {
  ChannelOffer,
  DecidedEvent,
  PaymentProvider,
  ProviderEvent,
  RefundAnswer,
  RefundInput,
  StartAnswer,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export interface KlarnaConfig {
  username: string;
  password: string;
  /** Klarna's API of the region (https://api.klarna.com, api-na..., api-oc...; api.playground.klarna.com for tests), or a local emulator. */
  apiBase?: string;
  /** Where the buyer's browser reaches the shop (Klarna's page sends the buyer back there). */
  publicUrl: string;
}

export const KLARNA_CHANNEL = 'KLARNA';
const PLAYGROUND = 'https://api.playground.klarna.com';
/** Currencies of the shop's sites that Klarna takes (not JPY). */
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
type KlarnaCurrency = (typeof CURRENCIES)[number];

/**
 * A Klarna account lives in one region, each with its own API host: North America (api-na…) takes
 * USD, Europe (api…, api.playground…) EUR and GBP, Oceania (api-oc…) none of the shop's. Another
 * host (a local emulator) is taken to take all three.
 */
function currenciesOf(apiBase: string): readonly KlarnaCurrency[] {
  const host = new URL(apiBase).hostname;
  if (!/\.klarna\.com$/.test(host)) return CURRENCIES;
  if (/^api-na\./.test(host)) return ['USD'];
  if (/^api-oc\./.test(host)) return [];
  return ['EUR', 'GBP'];
}

export interface KlarnaOrder {
  order_id: string;
  status: string;
  fraud_status: 'ACCEPTED' | 'PENDING' | 'REJECTED' | (string & {});
  order_amount: number;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount: number;
  purchase_currency: string;
  merchant_reference1?: string;
}
interface KlarnaSessionRead {
  session_id?: string;
  client_token: string;
  status: string;
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: unknown[];
  merchant_reference1?: string;
  payment_method_categories?: { identifier: string; name: string }[];
}
interface HppRead {
  session_id: string;
  status: string;
  authorization_token?: string;
  order_id?: string;
}

/** Klarna's answer to a call that was not a success. */
export class KlarnaApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messages: string[],
  ) {
    super(`Klarna answered ${status} ${code}: ${messages.join('; ')}`);
  }
  /** Klarna decided (4xx other than credentials and "slow down"): asking again changes nothing. */
  get isDecision(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 401 && this.status !== 429;
  }
}

/** The shop's site to Klarna's purchase country: the site's country (GB for the UK site). */
export function klarnaCountry(siteCode: string): string {
  return SITES[siteCode as SiteCode]?.countryCode ?? 'GB';
}

type Parsed = { kind: 'hpp'; hppId: string; sessionId: string } | { kind: 'order'; orderId: string } | null;
function parseId(id: string): Parsed {
  const hpp = /^hpp:([^:]+):([^:]+)$/.exec(id);
  if (hpp) return { kind: 'hpp', hppId: hpp[1]!, sessionId: hpp[2]! };
  const order = /^order:(.+)$/.exec(id);
  return order ? { kind: 'order', orderId: order[1]! } : null;
}

export class KlarnaProvider implements PaymentProvider {
  readonly name = 'klarna';
  readonly channels: readonly ChannelOffer[];
  private readonly apiBase: string;
  private readonly auth: string;
  private readonly currencies: readonly KlarnaCurrency[];

  constructor(
    private readonly config: KlarnaConfig,
    private readonly swapId: ProviderIdSwap,
  ) {
    this.apiBase = (config.apiBase ?? PLAYGROUND).replace(/\/+$/, '');
    this.currencies = currenciesOf(this.apiBase);
    this.auth = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
    const own = /\.klarna\.com$/.test(new URL(this.apiBase).hostname);
    this.channels = [
      {
        channelName: KLARNA_CHANNEL,
        paymentMethods: [{ type: 'klarna', name: 'Klarna' }],
        // The payment section shows Klarna's widget when its script loads, the hosted page otherwise.
        configMap: { widget: 'klarna-payments' },
        // The hosted payment page lives on pay.klarna.com (pay.playground.klarna.com in tests).
        redirectHosts: own ? ['pay.klarna.com', 'pay.playground.klarna.com'] : [new URL(this.apiBase).host],
        rules: {
          anonymous: true,
          payLater: true,
          enterpriseCredit: false,
          currencies: this.currencies,
          savedCards: false,
          needsDevice: null,
        },
      },
    ];
  }

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}${path}`;
  }

  /** One call to Klarna: JSON in, JSON (or headers) out; a non-2xx answer is a KlarnaApiError. */
  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(this.apiBase + path, {
      method,
      signal: AbortSignal.timeout(20_000),
      headers: {
        authorization: this.auth,
        accept: 'application/json',
        'user-agent': 'mall-shop',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = (json ?? {}) as { error_code?: string; error_messages?: string[] };
      throw new KlarnaApiError(res.status, e.error_code ?? `HTTP_${res.status}`, e.error_messages ?? []);
    }
    return { status: res.status, body: json as T, headers: res.headers };
  }

  /** One line for the whole payment: the shop's order lines are its own, Klarna needs the total. */
  private purchase(amountMinor: bigint, currency: string, siteCode: string, language: string, reference: string) {
    if (amountMinor <= 0n || amountMinor > 2_147_483_647n)
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be paid with Klarna');
    const amount = Number(amountMinor);
    const country = klarnaCountry(siteCode);
    return {
      purchase_country: country,
      purchase_currency: currency,
      locale: `${language.split(/[-_]/)[0] || 'en'}-${country}`,
      order_amount: amount,
      order_tax_amount: 0,
      order_lines: [
        {
          type: 'physical',
          reference,
          name: `Order ${reference}`,
          quantity: 1,
          unit_price: amount,
          tax_rate: 0,
          total_amount: amount,
          total_tax_amount: 0,
        },
      ],
    };
  }

  async start(input: StartInput): Promise<StartAnswer> {
    if (!(this.currencies as readonly string[]).includes(input.currency))
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'Klarna does not take this currency');
    try {
      const { body: session } = await this.call<{ session_id: string; client_token: string }>(
        'POST',
        '/payments/v1/sessions',
        {
          ...this.purchase(input.amountMinor, input.currency, input.siteCode, input.language, input.merchantReference),
          intent: 'buy',
          merchant_reference1: input.merchantReference,
          merchant_reference2: input.idempotencyKey,
        },
      );
      const { body: hpp } = await this.call<{ session_id: string; redirect_url: string }>('POST', '/hpp/v1/sessions', {
        payment_session_url: `${this.apiBase}/payments/v1/sessions/${session.session_id}`,
        merchant_urls: {
          // Klarna fills the {{...}} placeholders; the shop reads the session back, it does not trust the URL.
          success: `${this.url(input.returnPath)}&klarna_session={{session_id}}`,
          cancel: this.url(input.cancelPath),
          back: this.url(input.cancelPath),
          failure: this.url(input.cancelPath),
          error: this.url(input.cancelPath),
        },
        // The page hands back an authorization token; the shop places the order itself (as for the widget).
        options: { place_order_mode: 'NONE' },
      });
      return {
        providerPaymentId: `hpp:${hpp.session_id}:${session.session_id}`,
        redirectUrl: hpp.redirect_url,
        // For Klarna's widget (Klarna.Payments.init/load/authorize) in the shop's page.
        clientSession: { clientToken: session.client_token, sessionId: session.session_id },
      };
    } catch (e) {
      if (e instanceof KlarnaApiError && e.isDecision)
        throw new AppError(400, ERROR_CODES.channelUnavailable, `Klarna cannot take this payment (${e.code})`);
      if (e instanceof KlarnaApiError)
        throw new AppError(
          503,
          ERROR_CODES.channelUnavailable,
          'The payment service cannot be reached, please try again later',
        );
      throw e;
    }
  }

  /** The client token of an attempt's Klarna Payments session, for the browser's widget (SPEC §7 /api/payments/v1/sessions). */
  async payLaterSession(
    providerPaymentId: string,
  ): Promise<{ clientToken: string; sessionId: string; categories: { identifier: string; name: string }[] }> {
    const id = parseId(providerPaymentId);
    if (id?.kind !== 'hpp')
      throw new AppError(409, ERROR_CODES.paymentPending, 'This payment has already been authorised');
    const { body } = await this.call<KlarnaSessionRead>(
      'GET',
      `/payments/v1/sessions/${encodeURIComponent(id.sessionId)}`,
    );
    return {
      clientToken: body.client_token,
      sessionId: id.sessionId,
      categories: (body.payment_method_categories ?? []).map((c) => ({ identifier: c.identifier, name: c.name })),
    };
  }

  /**
   * What Klarna decided. Before an order exists: the hosted page's session (or the widget's
   * authorization_token in `details`) and, once authorised, the order is placed here. After:
   * the order, captured here when Klarna accepted it.
   */
  async confirm(providerPaymentId: string, details?: Record<string, string>): Promise<DecidedEvent[]> {
    const id = parseId(providerPaymentId);
    if (!id) return [];
    if (id.kind === 'order') return this.fromOrder(id.orderId);
    let token = details?.authorization_token;
    let placed: string | undefined;
    if (!token) {
      let hpp: HppRead;
      try {
        ({ body: hpp } = await this.call<HppRead>('GET', `/hpp/v1/sessions/${encodeURIComponent(id.hppId)}`));
      } catch (e) {
        if (e instanceof KlarnaApiError && e.status === 404)
          return [{ type: 'payment.failed', providerPaymentId, reason: 'expired' }];
        throw e;
      }
      switch (hpp.status) {
        case 'COMPLETED':
          token = hpp.authorization_token;
          placed = hpp.order_id;
          break;
        case 'CANCELLED':
          return [{ type: 'payment.failed', providerPaymentId, reason: 'cancelled' }];
        case 'FAILED':
        case 'ERROR':
          return [{ type: 'payment.failed', providerPaymentId, reason: 'klarna_failed' }];
        case 'DISABLED':
          return [{ type: 'payment.failed', providerPaymentId, reason: 'expired' }];
        // WAITING, IN_PROGRESS, BACK, MANUAL_ID_CHECK: the buyer is still on Klarna's page.
        default:
          return [];
      }
    }
    if (!placed && token) placed = await this.placeOrder(id.hppId, id.sessionId, token);
    if (!placed) return [];
    await this.swapId(providerPaymentId, `order:${placed}`);
    return this.fromOrder(placed);
  }

  /** The authorisation becomes an order (once: a token places one order). Returns its id, or undefined when another call placed it. */
  private async placeOrder(hppId: string, sessionId: string, token: string): Promise<string | undefined> {
    const { body: session } = await this.call<KlarnaSessionRead>(
      'GET',
      `/payments/v1/sessions/${encodeURIComponent(sessionId)}`,
    );
    const reference = session.merchant_reference1 ?? '';
    try {
      const { body } = await this.call<{ order_id: string; fraud_status: string }>(
        'POST',
        `/payments/v1/authorizations/${encodeURIComponent(token)}/order`,
        {
          purchase_country: session.purchase_country,
          purchase_currency: session.purchase_currency,
          locale: session.locale,
          order_amount: session.order_amount,
          order_tax_amount: session.order_tax_amount,
          order_lines: session.order_lines,
          merchant_reference1: reference,
          // Klarna tells the shop here when it finishes reviewing a purchase (fraud_status PENDING).
          merchant_urls: {
            confirmation: this.url('/buyer/pay-result'),
            notification: this.url('/api/payments/webhooks/klarna'),
          },
        },
      );
      return body.order_id;
    } catch (e) {
      // Placed by another call at the same moment (a poll and a return): that call goes on with it.
      if (e instanceof KlarnaApiError && (e.status === 409 || e.code === 'NOT_ALLOWED')) {
        const { body: hpp } = await this.call<HppRead>('GET', `/hpp/v1/sessions/${encodeURIComponent(hppId)}`).catch(
          () => ({ body: {} as HppRead }),
        );
        return hpp.order_id;
      }
      if (e instanceof KlarnaApiError && e.isDecision) return undefined;
      throw e;
    }
  }

  /**
   * The order's state as the shop's event; an accepted order not yet captured is captured here.
   *
   * Captured at once, not at shipping: the shop marks the whole contract paid when the payment
   * succeeds, and one contract's orders ship from different shops at different times, so there is
   * no single "shipped" moment to capture at; after-sales refunds then always refund a capture.
   * Klarna asks merchants to capture when goods ship, so the buyer's due date starts now.
   */
  private async fromOrder(orderId: string): Promise<DecidedEvent[]> {
    const providerPaymentId = `order:${orderId}`;
    let order = await this.readOrder(orderId);
    if (!order) return [{ type: 'payment.failed', providerPaymentId, reason: 'payment_not_found' }];
    const ref = order.merchant_reference1 ? { merchantReference: order.merchant_reference1 } : {};
    if (order.fraud_status === 'REJECTED')
      return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'klarna_rejected' }];
    if (order.fraud_status === 'PENDING') return [{ type: 'payment.pending', providerPaymentId, ...ref }];
    if (order.status === 'CANCELLED' || order.status === 'EXPIRED')
      return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: order.status.toLowerCase() }];
    if (order.remaining_authorized_amount > 0 && (order.status === 'AUTHORIZED' || order.status === 'PART_CAPTURED')) {
      try {
        await this.call(
          'POST',
          `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/captures`,
          {
            captured_amount: order.remaining_authorized_amount,
            description: `Order ${order.merchant_reference1 ?? orderId}`,
          },
          // The same key for every capture of this order: a poll and a notification together capture once.
          { 'klarna-idempotency-key': `capture-${orderId}` },
        );
      } catch (e) {
        if (!(e instanceof KlarnaApiError && e.isDecision)) throw e;
      }
      order = await this.readOrder(orderId);
      if (!order) return [];
    }
    if (order.captured_amount <= 0) return [];
    const event: ProviderEvent = {
      type: 'payment.succeeded',
      providerPaymentId,
      ...ref,
      amountMinor: String(order.captured_amount),
      currency: order.purchase_currency,
    };
    // A decision read from Klarna: the notification that brings the same later is a replay.
    return [{ ...event, eventId: `order:${orderId}:captured` }];
  }

  private async readOrder(orderId: string): Promise<KlarnaOrder | null> {
    try {
      return (await this.call<KlarnaOrder>('GET', `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`)).body;
    } catch (e) {
      if (e instanceof KlarnaApiError && e.status === 404) return null;
      throw e;
    }
  }

  /**
   * Klarna's notification ({order_id, event_type}, unsigned): the order is read back from Klarna
   * and that is the event. A body naming no order Klarna knows is not genuine.
   */
  async verifyWebhook(rawBody: string): Promise<VerifiedWebhook | null> {
    let body: { order_id?: unknown };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return null;
    }
    if (!body || typeof body.order_id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(body.order_id)) return null;
    const order = await this.readOrder(body.order_id);
    if (!order) return null;
    const [decided] = await this.fromOrder(body.order_id);
    if (!decided) return { eventId: `order:${order.order_id}:${order.status}:${order.fraud_status}`, event: null };
    const { eventId, ...event } = decided;
    return { eventId: eventId ?? `order:${order.order_id}:${order.status}:${order.fraud_status}`, event };
  }

  /** The shop gave the attempt up: the hosted page is disabled, an unused authorisation released, an uncaptured order cancelled. */
  async cancel(providerPaymentId: string): Promise<void> {
    const id = parseId(providerPaymentId);
    const quiet = (p: Promise<unknown>) =>
      p.catch((e) => {
        if (!(e instanceof KlarnaApiError && e.isDecision)) throw e;
      });
    if (id?.kind === 'order') {
      await quiet(this.call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(id.orderId)}/cancel`));
      return;
    }
    if (id?.kind !== 'hpp') return;
    await quiet(this.call('DELETE', `/hpp/v1/sessions/${encodeURIComponent(id.hppId)}`));
    const { body: hpp } = await this.call<HppRead>('GET', `/hpp/v1/sessions/${encodeURIComponent(id.hppId)}`).catch(
      () => ({ body: {} as HppRead }),
    );
    if (hpp.order_id)
      await quiet(this.call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(hpp.order_id)}/cancel`));
    else if (hpp.authorization_token)
      await quiet(this.call('DELETE', `/payments/v1/authorizations/${encodeURIComponent(hpp.authorization_token)}`));
  }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    const id = input.providerPaymentId ? parseId(input.providerPaymentId) : null;
    if (id?.kind !== 'order') return { status: 'failed', reason: 'payment_not_found' };
    if (input.amountMinor <= 0n || input.amountMinor > 2_147_483_647n)
      return { status: 'failed', reason: 'invalid_amount' };
    try {
      const { headers } = await this.call(
        'POST',
        `/ordermanagement/v1/orders/${encodeURIComponent(id.orderId)}/refunds`,
        {
          refunded_amount: Number(input.amountMinor),
          reference: input.idempotencyKey.slice(0, 255),
          description: 'Refund',
        },
        // The same key is the same refund: Klarna answers a repeat with the first refund.
        { 'klarna-idempotency-key': input.idempotencyKey },
      );
      const refundId = headers.get('refund-id') ?? headers.get('location')?.split('/').pop();
      if (!refundId) throw new Error('Klarna answered a refund without its id');
      return { status: 'succeeded', providerRefundId: refundId };
    } catch (e) {
      if (e instanceof KlarnaApiError && e.status === 404) return { status: 'failed', reason: 'payment_not_found' };
      if (e instanceof KlarnaApiError && e.isDecision) return { status: 'failed', reason: e.code };
      throw e;
    }
  }
}
