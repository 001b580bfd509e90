/**
 * A local stand-in for Adyen's Checkout API (v71/v72 paths), a test tool only: the Adyen adapter
 * is pointed at it through ADYEN_CHECKOUT_BASE, so the official `@adyen/api-library` talks to it
 * as it would to checkout-test.adyen.com. It answers the calls the adapter makes with Adyen's
 * shapes and errors ({status, errorCode, message, errorType}), plays the parts of Adyen the
 * buyer's browser meets (the Drop-in's session payments call, the bank's 3-D Secure page, the
 * hosted Pay by Link page) and sends standard notifications signed with Adyen's HMAC scheme
 * (HMAC-SHA256, hex key, over pspReference:originalReference:merchantAccountCode:
 * merchantReference:value:currency:eventCode:success, base64 in additionalData.hmacSignature).
 * The signature is computed here on its own, not with the SDK the shop verifies with.
 *
 * Test cards of the emulated Drop-in (plain numbers; a real Drop-in sends encrypted fields):
 * 4111111145551142 authorised, 4000000000000002 refused, 4917610000000000 needs 3-D Secure.
 * `afterpaytouch` stays pending until settle(); `applepay`/`paywithgoogle`/`googlepay` are authorised.
 *
 * It keeps its books in memory; nothing here is a channel a buyer ever sees.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { deliveries, type Delivery } from '../deliveries.js';

export interface AdyenAmount {
  currency: string;
  value: number;
}

export interface EmulatedSession {
  id: string;
  amount: AdyenAmount;
  merchantAccount: string;
  reference: string;
  returnUrl: string;
  countryCode?: string;
  shopperLocale?: string;
  allowedPaymentMethods?: string[];
  expiresAt: string;
  sessionData: string;
  status: 'active' | 'completed' | 'paymentPending' | 'refused' | 'canceled' | 'expired';
  /** The token the Drop-in gets once the session is decided (GET /sessions/{id}?sessionResult=). */
  sessionResult?: string;
  payments: string[];
}
export interface EmulatedLink {
  id: string;
  amount: AdyenAmount;
  merchantAccount: string;
  reference: string;
  returnUrl?: string;
  description?: string;
  shopperLocale?: string;
  countryCode?: string;
  expiresAt: string;
  status: 'active' | 'completed' | 'expired' | 'paid' | 'paymentPending';
  updatedAt: string;
  url: string;
}
export interface EmulatedPayment {
  pspReference: string;
  merchantReference: string;
  amount: AdyenAmount;
  method: string;
  status: 'authorised' | 'refused' | 'pending' | 'challenge' | 'cancelled';
  refusalReason?: string;
  sessionId?: string;
  linkId?: string;
  /** 3-D Secure: the redirectResult handed back to the shop and the cardholder's answer. */
  redirectResult?: string;
  authenticated?: boolean;
  refunds: EmulatedRefund[];
}
export interface EmulatedRefund {
  pspReference: string;
  paymentPspReference: string;
  amount: AdyenAmount;
  reference?: string;
  idempotencyKey?: string;
  status: 'received' | 'done' | 'failed';
}

export interface NotificationItem {
  additionalData: Record<string, string>;
  amount: AdyenAmount;
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason?: string;
  success: 'true' | 'false';
}
export interface NotificationDelivery extends Delivery {
  item: NotificationItem;
}

export interface AdyenEmulatorOptions {
  apiKey: string;
  merchantAccount: string;
  clientKey: string;
  /** The HMAC key as Adyen shows it in the Customer Area: hex. */
  hmacKey: string;
  /** The shop's webhook URL, or a function (API tests: app.inject); unset: only recorded. */
  deliver?: string | ((d: NotificationDelivery) => Promise<number | void> | number | void);
  port?: number;
  host?: string;
  deliveryAttempts?: number;
}

