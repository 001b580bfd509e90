/**
 * The one interface every payment channel sits behind (SPEC §4 "Payment start", "Payment
 * polling", "Card save"; §7 Payment; §9 channels). The shop starts, confirms, refunds, saves
 * cards and reads webhooks only through a PaymentProvider; what differs between providers
 * (redirects, widgets, signatures, capture) stays inside its module in this folder.
 *
 * Every method is called outside the shop's database transactions: a provider may take
 * seconds to answer and the shop must not hold locks meanwhile.
 */
import type { Currency } from '@mall/contracts';

/**
 * What a provider decided, in the shop's words. A webhook, a return from a redirect and a poll
 * all produce these; the shop applies each to the payment record once (a record moves only
 * through its transition table, so a second "succeeded" for one payment changes nothing).
 */
export type ProviderEvent =
  | {
      type: 'payment.succeeded';
      /** The provider's id of the payment as the shop stored it at start (providerPaymentId). */
      providerPaymentId: string;
      /** The shop's payment record id, when the provider echoes it back (metadata, custom_id). */
      merchantReference?: string;
      /** Minor units as a decimal string (SPEC §9: x100, x1 for JPY); checked against the record. */
      amountMinor: string;
      currency: string;
      /**
       * The provider's own id of the money when the shop keeps another id for the attempt (Adyen:
       * the pspReference of a payment made in a session or on a payment link). Stored with the
       * event, so the provider finds it again for refunds.
       */
      providerChargeId?: string;
    }
  | { type: 'payment.failed'; providerPaymentId: string; merchantReference?: string; reason: string }
  /** Still being processed (bank transfer, review): the record stays pending. */
  | { type: 'payment.pending'; providerPaymentId: string; merchantReference?: string }
  /**
   * A refund's outcome. `refundKey` is the shop's idempotency key when the provider echoes it
   * (metadata); otherwise the refund is found by `providerRefundId`.
   */
  | { type: 'refund.succeeded'; refundKey?: string; providerRefundId: string }
  | { type: 'refund.failed'; refundKey?: string; providerRefundId: string; reason: string }
  /** A saved card became usable: `cardId` is the shop's card id given at createSetup. */
  | { type: 'setup.succeeded'; setupId: string; cardId: string; token: string; cardTail?: string; brand?: string }
  | { type: 'setup.failed'; setupId: string; cardId: string; reason: string };

/**
 * A decision read from the provider outside a webhook (confirm, setupStatus). When it is one of
 * the provider's stored events, its id is given, so the webhook that brings it later is a replay.
 */
export type DecidedEvent = ProviderEvent & { eventId?: string };

/** A verified webhook: the provider's own event id (stored once) and what it means, if anything. */
export interface VerifiedWebhook {
  eventId: string;
  /** null: a genuine event the shop does not act on (acknowledged and ignored). */
  event: ProviderEvent | null;
}

/** What the browser is told about a channel (PayChannel of the contracts) plus the rules the shop filters by. */
export interface ChannelOffer {
  channelName: string;
  paymentMethods: { type: string; name: string }[];
  /** Public configuration for the browser (publishable key, client id, embedded flag); never a secret. */
  configMap: Record<string, string>;
  /** Hosts of the provider's own pages the shop may send the buyer to (hosted checkout, approval). */
  redirectHosts: string[];
  rules: ChannelRules;
}

export interface ChannelRules {
  /** Guests (tourist sessions) may use it. */
  anonymous: boolean;
  /** A pay-later channel: removed when the order is paid with points (SPEC §4). */
  payLater: boolean;
  /** Payment terms on enterprise credit: offered only to enterprise accounts with credit (SPEC §6). */
  enterpriseCredit: boolean;
  /** Currencies it can charge; 'ANY' when the provider takes all the sites' currencies. */
  currencies: readonly Currency[] | 'ANY';
  /** Registered buyers may pay with a card saved with this provider. */
  savedCards: boolean;
  /** Shown only when the browser reports the capability (Apple Pay, Google Pay). */
  needsDevice: 'wallet' | null;
}

/** Who pays and with what, as the shop checked it before starting. */
export interface StartInput {
  channel: string;
  payMethod?: string;
  /** The shop's payment record id: the provider echoes it back where it can. */
  merchantReference: string;
  amountMinor: bigint;
  currency: Currency;
  /** Path of the shop's pay-result page for this attempt (providers that need an absolute URL prefix their public URL). */
  returnPath: string;
  /** Path the buyer comes back to when they cancel on the provider's page. */
  cancelPath: string;
  payer: { id: bigint; email: string | null; isEnterpriseMain: boolean };
  /** A saved card of this provider, charged off-session. */
  savedCard?: { token: string; customerRef: string | null };
  language: string;
  siteCode: string;
  /** Idempotency key of the start call: a retried start never creates a second payment at the provider. */
  idempotencyKey: string;
}

