/**
 * A local stand-in for Klarna's REST APIs, a test tool only: the Klarna adapter is pointed at it
 * through KLARNA_API_BASE. It answers the calls the adapter makes with Klarna's shapes:
 *
 * - Klarna Payments: POST /payments/v1/sessions (session_id, client_token, payment method
 *   categories), GET /payments/v1/sessions/{id}, POST /payments/v1/authorizations/{token}/order
 *   (order_id, fraud_status, redirect_url), DELETE /payments/v1/authorizations/{token};
 * - Hosted Payment Page: POST /hpp/v1/sessions (redirect_url...), GET /hpp/v1/sessions/{id},
 *   DELETE /hpp/v1/sessions/{id} (disable), and the page itself with Pay / Cancel buttons that
 *   send the buyer to the merchant_urls with Klarna's {{placeholders}} filled in;
 * - Order Management: GET /ordermanagement/v1/orders/{id}, captures, refunds (both take
 *   Klarna-Idempotency-Key: the same key gets the same answer), cancel.
 *
 * Every call needs HTTP Basic auth with the configured username and password (401 otherwise).
 * Errors have Klarna's shape {error_code, error_messages, correlation_id}. Klarna signs nothing:
 * its fraud notification (a POST to the order's merchant_urls.notification with order_id and
 * event_type) is sent as Klarna sends it, unsigned, so the shop must read the order back.
 * Books are kept in memory.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export type FraudStatus = 'ACCEPTED' | 'PENDING' | 'REJECTED';
/** What the buyer chose on the hosted page: pay (and Klarna's risk decision), or cancel. */
export type HppChoice = 'pay' | 'pay_fraud_pending' | 'pay_rejected' | 'cancel';

export interface KlarnaSession {
  id: string;
  clientToken: string;
  status: 'incomplete' | 'complete';
  country: string;
  currency: string;
  locale: string;
  amount: number;
  taxAmount: number;
  lines: unknown[];
  merchantReference1?: string;
  merchantReference2?: string;
  authorizationToken?: string;
  expiresAt: string;
  /** Risk decision the buyer's authorisation carries into the order. */
  fraud: FraudStatus;
}
export interface HppSession {
  id: string;
  kpSessionId: string;
  status: 'WAITING' | 'BACK' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'DISABLED' | 'ERROR';
  merchantUrls: Record<string, string>;
  placeOrderMode: 'NONE' | 'PLACE_ORDER' | 'CAPTURE_ORDER';
  authorizationToken?: string;
  orderId?: string;
  klarnaReference?: string;
  updatedAt: string;
  expiresAt: string;
}
export interface KlarnaCapture {
  capture_id: string;
  klarna_reference: string;
  captured_amount: number;
  captured_at: string;
  description?: string;
  refunded_amount: number;
}
export interface KlarnaRefund {
  refund_id: string;
  refunded_amount: number;
  refunded_at: string;
  description?: string;
  reference?: string;
}
export interface KlarnaOrder {
  orderId: string;
  klarnaReference: string;
  status: 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED' | 'EXPIRED' | 'CLOSED';
  fraud: FraudStatus;
  amount: number;
  currency: string;
  country: string;
  merchantReference1?: string;
  merchantReference2?: string;
  notificationUrl?: string;
  createdAt: string;
  expiresAt: string;
  captures: KlarnaCapture[];
  refunds: KlarnaRefund[];
  lines: unknown[];
}

export interface NotificationDelivery {
  url: string;
  body: string;
  status?: number;
}

export interface KlarnaEmulatorOptions {
  username: string;
  password: string;
  port?: number;
  host?: string;
  /**
   * Where Klarna's notifications go: POSTed to the order's notification URL (retried a few
   * times), or handed to a function (API tests: app.inject). They are always recorded.
   */
  deliver?: 'url' | ((delivery: NotificationDelivery) => Promise<number | void> | number | void);
}