export interface AdyenEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
  sessions: Map<string, EmulatedSession>;
  links: Map<string, EmulatedLink>;
  payments: Map<string, EmulatedPayment>;
  deliveries: NotificationDelivery[];
  /** Refunds really made (an idempotent repeat makes none). */
  refundCount(): number;
  hold(): void;
  release(): Promise<void>;
  idle(): Promise<void>;
  /** A pending payment is decided: AUTHORISATION with success true or false. */
  settle(pspReference: string, authorised: boolean): void;
  /** Refunds made from now on are refused by the bank (REFUND success=false). */
  refundsFail(on: boolean): void;
  /** A notification body as Adyen sends it, signed with `hmacKey` (default: the configured one). */
  notification(
    item: Omit<NotificationItem, 'additionalData'> & { additionalData?: Record<string, string> },
    hmacKey?: string,
  ): string;
  /** The emulated Drop-in: pays a session as the browser would (POST .../sessions/{id}/payments). */
  payWithDropIn(
    sessionId: string,
    paymentMethod: Record<string, string>,
  ): Promise<{
    resultCode: string;
    action?: { type: string; url: string; method: string; paymentData?: string };
    sessionResult?: string;
  }>;
  redeliver(d: NotificationDelivery): Promise<number | undefined>;
}

const CURRENCIES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
  'DKK',
  'NOK',
  'SEK',
  'PLN',
  'CZK',
  'HKD',
  'SGD',
  'NZD',
]);
const NO_DECIMALS = new Set(['JPY', 'KRW', 'ISK']);

/** Adyen's error codes the emulator answers with (Adyen's identifiers; messages are Adyen's wording where known). */
class AdyenFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly errorType: 'validation' | 'security' | 'configuration' | 'internal' = 'validation',
  ) {
    super(message);
  }
  body() {
    return {
      status: this.status,
      errorCode: this.errorCode,
      message: this.message,
      errorType: this.errorType,
      pspReference: psp(),
    };
  }
}

