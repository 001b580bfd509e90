/**
 * A local stand-in for Affirm's Direct API, a test tool only: the Affirm adapter is pointed at it
 * through AFFIRM_API_BASE. It answers with Affirm's shapes:
 *
 * - POST /api/v2/checkout/direct (checkout_id, redirect_url) and GET /api/v2/checkout/{id};
 * - the checkout page a buyer is sent to, with Confirm / Cancel buttons: Confirm sends the buyer
 *   to merchant.user_confirmation_url with checkout_token (GET, or POSTed as a form when
 *   user_confirmation_url_action is POST), Cancel to merchant.user_cancel_url;
 * - transactions: POST /api/v1/transactions {transaction_id: checkout_token, order_id}
 *   (authorise), GET /api/v1/transactions/{id}, and capture, refund and void on it, each an
 *   event {id, type, amount, currency, created...}; Idempotency-Key makes a repeat of a successful
 *   call get its first answer.
 *
 * Every API call needs HTTP Basic auth with the public and private API keys. Errors have Affirm's
 * shape {status_code, type, code, message, field?}; the codes for a checkout that is not
 * confirmed yet or already authorised are the emulator's own words. Affirm is US only: USD.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export type AffirmChoice = 'confirm' | 'cancel';

export interface AffirmCheckout {
  id: string;
  status: 'opened' | 'confirmed' | 'cancelled' | 'authorized';
  orderId?: string;
  currency: string;
  total: number;
  confirmationUrl: string;
  cancelUrl: string;
  confirmationAction: 'GET' | 'POST';
  items: unknown[];
  metadata?: Record<string, unknown>;
  transactionId?: string;
  created: string;
}
export interface AffirmEvent {
  id: string;
  type: 'auth' | 'capture' | 'refund' | 'void';
  amount?: number;
  currency: string;
  created: string;
  transaction_id: string;
  fee?: number;
  fee_refunded?: number;
}
export interface AffirmTransaction {
  id: string;
  checkoutId: string;
  orderId?: string;
  status: 'authorized' | 'captured' | 'voided' | 'refunded' | 'partially_refunded';
  amount: number;
  amountRefunded: number;
  currency: string;
  created: string;
  authorizationExpiration: string;
  events: AffirmEvent[];
}

export interface AffirmEmulatorOptions {
  publicKey: string;
  privateKey: string;
  port?: number;
  host?: string;
}

export interface AffirmEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
  checkout(id: string): AffirmCheckout | undefined;
  transaction(id: string): AffirmTransaction | undefined;
  authorizeCount(): number;
  captureCount(): number;
  refundCount(): number;
  /** The buyer on the checkout page, without a browser: what its buttons do. Returns where the buyer is sent. */
  choose(checkoutId: string, choice: AffirmChoice): string;
}

