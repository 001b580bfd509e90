/**
 * A local stand-in for PayPal's REST API (Orders v2, Payments v2, webhooks), a test tool only:
 * the PayPal adapter is pointed at it through PAYPAL_API_BASE so its official SDK talks to it as
 * it would to api-m.paypal.com. It answers the calls the adapter makes with PayPal's shapes
 * (shapes.test.ts checks the answers against PayPal's published OpenAPI documents), hosts the
 * approval page a buyer is sent to, and sends webhooks with
 * PayPal's transmission headers, signed the way PayPal documents (SHA256withRSA over
 * `transmissionId|transmissionTime|webhookId|crc32(body)`) with a key of its own, which its
 * verify-webhook-signature endpoint really checks.
 *
 * It keeps its books in memory; nothing here is a channel a buyer ever sees.
 */
import crypto from 'node:crypto';
import { crc32 } from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';
export type RefundStatus = 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
/** What the buyer chose on the approval page. */
export type Approval = 'approve' | 'decline_at_capture' | 'pending_at_capture' | 'instrument_declined' | 'cancel';

interface Money {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH';
}

export interface EmulatedRefund {
  id: string;
  captureId: string;
  status: RefundStatus;
  amount: Money;
  customId?: string;
  invoiceId?: string;
  noteToPayer?: string;
  createTime: string;
  updateTime: string;
}
export interface EmulatedCapture {
  id: string;
  orderId: string;
  status: CaptureStatus;
  pendingReason?: string;
  amount: Money;
  customId?: string;
  invoiceId?: string;
  createTime: string;
  updateTime: string;
  refunds: EmulatedRefund[];
}
export interface EmulatedOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: OrderStatus;
  unit: {
    reference_id: string;
    amount: Money;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    soft_descriptor?: string;
  };
  /** Where the approval page sends the buyer; from payment_source.paypal.experience_context or the older application_context. */
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  /** The approval link's rel: `payer-action` when the order named payment_source.paypal, `approve` otherwise. */
  approvalRel: 'payer-action' | 'approve';
  payer?: { payerId: string; email: string; givenName: string; surname: string; countryCode: string };
  /**
   * What its capture will do, as chosen on the approval page: a capture with that status, or
   * PayPal's refusal of the capture when the buyer's funding is declined (422 INSTRUMENT_DECLINED).
   */
  captureOutcome: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'INSTRUMENT_DECLINED';
  capture?: EmulatedCapture;
  expired: boolean;
  createTime: string;
  updateTime: string;
}

export interface PaypalEvent {
  id: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Link[];
  event_version: string;
  resource_version: string;
}

/** One webhook as PayPal sends it: the raw body and its transmission headers (lower-case names). */
export interface WebhookDelivery {
  event: PaypalEvent;
  body: string;
  headers: Record<string, string>;
  /** The HTTP status the receiver answered (the last attempt), once delivered. */
  status?: number;
}

export interface PaypalEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gives the shop's webhook subscription; part of every signed message. */
  webhookId: string;
  /**
   * Where webhooks go: the shop's webhook URL (POSTed, retried a few times on a non-2xx answer
   * like PayPal does), or a function that hands them over (API tests: app.inject). Unset: they
   * are only recorded in `deliveries`.
   */
  deliver?: string | ((delivery: WebhookDelivery) => Promise<number | void> | number | void);
  port?: number;
  host?: string;
  /** Attempts per webhook when `deliver` is a URL (PayPal retries for days; tests need a few). */
  deliveryAttempts?: number;
  /** How long a capture takes; meanwhile other captures of the order are refused as in progress. */
  captureDelayMs?: number;
}

export interface PaypalEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Every webhook sent, oldest first. */
  deliveries: WebhookDelivery[];
  /** Captures really made (a replayed PayPal-Request-Id makes none). */
  captureCount(): number;
  /** Refunds really made, across all captures. */
  refundCount(): number;
  order(id: string): EmulatedOrder | undefined;
  capture(id: string): EmulatedCapture | undefined;
  /** Holds webhooks back (queued, in order) until release(). */
  hold(): void;
  /** Sends the held webhooks, in order, and waits for them. */
  release(): Promise<void>;
  /** Waits until no webhook is on its way (including the ones sent while waiting). */
  idle(): Promise<void>;
  /** Captures take this long from now on (0: at once); meanwhile the order's other captures get ORDER_COMPLETION_IN_PROGRESS. */
  setCaptureDelay(ms: number): void;
  /** A pending capture is decided by PayPal later: COMPLETED sends PAYMENT.CAPTURE.COMPLETED, DECLINED sends PAYMENT.CAPTURE.DENIED. */
  settleCapture(captureId: string, outcome: 'COMPLETED' | 'DECLINED'): void;
  /** The next refund (any capture) stays PENDING until settleRefund. */
  refundsPending(on: boolean): void;
  /** A pending refund completes: PAYMENT.CAPTURE.REFUNDED. */
  settleRefund(refundId: string): void;
  /** An order left unapproved expires: PayPal no longer finds it. */
  expire(orderId: string): void;
  /** Transmission headers for a body, signed as PayPal signs (tests craft or alter webhooks with it). */
  sign(body: string, opts?: { webhookId?: string; transmissionTime?: string }): Record<string, string>;
  /** Hands one recorded webhook to `deliver` again (a redelivery), returns the receiver's status. */
  redeliver(delivery: WebhookDelivery): Promise<number | undefined>;
}

