/**
 * A local stand-in for Braintree's gateway API, a test tool only: the Braintree adapter points the
 * official `braintree` SDK at it through BRAINTREE_API_BASE, and the SDK talks to it as it would
 * to api.sandbox.braintreegateway.com: JSON requests with snake_case keys under
 * /merchants/<merchant id>/, basic auth with the public and private key, an X-ApiVersion header,
 * and XML answers (Braintree's own: typed elements, `api-error-response` for validation errors and
 * processor declines, empty 401/404 for bad keys and unknown ids).
 *
 * Nonces are Braintree's sandbox test nonces: `fake-valid-nonce` (and `fake-valid-visa-nonce`,
 * `fake-valid-mastercard-nonce`, ...) pays, `fake-processor-declined-visa-nonce` (and the other
 * brands') is declined with 2000 Do Not Honor, `fake-luhn-invalid-nonce` is a validation error.
 * Sandbox amounts 2000.00-2999.99 are declined with that processor code, as in the sandbox. One
 * nonce of its own: `fake-us-bank-account-nonce`, a bank account whose sale stays
 * settlement_pending until `settle()` (as ACH does), so "pending then settled" can be played.
 *
 * Webhooks are form posts of bt_signature and bt_payload (base64 XML of a <notification>), signed
 * as Braintree signs them: `<public key>|<hex HMAC-SHA1 keyed with SHA1(private key)>` over the
 * payload. It is computed here on its own, not with the SDK the shop verifies with.
 *
 * Its books are in memory; nothing here is a channel a buyer ever sees.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { deliveries, type Delivery } from '../deliveries.js';

export type BraintreeStatus =
  | 'authorized'
  | 'submitted_for_settlement'
  | 'settling'
  | 'settled'
  | 'settlement_pending'
  | 'settlement_declined'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'voided'
  | 'failed';

export interface EmulatedTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: BraintreeStatus;
  amount: string;
  currency: string;
  merchantAccountId: string;
  orderId: string | null;
  nonce: string | null;
  createdAt: string;
  updatedAt: string;
  processorResponseCode: string;
  processorResponseText: string;
  instrument: 'credit_card' | 'us_bank_account';
  refundIds: string[];
  refundedTransactionId: string | null;
  statusHistory: { status: BraintreeStatus; timestamp: string; amount: string }[];
}

export interface WebhookDelivery extends Delivery {
  kind: string;
  subjectId: string;
  signature: string;
  payload: string;
}

export interface BraintreeEmulatorOptions {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Merchant accounts by id and their currency; the first is the default. */
  merchantAccounts: Record<string, string>;
  /** The shop's webhook URL, or a function (API tests: app.inject); unset: only recorded. */
  deliver?: string | ((d: WebhookDelivery) => Promise<number | void> | number | void);
  port?: number;
  host?: string;
  deliveryAttempts?: number;
}

export interface BraintreeEmulator {
  url: string;
  port: number;
  transactions: Map<string, EmulatedTransaction>;
  /** Client tokens handed out, with the merchant account they are for. */
  clientTokens: { value: string; merchantAccountId: string }[];
  webhooks: WebhookDelivery[];
  /** Sales really made (a refused request makes none). */
  saleCount(): number;
  close(): Promise<void>;
  hold(): void;
  release(): Promise<void>;
  idle(): Promise<void>;
  redeliver(d: WebhookDelivery): Promise<number | undefined>;
  /** The settlement batch ran: submitted or pending sales (and refunds) settle; `declined` declines them instead. Webhooks as Braintree sends them. */
  settle(id: string, declined?: boolean): void;
  /** A signed webhook of `kind` about a transaction (signed with another private key when given). */
  notification(kind: string, id: string, privateKey?: string): { bt_signature: string; bt_payload: string };
}

