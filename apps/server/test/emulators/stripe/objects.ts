/**
 * Stripe's API objects as the emulator renders them: every field today's API returns (the set of
 * fields of stripe/openapi's fixtures3.json), with the values a test-mode account would show.
 * shapes.test.ts checks them against Stripe's published schemas so they cannot drift.
 */
import crypto from 'node:crypto';
import type Stripe from 'stripe';

export type Obj = Record<string, unknown>;

/**
 * The installed SDK's types are the newest description of each object: the typecheck fails when
 * an object here lacks a field the API version the SDK sends returns (or has one of a wrong type).
 */
function typed<T>(o: T): Obj {
  return o as unknown as Obj;
}
const md = (m: Obj) => m as Stripe.Metadata;

/** The API version the installed SDK sends (Stripe-Version): events are rendered at it. */
export const API_VERSION = '2026-10-28.endive';

export const now = () => Math.floor(Date.now() / 1000);

/** Stripe ids: a prefix, then 24 characters; Checkout Sessions in test mode are cs_test_... */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
}

export function clientSecret(id: string): string {
  return `${id}_secret_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 25)}`;
}

const emptyAddress = () => ({ city: null, country: null, line1: null, line2: null, postal_code: null, state: null });
const billingDetails = (email: string | null = null) => ({
  address: emptyAddress(),
  email,
  name: null,
  phone: null,
  tax_id: null,
});

/**
 * The test cards and payment methods Stripe documents (docs "Testing"): a card number and its
 * pm_card_* shortcut behave the same way.
 */