export interface KlarnaEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
  session(id: string): KlarnaSession | undefined;
  hpp(id: string): HppSession | undefined;
  order(id: string): KlarnaOrder | undefined;
  /** Orders placed (a token used twice places one). */
  orderCount(): number;
  captureCount(): number;
  refundCount(): number;
  notifications: NotificationDelivery[];
  /** Klarna finishes its review of an order placed with fraud_status PENDING, and notifies. */
  decideFraud(orderId: string, outcome: 'ACCEPTED' | 'REJECTED'): Promise<void>;
  /** The buyer on the hosted page, without a browser: what the page's buttons do. Returns where the buyer is sent. */
  choose(hppId: string, choice: HppChoice): string;
  /**
   * What Klarna's widget does in the buyer's browser (Klarna.Payments.authorize with the
   * session's client_token): the purchase authorised, its authorization_token returned.
   */
  authorizeWidget(clientToken: string, fraud?: FraudStatus): string;
}

const SUPPORTED: Record<string, string[]> = {
  // Klarna's purchase countries and their currencies (the ones the shop's sites use).
  US: ['USD'],
  GB: ['GBP'],
  DE: ['EUR'],
  AT: ['EUR'],
  NL: ['EUR'],
  FR: ['EUR'],
  ES: ['EUR'],
  IT: ['EUR'],
  BE: ['EUR'],
  FI: ['EUR'],
  IE: ['EUR'],
};

const uuid = () => crypto.randomUUID();
const now = () => new Date().toISOString();
const later = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const reference = () => crypto.randomBytes(4).toString('hex').toUpperCase();

class KlarnaError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messages: string[],
  ) {
    super(code);
  }
  body() {
    return { error_code: this.code, error_messages: this.messages, correlation_id: uuid() };
  }
}
const badValue = (field: string, why: string) => new KlarnaError(400, 'BAD_VALUE', [`Bad value: ${field} (${why})`]);

