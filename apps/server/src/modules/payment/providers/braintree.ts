/**
 * Braintree, through its official Node SDK (`braintree`), channel BRAINTREE: card payments with
 * Braintree's hosted fields in the page (braintree-web, from Braintree's CDN).
 *
 * - The browser's hosted fields need a client token: SPEC §7 authority answers one (channelToken),
 *   for the merchant account of the currency, and firstPay's start hands one out too.
 * - The fields tokenize the card into a nonce, which the browser gives to the shop for its pending
 *   attempt; `confirm(attempt, {nonce})` makes the sale (transaction.sale with the record's amount,
 *   orderId = the shop's payment record id, submitForSettlement) and applies its outcome at once.
 *   Until the sale, the record's provider id is `order-<record id>`; the sale's transaction id
 *   replaces it, and everything after (polls, webhooks, refunds) uses the transaction.
 * - A sale is made once per attempt: a repeated nonce post (double click, retry) finds the sale by
 *   its orderId first (transaction.search) and the same process never sells twice at once.
 * - Webhooks (form posts of bt_signature and bt_payload) are verified and parsed by the SDK:
 *   transaction_settled decides a sale that was settlement_pending (bank accounts),
 *   transaction_settlement_declined fails it; disbursements and disputes are acknowledged only.
 * - Refunds: transaction.refund(id, {amount, orderId: refund key}) once the sale has settled; a sale
 *   not yet settled cannot be refunded at Braintree, so a refund of all of it voids the sale
 *   instead (the buyer is never charged); a part of an unsettled sale waits (the refund job retries).
 *
 * Amounts are decimal strings in the currency's major units (JPY without decimals), from the shop's
 * minor units with the domain's money helpers. Braintree charges in the currency of the merchant
 * account: BRAINTREE_MERCHANT_ACCOUNTS maps the shop's currencies to accounts, and the channel is
 * offered only in those currencies (unset: the gateway's default account, taken to be USD).
 */
import { and, eq } from 'drizzle-orm';
// CommonJS: its classes come from the default export.
import braintree from 'braintree';
import { CURRENCIES, ERROR_CODES, type Currency } from '@mall/contracts';
import { fromMinor, toMinor } from '@mall/domain';
import type { Db } from '../../../db/client.js';
import { paymentRecords } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { providerIdSwap, type ProviderIdSwap } from './provider-ids.js';
import type {
  AuthorityAnswer,
  AuthorityInput,
  ChannelOffer,
  DecidedEvent,
  PaymentProvider,
  RefundAnswer,
  RefundInput,
  StartAnswer,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export interface BraintreeConfig {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /**
   * Where the gateway is: unset or https://api.sandbox.braintreegateway.com, the sandbox;
   * https://api.braintreegateway.com, production; any other URL (a local emulator), that host.
   */
  apiBase?: string;
  /** The merchant account of each currency the shop charges in Braintree (unset: the default account, USD). */
  merchantAccounts?: Partial<Record<Currency, string>>;
}

export const BRAINTREE = 'BRAINTREE';
const SANDBOX_HOST = 'api.sandbox.braintreegateway.com';
const PRODUCTION_HOST = 'api.braintreegateway.com';
const ORDER_PREFIX = 'order-';

/** "EUR:acct_eur,JPY:acct_jpy" -> { EUR: 'acct_eur', JPY: 'acct_jpy' }; throws on anything else. */
export function parseMerchantAccounts(raw: string): Partial<Record<Currency, string>> {
  const out: Partial<Record<Currency, string>> = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Z]{3}):([A-Za-z0-9_-]{1,64})$/.exec(part);
    if (!m || !(CURRENCIES as readonly string[]).includes(m[1]!))
      throw new Error(
        `"${part}" is not CURRENCY:merchant_account_id with a currency of the shop (${CURRENCIES.join(', ')})`,
      );
    out[m[1] as Currency] = m[2]!;
  }
  return out;
}

function environmentOf(apiBase: string | undefined): { env: braintree.Environment; production: boolean } {
  if (!apiBase) return { env: braintree.Environment.Sandbox, production: false };
  const url = new URL(apiBase);
  if (url.hostname === SANDBOX_HOST) return { env: braintree.Environment.Sandbox, production: false };
  if (url.hostname === PRODUCTION_HOST) return { env: braintree.Environment.Production, production: true };
  const ssl = url.protocol === 'https:';
  const port = url.port || (ssl ? '443' : '80');
  // The SDK sends every call to server:port (http or https by `ssl`); the auth and GraphQL hosts are not used by the shop.
  return {
    env: new braintree.Environment(url.hostname, port, `${url.protocol}//${url.host}`, ssl, url.hostname, port),
    production: false,
  };
}

