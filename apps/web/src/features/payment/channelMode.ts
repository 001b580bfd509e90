/**
 * How the payment section shows a channel, read only from what the server says about it
 * (configMap, paymentMethods, redirectHosts): the server's registry decides which channels exist,
 * the page never asks for one by name.
 *
 * - redirect (the default): 'Pay now' starts the payment and the browser goes to the provider's
 *   hosted page (or the shop's own, for MOCKPAY and payment terms).
 * - card element: the provider's card form in the page (a publishable key and `embedded: '1'`);
 *   it needs the provider's script, and says so when that cannot be loaded (SPEC §8).
 * - wallet: a device wallet (Apple Pay, Google Pay, Link), shown only once the provider's
 *   element reports one is available on this device (`needsDevice: 'wallet'`).
 * - buttons: the provider's own buttons when its script loads (a client id); the redirect stays
 *   when it does not, so the script is never needed.
 * - drop-in: Adyen's Drop-in (a client key and environment) with the session the start made; it
 *   needs Adyen's script and says so when that cannot be loaded (SPEC §8).
 * - hosted fields: Braintree's card fields (`hostedFields: 'braintree'`), with a client token
 *   from authority; they need Braintree's script and say so when it cannot be loaded (SPEC §8).
 * - pay-later widget: Klarna's widget (`widget: 'klarna-payments'`) with the session the start
 *   made; while its script loads, and when it cannot (SPEC §8 says so), the redirect to the
 *   provider's hosted page stays.
 */
import type { PayChannelResult } from '@mall/contracts';

export type PayChannel = PayChannelResult['payChannelGroups'][number]['channels'][number];

export type ChannelMode =
  | { kind: 'redirect' }
  | { kind: 'cardElement'; publishableKey: string }
  | { kind: 'wallet'; publishableKey: string }
  | { kind: 'buttons'; clientId: string }
  /** Adyen's Drop-in: a session started by firstPay, mounted with the public client key. */
  | { kind: 'dropIn'; clientKey: string; environment: string }
  /** Klarna's widget, its hosted payment page as the fallback. */
  | { kind: 'payLaterWidget' }
  /** Braintree's hosted fields: the card is tokenized in the page and the shop makes the sale. */
  | { kind: 'hostedFields' };

export function channelMode(c: Pick<PayChannel, 'configMap'>): ChannelMode {
  const { publishableKey, clientId, embedded, needsDevice, clientKey, environment, widget, hostedFields } = c.configMap;
  if (hostedFields === 'braintree') return { kind: 'hostedFields' };
  if (clientKey && environment) return { kind: 'dropIn', clientKey, environment };
  if (widget === 'klarna-payments') return { kind: 'payLaterWidget' };
  if (needsDevice === 'wallet') return publishableKey ? { kind: 'wallet', publishableKey } : { kind: 'redirect' };
  if (publishableKey && embedded === '1') return { kind: 'cardElement', publishableKey };
  if (clientId) return { kind: 'buttons', clientId };
  return { kind: 'redirect' };
}

/**
 * A channel's methods the buyer sees: those its configMap names in `deviceMethods` (Adyen's
 * applepay) only when this browser can pay with them (SPEC §4: Apple Pay only when supported).
 */
export function shownMethods(
  c: Pick<PayChannel, 'configMap' | 'paymentMethods'>,
  deviceCan: (method: string) => boolean,
): PayChannel['paymentMethods'] {
  const deviceOnly = (c.configMap.deviceMethods ?? '').split(',').filter(Boolean);
  return c.paymentMethods.filter((m) => !deviceOnly.includes(m.type) || deviceCan(m.type));
}

/** Whether this browser has the wallet a method needs (Apple Pay: ApplePaySession says it can pay). */
export function browserCanPay(method: string): boolean {
  if (method !== 'applepay') return true;
  const session = (globalThis as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  try {
    return !!session?.canMakePayments?.();
  } catch {
    return false;
  }
}

/**
 * The method a payment starts with on a wallet channel: the device's wallet decides between Apple
 * Pay, Google Pay and Link, so the shop only says it was a wallet.
 */
export const WALLET_METHOD = 'wallet';

/** The pay-result page this payment comes back to, absolute (providers' widgets need a full URL). */
export function payResultUrl(contractId: string, origin = window.location.origin): string {
  return `${origin}/buyer/pay-result?contractId=${encodeURIComponent(contractId)}`;
}