export async function startKlarnaEmulator(options: KlarnaEmulatorOptions): Promise<KlarnaEmulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const sessions = new Map<string, KlarnaSession>();
  const hpps = new Map<string, HppSession>();
  const orders = new Map<string, KlarnaOrder>();
  /** Authorisation tokens: which session they authorise, and the order once one was placed with it. */
  const tokens = new Map<string, { sessionId: string; orderId?: string; released?: boolean }>();
  const idempotent = new Map<string, { status: number; headers: Record<string, string>; body?: unknown }>();
  const notifications: NotificationDelivery[] = [];
  const inflight = new Set<Promise<unknown>>();
  let ordersPlaced = 0,
    capturesMade = 0,
    refundsMade = 0;
  let base = '';

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new KlarnaError(400, 'BAD_VALUE', ['Could not parse the request body as JSON']), undefined);
    }
  });
  app.setErrorHandler((err, _req, reply) => {
    const e = err instanceof KlarnaError ? err : new KlarnaError(500, 'INTERNAL_ERROR', ['Internal error']);
    return reply.code(e.status).send(e.body());
  });
  // Every API call is Basic-authenticated with the merchant's API username and password.
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!/^\/(payments|hpp\/v1|ordermanagement)\//.test(path)) return;
    const auth = req.headers.authorization ?? '';
    const [user, pass] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString().split(/:(.*)/s)
      : [];
    if (user !== options.username || pass !== options.password) {
      return reply
        .code(401)
        .send(
          new KlarnaError(401, 'UNAUTHORIZED', ['Authentication failed: check the API username and password']).body(),
        );
    }
  });

  /** A call with Klarna-Idempotency-Key runs once; a repeat gets the first answer. */
  async function once(
    kind: string,
    req: FastifyRequest,
    reply: FastifyReply,
    run: () => { status: number; headers?: Record<string, string>; body?: unknown },
  ) {
    const key = req.headers['klarna-idempotency-key'];
    const k = typeof key === 'string' && key ? `${kind}:${key}` : null;
    const seen = k ? idempotent.get(k) : undefined;
    let answer = seen;
    if (!answer) {
      try {
        const a = run();
        answer = { status: a.status, headers: a.headers ?? {}, body: a.body };
      } catch (e) {
        if (!(e instanceof KlarnaError)) throw e;
        answer = { status: e.status, headers: {}, body: e.body() };
      }
      if (k) idempotent.set(k, answer);
    }
    for (const [h, v] of Object.entries(answer.headers)) reply.header(h, v);
    reply.code(answer.status);
    return answer.body === undefined ? reply.send() : reply.send(answer.body);
  }

  function checkAmounts(body: Record<string, unknown>): {
    country: string;
    currency: string;
    amount: number;
    tax: number;
  } {
    const country = String(body.purchase_country ?? '').toUpperCase();
    const currency = String(body.purchase_currency ?? '').toUpperCase();
    if (!country) throw badValue('purchase_country', 'required');
    if (!currency) throw badValue('purchase_currency', 'required');
    if (!SUPPORTED[country]) throw badValue('purchase_country', `not supported: ${country}`);
    if (!SUPPORTED[country].includes(currency))
      throw badValue('purchase_currency', `${currency} is not used in ${country}`);
    const amount = body.order_amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      throw badValue('order_amount', 'a positive integer in minor units');
    const tax = body.order_tax_amount ?? 0;
    if (typeof tax !== 'number' || !Number.isInteger(tax) || tax < 0)
      throw badValue('order_tax_amount', 'a non-negative integer');
    const lines = body.order_lines;
    if (!Array.isArray(lines) || !lines.length) throw badValue('order_lines', 'at least one line');
    const total = lines.reduce(
      (s: number, l: { total_amount?: unknown }) => s + (typeof l.total_amount === 'number' ? l.total_amount : NaN),
      0,
    );
    if (total !== amount) throw badValue('order_lines', "the lines' total_amount must add up to order_amount");
    return { country, currency, amount, tax };
  }

  const sessionJson = (s: KlarnaSession) => ({
    session_id: s.id,
    client_token: s.clientToken,
    status: s.status,
    purchase_country: s.country,
    purchase_currency: s.currency,
    locale: s.locale,
    order_amount: s.amount,
    order_tax_amount: s.taxAmount,
    order_lines: s.lines,
    intent: 'buy',
    acquiring_channel: 'ECOMMERCE',
    expires_at: s.expiresAt,
    ...(s.merchantReference1 ? { merchant_reference1: s.merchantReference1 } : {}),
    ...(s.merchantReference2 ? { merchant_reference2: s.merchantReference2 } : {}),
    ...(s.authorizationToken ? { authorization_token: s.authorizationToken } : {}),
    payment_method_categories: categories(),
  });
  const categories = () => [
    {
      identifier: 'pay_later',
      name: 'Pay later.',
      asset_urls: {
        descriptive: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg',
        standard: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg',
      },
    },
    {
      identifier: 'pay_over_time',
      name: 'Financing.',
      asset_urls: {
        descriptive: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg',
        standard: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg',
      },
    },
  ];

  // ---- Klarna Payments --------------------------------------------------------------------

  app.post('/payments/v1/sessions', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { country, currency, amount, tax } = checkAmounts(body);
    const s: KlarnaSession = {
      id: uuid(),
      clientToken: `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ session_id: '', emulator: true, t: Date.now() })).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`,
      status: 'incomplete',
      country,
      currency,
      locale: String(body.locale ?? 'en-US'),
      amount,
      taxAmount: tax,
      lines: body.order_lines as unknown[],
      merchantReference1: body.merchant_reference1 as string | undefined,
      merchantReference2: body.merchant_reference2 as string | undefined,
      expiresAt: later(48),
      fraud: 'ACCEPTED',
    };
    sessions.set(s.id, s);
    return reply.send({ session_id: s.id, client_token: s.clientToken, payment_method_categories: categories() });
  });

  app.get<{ Params: { id: string } }>('/payments/v1/sessions/:id', async (req, reply) => {
    const s = sessions.get(req.params.id);
    if (!s) throw new KlarnaError(404, 'NOT_FOUND', ['Session not found']);
    return reply.send(sessionJson(s));
  });

  app.post<{ Params: { token: string } }>('/payments/v1/authorizations/:token/order', async (req, reply) => {
    const t = tokens.get(req.params.token);
    if (!t || t.released) throw new KlarnaError(404, 'NOT_FOUND', ['Invalid authorization token']);
    // A token places one order; asking again with it is refused (Klarna: the token is used).
    if (t.orderId)
      throw new KlarnaError(409, 'NOT_ALLOWED', ['The authorization token has already been used to place an order']);
    const s = sessions.get(t.sessionId)!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { country, currency, amount } = checkAmounts(body);
    // The order must be what the buyer authorised.
    if (amount !== s.amount || currency !== s.currency || country !== s.country)
      throw new KlarnaError(400, 'BAD_VALUE', ['The order does not match the authorized purchase']);
    const o: KlarnaOrder = {
      orderId: uuid(),
      klarnaReference: reference(),
      status: 'AUTHORIZED',
      fraud: s.fraud,
      amount,
      currency,
      country,
      merchantReference1: body.merchant_reference1 as string | undefined,
      merchantReference2: body.merchant_reference2 as string | undefined,
      notificationUrl: (body.merchant_urls as { notification?: string } | undefined)?.notification,
      createdAt: now(),
      expiresAt: later(28 * 24),
      captures: [],
      refunds: [],
      lines: body.order_lines as unknown[],
    };
    // A rejected purchase places no usable order: Klarna answers it with fraud_status REJECTED.
    if (o.fraud === 'REJECTED') o.status = 'CANCELLED';
    orders.set(o.orderId, o);
    t.orderId = o.orderId;
    ordersPlaced++;
    for (const h of hpps.values()) if (h.authorizationToken === req.params.token) h.orderId = o.orderId;
    return reply.send({
      order_id: o.orderId,
      redirect_url: `${base}/hpp/confirmation/${o.orderId}`,
      fraud_status: o.fraud,
      authorized_payment_method: { type: 'invoice' },
    });
  });

  app.delete<{ Params: { token: string } }>('/payments/v1/authorizations/:token', async (req, reply) => {
    const t = tokens.get(req.params.token);
    if (!t) throw new KlarnaError(404, 'NOT_FOUND', ['Invalid authorization token']);
    t.released = true;
    return reply.code(204).send();
  });

  // ---- Hosted Payment Page ----------------------------------------------------------------

  const hppJson = (h: HppSession) => ({
    session_id: h.id,
    status: h.status,
    updated_at: h.updatedAt,
    expires_at: h.expiresAt,
    ...(h.authorizationToken && h.placeOrderMode === 'NONE' ? { authorization_token: h.authorizationToken } : {}),
    ...(h.orderId ? { order_id: h.orderId } : {}),
    ...(h.klarnaReference ? { klarna_reference: h.klarnaReference } : {}),
  });

  app.post('/hpp/v1/sessions', async (req, reply) => {
    const body = (req.body ?? {}) as {
      payment_session_url?: string;
      merchant_urls?: Record<string, string>;
      options?: { place_order_mode?: string };
    };
    const m = /\/payments\/v1\/sessions\/([^/?#]+)$/.exec(body.payment_session_url ?? '');
    const s = m ? sessions.get(m[1]!) : undefined;
    if (!s) throw badValue('payment_session_url', 'must be the URL of a Klarna Payments session');
    const mode = body.options?.place_order_mode ?? 'NONE';
    if (!['NONE', 'PLACE_ORDER', 'CAPTURE_ORDER'].includes(mode)) throw badValue('options.place_order_mode', mode);
    for (const [k, v] of Object.entries(body.merchant_urls ?? {})) {
      try {
        new URL(v.replace(/\{\{[a-z_]+\}\}/g, 'x'));
      } catch {
        throw badValue(`merchant_urls.${k}`, 'not a URL');
      }
    }
    const h: HppSession = {
      id: uuid(),
      kpSessionId: s.id,
      status: 'WAITING',
      merchantUrls: body.merchant_urls ?? {},
      placeOrderMode: mode as HppSession['placeOrderMode'],
      updatedAt: now(),
      expiresAt: later(48),
    };
    hpps.set(h.id, h);
    const url = `${base}/hpp/payments/${h.id}`;
    return reply.code(201).send({
      session_id: h.id,
      session_url: `${base}/hpp/v1/sessions/${h.id}`,
      redirect_url: url,
      qr_code_url: `${url}/qr`,
      distribution_url: `${base}/hpp/v1/sessions/${h.id}/distribution`,
      expires_at: h.expiresAt,
      distribution_module: {
        token: crypto.randomBytes(12).toString('hex'),
        standalone_url: url,
        generation_url: `${url}/distribution`,
      },
    });
  });

  app.get<{ Params: { id: string } }>('/hpp/v1/sessions/:id', async (req, reply) => {
    const h = hpps.get(req.params.id);
    if (!h) throw new KlarnaError(404, 'NOT_FOUND', ['Session not found']);
    return reply.send(hppJson(h));
  });

  app.delete<{ Params: { id: string } }>('/hpp/v1/sessions/:id', async (req, reply) => {
    const h = hpps.get(req.params.id);
    if (!h) throw new KlarnaError(404, 'NOT_FOUND', ['Session not found']);
    // A finished session stays as it is; an open one can no longer be paid.
    if (h.status !== 'COMPLETED' && h.status !== 'CANCELLED' && h.status !== 'FAILED') {
      h.status = 'DISABLED';
      h.updatedAt = now();
    }
    return reply.code(204).send();
  });

  // ---- Order Management -------------------------------------------------------------------

  const captured = (o: KlarnaOrder) => o.captures.reduce((s, c) => s + c.captured_amount, 0);
  const refunded = (o: KlarnaOrder) => o.refunds.reduce((s, r) => s + r.refunded_amount, 0);
  const orderJson = (o: KlarnaOrder) => ({
    order_id: o.orderId,
    status: o.status,
    fraud_status: o.fraud,
    order_amount: o.amount,
    original_order_amount: o.amount,
    captured_amount: captured(o),
    refunded_amount: refunded(o),
    remaining_authorized_amount: o.status === 'CANCELLED' ? 0 : o.amount - captured(o),
    purchase_currency: o.currency,
    purchase_country: o.country,
    locale: 'en-US',
    klarna_reference: o.klarnaReference,
    ...(o.merchantReference1 ? { merchant_reference1: o.merchantReference1 } : {}),
    ...(o.merchantReference2 ? { merchant_reference2: o.merchantReference2 } : {}),
    created_at: o.createdAt,
    expires_at: o.expiresAt,
    order_lines: o.lines,
    captures: o.captures,
    refunds: o.refunds,
    initial_payment_method: { type: 'INVOICE', description: 'Pay later' },
  });
  const findOrder = (id: string) => {
    const o = orders.get(id);
    if (!o) throw new KlarnaError(404, 'NO_SUCH_ORDER', [`Order ${id} was not found`]);
    return o;
  };

  app.get<{ Params: { id: string } }>('/ordermanagement/v1/orders/:id', async (req, reply) =>
    reply.send(orderJson(findOrder(req.params.id))),
  );

  app.post<{ Params: { id: string } }>('/ordermanagement/v1/orders/:id/captures', async (req, reply) =>
    once(`capture:${req.params.id}`, req, reply, () => {
      const o = findOrder(req.params.id);
      const body = (req.body ?? {}) as { captured_amount?: unknown; description?: string };
      if (o.fraud !== 'ACCEPTED')
        throw new KlarnaError(403, 'CAPTURE_NOT_ALLOWED', [`Capture not allowed: fraud status is ${o.fraud}`]);
      if (o.status === 'CANCELLED' || o.status === 'EXPIRED' || o.status === 'CLOSED')
        throw new KlarnaError(403, 'CAPTURE_NOT_ALLOWED', [`Capture not allowed: the order is ${o.status}`]);
      const amount = body.captured_amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        throw badValue('captured_amount', 'a positive integer');
      if (amount > o.amount - captured(o))
        throw new KlarnaError(403, 'NOT_ALLOWED_TO_CAPTURE_MORE_THAN_REMAINING', [
          'The capture is more than what remains authorized',
        ]);
      const c: KlarnaCapture = {
        capture_id: uuid(),
        klarna_reference: `${o.klarnaReference}-${o.captures.length + 1}`,
        captured_amount: amount,
        captured_at: now(),
        description: body.description,
        refunded_amount: 0,
      };
      o.captures.push(c);
      o.status = captured(o) >= o.amount ? 'CAPTURED' : 'PART_CAPTURED';
      capturesMade++;
      return {
        status: 201,
        headers: {
          location: `${base}/ordermanagement/v1/orders/${o.orderId}/captures/${c.capture_id}`,
          'capture-id': c.capture_id,
        },
      };
    }),
  );

  app.post<{ Params: { id: string } }>('/ordermanagement/v1/orders/:id/refunds', async (req, reply) =>
    once(`refund:${req.params.id}`, req, reply, () => {
      const o = findOrder(req.params.id);
      const body = (req.body ?? {}) as { refunded_amount?: unknown; description?: string; reference?: string };
      const amount = body.refunded_amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        throw badValue('refunded_amount', 'a positive integer');
      if (amount > captured(o) - refunded(o))
        throw new KlarnaError(403, 'REFUND_NOT_ALLOWED', [
          'The refund is more than what was captured and not yet refunded',
        ]);
      const r: KlarnaRefund = {
        refund_id: uuid(),
        refunded_amount: amount,
        refunded_at: now(),
        description: body.description,
        reference: body.reference,
      };
      o.refunds.push(r);
      refundsMade++;
      return {
        status: 201,
        headers: {
          location: `${base}/ordermanagement/v1/orders/${o.orderId}/refunds/${r.refund_id}`,
          'refund-id': r.refund_id,
        },
      };
    }),
  );

  app.get<{ Params: { id: string; refundId: string } }>(
    '/ordermanagement/v1/orders/:id/refunds/:refundId',
    async (req, reply) => {
      const r = findOrder(req.params.id).refunds.find((x) => x.refund_id === req.params.refundId);
      if (!r) throw new KlarnaError(404, 'NOT_FOUND', ['Refund not found']);
      return reply.send(r);
    },
  );

  app.post<{ Params: { id: string } }>('/ordermanagement/v1/orders/:id/cancel', async (req, reply) => {
    const o = findOrder(req.params.id);
    if (o.captures.length) throw new KlarnaError(403, 'NOT_ALLOWED', ['Cancel not allowed: the order has captures']);
    if (o.status !== 'CANCELLED') o.status = 'CANCELLED';
    return reply.code(204).send();
  });

  // ---- the hosted page (pay.klarna.com) ---------------------------------------------------

  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const page = (title: string, inner: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#17120f;background:#fff}h1{font-size:1.3rem}
.amount{font-size:1.6rem;font-weight:600}form{display:grid;gap:.6rem;margin-top:1.2rem}button{font-size:1rem;padding:.8rem;border-radius:.5rem;border:1px solid #17120f;background:#fff;cursor:pointer}
button.primary{background:#ffb3c7;border-color:#ffb3c7}.note{font-size:.85rem;color:#6b6b6b}</style></head>
<body><p class="note">Klarna emulator (test tool, no real money)</p>${inner}</body></html>`;
  const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

  app.get<{ Params: { id: string } }>('/hpp/payments/:id', async (req, reply) => {
    const h = hpps.get(req.params.id);
    reply.type('text/html; charset=utf-8');
    if (!h) return reply.code(404).send(page('Klarna', '<h1>This payment session does not exist</h1>'));
    if (h.status !== 'WAITING' && h.status !== 'IN_PROGRESS' && h.status !== 'BACK')
      return reply.code(409).send(page('Klarna', `<h1>This payment session is ${h.status.toLowerCase()}</h1>`));
    const s = sessions.get(h.kpSessionId)!;
    h.status = 'IN_PROGRESS';
    h.updatedAt = now();
    return reply.send(
      page(
        'Pay with Klarna',
        `<h1>Pay with Klarna</h1>
<p class="amount" data-testid="amount">${esc(money(s.amount, s.currency))}</p>
<form method="post" action="/hpp/payments/${esc(h.id)}/decide">
<button class="primary" name="choice" value="pay">Pay with Klarna</button>
<button name="choice" value="pay_fraud_pending">Pay with Klarna (Klarna reviews the purchase)</button>
<button name="choice" value="pay_rejected">Pay with Klarna (Klarna rejects the purchase)</button>
<button name="choice" value="cancel">Cancel and return to the store</button>
</form>`,
      ),
    );
  });

  function choose(hppId: string, choice: HppChoice): string {
    const h = hpps.get(hppId);
    if (!h || !['WAITING', 'IN_PROGRESS', 'BACK'].includes(h.status))
      throw new KlarnaError(409, 'NOT_ALLOWED', ['This payment session can no longer be used']);
    const s = sessions.get(h.kpSessionId)!;
    const fill = (url: string | undefined) =>
      (url ?? '')
        .replace(/\{\{session_id\}\}/g, h.id)
        .replace(/\{\{authorization_token\}\}/g, h.authorizationToken ?? '')
        .replace(/\{\{order_id\}\}/g, h.orderId ?? '')
        .replace(/\{\{klarna_reference\}\}/g, h.klarnaReference ?? '');
    h.updatedAt = now();
    if (choice === 'cancel') {
      h.status = 'CANCELLED';
      return fill(h.merchantUrls.cancel ?? h.merchantUrls.back);
    }
    // The buyer authorised the purchase: the Klarna Payments session is complete and has its token.
    s.fraud = choice === 'pay_rejected' ? 'REJECTED' : choice === 'pay_fraud_pending' ? 'PENDING' : 'ACCEPTED';
    const token = uuid();
    tokens.set(token, { sessionId: s.id });
    s.status = 'complete';
    s.authorizationToken = token;
    h.authorizationToken = token;
    h.status = 'COMPLETED';
    if (h.placeOrderMode !== 'NONE') {
      const o: KlarnaOrder = {
        orderId: uuid(),
        klarnaReference: reference(),
        status: s.fraud === 'REJECTED' ? 'CANCELLED' : 'AUTHORIZED',
        fraud: s.fraud,
        amount: s.amount,
        currency: s.currency,
        country: s.country,
        merchantReference1: s.merchantReference1,
        merchantReference2: s.merchantReference2,
        createdAt: now(),
        expiresAt: later(28 * 24),
        captures: [],
        refunds: [],
        lines: s.lines,
      };
      orders.set(o.orderId, o);
      tokens.get(token)!.orderId = o.orderId;
      ordersPlaced++;
      h.orderId = o.orderId;
      h.klarnaReference = o.klarnaReference;
    }
    return fill(h.merchantUrls.success);
  }

  app.post<{ Params: { id: string } }>('/hpp/payments/:id/decide', async (req, reply) => {
    const choice = (req.body as { choice?: HppChoice } | undefined)?.choice ?? 'cancel';
    let to: string;
    try {
      to = choose(req.params.id, choice);
    } catch (e) {
      if (e instanceof KlarnaError)
        return reply
          .code(409)
          .type('text/html; charset=utf-8')
          .send(page('Klarna', '<h1>This payment session can no longer be used</h1>'));
      throw e;
    }
    if (!to) return reply.type('text/html; charset=utf-8').send(page('Klarna', '<h1>Done</h1>'));
    return reply.redirect(to, 303);
  });

  // ---- notifications ----------------------------------------------------------------------

  async function notify(o: KlarnaOrder, eventType: string) {
    if (!o.notificationUrl) return;
    const d: NotificationDelivery = {
      url: o.notificationUrl,
      body: JSON.stringify({ order_id: o.orderId, event_type: eventType }),
    };
    notifications.push(d);
    const deliver = options.deliver;
    if (!deliver) return;
    const p = (async () => {
      if (typeof deliver === 'function') {
        try {
          d.status = (await deliver(d)) ?? 200;
        } catch {
          d.status = 500;
        }
        return;
      }
      for (let i = 1; i <= 5; i++) {
        try {
          const res = await fetch(d.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: d.body,
          });
          d.status = res.status;
          await res.arrayBuffer();
          if (res.ok) return;
        } catch {
          d.status = 0;
        }
        await new Promise((r) => setTimeout(r, 100 * i));
      }
    })();
    inflight.add(p);
    await p.finally(() => inflight.delete(p));
  }

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  base = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url: base,
    port,
    notifications,
    async close() {
      while (inflight.size) await Promise.allSettled([...inflight]);
      await app.close();
    },
    session: (id) => sessions.get(id),
    hpp: (id) => hpps.get(id),
    order: (id) => orders.get(id),
    orderCount: () => ordersPlaced,
    captureCount: () => capturesMade,
    refundCount: () => refundsMade,
    async decideFraud(orderId, outcome) {
      const o = orders.get(orderId);
      if (!o || o.fraud !== 'PENDING') throw new Error(`order ${orderId} is not waiting for a fraud decision`);
      o.fraud = outcome;
      if (outcome === 'REJECTED') o.status = 'CANCELLED';
      await notify(o, outcome === 'ACCEPTED' ? 'FRAUD_RISK_ACCEPTED' : 'FRAUD_RISK_REJECTED');
    },
    choose,
    authorizeWidget(clientToken, fraud = 'ACCEPTED') {
      const s = [...sessions.values()].find((x) => x.clientToken === clientToken);
      if (!s || s.status === 'complete') throw new Error('no open Klarna session has this client token');
      const token = uuid();
      tokens.set(token, { sessionId: s.id });
      s.fraud = fraud;
      s.status = 'complete';
      s.authorizationToken = token;
      return token;
    },
  };
}