const now = () => new Date().toISOString();
/** Affirm's ids look like `ABCD-1234`. */
const affirmId = () =>
  `${crypto.randomBytes(2).toString('hex').toUpperCase()}-${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
const checkoutToken = () => crypto.randomBytes(8).toString('hex').toUpperCase();

class AffirmError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  body() {
    return {
      status_code: this.status,
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}
const invalid = (field: string, message: string) =>
  new AffirmError(400, 'invalid_request', 'invalid_field', message, field);

export async function startAffirmEmulator(options: AffirmEmulatorOptions): Promise<AffirmEmulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const checkouts = new Map<string, AffirmCheckout>();
  const transactions = new Map<string, AffirmTransaction>();
  const answered = new Map<string, { status: number; body: unknown }>();
  let authorized = 0,
    captured = 0,
    refunded = 0;
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
      done(new AffirmError(400, 'invalid_request', 'invalid_json', 'The request body is not valid JSON'), undefined);
    }
  });
  app.setErrorHandler((err, _req, reply) => {
    const e =
      err instanceof AffirmError ? err : new AffirmError(500, 'server_error', 'internal_error', 'Internal error');
    return reply.code(e.status).send(e.body());
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const auth = req.headers.authorization ?? '';
    const [user, pass] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString().split(/:(.*)/s)
      : [];
    if (user !== options.publicKey || pass !== options.privateKey) {
      return reply
        .code(401)
        .send(
          new AffirmError(
            401,
            'unauthorized',
            'public-api-key-invalid',
            'You provided an invalid public/private API key pair',
          ).body(),
        );
    }
  });

  /** Idempotency-Key: the same key on the same call gets the first successful answer. */
  async function once(kind: string, req: FastifyRequest, reply: FastifyReply, run: () => unknown) {
    const key = req.headers['idempotency-key'];
    const k = typeof key === 'string' && key ? `${kind}:${key}` : null;
    let answer = k ? answered.get(k) : undefined;
    if (!answer) {
      try {
        answer = { status: 200, body: run() };
      } catch (e) {
        if (!(e instanceof AffirmError)) throw e;
        answer = { status: e.status, body: e.body() };
      }
      // Only a done call is remembered: a refused one (not confirmed yet) may be asked again with the same key.
      if (k && answer.status < 400) answered.set(k, answer);
    }
    return reply.code(answer.status).send(answer.body);
  }

  const checkoutJson = (c: AffirmCheckout) => ({
    checkout_id: c.id,
    checkout_status: c.status,
    currency: c.currency,
    total: c.total,
    order_id: c.orderId,
    items: c.items,
    metadata: c.metadata ?? {},
    merchant: {
      user_confirmation_url: c.confirmationUrl,
      user_cancel_url: c.cancelUrl,
      user_confirmation_url_action: c.confirmationAction,
    },
    ...(c.transactionId ? { transaction_id: c.transactionId } : {}),
    created: c.created,
  });
  const txJson = (t: AffirmTransaction) => ({
    id: t.id,
    checkout_id: t.checkoutId,
    order_id: t.orderId,
    status: t.status,
    amount: t.amount,
    amount_refunded: t.amountRefunded,
    currency: t.currency,
    created: t.created,
    authorization_expiration: t.authorizationExpiration,
    events: t.events,
    provider_id: 1,
    remove_tax: false,
  });

  app.post('/api/v2/checkout/direct', async (req, reply) =>
    once('checkout', req, reply, () => {
      const body = (req.body ?? {}) as {
        merchant?: Record<string, string>;
        items?: unknown[];
        order_id?: string;
        currency?: string;
        total?: unknown;
        metadata?: Record<string, unknown>;
      };
      const m = body.merchant ?? {};
      for (const f of ['user_confirmation_url', 'user_cancel_url'] as const) {
        try {
          new URL(m[f] ?? '');
        } catch {
          throw invalid(`merchant.${f}`, `${f} must be an absolute URL`);
        }
      }
      if ((body.currency ?? 'USD') !== 'USD') throw invalid('currency', 'Affirm takes USD only');
      if (typeof body.total !== 'number' || !Number.isInteger(body.total) || body.total < 5000)
        throw invalid('total', 'total must be an integer number of cents, at least 5000 (USD 50.00)');
      if (!Array.isArray(body.items) || !body.items.length) throw invalid('items', 'at least one item is required');
      const c: AffirmCheckout = {
        id: checkoutToken(),
        status: 'opened',
        orderId: body.order_id,
        currency: 'USD',
        total: body.total,
        confirmationUrl: m.user_confirmation_url!,
        cancelUrl: m.user_cancel_url!,
        confirmationAction: m.user_confirmation_url_action === 'POST' ? 'POST' : 'GET',
        items: body.items,
        metadata: body.metadata,
        created: now(),
      };
      checkouts.set(c.id, c);
      return {
        checkout_id: c.id,
        redirect_url: `${base}/products/checkout?public_api_key=${encodeURIComponent(options.publicKey)}&checkout_ari=${c.id}`,
      };
    }),
  );

  app.get<{ Params: { id: string } }>('/api/v2/checkout/:id', async (req, reply) => {
    const c = checkouts.get(req.params.id);
    if (!c) throw new AffirmError(404, 'invalid_request', 'not_found', 'Checkout not found');
    return reply.send(checkoutJson(c));
  });

  app.post('/api/v1/transactions', async (req, reply) =>
    once('authorize', req, reply, () => {
      const body = (req.body ?? {}) as { transaction_id?: string; order_id?: string };
      const c = body.transaction_id ? checkouts.get(body.transaction_id) : undefined;
      if (!c)
        throw new AffirmError(
          400,
          'invalid_request',
          'invalid-checkout-token',
          'The checkout token is not valid',
          'transaction_id',
        );
      if (c.status === 'opened')
        throw new AffirmError(
          400,
          'invalid_request',
          'checkout-not-confirmed',
          'The customer has not confirmed this checkout',
          'transaction_id',
        );
      if (c.status === 'cancelled')
        throw new AffirmError(
          400,
          'invalid_request',
          'checkout-cancelled',
          'The customer cancelled this checkout',
          'transaction_id',
        );
      if (c.status === 'authorized')
        throw new AffirmError(
          400,
          'invalid_request',
          'checkout-token-used',
          'This checkout has already been authorized',
          'transaction_id',
        );
      const t: AffirmTransaction = {
        id: affirmId(),
        checkoutId: c.id,
        orderId: body.order_id ?? c.orderId,
        status: 'authorized',
        amount: c.total,
        amountRefunded: 0,
        currency: c.currency,
        created: now(),
        authorizationExpiration: new Date(Date.now() + 30 * 86400_000).toISOString(),
        events: [],
      };
      t.events.push({
        id: affirmId(),
        type: 'auth',
        amount: t.amount,
        currency: t.currency,
        created: t.created,
        transaction_id: t.id,
      });
      transactions.set(t.id, t);
      c.status = 'authorized';
      c.transactionId = t.id;
      authorized++;
      return txJson(t);
    }),
  );

  const findTx = (id: string) => {
    const t = transactions.get(id);
    if (!t) throw new AffirmError(404, 'invalid_request', 'not_found', 'Transaction not found');
    return t;
  };

  app.get<{ Params: { id: string } }>('/api/v1/transactions/:id', async (req, reply) =>
    reply.send(txJson(findTx(req.params.id))),
  );

  app.post<{ Params: { id: string } }>('/api/v1/transactions/:id/capture', async (req, reply) =>
    once(`capture:${req.params.id}`, req, reply, () => {
      const t = findTx(req.params.id);
      if (t.status !== 'authorized')
        throw new AffirmError(
          400,
          'invalid_request',
          'capture-unauthorized-transaction',
          `A ${t.status} transaction cannot be captured`,
        );
      const e: AffirmEvent = {
        id: affirmId(),
        type: 'capture',
        amount: t.amount,
        currency: t.currency,
        created: now(),
        transaction_id: t.id,
        fee: Math.round(t.amount * 0.03),
      };
      t.events.push(e);
      t.status = 'captured';
      captured++;
      return e;
    }),
  );

  app.post<{ Params: { id: string } }>('/api/v1/transactions/:id/refund', async (req, reply) =>
    once(`refund:${req.params.id}`, req, reply, () => {
      const t = findTx(req.params.id);
      if (t.status !== 'captured' && t.status !== 'partially_refunded')
        throw new AffirmError(
          400,
          'invalid_request',
          'refund-uncaptured',
          `A ${t.status} transaction cannot be refunded`,
        );
      const body = (req.body ?? {}) as { amount?: unknown };
      const left = t.amount - t.amountRefunded;
      const amount = body.amount === undefined ? left : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        throw invalid('amount', 'amount must be a positive integer number of cents');
      if (amount > left)
        throw new AffirmError(
          400,
          'invalid_request',
          'refund-exceeded',
          'The refund is more than what is left of the transaction',
          'amount',
        );
      const e: AffirmEvent = {
        id: affirmId(),
        type: 'refund',
        amount,
        currency: t.currency,
        created: now(),
        transaction_id: t.id,
        fee_refunded: 0,
      };
      t.events.push(e);
      t.amountRefunded += amount;
      t.status = t.amountRefunded >= t.amount ? 'refunded' : 'partially_refunded';
      refunded++;
      return e;
    }),
  );

  app.post<{ Params: { id: string } }>('/api/v1/transactions/:id/void', async (req, reply) =>
    once(`void:${req.params.id}`, req, reply, () => {
      const t = findTx(req.params.id);
      if (t.status !== 'authorized')
        throw new AffirmError(400, 'invalid_request', 'void-captured', `A ${t.status} transaction cannot be voided`);
      const e: AffirmEvent = {
        id: affirmId(),
        type: 'void',
        currency: t.currency,
        created: now(),
        transaction_id: t.id,
      };
      t.events.push(e);
      t.status = 'voided';
      return e;
    }),
  );

  // ---- the checkout page ------------------------------------------------------------------

  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const page = (title: string, inner: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#101820}h1{font-size:1.3rem}
.amount{font-size:1.6rem;font-weight:600}form{display:grid;gap:.6rem;margin-top:1.2rem}button{font-size:1rem;padding:.8rem;border-radius:.5rem;border:1px solid #4a4af4;background:#fff;color:#4a4af4;cursor:pointer}
button.primary{background:#4a4af4;color:#fff}.note{font-size:.85rem;color:#6b6b6b}</style></head>
<body><p class="note">Affirm emulator (test tool, no real money)</p>${inner}</body></html>`;

  app.get<{ Querystring: { checkout_ari?: string } }>('/products/checkout', async (req, reply) => {
    const c = req.query.checkout_ari ? checkouts.get(req.query.checkout_ari) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!c) return reply.code(404).send(page('Affirm', '<h1>This checkout does not exist</h1>'));
    if (c.status !== 'opened') return reply.code(409).send(page('Affirm', `<h1>This checkout is ${c.status}</h1>`));
    return reply.send(
      page(
        'Pay over time with Affirm',
        `<h1>Pay over time with Affirm</h1>
<p class="amount" data-testid="amount">$${(c.total / 100).toFixed(2)} USD</p>
<form method="post" action="/products/checkout/decide">
<input type="hidden" name="checkout_ari" value="${esc(c.id)}">
<button class="primary" name="choice" value="confirm">Confirm loan</button>
<button name="choice" value="cancel">Cancel and return to the store</button>
</form>`,
      ),
    );
  });

  function choose(checkoutId: string, choice: AffirmChoice): string {
    const c = checkouts.get(checkoutId);
    if (!c || c.status !== 'opened')
      throw new AffirmError(409, 'invalid_request', 'checkout-closed', 'This checkout can no longer be used');
    if (choice === 'cancel') {
      c.status = 'cancelled';
      return c.cancelUrl;
    }
    c.status = 'confirmed';
    const u = new URL(c.confirmationUrl);
    u.searchParams.set('checkout_token', c.id);
    return u.toString();
  }

  app.post('/products/checkout/decide', async (req, reply) => {
    const form = (req.body ?? {}) as { checkout_ari?: string; choice?: AffirmChoice };
    const c = form.checkout_ari ? checkouts.get(form.checkout_ari) : undefined;
    let to: string;
    try {
      to = choose(form.checkout_ari ?? '', form.choice === 'confirm' ? 'confirm' : 'cancel');
    } catch {
      return reply
        .code(409)
        .type('text/html; charset=utf-8')
        .send(page('Affirm', '<h1>This checkout can no longer be used</h1>'));
    }
    // Affirm POSTs the checkout token to the confirmation URL when the merchant asked for POST.
    if (form.choice === 'confirm' && c?.confirmationAction === 'POST') {
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Affirm',
            `<form id="f" method="post" action="${esc(c.confirmationUrl)}"><input type="hidden" name="checkout_token" value="${esc(c.id)}"><button class="primary">Continue</button></form><script>document.getElementById('f').submit()</script>`,
          ),
        );
    }
    return reply.redirect(to, 303);
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  base = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url: base,
    port,
    close: () => app.close(),
    checkout: (id) => checkouts.get(id),
    transaction: (id) => transactions.get(id),
    authorizeCount: () => authorized,
    captureCount: () => captured,
    refundCount: () => refunded,
    choose,
  };
}
