/**
 * Adyen, through its official Node library (`@adyen/api-library`, Checkout API). Two channels:
 *
 * - ADYEN_PC: the Sessions flow. The shop creates a session (POST /sessions) for the payment
 *   record; the browser's Drop-in (`@adyen/adyen-web`, from checkoutshopper-*.adyen.com) takes
 *   cards with 3-D Secure and the methods Adyen names `applepay`, `googlepay`/`paywithgoogle` and
 *   `afterpaytouch` with the session id and data. A payment that needed a redirect or 3-D Secure
 *   is finished by SPEC §7 adyenDetails (POST /payments/details).
 * - ADYEN_LINK: Pay by Link. The shop creates a link (POST /paymentLinks) and sends the buyer to
 *   its hosted page; the result comes by notification or by reading the link back.
 *
 * Results arrive as standard notifications, verified with Adyen's HMAC (the library's
 * hmacValidator over pspReference:originalReference:merchantAccountCode:merchantReference:
 * value:currency:eventCode:success, hex key). The event id is pspReference:eventCode:success, so
 * Adyen's redeliveries and the same decision read by the shop (a session result, a details
 * answer) are applied once.
 *
 * The shop keeps the session or link id on its payment record (what it knows at start); Adyen's
 * pspReference of the money comes with AUTHORISATION and is stored with that event
 * (providerChargeId). Refunds (POST /payments/{pspReference}/refunds, with an Idempotency-Key)
 * find it there; their outcome comes by REFUND notification, so they answer "pending" first.
 *
 * Amounts are in minor units, which for Adyen are the shop's (x100, x1 for JPY): unchanged.
 */
