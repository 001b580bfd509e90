/**
 * A local stand-in for Stripe's API, for tests only: the endpoints the shop's Stripe adapter
 * calls, spoken the way Stripe speaks them (form-encoded bodies with bracketed keys, `expand[]`,
 * Bearer secret keys, Idempotency-Key replays, `{ error: {...} }` bodies with Stripe's status
 * codes), the hosted Checkout page and the 3-D Secure page a buyer's browser is sent to, and
 * webhooks signed like Stripe signs them. The official SDK is pointed at it by host/port/protocol.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  API_VERSION,
  TEST_CARDS,
  TEST_IBAN_PROCESSING,
  cardByNumber,
  cardPaymentMethod,
  charge as newCharge,
  checkoutSession,
  customer as newCustomer,
  errorBody,
  event as newEvent,
  newId,
  now,
  paymentIntent as newPaymentIntent,
  refund as newRefund,
  sepaPaymentMethod,
  setupIntent as newSetupIntent,
  type Obj,
  type TestCard,
} from './objects.js';
import { authenticatePage, checkoutPage } from './pages.js';

/** Where events go: the shop's webhook URL, or a function that hands them over (app.inject) and answers the HTTP status. */
export type Deliver = string | ((req: { body: string; headers: Record<string, string> }) => Promise<number>);

export interface StripeEmulatorOptions {
  webhookSecret: string;
  deliver?: Deliver;
  /** Only this secret key is accepted; by default any sk_test_ key is. */
  secretKey?: string;
  port?: number;
  host?: string;
  /** Start with webhooks held (sent by release()), to order them against a browser's return. */
  holdWebhooks?: boolean;
  /** Attempts per event before giving up (Stripe retries for days; tests want an answer). */
  deliveryAttempts?: number;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | 'error';
  attempt: number;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String((body.error as Obj).message));
  }
}
const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new ApiError(400, errorBody({ type: 'invalid_request_error', message, ...extra }));
const missing = (what: string, id: string, param = 'id') =>
  new ApiError(
    404,
    errorBody({ type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param }),
  );

/** Stripe's form encoding: `a[b][0][c]=x` into nested objects and arrays (`a[]` appends). */
export function decodeForm(body: string): Obj {
  const root: Obj = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!)];
    let cur: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      let k = path[i]!;
      if (Array.isArray(cur) && k === '') k = String(cur.length);
      const c = cur as Record<string, unknown>;
      if (i === path.length - 1) {
        c[k] = value;
        break;
      }
      if (c[k] === undefined) c[k] = /^\d*$/.test(path[i + 1]!) ? [] : {};
      cur = c[k] as Record<string, unknown> | unknown[];
    }
  }
  return root;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const bool = (v: unknown): boolean => v === 'true' || v === true;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []);
function int(v: unknown, param: string): number | null {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v))
    throw invalid(`Invalid integer: ${String(v)}`, { code: 'parameter_invalid_integer', param });
  return Number(v);
}
/** Empty values unset metadata keys, as in Stripe. */
function metadataOf(v: unknown): Obj {
  return Object.fromEntries(Object.entries(obj(v)).filter(([, x]) => x !== ''));
}

/** Stripe's minimum charge amounts per currency, in the currency's smallest unit. */
const MINIMUM: Record<string, number> = { usd: 50, eur: 50, gbp: 30, jpy: 50 };
const ZERO_DECIMAL = new Set(['jpy', 'krw', 'vnd', 'clp']);
function display(amount: number, currency: string): string {
  const symbol: Record<string, string> = { usd: '$', eur: '€', gbp: '£', jpy: '¥' };
  const value = ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
  return `${symbol[currency] ?? ''}${value}`;
}
function checkAmount(amount: number | null, currency: string, param = 'amount'): number {
  if (amount === null) throw invalid('Missing required param: amount.', { code: 'parameter_missing', param });
  const min = MINIMUM[currency] ?? 50;
  if (amount < min)
    throw invalid(`Amount must be at least ${display(min, currency)} ${currency}`, { code: 'amount_too_small', param });
  if (amount > 99_999_999)
    throw invalid(`Amount must be no more than ${display(99_999_999, currency)} ${currency}`, {
      code: 'amount_too_large',
      param,
    });
  return amount;
}

type Outcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  | { kind: 'authenticate' }
  | { kind: 'processing' };