/** Braintree's validation errors the emulator answers with (its codes and wording). */
class ValidationFailure extends Error {
  constructor(
    readonly code: string,
    readonly attribute: string,
    message: string,
    readonly scope: string = 'transaction',
  ) {
    super(message);
  }
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Braintree's transaction ids: 8 lowercase letters and digits. */
const txId = () => Array.from(crypto.randomBytes(8), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
const DECIMALS: Record<string, number> = { JPY: 0, KRW: 0 };

// ---- XML as Braintree writes it -----------------------------------------------------------------

/** An array of `item` elements (type="array"). */
class XmlArray {
  constructor(
    readonly items: XmlValue[],
    readonly item: string,
  ) {}
}
/** A typed text element (datetime, symbol). */
class XmlTyped {
  constructor(
    readonly type: string,
    readonly value: string,
  ) {}
}
type XmlValue = string | number | boolean | null | XmlArray | XmlTyped | XmlValue[] | { [key: string]: XmlValue };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tag = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-');

export function toXml(name: string, value: XmlValue): string {
  const t = tag(name);
  if (value === null) return `<${t} nil="true"/>`;
  if (typeof value === 'boolean') return `<${t} type="boolean">${value}</${t}>`;
  if (typeof value === 'number') return `<${t} type="integer">${value}</${t}>`;
  if (typeof value === 'string') return `<${t}>${esc(value)}</${t}>`;
  if (Array.isArray(value))
    return value.length
      ? `<${t} type="array">${value.map((v) => toXml('item', v)).join('')}</${t}>`
      : `<${t} type="array"/>`;
  if (value instanceof XmlArray)
    return value.items.length
      ? `<${t} type="array">${value.items.map((v) => toXml(value.item, v)).join('')}</${t}>`
      : `<${t} type="array"/>`;
  if (value instanceof XmlTyped) return `<${t} type="${value.type}">${esc(value.value)}</${t}>`;
  return `<${t}>${Object.entries(value)
    .map(([k, v]) => toXml(k, v))
    .join('')}</${t}>`;
}
const datetime = (v: string) => new XmlTyped('datetime', v);

function transactionXml(tx: EmulatedTransaction): XmlValue {
  const card = tx.instrument === 'credit_card';
  return {
    id: tx.id,
    status: tx.status,
    type: tx.type,
    currencyIsoCode: tx.currency,
    amount: tx.amount,
    merchantAccountId: tx.merchantAccountId,
    orderId: tx.orderId,
    createdAt: datetime(tx.createdAt),
    updatedAt: datetime(tx.updatedAt),
    processorResponseCode: tx.processorResponseCode,
    processorResponseText: tx.processorResponseText,
    processorResponseType: tx.status === 'processor_declined' ? 'soft_declined' : 'approved',
    refundIds: new XmlArray(tx.refundIds, 'item'),
    refundedTransactionId: tx.refundedTransactionId,
    paymentInstrumentType: tx.instrument,
    creditCard: card
      ? {
          token: null,
          bin: '411111',
          last4: '1111',
          cardType: 'Visa',
          expirationMonth: '12',
          expirationYear: '2030',
          customerLocation: 'US',
          cardholderName: null,
          imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/visa.png?environment=sandbox',
        }
      : {
          token: null,
          bin: null,
          last4: null,
          cardType: null,
          expirationMonth: '',
          expirationYear: '',
          customerLocation: null,
          cardholderName: null,
        },
    ...(card
      ? {}
      : {
          usBankAccount: {
            routingNumber: '021000021',
            last4: '0000',
            accountType: 'checking',
            accountHolderName: 'Sandbox Buyer',
          },
        }),
    statusHistory: new XmlArray(
      tx.statusHistory.map((h) => ({
        timestamp: datetime(h.timestamp),
        status: h.status,
        amount: h.amount,
        user: 'emulator',
        transactionSource: 'api',
      })),
      'status-event',
    ),
    disbursementDetails: {
      disbursementDate: null,
      settlementAmount: null,
      settlementCurrencyIsoCode: null,
      fundsHeld: null,
      success: null,
    },
  };
}
const xmlDoc = (name: string, value: XmlValue) => `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(name, value)}\n`;

/** Braintree's webhook signature (WebhookNotificationGateway#validateSignature checks exactly this). */
export function braintreeSignature(publicKey: string, privateKey: string, payload: string): string {
  const key = crypto.createHash('sha1').update(privateKey, 'utf8').digest();
  return `${publicKey}|${crypto.createHmac('sha1', key).update(payload, 'utf8').digest('hex')}`;
}
/** Base64 in lines of 60 characters with a final newline, as Braintree's payloads come. */
const base64Lines = (s: string) =>
  `${Buffer.from(s, 'utf8')
    .toString('base64')
    .replace(/(.{60})/g, '$1\n')
    .replace(/\n$/, '')}\n`;

export async function startBraintreeEmulator(options: BraintreeEmulatorOptions): Promise<BraintreeEmulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const transactions = new Map<string, EmulatedTransaction>();
  const clientTokens: BraintreeEmulator['clientTokens'] = [];
  const accounts = Object.entries(options.merchantAccounts);
  if (!accounts.length) throw new Error('the emulator needs at least one merchant account');
  const defaultAccount = accounts[0]![0];
  const hooks = deliveries<WebhookDelivery>(options.deliver, options.deliveryAttempts);
  let sales = 0;
  const authorization = `Basic ${Buffer.from(`${options.publicKey}:${options.privateKey}`).toString('base64')}`;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    try {
      done(null, text ? JSON.parse(text) : {});
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
  app.setErrorHandler((err, _req, reply) =>
    reply
      .code((err as { statusCode?: number }).statusCode ?? 500)
      .type('application/xml; charset=utf-8')
      .send(''),
  );

  // Braintree answers a wrong key with an empty 401, a missing API version with 426, another merchant with 403.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/merchants/')) return;
    if (req.headers.authorization !== authorization)
      return reply.code(401).type('application/xml; charset=utf-8').send('');
    if (!req.headers['x-apiversion']) return reply.code(426).type('application/xml; charset=utf-8').send('');
    const merchant = req.url.split('/')[2];
    if (merchant !== options.merchantId) return reply.code(403).type('application/xml; charset=utf-8').send('');
  });