/** Braintree's processor response text in the shop's decline codes: "Do Not Honor" -> do_not_honor. */
const slug = (text: string | undefined | null) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);

/** Braintree's validation errors about the card (the nonce) in the shop's decline codes. */
const VALIDATION_REASONS: Record<string, string> = {
  81715: 'incorrect_number',
  81716: 'incorrect_number',
  81736: 'incorrect_cvc',
  81707: 'incorrect_cvc',
  81710: 'invalid_expiry_month',
  81712: 'invalid_expiry_month',
  81713: 'invalid_expiry_year',
  91564: 'invalid_token',
  91565: 'invalid_token',
};

const SUCCEEDED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled', 'settlement_confirmed']);
const PENDING = new Set(['settlement_pending', 'authorizing']);
/** A sale that still holds or will take money (a retried nonce must find it before selling again). */
const LIVE = new Set([...SUCCEEDED, ...PENDING]);
/** Not yet in a settlement batch: Braintree voids these instead of refunding them. */
const VOIDABLE = new Set(['authorized', 'submitted_for_settlement']);

type Tx = braintree.Transaction;

export class BraintreeProvider implements PaymentProvider {
  readonly name = 'braintree';
  readonly channels: readonly ChannelOffer[];
  private readonly gateway: braintree.BraintreeGateway;
  private readonly swapId: ProviderIdSwap;
  /** Nonce posts of one attempt in this process run one after another (a double click sells once). */
  private readonly running = new Map<string, Promise<DecidedEvent[]>>();

  constructor(
    private readonly config: BraintreeConfig,
    private readonly db: Db,
  ) {
    const { env, production } = environmentOf(config.apiBase);
    this.gateway = new braintree.BraintreeGateway({
      environment: env,
      merchantId: config.merchantId,
      publicKey: config.publicKey,
      privateKey: config.privateKey,
    });
    this.swapId = providerIdSwap(db);
    const accounts =
      config.merchantAccounts && Object.keys(config.merchantAccounts).length ? config.merchantAccounts : null;
    this.channels = [
      {
        channelName: BRAINTREE,
        paymentMethods: [{ type: 'card', name: 'Card' }],
        // The page mounts Braintree's hosted fields with a client token from authority.
        configMap: { hostedFields: 'braintree', environment: production ? 'production' : 'sandbox' },
        redirectHosts: [],
        rules: {
          anonymous: true,
          payLater: false,
          enterpriseCredit: false,
          currencies: accounts ? (Object.keys(accounts) as Currency[]) : ['USD'],
          savedCards: false,
          needsDevice: null,
        },
      },
    ];
  }

  /** The merchant account of a currency (undefined: the gateway's default account). */
  private accountOf(currency: string): string | undefined {
    return this.config.merchantAccounts?.[currency as Currency];
  }

  private async clientToken(currency: Currency): Promise<string> {
    const account = this.accountOf(currency);
    let res: Awaited<ReturnType<braintree.ClientTokenGateway['generate']>>;
    try {
      res = await this.gateway.clientToken.generate(account ? { merchantAccountId: account } : {});
    } catch {
      throw new AppError(
        503,
        ERROR_CODES.channelUnavailable,
        'The payment service cannot be reached, please try again later',
      );
    }
    if (!res.success)
      throw new AppError(400, ERROR_CODES.channelUnavailable, `Braintree cannot take this payment (${res.message})`);
    return res.clientToken;
  }

  async start(input: StartInput): Promise<StartAnswer> {
    if (input.amountMinor <= 0n)
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be paid with this payment method');
    // Nothing is charged yet: the sale is made when the hosted fields give the nonce (confirm).
    return {
      providerPaymentId: `${ORDER_PREFIX}${input.merchantReference}`,
      redirectUrl: '',
      clientSession: { clientToken: await this.clientToken(input.currency) },
    };
  }

  async authority(input: AuthorityInput): Promise<AuthorityAnswer> {
    return { channelToken: await this.clientToken(input.currency) };
  }

  /**
   * What Braintree has decided about an attempt. With the hosted fields' nonce and no sale yet,
   * the sale is made now; without a nonce, the sale is looked up (by transaction id, or by the
   * attempt's orderId).
   */
  async confirm(providerPaymentId: string, details?: Record<string, string>): Promise<DecidedEvent[]> {
    if (!providerPaymentId.startsWith(ORDER_PREFIX))
      return this.eventsOf(await this.gateway.transaction.find(providerPaymentId));
    const before = this.running.get(providerPaymentId);
    const run = (before ?? Promise.resolve([]))
      .catch(() => [])
      .then(() => this.sell(providerPaymentId, details?.nonce, details?.deviceData));
    this.running.set(providerPaymentId, run);
    try {
      return await run;
    } finally {
      if (this.running.get(providerPaymentId) === run) this.running.delete(providerPaymentId);
    }
  }