export async function startStripeEmulator(options: StripeEmulatorOptions) {
  const app = Fastify({
    logger: false,
    routerOptions: { querystringParser: (q) => decodeForm(q) as Record<string, string> },
  });
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const methods = new Map<string, Obj>();
  const setups = new Map<string, Obj>();
  const events: Obj[] = [];
  const deliveries: Delivery[] = [];
  /** What a payment method does when charged (the test card or IBAN behind it). */
  const behaviour = new Map<string, TestCard | 'processing'>();
  const piMetadataOfSession = new Map<string, Obj>();
  const sessionOfIntent = new Map<string, string>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const pendingRefundStatuses: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let held: Obj[] | null = options.holdWebhooks ? [] : null;
  let deliver = options.deliver;
  let baseUrl = '';

  const store = (id: string): Map<string, Obj> | null => {
    if (id.startsWith('cs_')) return sessions;
    if (id.startsWith('pi_')) return intents;
    if (id.startsWith('ch_')) return charges;
    if (id.startsWith('re_')) return refunds;
    if (id.startsWith('cus_')) return customers;
    if (id.startsWith('pm_')) return methods;
    if (id.startsWith('seti_')) return setups;
    return null;
  };

  /** A copy with the `expand[]` paths replaced by the objects they name. */
  function expand(o: Obj, paths: unknown): Obj {
    const out = structuredClone(o);
    for (const p of arr(paths).map(String)) {
      let cur: Obj = out;
      const parts = p.split('.');
      for (const [i, part] of parts.entries()) {
        const v = cur[part];
        if (typeof v === 'string') {
          const found = store(v)?.get(v);
          if (!found) break;
          cur[part] = structuredClone(found);
        }
        if (!cur[part] || typeof cur[part] !== 'object') break;
        if (i < parts.length - 1) cur = cur[part] as Obj;
      }
    }
    return out;
  }

  // ---- webhooks -------------------------------------------------------------------------

  function signatureHeader(payload: string, opts: { timestamp?: number; secret?: string } = {}): string {
    const t = opts.timestamp ?? now();
    const v1 = crypto
      .createHmac('sha256', opts.secret ?? options.webhookSecret)
      .update(`${t}.${payload}`, 'utf8')
      .digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function send(e: Obj, attempt = 1): Promise<number | 'error'> {
    if (!deliver) return 'error';
    const body = JSON.stringify(e, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signatureHeader(body),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    let status: number | 'error';
    try {
      status =
        typeof deliver === 'string'
          ? (await fetch(deliver, { method: 'POST', headers, body })).status
          : await deliver({ body, headers });
    } catch {
      status = 'error';
    }
    deliveries.push({ eventId: String(e.id), type: String(e.type), status, attempt });
    const attempts = options.deliveryAttempts ?? 3;
    if ((status === 'error' || status < 200 || status >= 300) && attempt < attempts) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      return send(e, attempt + 1);
    }
    return status;
  }

  function dispatch(e: Obj): void {
    const p = send(e).then(() => undefined);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  /** Records an event of what just happened to `object` and sends it (or holds it). */
  function emit(
    type: string,
    object: Obj,
    request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
    previous?: Obj,
  ): Obj {
    const e = newEvent(type, object, request, previous);
    events.push(e);
    if (held) held.push(e);
    else dispatch(e);
    return e;
  }

  // ---- payments -------------------------------------------------------------------------

  /** The payment method a confirm names: a test shortcut (pm_card_visa), a saved one, or card data. */
  function resolveMethod(params: Obj, owner: string | null): Obj {
    const pmId = str(params.payment_method);
    if (pmId) {
      const test = TEST_CARDS[pmId];
      if (test) {
        const pm = cardPaymentMethod(test, null);
        methods.set(String(pm.id), pm);
        behaviour.set(String(pm.id), test);
        return pm;
      }
      const pm = methods.get(pmId);
      if (!pm) throw missing('PaymentMethod', pmId, 'payment_method');
      if (pm.customer && pm.customer !== owner) {
        throw invalid(
          `The provided PaymentMethod ${pmId} belongs to a different Customer. Provide the Customer it is attached to.`,
          { param: 'payment_method' },
        );
      }
      return pm;
    }
    const data = obj(params.payment_method_data);
    if (data.type === 'card') {
      const number = String(obj(data.card).number ?? '');
      const test =
        cardByNumber(number)?.[1] ??
        (/^\d{12,19}$/.test(number)
          ? { number, brand: number.startsWith('4') ? 'visa' : 'mastercard', outcome: 'succeed' as const }
          : null);
      if (!test)
        throw new ApiError(
          402,
          errorBody({
            type: 'card_error',
            code: 'incorrect_number',
            message: 'Your card number is incorrect.',
            param: 'number',
          }),
        );
      const pm = cardPaymentMethod(test, null);
      methods.set(String(pm.id), pm);
      behaviour.set(String(pm.id), test);
      return pm;
    }
    if (data.type === 'sepa_debit') {
      const iban = String(obj(data.sepa_debit).iban ?? '').replace(/\s/g, '');
      const pm = sepaPaymentMethod(iban);
      methods.set(String(pm.id), pm);
      behaviour.set(String(pm.id), 'processing');
      return pm;
    }
    throw invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_..., specify a payment method attached to this customer along with the customer ID.",
      { code: 'payment_intent_unexpected_state' },
    );
  }

  function outcomeOf(pm: Obj, offSession: boolean): Outcome {
    const b = behaviour.get(String(pm.id));
    if (b === 'processing') return { kind: 'processing' };
    if (!b || b.outcome === 'succeed') return { kind: 'succeed' };
    if (b.outcome === 'decline')
      return { kind: 'decline', code: 'card_declined', declineCode: b.declineCode!, message: b.message! };
    return offSession
      ? {
          kind: 'decline',
          code: 'authentication_required',
          declineCode: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        }
      : { kind: 'authenticate' };
  }

  function attach(pm: Obj, customerId: string | null): void {
    if (customerId && !pm.customer) {
      pm.customer = customerId;
      emit('payment_method.attached', pm);
    }
  }

  /** A PaymentIntent's payment went through: its charge, its events, and its Checkout Session completed. */
  function succeed(pi: Obj, pm: Obj, request?: { id: string | null; idempotency_key: string | null }): void {
    const ch = newCharge(pi, pm, { paid: true });
    charges.set(String(ch.id), ch);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: ch.id,
      payment_method: pm.id,
      next_action: null,
      last_payment_error: null,
      processing: null,
    });
    if (pi.setup_future_usage) attach(pm, str(pi.customer));
    emit('charge.succeeded', ch, request);
    emit('payment_intent.succeeded', pi, request);
    const sid = sessionOfIntent.get(String(pi.id));
    const session = sid ? sessions.get(sid) : undefined;
    if (session) {
      if (session.status === 'complete') {
        Object.assign(session, { payment_status: 'paid' });
        emit('checkout.session.async_payment_succeeded', session);
      } else {
        completeSession(session, 'paid', pm);
      }
    }
  }

  function completeSession(session: Obj, paymentStatus: 'paid' | 'unpaid', pm: Obj): void {
    Object.assign(session, {
      status: 'complete',
      payment_status: paymentStatus,
      customer_details: {
        address: (pm.billing_details as Obj).address,
        email: session.customer_email ?? null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
        business_name: null,
        individual_name: null,
      },
    });
    emit('checkout.session.completed', session);
  }

  function decline(
    pi: Obj,
    pm: Obj,
    o: Extract<Outcome, { kind: 'decline' }>,
    request?: { id: string | null; idempotency_key: string | null },
  ): ApiError {
    const ch = newCharge(pi, pm, { paid: false, failureCode: o.code, declineCode: o.declineCode, message: o.message });
    charges.set(String(ch.id), ch);
    const error = {
      charge: ch.id,
      code: o.code,
      decline_code: o.declineCode,
      doc_url: `https://stripe.com/docs/error-codes/${o.code.replace(/_/g, '-')}`,
      message: o.message,
      payment_method: structuredClone(pm),
      type: 'card_error',
    };
    Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: error,
      latest_charge: ch.id,
      payment_method: null,
      next_action: null,
    });
    emit('charge.failed', ch, request);
    emit('payment_intent.payment_failed', pi, request);
    return new ApiError(
      402,
      errorBody({
        type: 'card_error',
        code: o.code,
        decline_code: o.declineCode,
        message: o.message,
        extra: { charge: ch.id, payment_intent: structuredClone(pi), payment_method: structuredClone(pm) },
      }),
    );
  }

  function confirmIntent(pi: Obj, params: Obj, request: { id: string | null; idempotency_key: string | null }): void {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(pi.status))) {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const offSession =
      bool(params.off_session) || params.off_session === 'one_off' || params.off_session === 'recurring';
    const returnUrl = str(params.return_url);
    const auto = obj(pi.automatic_payment_methods);
    if (auto.enabled && auto.allow_redirects !== 'never' && !returnUrl && !offSession && !bool(params.use_stripe_sdk)) {
      throw invalid(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        { param: 'return_url' },
      );
    }
    const pm =
      params.payment_method || params.payment_method_data
        ? resolveMethod(params, str(pi.customer))
        : pi.payment_method
          ? methods.get(String(pi.payment_method))!
          : resolveMethod(params, str(pi.customer));
    const o = outcomeOf(pm, offSession);
    if (o.kind === 'succeed') return succeed(pi, pm, request);
    if (o.kind === 'decline') throw decline(pi, pm, o, request);
    if (o.kind === 'processing') {
      const ch = newCharge(pi, pm, { paid: false });
      Object.assign(ch, { status: 'pending', outcome: null });
      charges.set(String(ch.id), ch);
      Object.assign(pi, { status: 'processing', payment_method: pm.id, latest_charge: ch.id });
      emit('charge.pending', ch, request);
      emit('payment_intent.processing', pi, request);
      return;
    }
    const url = `${baseUrl}/3ds/${String(pi.id)}`;
    Object.assign(pi, {
      status: 'requires_action',
      payment_method: pm.id,
      next_action: returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
        : {
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: newId('src') },
          },
    });
    emit('payment_intent.requires_action', pi, request);
  }

  function cancelIntent(
    pi: Obj,
    reason: string | null,
    request?: { id: string | null; idempotency_key: string | null },
  ): void {
    const cancellable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancellable.includes(String(pi.status))) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    Object.assign(pi, { status: 'canceled', canceled_at: now(), cancellation_reason: reason, next_action: null });
    emit('payment_intent.canceled', pi, request);
  }

  /** A SEPA payment (or any processing one) settles: the bank's answer arrives days later in real life. */
  function settle(piId: string, outcome: 'succeeded' | 'failed'): void {
    const pi = intents.get(piId);
    if (!pi || pi.status !== 'processing') throw new Error(`${piId} is not processing`);
    const pm = methods.get(String(pi.payment_method))!;
    const pending = charges.get(String(pi.latest_charge));
    if (pending) charges.delete(String(pending.id));
    if (outcome === 'succeeded') return succeed(pi, pm);
    const error = {
      code: 'insufficient_funds',
      message: "The customer's account has insufficient funds to cover this payment.",
      payment_method: structuredClone(pm),
      type: 'card_error',
    };
    Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: error,
      payment_method: null,
      latest_charge: null,
    });
    emit('payment_intent.payment_failed', pi);
    const sid = sessionOfIntent.get(piId);
    const session = sid ? sessions.get(sid) : undefined;
    if (session) emit('checkout.session.async_payment_failed', session);
  }

  // ---- refunds --------------------------------------------------------------------------

  function settleRefund(id: string, status: 'succeeded' | 'failed' | 'canceled'): void {
    const r = refunds.get(id);
    if (!r || r.status !== 'pending') throw new Error(`${id} is not pending`);
    const previous = { status: r.status };
    Object.assign(r, {
      status,
      ...(status === 'failed'
        ? { failure_reason: 'expired_or_canceled_card', failure_balance_transaction: newId('txn') }
        : { balance_transaction: newId('txn') }),
    });
    const ch = charges.get(String(r.charge))!;
    if (status !== 'succeeded') {
      ch.amount_refunded = Number(ch.amount_refunded) - Number(r.amount);
      ch.refunded = false;
    }
    emit('refund.updated', r, undefined, previous);
    emit('charge.refund.updated', r, undefined, previous);
    if (status === 'failed') emit('refund.failed', r);
  }

  // ---- HTTP: the API --------------------------------------------------------------------

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, { raw: body, form: decodeForm(String(body)) }),
  );

  type Ctx = {
    params: Obj;
    key: string;
    publishable: boolean;
    request: { id: string | null; idempotency_key: string | null };
    id: string;
  };
  type Handler = (ctx: Ctx) => Obj;

  function authKey(req: FastifyRequest): string | null {
    const h = req.headers.authorization ?? '';
    if (h.startsWith('Bearer ')) return h.slice(7).trim();
    if (h.startsWith('Basic ')) return Buffer.from(h.slice(6), 'base64').toString().split(':')[0] ?? null;
    return null;
  }

  /** One API route: auth, form parsing, Idempotency-Key replays, Stripe's error bodies. */
  function api(method: 'GET' | 'POST', url: string, handler: Handler, opts: { publishable?: boolean } = {}) {
    app.route({
      method,
      url,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const requestId = newId('req');
        void reply
          .header('request-id', requestId)
          .header('stripe-version', String(req.headers['stripe-version'] ?? API_VERSION))
          .type('application/json');
        const key = authKey(req);
        const masked = (k: string) =>
          k.length > 12 ? `${k.slice(0, 8)}${'*'.repeat(k.length - 12)}${k.slice(-4)}` : `${k.slice(0, 3)}***`;
        if (!key)
          return reply.code(401).send(
            errorBody({
              type: 'invalid_request_error',
              message:
                "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
            }),
          );
        const publishable = key.startsWith('pk_test_');
        const validSecret = options.secretKey
          ? key === options.secretKey
          : key.startsWith('sk_test_') || key.startsWith('rk_test_');
        if (!validSecret && !(publishable && opts.publishable)) {
          if (publishable)
            return reply.code(401).send(
              errorBody({
                type: 'invalid_request_error',
                message:
                  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
              }),
            );
          return reply
            .code(401)
            .send(errorBody({ type: 'invalid_request_error', message: `Invalid API Key provided: ${masked(key)}` }));
        }
        const body = req.body as { raw: string; form: Obj } | undefined;
        const params = method === 'GET' ? (req.query as Obj) : (body?.form ?? {});
        const idemKey = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
        const scope = `${key}|${idemKey}`;
        const fingerprint = `${method} ${req.url} ${body?.raw ?? ''}`;
        if (idemKey) {
          const seen = idempotent.get(scope);
          if (seen) {
            if (seen.fingerprint !== fingerprint) {
              return reply.code(400).send(
                errorBody({
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                }),
              );
            }
            return reply.code(seen.status).header('idempotent-replayed', 'true').send(seen.body);
          }
        }
        let status = 200;
        let out: Obj;
        try {
          const id = (req.params as { id?: string }).id ?? '';
          if (publishable && opts.publishable) {
            const target = store(id)?.get(id);
            if (!target || params.client_secret !== target.client_secret)
              throw missing(id.startsWith('seti_') ? 'setup_intent' : 'payment_intent', id, 'intent');
          }
          out = handler({ params, key, publishable, request: { id: requestId, idempotency_key: idemKey }, id });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          status = e.status;
          out = e.body;
        }
        const text = JSON.stringify(out, null, 2);
        // Stripe keeps the answer of a request that ran (a decline too), not of one refused before it ran.
        if (idemKey && (status < 400 || status === 402)) idempotent.set(scope, { fingerprint, status, body: text });
        return reply.code(status).send(text);
      },
    });
  }

  const found = (m: Map<string, Obj>, what: string, id: string): Obj => {
    const o = m.get(id);
    if (!o) throw missing(what, id);
    return o;
  };

  // Checkout Sessions
  api('POST', '/v1/checkout/sessions', ({ params }) => {
    const mode = str(params.mode);
    if (!mode) throw invalid('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode !== 'payment')
      throw invalid(`This emulator implements mode=payment only (got ${mode}).`, {
        code: 'parameter_invalid_empty',
        param: 'mode',
      });
    const successUrl = str(params.success_url);
    if (!successUrl)
      throw invalid('You must provide a success_url when ui_mode is hosted.', {
        code: 'parameter_missing',
        param: 'success_url',
      });
    const items = arr(params.line_items).map(obj);
    if (!items.length)
      throw invalid('line_items is required in payment mode.', { code: 'parameter_missing', param: 'line_items' });
    let currency: string | null = null;
    let amount = 0;
    for (const [i, item] of items.entries()) {
      const pd = obj(item.price_data);
      if (!item.price_data)
        throw invalid('Missing required param: line_items[0][price] or line_items[0][price_data].', {
          code: 'parameter_missing',
          param: `line_items[${i}][price_data]`,
        });
      const c = str(pd.currency)?.toLowerCase();
      if (!c)
        throw invalid('Missing required param: line_items[0][price_data][currency].', {
          code: 'parameter_missing',
          param: `line_items[${i}][price_data][currency]`,
        });
      if (currency && c !== currency)
        throw invalid('All line items must use the same currency.', {
          param: `line_items[${i}][price_data][currency]`,
        });
      currency = c;
      if (!str(obj(pd.product_data).name) && !str(pd.product))
        throw invalid(`Missing required param: line_items[${i}][price_data][product_data][name].`, {
          code: 'parameter_missing',
          param: `line_items[${i}][price_data][product_data][name]`,
        });
      const unit = int(pd.unit_amount, `line_items[${i}][price_data][unit_amount]`) ?? 0;
      const quantity = int(item.quantity, `line_items[${i}][quantity]`);
      if (quantity === null)
        throw invalid(`Missing required param: line_items[${i}][quantity].`, {
          code: 'parameter_missing',
          param: `line_items[${i}][quantity]`,
        });
      amount += unit * quantity;
    }
    const min = MINIMUM[currency!] ?? 50;
    if (amount < min)
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${display(min, currency!)} ${currency}`,
        { code: 'amount_too_small' },
      );
    const customer = str(params.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const session = checkoutSession({
      baseUrl,
      amount,
      currency: currency!,
      clientReferenceId: str(params.client_reference_id),
      metadata: metadataOf(params.metadata),
      successUrl,
      cancelUrl: str(params.cancel_url),
      customer,
      customerEmail: str(params.customer_email),
      locale: str(params.locale),
      paymentMethodTypes: params.payment_method_types ? arr(params.payment_method_types).map(String) : ['card'],
    });
    sessions.set(String(session.id), session);
    piMetadataOfSession.set(String(session.id), metadataOf(obj(params.payment_intent_data).metadata));
    return expand(session, params.expand);
  });
  api('GET', '/v1/checkout/sessions/:id', ({ params, id }) =>
    expand(found(sessions, 'checkout.session', id), params.expand),
  );
  api('POST', '/v1/checkout/sessions/:id/expire', ({ params, id, request }) => {
    const session = found(sessions, 'checkout.session', id);
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    const pi = session.payment_intent ? intents.get(String(session.payment_intent)) : undefined;
    if (pi && pi.status !== 'succeeded' && pi.status !== 'canceled') cancelIntent(pi, 'abandoned', request);
    Object.assign(session, { status: 'expired', url: null });
    emit('checkout.session.expired', session, request);
    return expand(session, params.expand);
  });

  // PaymentIntents
  api('POST', '/v1/payment_intents', ({ params, request }) => {
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const amount = checkAmount(int(params.amount, 'amount'), currency);
    const customer = str(params.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const types = params.payment_method_types ? arr(params.payment_method_types).map(String) : null;
    const auto = obj(params.automatic_payment_methods);
    const pi = newPaymentIntent({
      amount,
      currency,
      metadata: metadataOf(params.metadata),
      customer,
      description: str(params.description),
      receiptEmail: str(params.receipt_email),
      paymentMethodTypes: types ?? ['card', 'link'],
      automatic: !types && auto.enabled !== 'false',
      setupFutureUsage: str(params.setup_future_usage),
      captureMethod: str(params.capture_method) ?? 'automatic_async',
    });
    if (!types && auto.allow_redirects === 'never') (pi.automatic_payment_methods as Obj).allow_redirects = 'never';
    intents.set(String(pi.id), pi);
    emit('payment_intent.created', pi, request);
    if (str(params.payment_method)) {
      const pm = resolveMethod(params, customer);
      pi.payment_method = pm.id;
      pi.status = 'requires_confirmation';
    }
    if (bool(params.confirm)) confirmIntent(pi, { ...params, payment_method: pi.payment_method ?? undefined }, request);
    return expand(pi, params.expand);
  });
  api(
    'GET',
    '/v1/payment_intents/:id',
    ({ params, id }) => expand(found(intents, 'payment_intent', id), params.expand),
    { publishable: true },
  );
  api(
    'POST',
    '/v1/payment_intents/:id/confirm',
    ({ params, id, request }) => {
      const pi = found(intents, 'payment_intent', id);
      if (sessionOfIntent.has(id))
        throw invalid('You cannot confirm this PaymentIntent because it was created by Checkout.', {
          code: 'payment_intent_unexpected_state',
        });
      confirmIntent(pi, params, request);
      return expand(pi, params.expand);
    },
    { publishable: true },
  );
  api('POST', '/v1/payment_intents/:id/cancel', ({ params, id, request }) => {
    const pi = found(intents, 'payment_intent', id);
    if (sessionOfIntent.has(id))
      throw invalid(
        'You cannot cancel this PaymentIntent because it was created by Checkout. Expire the Checkout Session instead.',
        { code: 'payment_intent_unexpected_state' },
      );
    cancelIntent(pi, str(params.cancellation_reason), request);
    return expand(pi, params.expand);
  });

  // Refunds
  api('POST', '/v1/refunds', ({ params, request }) => {
    const piId = str(params.payment_intent);
    const chId = str(params.charge);
    if (!piId && !chId)
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.', {
        code: 'parameter_missing',
      });
    let ch: Obj | undefined;
    if (piId) {
      const pi = intents.get(piId);
      if (!pi) throw missing('payment_intent', piId, 'payment_intent');
      ch = pi.status === 'succeeded' ? charges.get(String(pi.latest_charge)) : undefined;
      if (!ch)
        throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
          param: 'payment_intent',
        });
    } else {
      ch = charges.get(chId!);
      if (!ch) throw missing('charge', chId!, 'charge');
    }
    const reason = str(params.reason);
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, {
        param: 'reason',
      });
    const left = Number(ch.amount_captured) - Number(ch.amount_refunded);
    if (left <= 0)
      throw invalid(`Charge ${String(ch.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = int(params.amount, 'amount') ?? left;
    if (amount <= 0) throw invalid('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
    if (amount > left)
      throw invalid(
        `Refund amount (${display(amount, String(ch.currency))}) is greater than unrefunded amount on charge (${display(left, String(ch.currency))})`,
        { param: 'amount' },
      );
    const status = pendingRefundStatuses.shift() ?? 'succeeded';
    const r = newRefund({ amount, charge: ch, metadata: metadataOf(params.metadata), reason, status });
    refunds.set(String(r.id), r);
    const previous = { amount_refunded: ch.amount_refunded, refunded: ch.refunded };
    ch.amount_refunded = Number(ch.amount_refunded) + amount;
    ch.refunded = ch.amount_refunded === ch.amount_captured;
    const refundList = ch.refunds as Obj;
    refundList.data = [structuredClone(r), ...(refundList.data as Obj[])];
    emit('charge.refunded', ch, request, previous);
    emit('refund.created', r, request);
    if (status === 'failed') emit('refund.failed', r, request);
    return expand(r, params.expand);
  });
  api('GET', '/v1/refunds/:id', ({ params, id }) => expand(found(refunds, 'refund', id), params.expand));

  // Customers
  api('POST', '/v1/customers', ({ params, request }) => {
    const c = newCustomer({
      email: str(params.email),
      name: str(params.name),
      metadata: metadataOf(params.metadata),
      description: str(params.description),
    });
    customers.set(String(c.id), c);
    emit('customer.created', c, request);
    return expand(c, params.expand);
  });
  api('GET', '/v1/customers/:id', ({ params, id }) => expand(found(customers, 'customer', id), params.expand));

  // SetupIntents
  function confirmSetup(si: Obj, params: Obj, request: { id: string | null; idempotency_key: string | null }): void {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(si.status))) {
      throw invalid(`You cannot confirm this SetupIntent because it has a status of ${String(si.status)}.`, {
        code: 'setup_intent_unexpected_state',
      });
    }
    const pm =
      params.payment_method || params.payment_method_data
        ? resolveMethod(params, str(si.customer))
        : (methods.get(String(si.payment_method)) ?? resolveMethod(params, str(si.customer)));
    const saves = (behaviour.get(String(pm.id)) as TestCard | undefined)?.savesThenDeclines;
    const o: Outcome = saves ? { kind: 'succeed' } : outcomeOf(pm, false);
    if (o.kind === 'decline') {
      const error = {
        code: o.code,
        decline_code: o.declineCode,
        doc_url: `https://stripe.com/docs/error-codes/${o.code.replace(/_/g, '-')}`,
        message: o.message,
        payment_method: structuredClone(pm),
        type: 'card_error',
      };
      Object.assign(si, {
        status: 'requires_payment_method',
        last_setup_error: error,
        payment_method: null,
        latest_attempt: newId('setatt'),
      });
      emit('setup_intent.setup_failed', si, request);
      throw new ApiError(
        402,
        errorBody({
          type: 'card_error',
          code: o.code,
          decline_code: o.declineCode,
          message: o.message,
          extra: { setup_intent: structuredClone(si), payment_method: structuredClone(pm) },
        }),
      );
    }
    if (o.kind === 'authenticate') {
      const url = `${baseUrl}/3ds/${String(si.id)}`;
      const returnUrl = str(params.return_url);
      Object.assign(si, {
        status: 'requires_action',
        payment_method: pm.id,
        latest_attempt: newId('setatt'),
        next_action: returnUrl
          ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
          : {
              type: 'use_stripe_sdk',
              use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: newId('src') },
            },
      });
      emit('setup_intent.requires_action', si, request);
      return;
    }
    setupSucceeded(si, pm, request);
  }
  function setupSucceeded(si: Obj, pm: Obj, request?: { id: string | null; idempotency_key: string | null }): void {
    attach(pm, str(si.customer));
    Object.assign(si, {
      status: 'succeeded',
      payment_method: pm.id,
      next_action: null,
      last_setup_error: null,
      latest_attempt: si.latest_attempt ?? newId('setatt'),
    });
    emit('setup_intent.succeeded', si, request);
  }
  api('POST', '/v1/setup_intents', ({ params, request }) => {
    const customer = str(params.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const types = params.payment_method_types ? arr(params.payment_method_types).map(String) : null;
    const usage = str(params.usage) ?? 'off_session';
    if (!['off_session', 'on_session'].includes(usage))
      throw invalid('Invalid usage: must be one of off_session or on_session', { param: 'usage' });
    const si = newSetupIntent({
      customer,
      metadata: metadataOf(params.metadata),
      usage,
      paymentMethodTypes: types ?? ['card', 'link'],
      automatic: !types,
      description: str(params.description),
    });
    setups.set(String(si.id), si);
    emit('setup_intent.created', si, request);
    if (bool(params.confirm)) confirmSetup(si, params, request);
    return expand(si, params.expand);
  });
  api('GET', '/v1/setup_intents/:id', ({ params, id }) => expand(found(setups, 'setup_intent', id), params.expand), {
    publishable: true,
  });
  api(
    'POST',
    '/v1/setup_intents/:id/confirm',
    ({ params, id, request }) => {
      const si = found(setups, 'setup_intent', id);
      confirmSetup(si, params, request);
      return expand(si, params.expand);
    },
    { publishable: true },
  );

  // PaymentMethods
  api('GET', '/v1/payment_methods/:id', ({ params, id }) => {
    const test = TEST_CARDS[id];
    if (test) return cardPaymentMethod(test, null);
    return expand(found(methods, 'PaymentMethod', id), params.expand);
  });
  api('POST', '/v1/payment_methods/:id/detach', ({ params, id, request }) => {
    const pm = found(methods, 'PaymentMethod', id);
    if (!pm.customer)
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', {
        code: 'payment_method_unexpected_state',
      });
    const previous = { customer: pm.customer };
    pm.customer = null;
    emit('payment_method.detached', pm, request, previous);
    return expand(pm, params.expand);
  });

  api('GET', '/v1/events/:id', ({ id }) => {
    const e = events.find((x) => x.id === id);
    if (!e) throw missing('event', id);
    return e;
  });

  // ---- HTTP: the pages a buyer's browser sees -------------------------------------------

  const withQuery = (url: string, q: Record<string, string>) =>
    `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q).toString()}`;
  const successUrlOf = (session: Obj) =>
    String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id));

  app.get('/c/pay/:id', async (req, reply) => {
    const session = sessions.get((req.params as { id: string }).id);
    if (!session) return reply.code(404).type('text/html').send(checkoutPage(null, {}));
    return reply.type('text/html').send(checkoutPage(session, { error: str((req.query as Obj).error) }));
  });

  app.post('/c/pay/:id', async (req, reply) => {
    const session = sessions.get((req.params as { id: string }).id);
    if (!session) return reply.code(404).type('text/html').send(checkoutPage(null, {}));
    const form = (req.body as { form?: Obj } | undefined)?.form ?? {};
    if (form.action === 'cancel') return reply.redirect(String(session.cancel_url ?? session.success_url), 303);
    if (session.status !== 'open')
      return reply
        .code(409)
        .type('text/html')
        .send(checkoutPage(session, { error: 'This Checkout Session is no longer active.' }));
    let pi = session.payment_intent ? intents.get(String(session.payment_intent)) : undefined;
    if (!pi || pi.status === 'canceled') {
      pi = newPaymentIntent({
        amount: Number(session.amount_total),
        currency: String(session.currency),
        metadata: piMetadataOfSession.get(String(session.id)) ?? {},
        customer: str(session.customer),
        description: null,
        receiptEmail: str(session.customer_email),
        paymentMethodTypes: session.payment_method_types as string[],
        automatic: false,
        setupFutureUsage: null,
        captureMethod: 'automatic_async',
      });
      intents.set(String(pi.id), pi);
      sessionOfIntent.set(String(pi.id), String(session.id));
      session.payment_intent = pi.id;
      emit('payment_intent.created', pi);
    }
    const params: Obj =
      form.method === 'sepa_debit'
        ? { payment_method_data: { type: 'sepa_debit', sepa_debit: { iban: str(form.iban) ?? TEST_IBAN_PROCESSING } } }
        : { payment_method_data: { type: 'card', card: { number: str(form.card) ?? '' } } };
    try {
      confirmIntent(
        pi,
        { ...params, return_url: `${baseUrl}/c/pay/${String(session.id)}` },
        { id: null, idempotency_key: null },
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return reply
        .code(200)
        .type('text/html')
        .send(checkoutPage(session, { error: String((e.body.error as Obj).message) }));
    }
    if (pi.status === 'requires_action') return reply.redirect(`/3ds/${String(pi.id)}`, 303);
    if (pi.status === 'processing') completeSession(session, 'unpaid', methods.get(String(pi.payment_method))!);
    return reply.redirect(successUrlOf(session), 303);
  });

  app.get('/3ds/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const target = intents.get(id) ?? setups.get(id);
    if (!target) return reply.code(404).type('text/html').send(authenticatePage(null));
    return reply.type('text/html').send(authenticatePage(target));
  });

  app.post('/3ds/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const form = (req.body as { form?: Obj } | undefined)?.form ?? {};
    const complete = form.action === 'complete';
    const target = intents.get(id) ?? setups.get(id);
    if (!target) return reply.code(404).type('text/html').send(authenticatePage(null));
    if (target.status !== 'requires_action') return reply.code(409).type('text/html').send(authenticatePage(target));
    const pm = methods.get(String(target.payment_method))!;
    const returnUrl = str(obj(obj(target.next_action).redirect_to_url).return_url);
    const failure = {
      code: 'payment_intent_authentication_failure',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: structuredClone(pm),
      type: 'invalid_request_error',
    };
    if (target.object === 'setup_intent') {
      if (complete) setupSucceeded(target, pm);
      else {
        Object.assign(target, {
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_setup_error: {
            ...failure,
            code: 'setup_intent_authentication_failure',
            doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
          },
        });
        emit('setup_intent.setup_failed', target);
      }
      if (!returnUrl) return reply.type('text/html').send(authenticatePage(target));
      return reply.redirect(
        withQuery(returnUrl, {
          setup_intent: id,
          setup_intent_client_secret: String(target.client_secret),
          redirect_status: complete ? 'succeeded' : 'failed',
        }),
        303,
      );
    }
    if (complete) succeed(target, pm);
    else {
      Object.assign(target, {
        status: 'requires_payment_method',
        payment_method: null,
        next_action: null,
        last_payment_error: failure,
      });
      emit('payment_intent.payment_failed', target);
    }
    const sid = sessionOfIntent.get(id);
    const session = sid ? sessions.get(sid) : undefined;
    if (session)
      return reply.redirect(
        complete ? successUrlOf(session) : `/c/pay/${String(session.id)}?error=${encodeURIComponent(failure.message)}`,
        303,
      );
    if (!returnUrl) return reply.type('text/html').send(authenticatePage(target));
    return reply.redirect(
      withQuery(returnUrl, {
        payment_intent: id,
        payment_intent_client_secret: String(target.client_secret),
        redirect_status: complete ? 'succeeded' : 'failed',
      }),
      303,
    );
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const port = Number(new URL(address).port);
  baseUrl = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url: baseUrl,
    port,
    /** Every event in the order it happened (delivered or not). */
    get events(): readonly Obj[] {
      return events;
    },
    get deliveries(): readonly Delivery[] {
      return deliveries;
    },
    eventsOf: (type: string) => events.filter((e) => e.type === type),
    sessions,
    intents,
    charges,
    refunds,
    customers,
    methods,
    setups,
    /** `Stripe-Signature` for a payload, as Stripe writes it (a test may sign with another time or secret). */
    signatureHeader,
    setDeliver(d: Deliver | undefined): void {
      deliver = d;
    },
    /** Hold events from now on (release() sends them, in order). */
    hold(): void {
      held ??= [];
    },
    async release(): Promise<void> {
      const out = held ?? [];
      held = null;
      for (const e of out) await send(e);
    },
    /** Sends one event again (Stripe's retries and the dashboard's "Resend"). */
    redeliver: (eventId: string) => {
      const e = events.find((x) => x.id === eventId);
      if (!e) throw new Error(`no event ${eventId}`);
      return send(e);
    },
    /** Waits until every event sent so far has been answered (or given up on). */
    async drain(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    /** The next refunds created get these statuses (default succeeded): a bank that takes days, or refuses. */
    nextRefundStatuses(...statuses: ('succeeded' | 'pending' | 'failed')[]): void {
      pendingRefundStatuses.push(...statuses);
    },
    settle,
    settleRefund,
    /** The session's 24 hours are over. */
    expireSession(id: string): void {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') throw new Error(`${id} is not open`);
      Object.assign(session, { status: 'expired', url: null });
      emit('checkout.session.expired', session);
    },
    close: async () => {
      await Promise.allSettled([...inFlight]);
      await app.close();
    },
  };
}

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;