import { and, eq, sql } from 'drizzle-orm';
// The library is CommonJS whose exports Node's ESM loader cannot list: its values come from the default export.
import adyenLibrary, { type Config, type Types } from '@adyen/api-library';
import { ERROR_CODES } from '@mall/contracts';
import type { Db } from '../../../db/client.js';
import { webhookEvents } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import type {
  AuthorityAnswer,
  AuthorityInput,
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

export interface AdyenConfig {
  apiKey: string;
  merchantAccount: string;
  /** Public: the Drop-in authenticates with it in the browser. */
  clientKey: string;
  /** The HMAC key of the shop's standard-notification webhook (hex, as the Customer Area shows it). */
  hmacKey: string;
  /**
   * Where the Checkout API is: unset, Adyen's test platform; a live account's
   * https://<prefix>-checkout-live.adyenpayments.com/checkout; a local emulator in tests.
   */
  checkoutBase?: string;
  /** Where buyers reach the shop: return URLs are absolute. */
  publicUrl: string;
}

const { CheckoutAPI, Client, EnvironmentEnum, HttpClientException, HttpURLConnectionClient, hmacValidator } =
  adyenLibrary;
type CheckoutAPI = InstanceType<typeof CheckoutAPI>;
type HttpClientException = InstanceType<typeof HttpClientException>;
type HttpURLConnectionClient = InstanceType<typeof HttpURLConnectionClient>;

export const ADYEN_PC = 'ADYEN_PC';
export const ADYEN_LINK = 'ADYEN_LINK';
/**
 * ADYEN_PC: the method the buyer chose in the shop's list is the one the Drop-in shows (Adyen's
 * names; Google Pay has two). Any other choice (a wallet, none) leaves Adyen's full list.
 */
const ALLOWED_METHODS: Record<string, string[]> = {
  scheme: ['scheme'],
  card: ['scheme'],
  applepay: ['applepay'],
  googlepay: ['googlepay', 'paywithgoogle'],
  paywithgoogle: ['googlepay', 'paywithgoogle'],
  afterpaytouch: ['afterpaytouch'],
};
/** The base the library builds its Checkout URLs on (test platform). */
const SDK_TEST_ORIGIN = 'https://checkout-test.adyen.com';

type RequestOptions = Parameters<HttpURLConnectionClient['request']>[4];
type HttpClient = NonNullable<ConstructorParameters<typeof Client>[1]>;

/**
 * Sends the library's requests to ADYEN_CHECKOUT_BASE. The library takes an HTTP client
 * (Client's second argument, its published extension point) and builds every Checkout URL on
 * checkout-test.adyen.com; this client moves the URL to the configured base and lets the
 * library's own client send it. Its client speaks https only, so a plain-http base (a local
 * emulator) is sent with fetch, with the same headers and the same errors the library raises
 * (HttpClientException carrying Adyen's {status, errorCode, message, errorType}).
 */
class CheckoutBaseClient implements HttpClient {
  private readonly sdk = new HttpURLConnectionClient();
  constructor(private readonly base: string) {}

  async request(
    endpoint: string,
    json: string | Buffer,
    config: Config,
    isApiKeyRequired: boolean,
    requestOptions: RequestOptions = {},
  ): Promise<string> {
    const target = endpoint.startsWith(SDK_TEST_ORIGIN) ? this.base + endpoint.slice(SDK_TEST_ORIGIN.length) : endpoint;
    if (!target.startsWith('http:')) return this.sdk.request(target, json, config, isApiKeyRequired, requestOptions);
    const url = new URL(target);
    if (requestOptions.params)
      url.search = new URLSearchParams(requestOptions.params as Record<string, string>).toString();
    const method = requestOptions.method ?? 'POST';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-api-key': config.apiKey ?? '',
      'accept-charset': 'utf-8',
    };
    if (requestOptions.idempotencyKey) headers['idempotency-key'] = requestOptions.idempotencyKey;
    const res = await fetch(url, {
      method,
      headers,
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { body: typeof json === 'string' ? json : new Uint8Array(json) }),
      signal: AbortSignal.timeout(config.connectionTimeoutMillis || 30_000),
    });
    const body = await res.text();
    if (res.ok) return body;
    type ErrorAnswer = { status?: number; errorCode?: string; message?: string };
    let apiError: ErrorAnswer | null = null;
    try {
      apiError = JSON.parse(body) as ErrorAnswer | null;
    } catch {
      /* not Adyen's error shape */
    }
    if (apiError && typeof apiError.status === 'number') {
      throw new HttpClientException({
        message: `HTTP Exception: ${apiError.status}. ${res.statusText}: ${apiError.message}`,
        statusCode: apiError.status,
        errorCode: apiError.errorCode,
        responseBody: body,
        apiError: apiError,
      });
    }
    throw new HttpClientException({
      message: `HTTP Exception: ${res.status}. ${res.statusText}`,
      statusCode: res.status,
      responseBody: body,
    });
  }
}

/** Adyen answered and refused the request itself (validation, configuration): asking again changes nothing. */
const isRefusal = (e: unknown): e is HttpClientException =>
  e instanceof HttpClientException &&
  e.statusCode >= 400 &&
  e.statusCode < 500 &&
  ![401, 408, 429].includes(e.statusCode);
const codeOf = (e: HttpClientException) => e.errorCode ?? `HTTP_${e.statusCode}`;

/**
 * Adyen's refusal reasons (its documented refusalReason texts) in the codes the shop already has
 * sentences for (the pay-result page shows failedReason); others are kept as a code of their own.
 */
const REFUSALS: [RegExp, string][] = [
  [
    /^(refused|declined|declined non generic|not submitted|blocked card|fraud|fraud-cancelled|restricted card|transaction not permitted)$/i,
    'card_declined',
  ],
  [/not enough balance/i, 'insufficient_funds'],
  [/^(3d not authenticated|shopper cancelled|authentication required)$/i, 'authentication_failed'],
  [/^expired card$/i, 'expired_card'],
  [/^(cvc declined|invalid cvc)$/i, 'incorrect_cvc'],
  [/^invalid card number$/i, 'incorrect_number'],
  [/^withdrawal (amount|count) exceeded$/i, 'card_velocity_exceeded'],
  [/^(issuer unavailable|acquirer error|error)$/i, 'issuer_not_available'],
  [/cancel/i, 'cancelled'],
];
function reasonOf(refusal: string | undefined): string {
  const r = (refusal ?? '').trim();
  if (!r) return 'card_declined';
  const known = REFUSALS.find(([pattern]) => pattern.test(r));
  if (known) return known[1];
  return (
    r
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 60) || 'declined'
  );
}