  private async sell(
    attempt: string,
    nonce: string | undefined,
    deviceData: string | undefined,
  ): Promise<DecidedEvent[]> {
    const reference = attempt.slice(ORDER_PREFIX.length);
    const existing = await this.saleOf(reference);
    if (existing) return this.decided(attempt, existing);
    if (!nonce || !/^\d{1,18}$/.test(reference)) return [];
    const [record] = await this.db
      .select({
        amountMinor: paymentRecords.amountMinor,
        currency: paymentRecords.currency,
        status: paymentRecords.status,
      })
      .from(paymentRecords)
      .where(and(eq(paymentRecords.id, BigInt(reference)), eq(paymentRecords.providerPaymentId, attempt)));
    if (!record || record.status !== 'PAY_PENDING') return [];
    const account = this.accountOf(record.currency);
    const res = await this.gateway.transaction.sale({
      amount: fromMinor(record.amountMinor, record.currency as Currency),
      paymentMethodNonce: nonce,
      orderId: reference,
      ...(account ? { merchantAccountId: account } : {}),
      ...(deviceData ? { deviceData } : {}),
      options: { submitForSettlement: true },
    });
    if (res.transaction) return this.decided(attempt, res.transaction);
    // Refused before reaching the bank (the nonce or the amount): this attempt failed.
    const error = res.errors?.deepErrors?.()[0] as { code?: string } | undefined;
    return [
      {
        type: 'payment.failed',
        providerPaymentId: attempt,
        merchantReference: reference,
        reason: (error?.code && VALIDATION_REASONS[error.code]) || slug(res.message) || 'declined',
      },
    ];
  }

  /** The attempt's record takes the sale's transaction id; the sale's outcome follows. */
  private async decided(attempt: string, tx: Tx): Promise<DecidedEvent[]> {
    await this.swapId(attempt, tx.id);
    return this.eventsOf(tx);
  }

