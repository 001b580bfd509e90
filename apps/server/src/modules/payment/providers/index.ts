/**
 * Builds the shop's payment providers from configuration: MOCKPAY (unless switched off) and
 * INVOICE_ME always, Stripe and PayPal when their keys are set.
 */
import type { Db } from '../../../db/client.js';
import type { MockpayProvider } from '../../mockpay/provider.js';
import { AdyenProvider, type AdyenConfig } from './adyen.js';
import { AffirmProvider, type AffirmConfig } from './affirm.js';
import { BraintreeProvider, type BraintreeConfig } from './braintree.js';
import { InvoiceMeProvider } from './invoice-me.js';
import { KlarnaProvider, type KlarnaConfig } from './klarna.js';
import { MockpayAdapter } from './mockpay.js';
import { PaypalProvider, type PaypalConfig } from './paypal.js';
import { providerIdSwap } from './provider-ids.js';
import { PaymentRegistry } from './registry.js';
import { StripeProvider, type StripeConfig } from './stripe.js';
import type { PaymentProvider } from './types.js';

export interface PaymentsOptions {
  stripe?: StripeConfig;
  paypal?: PaypalConfig;
  klarna?: KlarnaConfig;
  affirm?: AffirmConfig;
  adyen?: AdyenConfig;
  braintree?: BraintreeConfig;
}

export function buildPaymentRegistry(
  db: Db,
  opts: PaymentsOptions & { mockpay: MockpayProvider | null },
): PaymentRegistry {
  const providers: PaymentProvider[] = [];
  if (opts.stripe) providers.push(new StripeProvider(opts.stripe));
  if (opts.paypal) providers.push(new PaypalProvider(opts.paypal));
  if (opts.klarna) providers.push(new KlarnaProvider(opts.klarna, providerIdSwap(db)));
  if (opts.affirm) providers.push(new AffirmProvider(opts.affirm, providerIdSwap(db)));
  if (opts.adyen) providers.push(new AdyenProvider(opts.adyen, db));
  if (opts.braintree) providers.push(new BraintreeProvider(opts.braintree, db));
  if (opts.mockpay) providers.push(new MockpayAdapter(opts.mockpay));
  providers.push(new InvoiceMeProvider(db));
  return new PaymentRegistry(providers);
}

/**
 * What the page's Content-Security-Policy must allow for a configured provider's browser SDK
 * (Stripe.js and its frames; PayPal's buttons), and the hosted pages forms may post to.
 */
export function providerOrigins(opts: PaymentsOptions | undefined): {
  scriptSources: string[];
  frameSources: string[];
  connectSources: string[];
  styleSources: string[];
  imgSources: string[];
} {
  const style: string[] = [];
  const img: string[] = [];
  const script: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  if (opts?.stripe) {
    script.push('https://js.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  if (opts?.paypal) {
    script.push('https://www.paypal.com');
    frame.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    connect.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
  }
  if (opts?.affirm) {
    // affirm.js (the panel's monthly-payment message) and what it loads and frames.
    script.push('https://cdn1.affirm.com', 'https://cdn1-sandbox.affirm.com');
    frame.push('https://*.affirm.com');
    connect.push('https://*.affirm.com');
  }
  if (opts?.klarna) {
    // Klarna's widget: its library from Klarna's CDN, its frames and calls on Klarna's hosts.
    script.push('https://x.klarnacdn.net');
    frame.push('https://*.klarna.com', 'https://*.klarnaservices.com');
    connect.push('https://*.klarna.com', 'https://*.klarnaservices.com', 'https://x.klarnacdn.net');
  }
  if (opts?.adyen) {
    // The Drop-in's script, styles and card-field frames, test and live.
    const shopper = [
      'https://checkoutshopper-test.adyen.com',
      'https://checkoutshopper-live.adyen.com',
      'https://checkoutshopper-live-us.adyen.com',
    ];
    // Adyen Web itself comes from Adyen's CDN (apps/web/src/features/payment/adyenWeb.ts).
    script.push('https://checkoutshopper-live.cdn.adyen.com', ...shopper);
    frame.push(...shopper);
    connect.push(...shopper);
    // Its style sheet (same CDN as the script) and the payment methods' logos.
    style.push('https://checkoutshopper-live.cdn.adyen.com');
    img.push('https://checkoutshopper-live.cdn.adyen.com', ...shopper);
  }
  if (opts?.braintree) {
    // braintree-web's hosted fields from Braintree's CDN, their card-field frames, and the calls
    // they make with the client token (client API, GraphQL, analytics), sandbox and production.
    script.push('https://js.braintreegateway.com', 'https://assets.braintreegateway.com');
    frame.push('https://assets.braintreegateway.com');
    connect.push(
      'https://api.sandbox.braintreegateway.com',
      'https://api.braintreegateway.com',
      'https://payments.sandbox.braintree-api.com',
      'https://payments.braintree-api.com',
      'https://origin-analytics-sand.sandbox.braintree-api.com',
      'https://origin-analytics-prod.production.braintree-api.com',
    );
  }
  return { scriptSources: script, frameSources: frame, connectSources: connect, styleSources: style, imgSources: img };
}