/** Currencies PayPal takes and those it takes without decimals. */
const CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);
const decimalsOf = (currency: string) => (NO_DECIMALS.has(currency) ? 0 : 2);

function toMinor(m: Money): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(m.value);
  if (!match) return null;
  const digits = decimalsOf(m.currency_code);
  const frac = match[2] ?? '';
  if (frac.length > digits) return null;
  return BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
}
function fromMinor(minor: bigint, currency: string): Money {
  const digits = decimalsOf(currency);
  if (!digits) return { currency_code: currency, value: String(minor) };
  const scale = 10n ** BigInt(digits);
  return { currency_code: currency, value: `${minor / scale}.${String(minor % scale).padStart(digits, '0')}` };
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's account ids: 13 characters without 0, 1, I and O. */
const ACCOUNT = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const randomOf = (alphabet: string, n: number) =>
  Array.from(crypto.randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
const resourceId = () => randomOf(ALNUM, 17);
const debugId = () => crypto.randomBytes(7).toString('hex').slice(0, 13);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The errors the emulator answers with. Names and issues are PayPal's identifiers, exact; the
 * messages and descriptions are the emulator's own words (nothing in the shop reads them).
 */
const ERROR_HEADS = {
  400: { name: 'INVALID_REQUEST', message: 'The request is malformed or does not match the schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'The credentials are missing or not valid.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'No such resource.' },
  409: { name: 'RESOURCE_CONFLICT', message: 'The request conflicts with another one on the same resource.' },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The request is well formed but the action cannot be done.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on the server.' },
} as const satisfies Record<number, { name: string; message: string }>;
type ErrorStatus = keyof typeof ERROR_HEADS;

const ISSUES = {
  MALFORMED_REQUEST_JSON: { status: 400, description: 'The body is not valid JSON.' },
  MISSING_REQUIRED_PARAMETER: { status: 400, description: 'A required field is absent.' },
  INVALID_PARAMETER_VALUE: { status: 400, description: 'A field has a value that is not allowed here.' },
  INVALID_PARAMETER_SYNTAX: { status: 400, description: 'A field does not have the expected format.' },
  INVALID_RESOURCE_ID: { status: 404, description: 'Nothing has this id.' },
  PREVIOUS_REQUEST_IN_PROGRESS: {
    status: 409,
    description: 'An earlier request on this resource is still being processed; retry a little later.',
  },
  UNSUPPORTED_INTENT: { status: 422, description: 'This intent is not taken for this order; use CAPTURE.' },
  INVALID_CURRENCY_CODE: { status: 422, description: 'This currency is not taken.' },
  DECIMAL_PRECISION: { status: 422, description: 'The amount has more decimals than its currency allows.' },
  CANNOT_BE_ZERO_OR_NEGATIVE: { status: 422, description: 'The amount must be more than zero.' },
  ORDER_COMPLETION_IN_PROGRESS: {
    status: 422,
    description: 'The order is still being captured; retry a little later.',
  },
  ORDER_ALREADY_CAPTURED: {
    status: 422,
    description: 'The order has been captured already, and an order is captured once.',
  },
  ORDER_NOT_APPROVED: {
    status: 422,
    description: 'The buyer has not approved the order yet: send them to its approval link first.',
  },
  DUPLICATE_INVOICE_ID: {
    status: 422,
    description: 'A payment with this invoice id exists, and the account wants each invoice id used once.',
  },
  INSTRUMENT_DECLINED: {
    status: 422,
    description: "The buyer's funding source was declined or cannot pay for this; they can choose another.",
  },
  PENDING_CAPTURE: { status: 422, description: 'The capture is still pending, so it cannot be refunded yet.' },
  REFUND_NOT_ALLOWED: { status: 422, description: 'This capture cannot be refunded.' },
  CAPTURE_FULLY_REFUNDED: { status: 422, description: 'Nothing is left to refund on this capture.' },
  REFUND_CAPTURE_CURRENCY_MISMATCH: { status: 422, description: 'A refund is in the currency of its capture.' },
  REFUND_AMOUNT_EXCEEDED: { status: 422, description: 'The refund is more than what is left of the capture.' },
} as const satisfies Record<string, { status: ErrorStatus; description: string }>;
type Issue = keyof typeof ISSUES;

/** PayPal's error for an issue (its status from ISSUES); without one, an internal error. */
class PaypalFailure extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly issue?: Issue,
    readonly field?: string,
    readonly value?: string,
    readonly api: 'orders' | 'payments' = 'orders',
  ) {
    super(issue ?? '500');
    this.status = issue ? ISSUES[issue].status : 500;
  }
  body() {
    const head = ERROR_HEADS[this.status];
    const detail = this.issue
      ? [
          {
            ...(this.field ? { field: this.field, location: 'body' } : {}),
            ...(this.value !== undefined ? { value: this.value } : {}),
            issue: this.issue,
            description: ISSUES[this.issue].description,
          },
        ]
      : undefined;
    const docs =
      this.api === 'orders'
        ? 'https://developer.paypal.com/docs/api/orders/v2/'
        : 'https://developer.paypal.com/docs/api/payments/v2/';
    return {
      ...head,
      debug_id: debugId(),
      ...(detail ? { details: detail } : {}),
      links: [{ href: `${docs}#error-${this.issue ?? head.name}`, rel: 'information_link', method: 'GET' }],
    };
  }
}