export interface StartAnswer {
  providerPaymentId: string;
  /** Where the buyer's browser goes next: the provider's hosted page, or the shop's result page. */
  redirectUrl: string;
  /** For an embedded widget: what the browser needs to finish the payment (client secret, order id). */
  clientSession?: Record<string, string> | null;
  /** What the provider already decided during start (payment terms; a saved card charged at once). */
  events?: ProviderEvent[];
}

export interface RefundInput {
  /** The same key always means the same refund: the provider refunds it at most once. */
  idempotencyKey: string;
  providerPaymentId: string | null;
  /** Who paid (payment terms give the credit back to this account). */
  payerId: bigint;
  amountMinor: bigint;
  currency: string;
}
export type RefundAnswer =
  | { status: 'succeeded'; providerRefundId: string }
  | { status: 'pending'; providerRefundId: string }
  | { status: 'failed'; reason: string };

/** A rule a channel checks before a payment starts (payment terms: enterprise account, credit, proof of invoice). */
export interface AdmitInput {
  payer: { id: bigint; userType: string; enterpriseId: bigint | null; isEnterpriseMain: boolean };
  amountMinor: bigint;
  currency: Currency;
  proofUrl?: string;
}

export interface CardSetup {
  setupId: string;
  /** What the browser's card form confirms the setup with (never the card data itself). */
  clientSecret: string;
  /** The provider's customer the card is saved to, when it has customers. */
  customerRef: string | null;
  /** Public data the card form needs (publishable key). */
  configMap: Record<string, string>;
}

export interface PaymentProvider {
  /** Path segment of its webhook route: POST /api/payments/webhooks/<name>. */
  readonly name: string;
  /** The channels it offers, in no particular order (the site table orders them). */
  readonly channels: readonly ChannelOffer[];

  /** Refuses (AppError) a payment this channel cannot take from this payer; no provider call. */
  admit?(input: AdmitInput): Promise<void>;
  start(input: StartInput): Promise<StartAnswer>;
  /**
   * What the provider has decided about a payment, asked by the shop (the buyer is back from a
   * redirect, or a widget finished; `details` are what the return carried). A provider whose
   * payments need a capture after approval captures here, idempotently.
   */
  confirm(providerPaymentId: string, details?: Record<string, string>): Promise<DecidedEvent[]>;
  /**
   * SPEC §7 /api/payments/v1/sessions: the pay-later provider's session of a started attempt for
   * the browser's widget (Klarna: the Payments session's client_token). Present on providers that have one.
   */
  payLaterSession?(
    providerPaymentId: string,
  ): Promise<{ clientToken: string; sessionId: string; categories: { identifier: string; name: string }[] }>;
  /** Verifies a webhook (signature over the raw body); null when it is not genuine. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedWebhook | null>;
  /** The shop gave up on a payment: it can no longer be approved (void an authorisation). */
  cancel(providerPaymentId: string): Promise<void>;
  /** Gives money back. Throws when the provider cannot be reached (the refund job retries). */
  refund(input: RefundInput): Promise<RefundAnswer>;

  /** Card save: a setup the browser's card form confirms; present when a channel has savedCards. */
  createSetup?(input: {
    cardId: string;
    buyerId: bigint;
    email: string | null;
    customerRef: string | null;
  }): Promise<CardSetup>;
  /** The setup's outcome when the shop asks (the card poll); the same events a webhook brings. */
  setupStatus?(setupId: string): Promise<DecidedEvent[]>;
  /** A saved card removed: its token stops working at the provider. */
  detachCard?(token: string): Promise<void>;

  /**
   * SPEC §7 authority: what the browser's embedded widget needs before a payment (Adyen's
   * Drop-in session; Braintree's client token). Present on the providers that have one.
   */
  authority?(input: AuthorityInput): Promise<AuthorityAnswer>;
  /**
   * SPEC §7 adyenDetails: finishes a payment that needed a redirect or 3-D Secure with what the
   * browser brought back. The events name the payment by the provider's charge id; the shop
   * finds its record by `merchantReference` (as the provider answered it, never the browser).
   */
  paymentDetails?(input: {
    details: Record<string, string>;
    paymentData?: string;
  }): Promise<{ merchantReference: string | null; events: DecidedEvent[] }>;
}

export interface AuthorityInput {
  channel: string;
  amountMinor: bigint;
  currency: Currency;
  countryCode?: string;
  language: string;
  siteCode: string;
  /** The shop's reference of the session (no payment record yet). */
  reference: string;
  /** Path the widget's redirects come back to. */
  returnPath: string;
}
export interface AuthorityAnswer {
  redirectInfo?: { sessionData: string; sessionId: string; clientKey: string; enviroment: string };
  channelToken?: string;
}