export interface TestCard {
  number: string;
  brand: string;
  outcome: 'succeed' | 'decline' | 'authenticate';
  declineCode?: string;
  message?: string;
  /** Saving it works; charging it later is declined. */
  savesThenDeclines?: boolean;
}
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { number: '4242424242424242', brand: 'visa', outcome: 'succeed' },
  pm_card_mastercard: { number: '5555555555554444', brand: 'mastercard', outcome: 'succeed' },
  pm_card_amex: { number: '378282246310005', brand: 'amex', outcome: 'succeed' },
  pm_card_jcb: { number: '3566002020360505', brand: 'jcb', outcome: 'succeed' },
  pm_card_chargeDeclined: {
    number: '4000000000000002',
    brand: 'visa',
    outcome: 'decline',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'decline',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: {
    number: '4000000000000069',
    brand: 'visa',
    outcome: 'decline',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  pm_card_chargeCustomerFail: {
    number: '4000000000000341',
    brand: 'visa',
    outcome: 'decline',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    savesThenDeclines: true,
  },
  // Requires authentication on every payment, however it was set up.
  pm_card_threeDSecure2Required: { number: '4000002760003184', brand: 'visa', outcome: 'authenticate' },
};
export function cardByNumber(number: string): [string, TestCard] | undefined {
  const digits = number.replace(/\D/g, '');
  return Object.entries(TEST_CARDS).find(([, c]) => c.number === digits);
}
/** A SEPA Direct Debit IBAN Stripe documents: the payment stays processing, then succeeds. */
export const TEST_IBAN_PROCESSING = 'DE89370400440532013000';

export function list(data: Obj[], url: string): Obj {
  return { object: 'list', data, has_more: false, url };
}

export function customer(input: {
  email: string | null;
  name: string | null;
  metadata: Obj;
  description: string | null;
}): Obj {
  const id = newId('cus');
  return typed<Stripe.Customer>({
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: crypto.randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: md(input.metadata),
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
}

export function cardPaymentMethod(card: TestCard, customerId: string | null): Obj {
  const last4 = card.number.slice(-4);
  return typed<Stripe.PaymentMethod>({
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(),
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      fingerprint: crypto.createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4,
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
      regulated_status: 'unregulated',
    },
    created: now(),
    customer: customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  });
}

export function sepaPaymentMethod(iban: string): Obj {
  return typed<Stripe.PaymentMethod>({
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(),
    sepa_debit: {
      bank_code: iban.slice(4, 12),
      branch_code: '',
      country: iban.slice(0, 2),
      fingerprint: crypto.createHash('sha256').update(iban).digest('base64url').slice(0, 16),
      generated_from: { charge: null, setup_attempt: null },
      last4: iban.slice(-4),
    },
    created: now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'sepa_debit',
  });
}

export function paymentIntent(input: {
  amount: number;
  currency: string;
  metadata: Obj;
  customer: string | null;
  description: string | null;
  receiptEmail: string | null;
  paymentMethodTypes: string[];
  automatic: boolean;
  setupFutureUsage: string | null;
  captureMethod: string;
}): Obj {
  const id = newId('pi');
  return typed<Stripe.PaymentIntent>({
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: md(input.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: input.automatic ? { id: 'pmc_emulator_default', parent: null } : null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: input.paymentMethodTypes,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    payment_record: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
}

export function charge(
  intent: Obj,
  method: Obj,
  outcome: { paid: boolean; failureCode?: string; declineCode?: string; message?: string },
): Obj {
  const id = newId('ch');
  const pi = intent as unknown as Stripe.PaymentIntent;
  const pm = method as unknown as Stripe.PaymentMethod;
  const card = pm.card;
  return typed<Stripe.Charge>({
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: outcome.paid ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: outcome.paid ? newId('txn') : null,
    billing_details: pm.billing_details,
    calculated_statement_descriptor: 'EMULATED SHOP',
    captured: outcome.paid,
    created: now(),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: outcome.failureCode ?? null,
    failure_message: outcome.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: pi.metadata,
    on_behalf_of: null,
    outcome: outcome.paid
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        }
      : {
          advice_code: 'try_again_later',
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: outcome.declineCode ?? null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: outcome.paid,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: card
      ? {
          card: {
            amount_authorized: outcome.paid ? pi.amount : null,
            authorization_code: null,
            brand: card.brand,
            electronic_commerce_indicator: null,
            transaction_link_id: null,
            checks: card.checks,
            country: card.country,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            extended_authorization: { status: 'disabled' },
            fingerprint: card.fingerprint,
            funding: card.funding,
            incremental_authorization: { status: 'unavailable' },
            installments: null,
            last4: card.last4,
            mandate: null,
            multicapture: { status: 'unavailable' },
            network: card.brand,
            network_token: { used: false },
            network_transaction_id: null,
            overcapture: { maximum_amount_capturable: pi.amount, status: 'unavailable' },
            regulated_status: 'unregulated',
            three_d_secure: null,
            wallet: null,
          },
          type: 'card',
        }
      : {
          sepa_debit: {
            bank_code: pm.sepa_debit?.bank_code ?? null,
            branch_code: pm.sepa_debit?.branch_code ?? null,
            country: pm.sepa_debit?.country ?? null,
            fingerprint: pm.sepa_debit?.fingerprint ?? null,
            last4: pm.sepa_debit?.last4 ?? null,
            mandate: null,
          },
          type: pm.type,
        },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: outcome.paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  });
}

export function refund(input: {
  amount: number;
  charge: Obj;
  metadata: Obj;
  reason: string | null;
  status: string;
}): Obj {
  const ch = input.charge as unknown as Stripe.Charge;
  return typed<Stripe.Refund>({
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: input.status === 'succeeded' ? newId('txn') : null,
    charge: ch.id,
    created: now(),
    currency: ch.currency,
    customer: ch.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: md(input.metadata),
    payment_intent: ch.payment_intent,
    payment_method: ch.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: input.status,
    transfer_reversal: null,
  });
}

export function setupIntent(input: {
  customer: string | null;
  metadata: Obj;
  usage: string;
  paymentMethodTypes: string[];
  automatic: boolean;
  description: string | null;
}): Obj {
  const id = newId('seti');
  return typed<Stripe.SetupIntent>({
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: input.automatic ? { allow_redirects: 'always', enabled: true } : null,
    cancellation_reason: null,
    client_secret: clientSecret(id),
    created: now(),
    customer: input.customer,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: md(input.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: input.automatic ? { id: 'pmc_emulator_default', parent: null } : null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  });
}

export function checkoutSession(input: {
  baseUrl: string;
  amount: number;
  currency: string;
  clientReferenceId: string | null;
  metadata: Obj;
  successUrl: string;
  cancelUrl: string | null;
  customer: string | null;
  customerEmail: string | null;
  locale: string | null;
  paymentMethodTypes: string[];
}): Obj {
  const id = `cs_test_${crypto.randomBytes(45).toString('base64url').replace(/[-_]/g, 'x').slice(0, 58)}`;
  const created = now();
  return typed<Stripe.Checkout.Session>({
    id,
    object: 'checkout.session',
    allowed_payment_method_types: null,
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer ? null : 'if_required',
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: created + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: input.locale,
    managed_payments: null,
    metadata: md(input.metadata),
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: { id: 'pmc_emulator_default', parent: null },
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: input.paymentMethodTypes,
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${input.baseUrl}/c/pay/${id}`,
    wallet_options: null,
  });
}

export function event(
  type: string,
  object: Obj,
  request: { id: string | null; idempotency_key: string | null },
  previous?: Obj,
): Obj {
  // The envelope every event type shares (Stripe.Event is a union over all their objects).
  const envelope: Omit<Stripe.Event, 'type' | 'data'> & {
    type: string;
    data: { object: Obj; previous_attributes?: Obj };
  } = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now(),
    data: previous
      ? { object: structuredClone(object), previous_attributes: previous }
      : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
  return envelope;
}

/** Stripe's error body (`{ error: {...} }`), with the fields it sends for that kind of error. */
export function errorBody(e: {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  extra?: Obj;
}): Obj {
  return {
    error: {
      ...(e.code ? { code: e.code, doc_url: `https://stripe.com/docs/error-codes/${e.code.replace(/_/g, '-')}` } : {}),
      ...(e.decline_code ? { decline_code: e.decline_code } : {}),
      message: e.message,
      ...(e.param ? { param: e.param } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}`,
      type: e.type,
      ...e.extra,
    },
  };
}