/** 16 characters, digits and capitals, like Adyen's pspReference. */
function psp(): string {
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(crypto.randomBytes(16), (b) => ALNUM[b % ALNUM.length]).join('');
}
const hexId = (prefix: string) => `${prefix}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/** Adyen's standard-notification HMAC (its documented algorithm, written out here). */
export function adyenHmac(item: Omit<NotificationItem, 'additionalData'>, hexKey: string): string {
  const data = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return crypto.createHmac('sha256', Buffer.from(hexKey, 'hex')).update(data, 'utf8').digest('base64');
}

function checkAmount(a: unknown, field = 'amount'): AdyenAmount {
  const amount = a as Partial<AdyenAmount> | undefined;
  if (!amount || typeof amount !== 'object')
    throw new AdyenFailure(422, '100', `Required field '${field}' is not provided.`);
  if (!amount.currency || !CURRENCIES.has(amount.currency))
    throw new AdyenFailure(422, '138', 'Unsupported currency specified');
  if (typeof amount.value !== 'number' || !Number.isInteger(amount.value) || amount.value <= 0)
    throw new AdyenFailure(422, '137', 'Invalid amount specified');
  return { currency: amount.currency, value: amount.value };
}

export async function startAdyenEmulator(options: AdyenEmulatorOptions): Promise<AdyenEmulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const sessions = new Map<string, EmulatedSession>();
  const links = new Map<string, EmulatedLink>();
  const payments = new Map<string, EmulatedPayment>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const hooks = deliveries<NotificationDelivery>(options.deliver, options.deliveryAttempts);
  let refundsMade = 0;
  let failRefunds = false;
  let base = '';

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AdyenFailure(400, '702', 'Structure of the request is invalid'), undefined);
    }
  });
  app.setErrorHandler((err, _req, reply) => {
    const failure = err instanceof AdyenFailure ? err : new AdyenFailure(500, '905', 'Internal error', 'internal');
    return reply.code(failure.status).send(failure.body());
  });

  // ---- notifications ------------------------------------------------------------------------

  function signed(
    item: Omit<NotificationItem, 'additionalData'> & { additionalData?: Record<string, string> },
    key = options.hmacKey,
  ): NotificationItem {
    const { additionalData, ...rest } = item;
    return { ...rest, additionalData: { ...additionalData, hmacSignature: adyenHmac(rest, key) } };
  }
  const bodyOf = (item: NotificationItem) =>
    JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });

  function notify(
    item: Omit<NotificationItem, 'additionalData' | 'eventDate' | 'merchantAccountCode'> & {
      additionalData?: Record<string, string>;
    },
  ) {
    const full = signed({
      ...item,
      eventDate: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      merchantAccountCode: options.merchantAccount,
    });
    hooks.send({ item: full, body: bodyOf(full), contentType: 'application/json' });
  }
  function notifyAuthorisation(p: EmulatedPayment) {
    const authorised = p.status === 'authorised';
    notify({
      eventCode: 'AUTHORISATION',
      success: authorised ? 'true' : 'false',
      pspReference: p.pspReference,
      merchantReference: p.merchantReference,
      amount: p.amount,
      paymentMethod: p.method,
      ...(authorised ? {} : { reason: p.refusalReason ?? 'Refused' }),
      additionalData: {
        ...(p.sessionId ? { checkoutSessionId: p.sessionId } : {}),
        ...(p.linkId ? { paymentLinkId: p.linkId } : {}),
        ...(authorised
          ? { authCode: String(crypto.randomInt(100000, 999999)) }
          : { refusalReasonRaw: p.refusalReason ?? 'Refused' }),
      },
    });
  }

  // ---- the API key ----------------------------------------------------------------------------

  app.addHook('onRequest', async (req, reply) => {
    if (!/^\/v\d+\//.test(req.url)) return;
    if (req.headers['x-api-key'] !== options.apiKey) {
      return reply
        .code(401)
        .send(new AdyenFailure(401, '000', 'HTTP Status Response - Unauthorized', 'security').body());
    }
  });

  function merchantOf(body: { merchantAccount?: unknown }) {
    if (!body.merchantAccount) throw new AdyenFailure(422, '100', "Required field 'merchantAccount' is not provided.");
    if (body.merchantAccount !== options.merchantAccount)
      throw new AdyenFailure(403, '901', 'Invalid Merchant Account', 'security');
    return options.merchantAccount;
  }

  /** Runs a call once per Idempotency-Key (per kind): a repeat gets the first answer. */
  async function once(
    kind: string,
    req: FastifyRequest,
    reply: FastifyReply,
    run: () => { status: number; body: unknown },
  ) {
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' && header ? `${kind}:${header}` : null;
    const seen = key ? byIdempotencyKey.get(key) : undefined;
    if (seen) return reply.code(seen.status).header('idempotent-replayed', 'true').send(seen.body);
    let answer: { status: number; body: unknown };
    try {
      answer = run();
    } catch (e) {
      if (!(e instanceof AdyenFailure)) throw e;
      answer = { status: e.status, body: e.body() };
    }
    if (key) byIdempotencyKey.set(key, answer);
    return reply.code(answer.status).send(answer.body);
  }

  // ---- Sessions flow --------------------------------------------------------------------------

  const sessionJson = (s: EmulatedSession) => ({
    amount: s.amount,
    expiresAt: s.expiresAt,
    id: s.id,
    merchantAccount: s.merchantAccount,
    reference: s.reference,
    returnUrl: s.returnUrl,
    ...(s.countryCode ? { countryCode: s.countryCode } : {}),
    ...(s.shopperLocale ? { shopperLocale: s.shopperLocale } : {}),
    ...(s.allowedPaymentMethods ? { allowedPaymentMethods: s.allowedPaymentMethods } : {}),
    mode: 'embedded',
    sessionData: s.sessionData,
  });

  app.post('/:version/sessions', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const merchantAccount = merchantOf(body);
    const amount = checkAmount(body.amount);
    if (typeof body.reference !== 'string' || !body.reference)
      throw new AdyenFailure(422, '130', "Required field 'reference' is not provided.");
    if (typeof body.returnUrl !== 'string' || !body.returnUrl)
      throw new AdyenFailure(422, '14_003', "Required field 'returnUrl' is not provided.");
    const id = hexId('CS');
    const s: EmulatedSession = {
      id,
      amount,
      merchantAccount,
      reference: body.reference,
      returnUrl: body.returnUrl,
      countryCode: typeof body.countryCode === 'string' ? body.countryCode : undefined,
      shopperLocale: typeof body.shopperLocale === 'string' ? body.shopperLocale : undefined,
      allowedPaymentMethods: Array.isArray(body.allowedPaymentMethods)
        ? body.allowedPaymentMethods.map(String)
        : undefined,
      expiresAt: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      sessionData: Buffer.from(
        JSON.stringify({ id, amount, reference: body.reference, nonce: crypto.randomBytes(16).toString('hex') }),
      ).toString('base64'),
      status: 'active',
      payments: [],
    };
    sessions.set(id, s);
    return reply.code(201).send(sessionJson(s));
  });

  app.get<{ Params: { id: string }; Querystring: { sessionResult?: string } }>(
    '/:version/sessions/:id',
    async (req, reply) => {
      const s = sessions.get(req.params.id);
      if (!s) throw new AdyenFailure(422, '14_0411', 'Session not found');
      if (!req.query.sessionResult)
        throw new AdyenFailure(422, '14_030', "Required field 'sessionResult' is not provided.");
      if (req.query.sessionResult !== s.sessionResult) throw new AdyenFailure(422, '14_031', 'Invalid sessionResult');
      return reply.send({
        id: s.id,
        reference: s.reference,
        status: s.status,
        payments: s.payments
          .map((ref) => payments.get(ref)!)
          .filter((p) => p.status === 'authorised' || p.status === 'pending')
          .map((p) => ({
            amount: p.amount,
            paymentMethod: { brand: p.method, type: p.method === 'visa' ? 'scheme' : p.method },
            pspReference: p.pspReference,
            resultCode: p.status === 'authorised' ? 'Authorised' : 'Pending',
          })),
      });
    },
  );

  /** What the Drop-in does in the buyer's browser with the client key (checkoutshopper-*.adyen.com). */
  function payFromDropIn(sessionId: string, method: Record<string, string>) {
    const s = sessions.get(sessionId);
    if (!s || s.status === 'expired' || s.status === 'completed')
      throw new AdyenFailure(422, '14_0411', 'Session not found or no longer active');
    const type = method.type ?? 'scheme';
    if (s.allowedPaymentMethods && !s.allowedPaymentMethods.includes(type))
      throw new AdyenFailure(422, '905_1', 'Could not find an acquirer account for the provided txvariant');
    const number = (method.number ?? method.encryptedCardNumber ?? '').replace(/\s/g, '');
    const p: EmulatedPayment = {
      pspReference: psp(),
      merchantReference: s.reference,
      amount: s.amount,
      method: type === 'scheme' ? 'visa' : type,
      status: 'authorised',
      sessionId: s.id,
      refunds: [],
    };
    if (type === 'scheme' && number === '4000000000000002') {
      p.status = 'refused';
      p.refusalReason = 'Refused';
    } else if (type === 'scheme' && number === '4917610000000000') p.status = 'challenge';
    else if (type === 'afterpaytouch') p.status = 'pending';
    payments.set(p.pspReference, p);
    s.payments.push(p.pspReference);
    if (p.status === 'challenge') {
      p.redirectResult = crypto.randomBytes(24).toString('base64url');
      return {
        resultCode: 'RedirectShopper',
        action: {
          type: 'redirect',
          paymentMethodType: 'scheme',
          url: `${base}/hpp/3ds/${p.pspReference}`,
          method: 'GET',
        },
        sessionData: s.sessionData,
      };
    }
    s.status = p.status === 'authorised' ? 'completed' : p.status === 'pending' ? 'paymentPending' : 'active';
    s.sessionResult = crypto.randomBytes(16).toString('base64url');
    if (p.status !== 'pending') notifyAuthorisation(p);
    return {
      resultCode: p.status === 'authorised' ? 'Authorised' : p.status === 'pending' ? 'Pending' : 'Refused',
      sessionData: s.sessionData,
      sessionResult: s.sessionResult,
      ...(p.status === 'refused' ? { refusalReason: p.refusalReason } : {}),
    };
  }
  app.post<{ Params: { id: string }; Querystring: { clientKey?: string } }>(
    '/checkoutshopper/v1/sessions/:id/payments',
    async (req, reply) => {
      if (req.query.clientKey !== options.clientKey)
        throw new AdyenFailure(401, '000', 'Invalid client key', 'security');
      const body = (req.body ?? {}) as { sessionData?: string; paymentMethod?: Record<string, string> };
      const s = sessions.get(req.params.id);
      if (!s || body.sessionData !== s.sessionData) throw new AdyenFailure(422, '14_0411', 'Invalid sessionData');
      return reply.send(payFromDropIn(req.params.id, body.paymentMethod ?? { type: 'scheme' }));
    },
  );

  // ---- 3-D Secure (the issuer's page) --------------------------------------------------------

  const page = (title: string, inner: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#00112c}h1{font-size:1.4rem}
.amount{font-size:1.6rem;font-weight:600}form{display:grid;gap:.6rem;margin-top:1.2rem}button{font-size:1rem;padding:.8rem;border-radius:.5rem;border:1px solid #0abf53;background:#fff;cursor:pointer}
button.primary{background:#0abf53;color:#fff}.note{font-size:.85rem;color:#5c687c}.error{color:#c12424}</style></head>
<body><p class="note">Adyen emulator (test tool, no real money)</p>${inner}</body></html>`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };
  const majorText = (a: AdyenAmount) => (NO_DECIMALS.has(a.currency) ? String(a.value) : (a.value / 100).toFixed(2));

  app.get<{ Params: { psp: string } }>('/hpp/3ds/:psp', async (req, reply) => {
    const p = payments.get(req.params.psp);
    reply.type('text/html; charset=utf-8');
    if (!p || p.status !== 'challenge')
      return reply.code(404).send(page('3-D Secure', '<h1>This authentication does not exist or is finished</h1>'));
    return reply.send(
      page(
        '3-D Secure',
        `<h1>Confirm your payment</h1><p class="amount">${esc(majorText(p.amount))} ${esc(p.amount.currency)}</p>
<form method="post"><button class="primary" name="answer" value="complete">Complete authentication</button><button name="answer" value="fail">Fail authentication</button></form>`,
      ),
    );
  });
  app.post<{ Params: { psp: string } }>('/hpp/3ds/:psp', async (req, reply) => {
    const p = payments.get(req.params.psp);
    const s = p?.sessionId ? sessions.get(p.sessionId) : undefined;
    if (!p || !s || p.status !== 'challenge')
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('3-D Secure', '<h1>This authentication does not exist or is finished</h1>'));
    p.authenticated = (req.body as { answer?: string } | undefined)?.answer === 'complete';
    return reply.redirect(withQuery(s.returnUrl, { sessionId: s.id, redirectResult: p.redirectResult! }), 303);
  });

  app.post('/:version/payments/details', async (req, reply) => {
    const body = (req.body ?? {}) as { details?: Record<string, string>; paymentData?: string };
    const redirectResult = body.details?.redirectResult ?? body.details?.threeDSResult;
    if (!body.details) throw new AdyenFailure(422, '100', "Required field 'details' is not provided.");
    if (!redirectResult) throw new AdyenFailure(422, '14_018', 'Invalid payload provided');
    const p = [...payments.values()].find((x) => x.redirectResult === redirectResult);
    if (!p || p.authenticated === undefined) throw new AdyenFailure(422, '14_018', 'Invalid payload provided');
    if (p.status === 'challenge') {
      p.status = p.authenticated ? 'authorised' : 'refused';
      if (!p.authenticated) p.refusalReason = '3D Not Authenticated';
      const s = p.sessionId ? sessions.get(p.sessionId) : undefined;
      if (s) {
        s.status = p.authenticated ? 'completed' : 'active';
        s.sessionResult = crypto.randomBytes(16).toString('base64url');
      }
      notifyAuthorisation(p);
    }
    return reply.send({
      pspReference: p.pspReference,
      resultCode: p.status === 'authorised' ? 'Authorised' : 'Refused',
      merchantReference: p.merchantReference,
      amount: p.amount,
      paymentMethod: { brand: p.method, type: 'scheme' },
      ...(p.status === 'refused' ? { refusalReason: p.refusalReason, refusalReasonCode: '11' } : {}),
    });
  });

  // ---- Pay by Link --------------------------------------------------------------------------

  const linkJson = (l: EmulatedLink) => ({
    amount: l.amount,
    countryCode: l.countryCode,
    description: l.description,
    expiresAt: l.expiresAt,
    id: l.id,
    merchantAccount: l.merchantAccount,
    reference: l.reference,
    ...(l.returnUrl ? { returnUrl: l.returnUrl } : {}),
    ...(l.shopperLocale ? { shopperLocale: l.shopperLocale } : {}),
    reusable: false,
    status: l.status,
    updatedAt: l.updatedAt,
    url: l.url,
  });
  const stamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

  app.post('/:version/paymentLinks', async (req, reply) =>
    once('link', req, reply, () => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const merchantAccount = merchantOf(body);
      const amount = checkAmount(body.amount);
      if (typeof body.reference !== 'string' || !body.reference)
        throw new AdyenFailure(422, '130', "Required field 'reference' is not provided.");
      const id = hexId('PL');
      const l: EmulatedLink = {
        id,
        amount,
        merchantAccount,
        reference: body.reference,
        returnUrl: typeof body.returnUrl === 'string' ? body.returnUrl : undefined,
        description: typeof body.description === 'string' ? body.description : undefined,
        shopperLocale: typeof body.shopperLocale === 'string' ? body.shopperLocale : undefined,
        countryCode: typeof body.countryCode === 'string' ? body.countryCode : undefined,
        expiresAt: new Date(Date.now() + 86400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        status: 'active',
        updatedAt: stamp(),
        url: `${base}/link/${id}`,
      };
      links.set(id, l);
      return { status: 201, body: linkJson(l) };
    }),
  );

  app.get<{ Params: { id: string } }>('/:version/paymentLinks/:id', async (req, reply) => {
    const l = links.get(req.params.id);
    if (!l) throw new AdyenFailure(422, '14_0411', 'Payment link not found');
    return reply.send(linkJson(l));
  });

  app.patch<{ Params: { id: string } }>('/:version/paymentLinks/:id', async (req, reply) => {
    const l = links.get(req.params.id);
    if (!l) throw new AdyenFailure(422, '14_0411', 'Payment link not found');
    const status = (req.body as { status?: string } | undefined)?.status;
    if (status !== 'expired') throw new AdyenFailure(422, '14_0413', 'Only status expired may be set');
    if (l.status !== 'active')
      throw new AdyenFailure(422, '14_0414', `Payment link is ${l.status} and cannot be expired`);
    l.status = 'expired';
    l.updatedAt = stamp();
    return reply.send(linkJson(l));
  });

  const linkPage = (l: EmulatedLink, note = '') =>
    page(
      'Pay by Link',
      `<h1>Pay ${esc(l.description ?? l.reference)}</h1>
<p class="amount" data-testid="amount">${esc(majorText(l.amount))} ${esc(l.amount.currency)}</p>${note}
<form method="post" action="/link/${esc(l.id)}">
<button class="primary" name="choice" value="pay">Pay</button>
<button name="choice" value="decline">Pay (the card is declined)</button>
<button name="choice" value="pending">Pay (the payment stays pending)</button>
</form>`,
    );

  app.get<{ Params: { id: string } }>('/link/:id', async (req, reply) => {
    const l = links.get(req.params.id);
    reply.type('text/html; charset=utf-8');
    if (!l || l.status === 'expired')
      return reply.code(404).send(page('Pay by Link', '<h1>This payment link has expired or does not exist</h1>'));
    if (l.status !== 'active')
      return reply.code(409).send(page('Pay by Link', '<h1>This payment link was already paid</h1>'));
    return reply.send(linkPage(l));
  });

  app.post<{ Params: { id: string } }>('/link/:id', async (req, reply) => {
    const l = links.get(req.params.id);
    reply.type('text/html; charset=utf-8');
    if (!l || l.status === 'expired')
      return reply.code(404).send(page('Pay by Link', '<h1>This payment link has expired or does not exist</h1>'));
    if (l.status !== 'active')
      return reply.code(409).send(page('Pay by Link', '<h1>This payment link was already paid</h1>'));
    const choice = (req.body as { choice?: string } | undefined)?.choice ?? 'pay';
    const p: EmulatedPayment = {
      pspReference: psp(),
      merchantReference: l.reference,
      amount: l.amount,
      method: 'visa',
      linkId: l.id,
      refunds: [],
      status: choice === 'decline' ? 'refused' : choice === 'pending' ? 'pending' : 'authorised',
      ...(choice === 'decline' ? { refusalReason: 'Refused' } : {}),
    };
    payments.set(p.pspReference, p);
    if (p.status === 'refused') {
      notifyAuthorisation(p);
      // Adyen's hosted page lets the shopper try again on the same link.
      return reply.send(linkPage(l, '<p class="error" role="alert">The payment was refused. Try another card.</p>'));
    }
    l.status = p.status === 'authorised' ? 'completed' : 'paymentPending';
    l.updatedAt = stamp();
    if (p.status === 'authorised') notifyAuthorisation(p);
    if (l.returnUrl) return reply.redirect(l.returnUrl, 303);
    return reply.send(
      page(
        'Pay by Link',
        p.status === 'authorised'
          ? '<h1>Payment successful</h1>'
          : '<h1>Payment received, waiting for confirmation</h1>',
      ),
    );
  });

  // ---- Modifications ------------------------------------------------------------------------

  const refunded = (p: EmulatedPayment) =>
    p.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount.value, 0);

  app.post<{ Params: { psp: string } }>('/:version/payments/:psp/refunds', async (req, reply) =>
    once(`refund:${req.params.psp}`, req, reply, () => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const merchantAccount = merchantOf(body);
      const p = payments.get(req.params.psp);
      if (!p) throw new AdyenFailure(422, '167', 'Original pspReference required for this operation');
      if (p.status !== 'authorised')
        throw new AdyenFailure(422, '167', 'Original pspReference required for this operation');
      const amount = checkAmount(body.amount);
      if (amount.currency !== p.amount.currency) throw new AdyenFailure(422, '138', 'Unsupported currency specified');
      if (refunded(p) + amount.value > p.amount.value) throw new AdyenFailure(422, '137', 'Invalid amount specified');
      const r: EmulatedRefund = {
        pspReference: psp(),
        paymentPspReference: p.pspReference,
        amount,
        reference: typeof body.reference === 'string' ? body.reference : undefined,
        idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
        status: 'received',
      };
      p.refunds.push(r);
      refundsMade++;
      // The refund is decided by the bank later: REFUND notification.
      const ok = !failRefunds;
      r.status = ok ? 'done' : 'failed';
      notify({
        eventCode: 'REFUND',
        success: ok ? 'true' : 'false',
        pspReference: r.pspReference,
        originalReference: p.pspReference,
        merchantReference: r.reference ?? p.merchantReference,
        amount,
        paymentMethod: p.method,
        ...(ok ? {} : { reason: 'Refund refused by the issuer' }),
      });
      return {
        status: 201,
        body: {
          merchantAccount,
          paymentPspReference: p.pspReference,
          pspReference: r.pspReference,
          ...(r.reference ? { reference: r.reference } : {}),
          status: 'received',
          amount,
        },
      };
    }),
  );

  app.post<{ Params: { psp: string } }>('/:version/payments/:psp/cancels', async (req, reply) =>
    once(`cancel:${req.params.psp}`, req, reply, () => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const merchantAccount = merchantOf(body);
      const p = payments.get(req.params.psp);
      if (!p) throw new AdyenFailure(422, '167', 'Original pspReference required for this operation');
      const cancelPsp = psp();
      // Payments are captured at once (the account's default): only a pending one can still be cancelled.
      const ok = p.status === 'pending';
      if (ok) p.status = 'cancelled';
      notify({
        eventCode: 'CANCELLATION',
        success: ok ? 'true' : 'false',
        pspReference: cancelPsp,
        originalReference: p.pspReference,
        merchantReference: typeof body.reference === 'string' ? body.reference : p.merchantReference,
        amount: p.amount,
        ...(ok ? {} : { reason: 'Payment already captured' }),
      });
      return {
        status: 201,
        body: {
          merchantAccount,
          paymentPspReference: p.pspReference,
          pspReference: cancelPsp,
          ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
          status: 'received',
        },
      };
    }),
  );

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  base = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  const emulator: AdyenEmulator = {
    url: base,
    port,
    sessions,
    links,
    payments,
    deliveries: hooks.all,
    async close() {
      await hooks.idle();
      await app.close();
    },
    refundCount: () => refundsMade,
    hold: () => hooks.hold(),
    release: () => hooks.release(),
    idle: () => hooks.idle(),
    settle(pspReference, authorised) {
      const p = payments.get(pspReference);
      if (!p || p.status !== 'pending') throw new Error(`payment ${pspReference} is not pending`);
      p.status = authorised ? 'authorised' : 'refused';
      if (!authorised) p.refusalReason = 'Refused';
      const l = p.linkId ? links.get(p.linkId) : undefined;
      if (l) {
        l.status = authorised ? 'completed' : 'active';
        l.updatedAt = stamp();
      }
      const s = p.sessionId ? sessions.get(p.sessionId) : undefined;
      if (s) s.status = authorised ? 'completed' : 'refused';
      notifyAuthorisation(p);
    },
    refundsFail(on) {
      failRefunds = on;
    },
    notification(item, hmacKey) {
      return bodyOf(signed(item, hmacKey));
    },
    async payWithDropIn(sessionId, paymentMethod) {
      const s = sessions.get(sessionId);
      const res = await fetch(
        `${base}/checkoutshopper/v1/sessions/${sessionId}/payments?clientKey=${encodeURIComponent(options.clientKey)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionData: s?.sessionData, paymentMethod }),
        },
      );
      return res.json() as never;
    },
    redeliver: (d) => hooks.redeliver(d),
  };
  return emulator;
}