export async function startPaypalEmulator(options: PaypalEmulatorOptions): Promise<PaypalEmulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const orders = new Map<string, EmulatedOrder>();
  const captures = new Map<string, EmulatedCapture>();
  const refunds = new Map<string, EmulatedRefund>();
  const tokens = new Map<string, number>();
  /** Answers by PayPal-Request-Id, per kind of call: the same id gets the same answer. */
  const answered = new Map<string, { status: number; body: unknown } | 'in-progress'>();
  /** Orders whose capture is being processed (see setCaptureDelay). */
  const capturing = new Set<string>();
  let captureDelayMs = options.captureDelayMs ?? 0;
  const events = new Map<string, PaypalEvent>();
  const deliveries: WebhookDelivery[] = [];
  const held: WebhookDelivery[] = [];
  const inflight = new Set<Promise<unknown>>();
  let holding = false;
  let capturesMade = 0;
  let refundsMade = 0;
  let nextRefundPending = false;
  const merchant = { email_address: 'merchant@example.com', merchant_id: randomOf(ACCOUNT, 13) };
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certId = `CERT-${crypto.randomBytes(4).toString('hex')}-${crypto.randomBytes(4).toString('hex')}-${crypto.randomBytes(4).toString('hex')}`;
  let base = '';
  const certUrl = () => `${base}/v1/notifications/certs/${certId}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // PayPal takes an empty body with a JSON content type (a capture or a full refund has none).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new PaypalFailure('MALFORMED_REQUEST_JSON'), undefined);
    }
  });
  app.setErrorHandler((err, _req, reply) => {
    const failure = err instanceof PaypalFailure ? err : new PaypalFailure();
    return reply.code(failure.status).send(failure.body());
  });

  // ---- answers ------------------------------------------------------------------------------

  const unitJson = (o: EmulatedOrder, minimal: boolean) => {
    const payments = o.capture ? { captures: [captureJson(o.capture, 'order')] } : undefined;
    if (minimal) return { reference_id: o.unit.reference_id, ...(payments ? { payments } : {}) };
    return {
      reference_id: o.unit.reference_id,
      amount: o.unit.amount,
      payee: merchant,
      ...(o.unit.description ? { description: o.unit.description } : {}),
      ...(o.unit.custom_id ? { custom_id: o.unit.custom_id } : {}),
      ...(o.unit.invoice_id ? { invoice_id: o.unit.invoice_id } : {}),
      ...(o.unit.soft_descriptor ? { soft_descriptor: o.unit.soft_descriptor } : {}),
      ...(payments ? { payments } : {}),
    };
  };

  const orderLinks = (o: EmulatedOrder): Link[] => {
    const self: Link = { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' };
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') {
      return [
        self,
        { href: `${base}/checkoutnow?token=${o.id}`, rel: o.approvalRel, method: 'GET' },
        ...(o.status === 'CREATED'
          ? [
              { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'update', method: 'PATCH' as const },
              { href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' as const },
            ]
          : []),
      ];
    }
    if (o.status === 'APPROVED')
      return [
        self,
        { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'update', method: 'PATCH' },
        { href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
      ];
    return [self];
  };

  const paymentSource = (o: EmulatedOrder) =>
    o.payer
      ? {
          paypal: {
            email_address: o.payer.email,
            account_id: o.payer.payerId,
            account_status: 'VERIFIED',
            name: { given_name: o.payer.givenName, surname: o.payer.surname },
            address: { country_code: o.payer.countryCode },
          },
        }
      : { paypal: {} };

  function orderJson(o: EmulatedOrder, minimal = false) {
    const payer = o.payer
      ? {
          name: { given_name: o.payer.givenName, surname: o.payer.surname },
          email_address: o.payer.email,
          payer_id: o.payer.payerId,
          address: { country_code: o.payer.countryCode },
        }
      : undefined;
    if (minimal) {
      return {
        id: o.id,
        status: o.status,
        payment_source: paymentSource(o),
        ...(o.capture ? { purchase_units: [unitJson(o, true)] } : {}),
        ...(payer && o.capture ? { payer } : {}),
        links: orderLinks(o),
      };
    }
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      payment_source: paymentSource(o),
      purchase_units: [unitJson(o, false)],
      ...(payer ? { payer } : {}),
      create_time: o.createTime,
      ...(o.updateTime !== o.createTime ? { update_time: o.updateTime } : {}),
      links: orderLinks(o),
    };
  }

  function fees(c: EmulatedCapture) {
    const gross = toMinor(c.amount) ?? 0n;
    // A made-up but plausible fee (about 3.5% plus a fixed part), never more than the payment.
    const fixed = decimalsOf(c.amount.currency_code) ? 49n : 40n;
    const computed = (gross * 349n) / 10000n + fixed;
    const fee = computed > gross ? gross : computed;
    return {
      gross_amount: c.amount,
      paypal_fee: fromMinor(fee, c.amount.currency_code),
      net_amount: fromMinor(gross - fee, c.amount.currency_code),
    };
  }

  /** A capture inside an order (Orders v2) or on its own (Payments v2, webhooks: with the order id in supplementary_data). */
  function captureJson(c: EmulatedCapture, as: 'order' | 'payment') {
    const settled = c.status !== 'PENDING' && c.status !== 'DECLINED' && c.status !== 'FAILED';
    return {
      id: c.id,
      status: c.status,
      ...(c.status === 'PENDING' && c.pendingReason ? { status_details: { reason: c.pendingReason } } : {}),
      amount: c.amount,
      final_capture: true,
      ...(c.invoiceId ? { invoice_id: c.invoiceId } : {}),
      ...(c.customId ? { custom_id: c.customId } : {}),
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(settled ? { seller_receivable_breakdown: fees(c) } : {}),
      ...(as === 'payment' ? { supplementary_data: { related_ids: { order_id: c.orderId } }, payee: merchant } : {}),
      links: [
        { href: `${base}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${c.orderId}`, rel: 'up', method: 'GET' },
      ],
      create_time: c.createTime,
      update_time: c.updateTime,
    };
  }

  function refundJson(r: EmulatedRefund, minimal = false) {
    const links: Link[] = [
      { href: `${base}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
    ];
    if (minimal) return { id: r.id, status: r.status, links };
    const gross = toMinor(r.amount) ?? 0n;
    return {
      id: r.id,
      status: r.status,
      ...(r.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
      amount: r.amount,
      ...(r.invoiceId ? { invoice_id: r.invoiceId } : {}),
      ...(r.customId ? { custom_id: r.customId } : {}),
      ...(r.noteToPayer ? { note_to_payer: r.noteToPayer } : {}),
      seller_payable_breakdown: {
        gross_amount: r.amount,
        paypal_fee: fromMinor(0n, r.amount.currency_code),
        net_amount: fromMinor(gross, r.amount.currency_code),
        total_refunded_amount: fromMinor(refundedOf(captures.get(r.captureId)!), r.amount.currency_code),
      },
      payer: merchant,
      links,
      create_time: r.createTime,
      update_time: r.updateTime,
    };
  }

  const refundedOf = (c: EmulatedCapture) =>
    c.refunds
      .filter((r) => r.status === 'COMPLETED' || r.status === 'PENDING')
      .reduce((sum, r) => sum + (toMinor(r.amount) ?? 0n), 0n);

  // ---- webhooks -----------------------------------------------------------------------------

  function sign(body: string, opts: { webhookId?: string; transmissionTime?: string } = {}): Record<string, string> {
    const transmissionId = crypto.randomUUID();
    const transmissionTime = opts.transmissionTime ?? new Date().toISOString();
    const message = `${transmissionId}|${transmissionTime}|${opts.webhookId ?? options.webhookId}|${crc32(body)}`;
    return {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58107498',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': crypto.sign('sha256', Buffer.from(message), keys.privateKey).toString('base64'),
      'paypal-cert-url': certUrl(),
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-auth-version': 'v2',
    };
  }

  async function send(d: WebhookDelivery): Promise<number | undefined> {
    const { deliver } = options;
    if (!deliver) return undefined;
    if (typeof deliver === 'function') {
      try {
        return (await deliver(d)) ?? 200;
      } catch {
        return 500;
      }
    }
    const attempts = options.deliveryAttempts ?? 5;
    let status = 0;
    for (let i = 1; i <= attempts; i++) {
      try {
        const res = await fetch(deliver, { method: 'POST', headers: d.headers, body: d.body });
        status = res.status;
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        status = 0;
      }
      await new Promise((r) => setTimeout(r, 100 * i));
    }
    return status;
  }

  function track(p: Promise<unknown>) {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }

  function emit(eventType: string, resourceType: string, resource: Record<string, unknown>, summary: string) {
    const id = `WH-${resourceId()}-${resourceId()}`;
    const event: PaypalEvent = {
      id,
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
      event_version: '1.0',
      resource_version: '2.0',
    };
    events.set(id, event);
    const body = JSON.stringify(event);
    const delivery: WebhookDelivery = { event, body, headers: sign(body) };
    deliveries.push(delivery);
    if (holding) {
      held.push(delivery);
      return;
    }
    // After the answer that caused it, as PayPal's notifications are asynchronous.
    track(
      new Promise((r) => setImmediate(r)).then(async () => {
        delivery.status = await send(delivery);
      }),
    );
  }

  const amountText = (m: Money) => `${m.value} ${m.currency_code}`;

  // ---- authentication -----------------------------------------------------------------------

  app.post('/v1/oauth2/token', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const [user, pass] = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':') : [];
    if (user !== options.clientId || pass !== options.clientSecret)
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grant = (req.body as Record<string, string> | undefined)?.grant_type;
    if (grant !== 'client_credentials')
      return reply
        .code(400)
        .send({
          error: 'unsupported_grant_type',
          error_description: grant ? `Grant Type is not supported: ${grant}` : 'Grant Type is NULL',
        });
    const token = `A21AA${crypto.randomBytes(40).toString('base64url')}`;
    const expiresIn = 32400;
    tokens.set(token, Date.now() + expiresIn * 1000);
    return reply.send({
      scope:
        'https://uri.paypal.com/services/payments/payment/authcapture https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: expiresIn,
      nonce: `${now()}${crypto.randomBytes(16).toString('base64url')}`,
    });
  });

  function authorised(req: FastifyRequest): boolean {
    const auth = req.headers.authorization ?? '';
    const expiry = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!(
      path.startsWith('/v2/') ||
      path === '/v1/notifications/verify-webhook-signature' ||
      path.startsWith('/v1/notifications/webhooks-events')
    ))
      return;
    if (!authorised(req)) {
      const head = ERROR_HEADS[401];
      return reply
        .code(401)
        .send({
          ...head,
          debug_id: debugId(),
          links: [
            { href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link', method: 'GET' },
          ],
        });
    }
  });

  /** Runs a call once per PayPal-Request-Id (per kind of call); a repeat gets the first answer. */
  type Answer = { status: number; body: unknown };
  /**
   * Runs a call once per PayPal-Request-Id (per kind of call): a repeat gets the first answer,
   * whatever it was (PayPal "returns the latest status of the previous request"); a repeat while
   * the first is still being processed is refused with `busy` (PayPal "processes the first request
   * and might fail the second").
   */
  async function once(
    kind: string,
    req: FastifyRequest,
    reply: FastifyReply,
    api: 'orders' | 'payments',
    busy: PaypalFailure,
    run: () => Answer | Promise<Answer>,
  ) {
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' && requestId ? `${kind}:${requestId}` : null;
    const seen = key ? answered.get(key) : undefined;
    if (seen === 'in-progress')
      return reply.code(busy.status).send(new PaypalFailure(busy.issue, undefined, undefined, api).body());
    if (seen) return reply.code(seen.status).send(seen.body);
    if (key) answered.set(key, 'in-progress');
    let answer: Answer;
    try {
      answer = await run();
    } catch (e) {
      if (!(e instanceof PaypalFailure)) {
        if (key) answered.delete(key);
        throw e;
      }
      answer = { status: e.status, body: new PaypalFailure(e.issue, e.field, e.value, api).body() };
    }
    if (key) answered.set(key, answer);
    return reply.code(answer.status).send(answer.body);
  }

  const minimal = (req: FastifyRequest) => !String(req.headers.prefer ?? '').includes('return=representation');

  // ---- Orders v2 ----------------------------------------------------------------------------

  app.post('/v2/checkout/orders', async (req, reply) =>
    once('create', req, reply, 'orders', new PaypalFailure('ORDER_COMPLETION_IN_PROGRESS'), () => {
      const body = (req.body ?? {}) as {
        intent?: string;
        purchase_units?: {
          reference_id?: string;
          amount?: Money;
          custom_id?: string;
          invoice_id?: string;
          description?: string;
          soft_descriptor?: string;
        }[];
        payment_source?: {
          paypal?: { experience_context?: { return_url?: string; cancel_url?: string; brand_name?: string } };
        };
        application_context?: { return_url?: string; cancel_url?: string; brand_name?: string };
      };
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
        throw new PaypalFailure(
          body.intent ? 'INVALID_PARAMETER_VALUE' : 'MISSING_REQUIRED_PARAMETER',
          '/intent',
          body.intent,
        );
      if (body.intent === 'AUTHORIZE') throw new PaypalFailure('UNSUPPORTED_INTENT', '/intent', body.intent);
      const unit = body.purchase_units?.[0];
      if (!unit || body.purchase_units!.length !== 1)
        throw new PaypalFailure('MISSING_REQUIRED_PARAMETER', '/purchase_units');
      const amount = unit.amount;
      if (!amount?.currency_code || !amount.value)
        throw new PaypalFailure('MISSING_REQUIRED_PARAMETER', "/purchase_units/@reference_id=='default'/amount");
      if (!CURRENCIES.has(amount.currency_code))
        throw new PaypalFailure(
          'INVALID_CURRENCY_CODE',
          "/purchase_units/@reference_id=='default'/amount/currency_code",
          amount.currency_code,
        );
      const minor = toMinor(amount);
      if (minor === null)
        throw new PaypalFailure(
          'DECIMAL_PRECISION',
          "/purchase_units/@reference_id=='default'/amount/value",
          amount.value,
        );
      if (minor <= 0n)
        throw new PaypalFailure(
          'CANNOT_BE_ZERO_OR_NEGATIVE',
          "/purchase_units/@reference_id=='default'/amount/value",
          amount.value,
        );
      const context = body.payment_source?.paypal?.experience_context ?? body.application_context;
      const t = now();
      const order: EmulatedOrder = {
        id: resourceId(),
        intent: 'CAPTURE',
        status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        unit: {
          reference_id: unit.reference_id ?? 'default',
          amount: fromMinor(minor, amount.currency_code),
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          description: unit.description,
          soft_descriptor: unit.soft_descriptor,
        },
        returnUrl: context?.return_url,
        cancelUrl: context?.cancel_url,
        brandName: context?.brand_name,
        approvalRel: body.payment_source?.paypal ? 'payer-action' : 'approve',
        captureOutcome: 'COMPLETED',
        expired: false,
        createTime: t,
        updateTime: t,
      };
      orders.set(order.id, order);
      return { status: 201, body: orderJson(order, minimal(req)) };
    }),
  );

  function findOrder(id: string): EmulatedOrder {
    const o = orders.get(id);
    if (!o || o.expired) throw new PaypalFailure('INVALID_RESOURCE_ID');
    return o;
  }

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (req, reply) => {
    try {
      return reply.send(orderJson(findOrder(req.params.id)));
    } catch (e) {
      if (e instanceof PaypalFailure) return reply.code(e.status).send(e.body());
      throw e;
    }
  });

  const inProgress = new PaypalFailure('ORDER_COMPLETION_IN_PROGRESS');
  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (req, reply) =>
    once('capture', req, reply, 'orders', inProgress, async () => {
      const o = findOrder(req.params.id);
      if (capturing.has(o.id)) throw inProgress;
      if (o.status === 'COMPLETED') throw new PaypalFailure('ORDER_ALREADY_CAPTURED');
      if (o.status !== 'APPROVED') throw new PaypalFailure('ORDER_NOT_APPROVED');
      // Accounts that block duplicate invoice ids (PayPal's default) refuse a second payment of one invoice.
      if (
        o.unit.invoice_id &&
        [...captures.values()].some(
          (c) => c.invoiceId === o.unit.invoice_id && c.status !== 'DECLINED' && c.status !== 'FAILED',
        )
      ) {
        throw new PaypalFailure('DUPLICATE_INVOICE_ID');
      }
      if (o.captureOutcome === 'INSTRUMENT_DECLINED') throw new PaypalFailure('INSTRUMENT_DECLINED');
      if (captureDelayMs > 0) {
        capturing.add(o.id);
        try {
          await new Promise((r) => setTimeout(r, captureDelayMs));
        } finally {
          capturing.delete(o.id);
        }
      }
      const t = now();
      const capture: EmulatedCapture = {
        id: resourceId(),
        orderId: o.id,
        status: o.captureOutcome,
        pendingReason: o.captureOutcome === 'PENDING' ? 'PENDING_REVIEW' : undefined,
        amount: o.unit.amount,
        customId: o.unit.custom_id,
        invoiceId: o.unit.invoice_id,
        createTime: t,
        updateTime: t,
        refunds: [],
      };
      o.capture = capture;
      o.status = 'COMPLETED';
      o.updateTime = t;
      captures.set(capture.id, capture);
      capturesMade++;
      const money = amountText(capture.amount);
      if (capture.status === 'COMPLETED')
        emit('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(capture, 'payment'), `Payment completed for ${money}`);
      else if (capture.status === 'PENDING')
        emit('PAYMENT.CAPTURE.PENDING', 'capture', captureJson(capture, 'payment'), `Payment pending for ${money}`);
      else
        emit('PAYMENT.CAPTURE.DECLINED', 'capture', captureJson(capture, 'payment'), `Payment declined for ${money}`);
      return { status: 201, body: orderJson(o, minimal(req)) };
    }),
  );

  // ---- Payments v2 --------------------------------------------------------------------------

  app.get<{ Params: { id: string } }>('/v2/payments/captures/:id', async (req, reply) => {
    const c = captures.get(req.params.id);
    if (!c)
      return reply.code(404).send(new PaypalFailure('INVALID_RESOURCE_ID', undefined, undefined, 'payments').body());
    return reply.send(captureJson(c, 'payment'));
  });

  app.get<{ Params: { id: string } }>('/v2/payments/refunds/:id', async (req, reply) => {
    const r = refunds.get(req.params.id);
    if (!r)
      return reply.code(404).send(new PaypalFailure('INVALID_RESOURCE_ID', undefined, undefined, 'payments').body());
    return reply.send(refundJson(r));
  });

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (req, reply) =>
    once('refund', req, reply, 'payments', new PaypalFailure('PREVIOUS_REQUEST_IN_PROGRESS'), () => {
      const c = captures.get(req.params.id);
      if (!c) throw new PaypalFailure('INVALID_RESOURCE_ID');
      const body = (req.body ?? {}) as {
        amount?: Money;
        custom_id?: string;
        invoice_id?: string;
        note_to_payer?: string;
      };
      if (c.status === 'PENDING') throw new PaypalFailure('PENDING_CAPTURE');
      if (c.status === 'DECLINED' || c.status === 'FAILED') throw new PaypalFailure('REFUND_NOT_ALLOWED');
      if (c.status === 'REFUNDED') throw new PaypalFailure('CAPTURE_FULLY_REFUNDED');
      const captured = toMinor(c.amount)!;
      const left = captured - refundedOf(c);
      let amount = left;
      if (body.amount) {
        if (body.amount.currency_code !== c.amount.currency_code)
          throw new PaypalFailure(
            'REFUND_CAPTURE_CURRENCY_MISMATCH',
            '/amount/currency_code',
            body.amount.currency_code,
          );
        const asked = toMinor(body.amount);
        if (asked === null) throw new PaypalFailure('DECIMAL_PRECISION', '/amount/value', body.amount.value);
        if (asked <= 0n) throw new PaypalFailure('CANNOT_BE_ZERO_OR_NEGATIVE', '/amount/value', body.amount.value);
        if (asked > left) throw new PaypalFailure('REFUND_AMOUNT_EXCEEDED', '/amount/value', body.amount.value);
        amount = asked;
      }
      if (body.custom_id !== undefined && !/^[A-Za-z0-9-_.,]{1,127}$/.test(body.custom_id))
        throw new PaypalFailure('INVALID_PARAMETER_SYNTAX', '/custom_id', body.custom_id);
      const t = now();
      const refund: EmulatedRefund = {
        id: resourceId(),
        captureId: c.id,
        status: nextRefundPending ? 'PENDING' : 'COMPLETED',
        amount: fromMinor(amount, c.amount.currency_code),
        customId: body.custom_id,
        invoiceId: body.invoice_id ?? c.invoiceId,
        noteToPayer: body.note_to_payer,
        createTime: t,
        updateTime: t,
      };
      nextRefundPending = false;
      c.refunds.push(refund);
      refunds.set(refund.id, refund);
      refundsMade++;
      c.status = refundedOf(c) >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updateTime = t;
      if (refund.status === 'COMPLETED')
        emit(
          'PAYMENT.CAPTURE.REFUNDED',
          'refund',
          refundJson(refund),
          `A ${amountText(refund.amount)} capture payment was refunded`,
        );
      return { status: 201, body: refundJson(refund, minimal(req)) };
    }),
  );

  // ---- Webhooks v1 --------------------------------------------------------------------------

  app.get<{ Params: { id: string } }>(`/v1/notifications/certs/:id`, async (req, reply) => {
    if (req.params.id !== certId) return reply.code(404).send();
    // PayPal serves an X.509 certificate; the emulator's key is its own, served as a public key.
    return reply.type('application/x-pem-file').send(keys.publicKey.export({ type: 'spki', format: 'pem' }));
  });

  app.get<{ Params: { id: string } }>('/v1/notifications/webhooks-events/:id', async (req, reply) => {
    const e = events.get(req.params.id);
    if (!e)
      return reply
        .code(404)
        .send({
          name: 'INVALID_RESOURCE_ID',
          message: 'Resource id is invalid.',
          debug_id: debugId(),
          details: [{ issue: 'INVALID_RESOURCE_ID', field: 'event_id', value: req.params.id, location: 'path' }],
        });
    return reply.send(e);
  });

  app.post('/v1/notifications/verify-webhook-signature', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ];
    const missing = required.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
    if (missing.length) {
      return reply.code(400).send({
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: debugId(),
        details: missing.map((field) => ({
          field,
          location: 'body',
          issue: 'MISSING_REQUIRED_PARAMETER',
          description: 'A required field is missing.',
        })),
      });
    }
    const event = body.webhook_event;
    const message = `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${crc32(JSON.stringify(event))}`;
    let valid =
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === certUrl() &&
      body.webhook_id === options.webhookId &&
      typeof body.transmission_sig === 'string';
    if (valid) {
      try {
        valid = crypto.verify(
          'sha256',
          Buffer.from(message),
          keys.publicKey,
          Buffer.from(String(body.transmission_sig), 'base64'),
        );
      } catch {
        valid = false;
      }
    }
    return reply.send({ verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  });

  // ---- the approval page (www.paypal.com/checkoutnow) -----------------------------------------

  const page = (title: string, inner: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#001435}
h1{font-size:1.4rem}.amount{font-size:1.6rem;font-weight:600}form{display:grid;gap:.6rem;margin-top:1.2rem}
button{font-size:1rem;padding:.8rem;border-radius:2rem;border:1px solid #0070ba;background:#fff;color:#003087;cursor:pointer}
button.primary{background:#0070ba;color:#fff}.note{font-size:.85rem;color:#545d68}</style></head>
<body><p class="note">PayPal emulator (test tool, no real money)</p>${inner}</body></html>`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

  app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (req, reply) => {
    const o = req.query.token ? orders.get(req.query.token) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!o || o.expired)
      return reply.code(404).send(page('PayPal', '<h1>This payment session has expired or does not exist</h1>'));
    if (o.status !== 'CREATED' && o.status !== 'PAYER_ACTION_REQUIRED') {
      return reply
        .code(409)
        .send(page('PayPal', `<h1>This order was already ${o.status === 'APPROVED' ? 'approved' : 'paid'}</h1>`));
    }
    return reply.send(
      page(
        'Pay with PayPal',
        `<h1>Pay ${esc(o.brandName ?? 'the merchant')}</h1>
<p class="amount" data-testid="amount">${esc(o.unit.amount.value)} ${esc(o.unit.amount.currency_code)}</p>
<form method="post" action="/checkoutnow/decide">
<input type="hidden" name="token" value="${esc(o.id)}">
<button class="primary" name="choice" value="approve">Pay Now</button>
<button name="choice" value="pending_at_capture">Pay Now (the payment stays pending)</button>
<button name="choice" value="decline_at_capture">Pay Now (the payment will be declined)</button>
<button name="choice" value="instrument_declined">Pay Now (the bank refuses the funding source)</button>
<button name="choice" value="cancel">Cancel and return to merchant</button>
</form>`,
      ),
    );
  });

  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  app.post('/checkoutnow/decide', async (req, reply) => {
    const form = (req.body ?? {}) as { token?: string; choice?: Approval };
    const o = form.token ? orders.get(form.token) : undefined;
    if (!o || o.expired)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('PayPal', '<h1>This payment session has expired or does not exist</h1>'));
    if (form.choice === 'cancel') {
      // PayPal leaves the order as it is: unapproved, it expires after a while.
      if (!o.cancelUrl)
        return reply.type('text/html; charset=utf-8').send(page('PayPal', '<h1>You cancelled the payment</h1>'));
      return reply.redirect(withQuery(o.cancelUrl, { token: o.id }), 303);
    }
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') {
      o.status = 'APPROVED';
      o.updateTime = now();
      o.captureOutcome =
        form.choice === 'decline_at_capture'
          ? 'DECLINED'
          : form.choice === 'pending_at_capture'
            ? 'PENDING'
            : form.choice === 'instrument_declined'
              ? 'INSTRUMENT_DECLINED'
              : 'COMPLETED';
      o.payer = {
        payerId: randomOf(ACCOUNT, 13),
        email: 'buyer@example.com',
        givenName: 'Test',
        surname: 'Buyer',
        countryCode: 'US',
      };
      emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(o), `An order has been approved by buyer`);
    }
    if (!o.returnUrl) return reply.type('text/html; charset=utf-8').send(page('PayPal', '<h1>Payment approved</h1>'));
    return reply.redirect(withQuery(o.returnUrl, { token: o.id, PayerID: o.payer!.payerId }), 303);
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  base = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  const emulator: PaypalEmulator = {
    url: base,
    port,
    deliveries,
    async close() {
      await emulator.idle();
      await app.close();
    },
    captureCount: () => capturesMade,
    refundCount: () => refundsMade,
    order: (id) => orders.get(id),
    capture: (id) => captures.get(id),
    hold() {
      holding = true;
    },
    async release() {
      holding = false;
      const queued = held.splice(0);
      const run = (async () => {
        for (const d of queued) d.status = await send(d);
      })();
      track(run);
      await run;
    },
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    settleCapture(captureId, outcome) {
      const c = captures.get(captureId);
      if (!c || c.status !== 'PENDING') throw new Error(`capture ${captureId} is not pending`);
      c.status = outcome;
      c.pendingReason = undefined;
      c.updateTime = now();
      if (outcome === 'COMPLETED')
        emit(
          'PAYMENT.CAPTURE.COMPLETED',
          'capture',
          captureJson(c, 'payment'),
          `Payment completed for ${amountText(c.amount)}`,
        );
      else
        emit(
          'PAYMENT.CAPTURE.DENIED',
          'capture',
          captureJson(c, 'payment'),
          `Payment denied for ${amountText(c.amount)}`,
        );
    },
    refundsPending(on) {
      nextRefundPending = on;
    },
    setCaptureDelay(ms) {
      captureDelayMs = ms;
    },
    settleRefund(refundId) {
      const r = refunds.get(refundId);
      if (!r || r.status !== 'PENDING') throw new Error(`refund ${refundId} is not pending`);
      r.status = 'COMPLETED';
      r.updateTime = now();
      emit(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        refundJson(r),
        `A ${amountText(r.amount)} capture payment was refunded`,
      );
    },
    expire(orderId) {
      const o = orders.get(orderId);
      if (o) o.expired = true;
    },
    sign,
    async redeliver(d) {
      const p = send(d);
      track(p);
      d.status = await p;
      return d.status;
    },
  };
  return emulator;
}