  /** The attempt's sale at Braintree: a live one first, else the latest declined one. */
  private async saleOf(reference: string): Promise<Tx | null> {
    const found = await new Promise<Tx[]>((resolve, reject) => {
      const out: Tx[] = [];
      const stream = this.gateway.transaction.search((s) => {
        s.orderId().is(reference);
      });
      stream.on('data', (tx: Tx) => out.push(tx));
      stream.on('end', () => resolve(out));
      stream.on('error', reject);
    });
    const sales = found.filter((tx) => tx.type === 'sale' && tx.orderId === reference);
    return (
      sales.find((tx) => LIVE.has(tx.status)) ??
      sales.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0] ??
      null
    );
  }

  private eventsOf(tx: Tx, eventId?: string): DecidedEvent[] {
    const ref = tx.orderId ? { merchantReference: tx.orderId } : {};
    if (SUCCEEDED.has(tx.status)) {
      let amountMinor: string;
      try {
        amountMinor = String(toMinor(tx.amount, tx.currencyIsoCode as Currency));
      } catch {
        amountMinor = '-1';
      }
      return [
        {
          type: 'payment.succeeded',
          providerPaymentId: tx.id,
          ...ref,
          amountMinor,
          currency: tx.currencyIsoCode,
          eventId: eventId ?? `${tx.id}:succeeded`,
        },
      ];
    }
    if (PENDING.has(tx.status)) return [{ type: 'payment.pending', providerPaymentId: tx.id, ...ref }];
    const reason =
      tx.status === 'processor_declined'
        ? slug(tx.processorResponseText) || 'card_declined'
        : tx.status === 'gateway_rejected'
          ? `gateway_rejected_${slug(tx.gatewayRejectionReason)}`
          : tx.status === 'voided'
            ? 'cancelled'
            : slug(tx.status);
    return [
      { type: 'payment.failed', providerPaymentId: tx.id, ...ref, reason, eventId: eventId ?? `${tx.id}:failed` },
    ];
  }

  /** Braintree's webhook: a form post of bt_signature and bt_payload, verified and parsed by the SDK. */
  async verifyWebhook(rawBody: string): Promise<VerifiedWebhook | null> {
    const form = new URLSearchParams(rawBody);
    const signature = form.get('bt_signature');
    const payload = form.get('bt_payload');
    if (!signature || !payload) return null;
    let n: braintree.WebhookNotification;
    try {
      n = await this.gateway.webhookNotification.parse(signature, payload);
    } catch {
      return null;
    }
    const tx = (n as { transaction?: Tx }).transaction;
    const subject =
      tx?.id ??
      (n as { dispute?: { id?: string } }).dispute?.id ??
      (n as { disbursement?: { id?: string } }).disbursement?.id ??
      String(n.timestamp);
    const eventId = `${n.kind}:${subject}`;
    if (!tx) return { eventId, event: null };
    switch (n.kind) {
      case 'transaction_settled': {
        if (tx.type !== 'sale') return { eventId, event: null };
        const { eventId: _, ...event } = this.eventsOf(tx, eventId)[0]!;
        return { eventId, event: event };
      }
      case 'transaction_settlement_declined':
        return {
          eventId,
          event:
            tx.type === 'sale'
              ? {
                  type: 'payment.failed',
                  providerPaymentId: tx.id,
                  ...(tx.orderId ? { merchantReference: tx.orderId } : {}),
                  reason: 'settlement_declined',
                }
              : null,
        };
      // Disbursed money and disputes are Braintree's books and the merchant's business: acknowledged only.
      default:
        return { eventId, event: null };
    }
  }

  /** The shop closed an attempt: a sale not yet in a settlement batch is voided (nothing is charged). */
  async cancel(providerPaymentId: string): Promise<void> {
    const tx = providerPaymentId.startsWith(ORDER_PREFIX)
      ? await this.saleOf(providerPaymentId.slice(ORDER_PREFIX.length))
      : await this.find(providerPaymentId);
    if (!tx || !VOIDABLE.has(tx.status)) return;
    // Refused: it went into a batch meanwhile; the shop refunds it if its webhook says it was paid.
    await this.gateway.transaction.void(tx.id);
  }

  private async find(id: string): Promise<Tx | null> {
    try {
      return await this.gateway.transaction.find(id);
    } catch (e) {
      if ((e as { type?: string }).type === 'notFoundError') return null;
      throw e;
    }
  }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    if (!input.providerPaymentId) return { status: 'failed', reason: 'payment_not_found' };
    const tx = input.providerPaymentId.startsWith(ORDER_PREFIX)
      ? await this.saleOf(input.providerPaymentId.slice(ORDER_PREFIX.length))
      : await this.find(input.providerPaymentId);
    if (!tx || tx.type !== 'sale') return { status: 'failed', reason: 'payment_not_found' };
    // The same refund asked again: Braintree already has a refund with this key as its orderId.
    for (const id of tx.refundIds ?? []) {
      const done = await this.find(id);
      if (done?.orderId === input.idempotencyKey && done.status !== 'voided')
        return { status: 'succeeded', providerRefundId: done.id };
    }
    // A voided sale charged nothing: whatever was to be refunded of it is back.
    if (tx.status === 'voided') return { status: 'succeeded', providerRefundId: `void:${tx.id}` };
    if (!SUCCEEDED.has(tx.status) && !PENDING.has(tx.status))
      return { status: 'failed', reason: 'payment_not_captured' };
    const amount = fromMinor(input.amountMinor, input.currency as Currency);
    if (VOIDABLE.has(tx.status)) {
      // Not settled yet: Braintree refunds only settled sales. All of it is voided instead (the
      // buyer is never charged); a part has to wait for the settlement (the refund job retries).
      if (toMinor(tx.amount, tx.currencyIsoCode as Currency) !== input.amountMinor)
        throw new Error(`Braintree sale ${tx.id} is not settled yet: a partial refund waits for its settlement`);
      const voided = await this.gateway.transaction.void(tx.id);
      if (voided.success) return { status: 'succeeded', providerRefundId: `void:${tx.id}` };
      // It went into a settlement batch meanwhile: refunded once settled.
      throw new Error(`Braintree sale ${tx.id} could not be voided (${voided.message}); refunded once settled`);
    }
    if (PENDING.has(tx.status)) throw new Error(`Braintree sale ${tx.id} is ${tx.status}: refunded once settled`);
    // The SDK's refund takes an options object (amount and orderId) as its second argument.
    const refund = this.gateway.transaction.refund.bind(this.gateway.transaction) as unknown as (
      id: string,
      options: { amount: string; orderId: string },
    ) => Promise<braintree.ValidatedResponse<Tx>>;
    const res = await refund(tx.id, { amount, orderId: input.idempotencyKey });
    if (res.success && res.transaction) return { status: 'succeeded', providerRefundId: res.transaction.id };
    const error = res.errors?.deepErrors?.()[0] as { code?: string } | undefined;
    return {
      status: 'failed',
      reason: error?.code ? `braintree_${error.code}` : slug(res.message) || 'refund_refused',
    };
  }
}