/** The event id of one of Adyen's decisions, whether a notification brought it or the shop read it. */
const eventIdOf = (pspReference: string, eventCode: string, success: boolean) =>
  `${pspReference}:${eventCode}:${success}`;

export class AdyenProvider implements PaymentProvider {
  readonly name = 'adyen';
  readonly channels: readonly ChannelOffer[];
  private readonly checkout: CheckoutAPI;
  private readonly hmac = new hmacValidator();
  private readonly live: boolean;

  constructor(
    private readonly config: AdyenConfig,
    private readonly db: Db,
  ) {
    const base = config.checkoutBase?.replace(/\/+$/, '');
    this.live = !!base && /-checkout-live\.adyenpayments\.com$/.test(new URL(base).hostname);
    const client = new Client(
      {
        apiKey: config.apiKey,
        environment: this.live ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
        connectionTimeoutMillis: 30_000,
        applicationName: 'mall',
      },
      base && !this.live ? new CheckoutBaseClient(base) : undefined,
    );
    if (base && this.live)
      client.config.liveEndpointUrlPrefix = new URL(base).hostname.replace(/-checkout-live\.adyenpayments\.com$/, '');
    this.checkout = new CheckoutAPI(client);
    const local = base && !this.live ? new URL(base).host : null;
    const rules = {
      anonymous: true,
      payLater: false,
      enterpriseCredit: false,
      currencies: 'ANY' as const,
      savedCards: false,
      needsDevice: null,
    };
    const environment = this.live ? 'live' : 'test';
    this.channels = [
      {
        channelName: ADYEN_PC,
        paymentMethods: [
          { type: 'scheme', name: 'Card' },
          { type: 'applepay', name: 'Apple Pay' },
          { type: 'googlepay', name: 'Google Pay' },
          { type: 'afterpaytouch', name: 'Afterpay' },
        ],
        // Apple Pay is offered only when the browser reports it can pay with it (SPEC §4).
        configMap: { clientKey: config.clientKey, environment, deviceMethods: 'applepay' },
        // The Drop-in itself runs in the page; its redirects go to the issuer's 3-D Secure page.
        redirectHosts: local ? [local] : [`checkoutshopper-${environment}.adyen.com`],
        rules,
      },
      {
        channelName: ADYEN_LINK,
        paymentMethods: [{ type: 'paybylink', name: 'Pay by Link' }],
        configMap: {},
        redirectHosts: local
          ? [local]
          : this.live
            ? ['eu.adyen.link', 'us.adyen.link', 'au.adyen.link', 'apse.adyen.link']
            : ['test.adyen.link'],
        rules,
      },
    ];
  }

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}${path}`;
  }

  private static amount(minor: bigint, currency: string): Types.checkout.Amount {
    if (minor <= 0n || minor > BigInt(Number.MAX_SAFE_INTEGER))
      throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be paid with this payment method');
    return { currency, value: Number(minor) };
  }

  /** Start refused by Adyen (amount, currency, account settings) or Adyen out of reach. */
  private static startError(e: unknown): never {
    if (isRefusal(e))
      throw new AppError(400, ERROR_CODES.channelUnavailable, `Adyen cannot take this payment (${codeOf(e)})`);
    if (e instanceof AppError) throw e;
    throw new AppError(
      503,
      ERROR_CODES.channelUnavailable,
      'The payment service cannot be reached, please try again later',
    );
  }

  private static locale(language: string): string {
    return language.replace('_', '-');
  }

  async start(input: StartInput): Promise<StartAnswer> {
    const amount = AdyenProvider.amount(input.amountMinor, input.currency);
    try {
      if (input.channel === ADYEN_LINK) {
        const link = await this.checkout.PaymentLinksApi.paymentLinks(
          {
            amount,
            merchantAccount: this.config.merchantAccount,
            reference: input.merchantReference,
            returnUrl: this.url(input.returnPath),
            description: `Order ${input.merchantReference}`,
            shopperLocale: AdyenProvider.locale(input.language),
            ...(input.payer.email ? { shopperEmail: input.payer.email } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { providerPaymentId: link.id, redirectUrl: link.url };
      }
      const session = await this.createSession(
        amount,
        input.merchantReference,
        input.returnPath,
        input.language,
        undefined,
        input.idempotencyKey,
        input.payer.email,
        ALLOWED_METHODS[input.payMethod ?? ''],
      );
      return {
        providerPaymentId: session.id,
        redirectUrl: '',
        clientSession: {
          sessionId: session.id,
          sessionData: session.sessionData ?? '',
          clientKey: this.config.clientKey,
          environment: this.live ? 'live' : 'test',
        },
      };
    } catch (e) {
      return AdyenProvider.startError(e);
    }
  }

  private createSession(
    amount: Types.checkout.Amount,
    reference: string,
    returnPath: string,
    language: string,
    countryCode: string | undefined,
    idempotencyKey: string,
    email?: string | null,
    allowed?: string[],
  ) {
    return this.checkout.PaymentsApi.sessions(
      {
        amount,
        merchantAccount: this.config.merchantAccount,
        reference,
        returnUrl: this.url(returnPath),
        shopperLocale: AdyenProvider.locale(language),
        ...(countryCode ? { countryCode } : {}),
        ...(email ? { shopperEmail: email } : {}),
        ...(allowed ? { allowedPaymentMethods: allowed } : {}),
      },
      { idempotencyKey },
    );
  }

  async authority(input: AuthorityInput): Promise<AuthorityAnswer> {
    const amount = AdyenProvider.amount(input.amountMinor, input.currency);
    try {
      const session = await this.createSession(
        amount,
        input.reference,
        input.returnPath,
        input.language,
        input.countryCode,
        `authority-${input.reference}`,
      );
      return {
        redirectInfo: {
          sessionData: session.sessionData ?? '',
          sessionId: session.id,
          clientKey: this.config.clientKey,
          enviroment: this.live ? 'live' : 'test',
        },
      };
    } catch (e) {
      return AdyenProvider.startError(e);
    }
  }

  /**
   * What Adyen has decided: a link read back, or a session's result (only with the
   * `sessionResult` the Drop-in was given: Adyen answers nothing without it; the notification
   * decides then).
   */
  async confirm(providerPaymentId: string, details?: Record<string, string>): Promise<DecidedEvent[]> {
    if (providerPaymentId.startsWith('PL')) return this.linkEvents(providerPaymentId);
    const sessionResult = details?.sessionResult;
    if (!sessionResult) return [];
    let result: Awaited<ReturnType<typeof this.checkout.PaymentsApi.getResultOfPaymentSession>>;
    try {
      result = await this.checkout.PaymentsApi.getResultOfPaymentSession(providerPaymentId, sessionResult);
    } catch (e) {
      // Adyen refuses a sessionResult that is not this session's (the page's query can be edited): the notification decides.
      if (isRefusal(e)) return [];
      throw e;
    }
    const ref = result.reference ? { merchantReference: result.reference } : {};
    const paid = result.payments?.find((p) => p.resultCode === 'Authorised');
    switch (result.status) {
      case 'completed':
        if (!paid?.pspReference || !paid.amount) return [];
        return [
          {
            type: 'payment.succeeded',
            providerPaymentId,
            ...ref,
            amountMinor: String(paid.amount.value),
            currency: paid.amount.currency,
            providerChargeId: paid.pspReference,
            eventId: eventIdOf(paid.pspReference, 'AUTHORISATION', true),
          },
        ];
      case 'paymentPending':
        return [{ type: 'payment.pending', providerPaymentId, ...ref }];
      case 'refused':
        return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'card_declined' }];
      case 'canceled':
        return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'cancelled' }];
      case 'expired':
        return [{ type: 'payment.failed', providerPaymentId, ...ref, reason: 'expired' }];
      default:
        return [];
    }
  }

  private async linkEvents(linkId: string): Promise<ProviderEvent[]> {
    const link = await this.checkout.PaymentLinksApi.getPaymentLink(linkId);
    const ref = { merchantReference: link.reference };
    switch (link.status) {
      case 'completed':
      case 'paid':
        return [
          {
            type: 'payment.succeeded',
            providerPaymentId: linkId,
            ...ref,
            amountMinor: String(link.amount.value),
            currency: link.amount.currency,
          },
        ];
      case 'paymentPending':
        return [{ type: 'payment.pending', providerPaymentId: linkId, ...ref }];
      case 'expired':
        return [{ type: 'payment.failed', providerPaymentId: linkId, ...ref, reason: 'expired' }];
      // Active: the buyer has not paid (a refused card leaves it active; its notification says so).
      default:
        return [];
    }
  }

  /** SPEC §7 adyenDetails: POST /payments/details with what the redirect or 3-D Secure brought back. */
  async paymentDetails(input: {
    details: Record<string, string>;
    paymentData?: string;
  }): Promise<{ merchantReference: string | null; events: DecidedEvent[] }> {
    let answer: Types.checkout.PaymentDetailsResponse;
    try {
      answer = await this.checkout.PaymentsApi.paymentsDetails({
        details: input.details,
        ...(input.paymentData ? { paymentData: input.paymentData } : {}),
      });
    } catch (e) {
      if (isRefusal(e))
        throw new AppError(400, ERROR_CODES.channelUnavailable, `Adyen could not finish this payment (${codeOf(e)})`);
      throw new AppError(
        503,
        ERROR_CODES.channelUnavailable,
        'The payment service cannot be reached, please try again later',
      );
    }
    const psp = answer.pspReference;
    const merchantReference = answer.merchantReference ?? null;
    if (!psp) return { merchantReference, events: [] };
    const ref = merchantReference ? { merchantReference } : {};
    switch (answer.resultCode) {
      case 'Authorised':
        if (!answer.amount) return { merchantReference, events: [] };
        return {
          merchantReference,
          events: [
            {
              type: 'payment.succeeded',
              providerPaymentId: psp,
              ...ref,
              amountMinor: String(answer.amount.value),
              currency: answer.amount.currency,
              providerChargeId: psp,
              eventId: eventIdOf(psp, 'AUTHORISATION', true),
            },
          ],
        };
      case 'Refused':
      case 'Cancelled':
      case 'Error':
        return {
          merchantReference,
          events: [
            {
              type: 'payment.failed',
              providerPaymentId: psp,
              ...ref,
              reason: answer.resultCode === 'Cancelled' ? 'cancelled' : reasonOf(answer.refusalReason),
              eventId: eventIdOf(psp, 'AUTHORISATION', false),
            },
          ],
        };
      case 'Pending':
      case 'Received':
        return { merchantReference, events: [{ type: 'payment.pending', providerPaymentId: psp, ...ref }] };
      default:
        return { merchantReference, events: [] };
    }
  }

  /**
   * A standard notification (JSON, one NotificationRequestItem, as Adyen sends them): genuine
   * when its HMAC signature is right and it is for the shop's merchant account.
   */
  async verifyWebhook(rawBody: string): Promise<VerifiedWebhook | null> {
    let body: { notificationItems?: { NotificationRequestItem?: Types.notification.NotificationRequestItem }[] };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return null;
    }
    const items = Array.isArray(body?.notificationItems) ? body.notificationItems : [];
    const item = items.length === 1 ? items[0]!.NotificationRequestItem : undefined;
    if (!item || typeof item.pspReference !== 'string' || !item.amount || typeof item.eventCode !== 'string')
      return null;
    let valid = false;
    try {
      valid = this.hmac.validateHMAC(item, this.config.hmacKey);
    } catch {
      valid = false;
    }
    if (!valid || item.merchantAccountCode !== this.config.merchantAccount) return null;
    const success = String(item.success) === 'true';
    return { eventId: eventIdOf(item.pspReference, item.eventCode, success), event: this.eventOf(item, success) };
  }

  private eventOf(item: Types.notification.NotificationRequestItem, success: boolean): ProviderEvent | null {
    const extra = item.additionalData ?? {};
    const merchantReference = item.merchantReference || undefined;
    const ref = merchantReference ? { merchantReference } : {};
    switch (String(item.eventCode)) {
      case 'AUTHORISATION': {
        // The shop knows the payment by the link or session it was made in.
        const providerPaymentId = extra.paymentLinkId ?? extra.checkoutSessionId ?? item.pspReference;
        if (!success) return { type: 'payment.failed', providerPaymentId, ...ref, reason: reasonOf(item.reason) };
        return {
          type: 'payment.succeeded',
          providerPaymentId,
          ...ref,
          amountMinor: String(item.amount.value),
          currency: String(item.amount.currency),
          providerChargeId: item.pspReference,
        };
      }
      // The refund's reference is the shop's idempotency key of the refund.
      case 'REFUND':
        return success
          ? {
              type: 'refund.succeeded',
              providerRefundId: item.pspReference,
              ...(merchantReference ? { refundKey: merchantReference } : {}),
            }
          : {
              type: 'refund.failed',
              providerRefundId: item.pspReference,
              ...(merchantReference ? { refundKey: merchantReference } : {}),
              reason: reasonOf(item.reason),
            };
      case 'REFUND_FAILED':
      case 'REFUNDED_REVERSED':
        return {
          type: 'refund.failed',
          providerRefundId: item.pspReference,
          ...(merchantReference ? { refundKey: merchantReference } : {}),
          reason: String(item.eventCode).toLowerCase(),
        };
      // Payments are captured at once (the account's default capture): CAPTURE repeats what
      // AUTHORISATION said. CANCELLATION answers the shop's own cancel of an attempt it closed.
      default:
        return null;
    }
  }

  /** Adyen's pspReference of the money paid in a link or session, as its AUTHORISATION brought it. */
  private async chargeOf(providerPaymentId: string): Promise<string | null> {
    if (!/^(PL|CS)/.test(providerPaymentId)) return providerPaymentId;
    const [row] = await this.db
      .select({ charge: sql<string | null>`${webhookEvents.payload}->>'providerChargeId'` })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.provider, this.name),
          sql`${webhookEvents.payload}->>'type' = 'payment.succeeded'`,
          sql`${webhookEvents.payload}->>'providerPaymentId' = ${providerPaymentId}`,
          sql`${webhookEvents.payload}->>'providerChargeId' IS NOT NULL`,
        ),
      )
      .limit(1);
    return row?.charge ?? null;
  }

  /**
   * The shop gave up on an attempt: a link is expired so nothing more can be paid on it. A
   * session cannot be stopped through the API (it expires); money paid in it anyway is refunded
   * by the shop when its notification comes.
   */
  async cancel(providerPaymentId: string): Promise<void> {
    if (!providerPaymentId.startsWith('PL')) return;
    try {
      await this.checkout.PaymentLinksApi.updatePaymentLink(providerPaymentId, {
        status: 'expired' as Types.checkout.UpdatePaymentLinkRequest.StatusEnum,
      });
    } catch (e) {
      // Already paid or expired: nothing is left to stop.
      if (!isRefusal(e)) throw e;
    }
  }

  async refund(input: RefundInput): Promise<RefundAnswer> {
    if (!input.providerPaymentId) return { status: 'failed', reason: 'payment_not_found' };
    const psp = await this.chargeOf(input.providerPaymentId);
    if (!psp) {
      // Paid (the link says so) but its AUTHORISATION has not reached the shop yet: the job retries.
      throw new Error(`Adyen's pspReference of ${input.providerPaymentId} is not known yet`);
    }
    try {
      const r = await this.checkout.ModificationsApi.refundCapturedPayment(
        psp,
        {
          amount: AdyenProvider.amount(input.amountMinor, input.currency),
          merchantAccount: this.config.merchantAccount,
          reference: input.idempotencyKey,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // "received": the bank decides; the REFUND notification settles it.
      return { status: 'pending', providerRefundId: r.pspReference };
    } catch (e) {
      if (isRefusal(e)) return { status: 'failed', reason: codeOf(e) };
      throw e;
    }
  }
}