  const xml = (reply: FastifyReply, status: number, name: string, value: XmlValue) =>
    reply.code(status).type('application/xml; charset=utf-8').send(xmlDoc(name, value));
  function errorResponse(
    reply: FastifyReply,
    message: string,
    params: unknown,
    errors: ValidationFailure[],
    tx?: EmulatedTransaction,
  ) {
    const scoped: Record<string, XmlValue> = {};
    for (const e of errors) {
      const list = (scoped[e.scope] as { errors: XmlArray } | undefined) ?? { errors: new XmlArray([], 'error') };
      list.errors.items.push({ code: e.code, attribute: new XmlTyped('symbol', e.attribute), message: e.message });
      scoped[e.scope] = list;
    }
    return xml(reply, 422, 'apiErrorResponse', {
      errors: { errors: new XmlArray([], 'error'), ...scoped },
      params: paramsXml(params),
      message,
      ...(tx ? { transaction: transactionXml(tx) } : {}),
    });
  }
  const paramsXml = (p: unknown): XmlValue => {
    if (p && typeof p === 'object' && !Array.isArray(p))
      return Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => k !== 'payment_method_nonce')
          .map(([k, v]) => [k, paramsXml(v)]),
      );
    return p === undefined || p === null ? null : String(p);
  };
  const decimals = (currency: string) => DECIMALS[currency] ?? 2;
  /** Braintree's amount rule: a positive decimal with at most the currency's decimals. */
  function checkAmount(raw: unknown, currency: string): string {
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || !value) throw new ValidationFailure('81502', 'amount', 'Amount is required.');
    const d = decimals(currency);
    const pattern = d ? new RegExp(`^\\d{1,10}(\\.\\d{1,${d}})?$`) : /^\d{1,10}$/;
    if (!pattern.test(value)) throw new ValidationFailure('81503', 'amount', 'Amount is an invalid format.');
    if (Number(value) <= 0) throw new ValidationFailure('81531', 'amount', 'Amount must be greater than zero.');
    return Number(value).toFixed(d);
  }
  const minor = (amount: string, currency: string) => Math.round(Number(amount) * 10 ** decimals(currency));
  function touch(tx: EmulatedTransaction, status: BraintreeStatus) {
    tx.status = status;
    tx.updatedAt = now();
    tx.statusHistory.push({ status, timestamp: tx.updatedAt, amount: tx.amount });
  }
  function newTransaction(
    fields: Pick<
      EmulatedTransaction,
      'type' | 'amount' | 'currency' | 'merchantAccountId' | 'orderId' | 'nonce' | 'instrument'
    > & { status: BraintreeStatus; code: string; text: string; refundedTransactionId?: string },
  ): EmulatedTransaction {
    const at = now();
    const tx: EmulatedTransaction = {
      id: txId(),
      type: fields.type,
      status: fields.status,
      amount: fields.amount,
      currency: fields.currency,
      merchantAccountId: fields.merchantAccountId,
      orderId: fields.orderId,
      nonce: fields.nonce,
      createdAt: at,
      updatedAt: at,
      processorResponseCode: fields.code,
      processorResponseText: fields.text,
      instrument: fields.instrument,
      refundIds: [],
      refundedTransactionId: fields.refundedTransactionId ?? null,
      statusHistory: [{ status: fields.status, timestamp: at, amount: fields.amount }],
    };
    transactions.set(tx.id, tx);
    return tx;
  }

  // ---- webhooks ----------------------------------------------------------------------------------

  function signedNotification(kind: string, subject: XmlValue, subjectName: string, privateKey = options.privateKey) {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n${toXml('notification', { timestamp: datetime(now()), kind, subject: { [subjectName]: subject } })}\n`;
    const payload = base64Lines(body);
    return { bt_signature: braintreeSignature(options.publicKey, privateKey, payload), bt_payload: payload };
  }
  function notify(kind: string, tx: EmulatedTransaction) {
    const n = signedNotification(kind, transactionXml(tx), 'transaction');
    hooks.send({
      kind,
      subjectId: tx.id,
      signature: n.bt_signature,
      payload: n.bt_payload,
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(n).toString(),
    });
  }

  // ---- client tokens -----------------------------------------------------------------------------

  app.post('/merchants/:merchant/client_token', async (req, reply) => {
    const params = ((req.body ?? {}) as { client_token?: Record<string, unknown> }).client_token ?? {};
    const account = typeof params.merchant_account_id === 'string' ? params.merchant_account_id : defaultAccount;
    if (!options.merchantAccounts[account]) {
      return errorResponse(reply, 'Merchant account id is invalid.', { client_token: params }, [
        new ValidationFailure('92807', 'merchant_account_id', 'Merchant account id is invalid.', 'client_token'),
      ]);
    }
    const fingerprint = `${crypto.createHash('sha256').update(crypto.randomBytes(16)).digest('hex')}|created_at=${now()}&merchant_id=${options.merchantId}&public_key=${options.publicKey}`;
    const value = Buffer.from(
      JSON.stringify({
        version: Number(params.version ?? 2),
        authorizationFingerprint: fingerprint,
        configUrl: `${base}/merchants/${options.merchantId}/client_api/v1/configuration`,
        graphQL: { url: `${base}/graphql`, date: '2018-05-10' },
        clientApiUrl: `${base}/merchants/${options.merchantId}/client_api`,
        environment: 'sandbox',
        merchantId: options.merchantId,
        merchantAccountId: account,
        assetsUrl: 'https://assets.braintreegateway.com',
      }),
    ).toString('base64');
    clientTokens.push({ value, merchantAccountId: account });
    return xml(reply, 201, 'clientToken', { value });
  });

  // ---- transactions ------------------------------------------------------------------------------

  app.post('/merchants/:merchant/transactions', async (req, reply) => {
    const params = ((req.body ?? {}) as { transaction?: Record<string, unknown> }).transaction ?? {};
    const account = typeof params.merchant_account_id === 'string' ? params.merchant_account_id : defaultAccount;
    const currency = options.merchantAccounts[account];
    try {
      if (params.type !== 'sale') throw new ValidationFailure('91523', 'type', 'Transaction type is invalid.');
      if (!currency) throw new ValidationFailure('91513', 'merchant_account_id', 'Merchant account ID is invalid.');
      const amount = checkAmount(params.amount, currency);
      const nonce = typeof params.payment_method_nonce === 'string' ? params.payment_method_nonce : '';
      if (!nonce) throw new ValidationFailure('91508', 'base', 'Cannot determine payment method.');
      if (typeof params.order_id === 'string' && params.order_id.length > 255)
        throw new ValidationFailure('91501', 'order_id', 'Order ID is too long.');
      if (nonce === 'fake-luhn-invalid-nonce')
        throw new ValidationFailure('81715', 'number', 'Credit card number is invalid.', 'credit_card');
      const declined = /^fake-processor-declined-[a-z]+-nonce$/.test(nonce);
      const bank = nonce === 'fake-us-bank-account-nonce';
      if (!declined && !bank && !/^fake-valid-([a-z]+-)?nonce$/.test(nonce))
        throw new ValidationFailure('91565', 'payment_method_nonce', 'Unknown payment_method_nonce.');
      const submit =
        (params.options as { submit_for_settlement?: unknown } | undefined)?.submit_for_settlement === true;
      // The sandbox declines amounts 2000.00-2999.99 with the amount as the processor code.
      const sandboxCode = minor(amount, currency) / 10 ** decimals(currency);
      const code = declined
        ? '2000'
        : sandboxCode >= 2000 && sandboxCode < 3000
          ? String(Math.floor(sandboxCode))
          : null;
      const common = {
        type: 'sale' as const,
        amount,
        currency,
        merchantAccountId: account,
        orderId: typeof params.order_id === 'string' ? params.order_id : null,
        nonce,
        instrument: bank ? ('us_bank_account' as const) : ('credit_card' as const),
      };
      sales++;
      if (code) {
        const text = code === '2000' ? 'Do Not Honor' : code === '2001' ? 'Insufficient Funds' : 'Processor Declined';
        const tx = newTransaction({ ...common, status: 'processor_declined', code, text });
        return errorResponse(reply, text, { transaction: params }, [], tx);
      }
      const tx = newTransaction({
        ...common,
        status: bank ? 'settlement_pending' : submit ? 'submitted_for_settlement' : 'authorized',
        code: '1000',
        text: 'Approved',
      });
      return xml(reply, 201, 'transaction', transactionXml(tx));
    } catch (e) {
      if (e instanceof ValidationFailure) return errorResponse(reply, e.message, { transaction: params }, [e]);
      throw e;
    }
  });

  app.get<{ Params: { id: string } }>('/merchants/:merchant/transactions/:id', async (req, reply) => {
    const tx = transactions.get(req.params.id);
    if (!tx) return reply.code(404).type('application/xml; charset=utf-8').send('');
    return xml(reply, 200, 'transaction', transactionXml(tx));
  });

  const refunded = (tx: EmulatedTransaction) =>
    tx.refundIds
      .map((id) => transactions.get(id)!)
      .filter((r) => r.status !== 'voided' && r.status !== 'settlement_declined')
      .reduce((sum, r) => sum + minor(r.amount, r.currency), 0);

  app.post<{ Params: { id: string } }>('/merchants/:merchant/transactions/:id/refund', async (req, reply) => {
    const tx = transactions.get(req.params.id);
    if (!tx) return reply.code(404).type('application/xml; charset=utf-8').send('');
    const params = ((req.body ?? {}) as { transaction?: Record<string, unknown> }).transaction ?? {};
    try {
      if (tx.type !== 'sale') throw new ValidationFailure('91505', 'base', 'Cannot refund credit');
      if (tx.status !== 'settled' && tx.status !== 'settling')
        throw new ValidationFailure('91506', 'base', 'Cannot refund a transaction unless it is settled.');
      const amount =
        params.amount === undefined || params.amount === null ? tx.amount : checkAmount(params.amount, tx.currency);
      if (refunded(tx) + minor(amount, tx.currency) > minor(tx.amount, tx.currency)) {
        throw new ValidationFailure(
          refunded(tx) ? '91512' : '91521',
          'amount',
          refunded(tx) ? 'Transaction has already been completely refunded.' : 'Refund amount is too large.',
        );
      }
      const refund = newTransaction({
        type: 'credit',
        amount,
        currency: tx.currency,
        merchantAccountId: tx.merchantAccountId,
        orderId: typeof params.order_id === 'string' ? params.order_id : tx.orderId,
        nonce: null,
        instrument: tx.instrument,
        status: 'submitted_for_settlement',
        code: '1002',
        text: 'Processed',
        refundedTransactionId: tx.id,
      });
      tx.refundIds.push(refund.id);
      return xml(reply, 201, 'transaction', transactionXml(refund));
    } catch (e) {
      if (e instanceof ValidationFailure) return errorResponse(reply, e.message, { transaction: params }, [e]);
      throw e;
    }
  });

  app.put<{ Params: { id: string } }>('/merchants/:merchant/transactions/:id/void', async (req, reply) => {
    const tx = transactions.get(req.params.id);
    if (!tx) return reply.code(404).type('application/xml; charset=utf-8').send('');
    if (tx.status !== 'authorized' && tx.status !== 'submitted_for_settlement') {
      const e = new ValidationFailure(
        '91504',
        'base',
        'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
      );
      return errorResponse(reply, e.message, {}, [e]);
    }
    touch(tx, 'voided');
    return xml(reply, 200, 'transaction', transactionXml(tx));
  });

  app.put<{ Params: { id: string } }>(
    '/merchants/:merchant/transactions/:id/submit_for_settlement',
    async (req, reply) => {
      const tx = transactions.get(req.params.id);
      if (!tx) return reply.code(404).type('application/xml; charset=utf-8').send('');
      if (tx.status !== 'authorized') {
        const e = new ValidationFailure('91507', 'base', 'Cannot submit for settlement unless status is authorized.');
        return errorResponse(reply, e.message, {}, [e]);
      }
      touch(tx, 'submitted_for_settlement');
      return xml(reply, 200, 'transaction', transactionXml(tx));
    },
  );

  // Search: the ids first (advanced_search_ids), then the transactions of a page (advanced_search).
  type Search = { order_id?: { is?: string }; ids?: string[] };
  const matching = (s: Search) =>
    [...transactions.values()].filter(
      (tx) => (s.order_id?.is === undefined || tx.orderId === s.order_id.is) && (!s.ids || s.ids.includes(tx.id)),
    );
  app.post('/merchants/:merchant/transactions/advanced_search_ids', async (req: FastifyRequest, reply) => {
    const search = ((req.body ?? {}) as { search?: Search }).search ?? {};
    return xml(reply, 200, 'searchResults', {
      pageSize: 50,
      ids: new XmlArray(
        matching(search).map((tx) => tx.id),
        'item',
      ),
    });
  });
  app.post('/merchants/:merchant/transactions/advanced_search', async (req: FastifyRequest, reply) => {
    const search = ((req.body ?? {}) as { search?: Search }).search ?? {};
    const found = matching(search);
    const body =
      `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size>` +
      `<total-items type="integer">${found.length}</total-items>${found.map((tx) => toXml('transaction', transactionXml(tx))).join('')}</credit-card-transactions>`;
    return reply
      .code(200)
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`);
  });

  // The settlement batch, by hand (for trying the shop outside the tests): POST /emulator/settle/<id>[?declined=1].
  app.post<{ Params: { id: string }; Querystring: { declined?: string } }>(
    '/emulator/settle/:id',
    async (req, reply) => {
      try {
        emulator.settle(req.params.id, req.query.declined === '1');
      } catch (e) {
        return reply.code(409).send({ error: (e as Error).message });
      }
      return { settled: req.params.id };
    },
  );

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const base = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  const emulator: BraintreeEmulator = {
    url: base,
    port,
    transactions,
    clientTokens,
    webhooks: hooks.all,
    saleCount: () => sales,
    async close() {
      await hooks.idle();
      await app.close();
    },
    hold: () => hooks.hold(),
    release: () => hooks.release(),
    idle: () => hooks.idle(),
    redeliver: (d) => hooks.redeliver(d),
    settle(id, declined = false) {
      const tx = transactions.get(id);
      if (!tx || !['submitted_for_settlement', 'settling', 'settlement_pending'].includes(tx.status))
        throw new Error(`transaction ${id} is not waiting for settlement`);
      touch(tx, declined ? 'settlement_declined' : 'settled');
      if (tx.type === 'sale') notify(declined ? 'transaction_settlement_declined' : 'transaction_settled', tx);
    },
    notification(kind, id, privateKey) {
      const tx = transactions.get(id);
      const subject: XmlValue = tx
        ? transactionXml(tx)
        : { id, amount: '1.00', status: 'settled', type: 'sale', currencyIsoCode: 'USD' };
      return signedNotification(kind, subject, 'transaction', privateKey);
    },
  };
  return emulator;
}
