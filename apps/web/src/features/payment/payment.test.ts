import { describe, expect, it } from 'vitest';
import { PAYMENT_DECLINE_REASONS } from '@mall/contracts/constants';
import { channelMode, shownMethods } from './channelMode';
import { declineTextKey, isCode } from './declineReasons';
import { providerTarget } from './providerTarget';
import { invalidFields, type HostedFieldState } from './braintreeWeb';

const locales = import.meta.glob<Record<string, unknown>>('../../locales/*.json', { eager: true, import: 'default' });
const textOf = (texts: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
const en = locales['../../locales/en.json']!;
const existsInEnglish = (key: string) => typeof textOf(en, key) === 'string';

describe('failed payment reasons', () => {
  // Reasons the shop stores today (MOCKPAY, Stripe's and PayPal's adapters, startPayment).
  const stored = [
    ...PAYMENT_DECLINE_REASONS,
    'generic_decline',
    'expired_card',
    'incorrect_cvc',
    'incorrect_number',
    'lost_card',
    'card_velocity_exceeded',
    'payment_intent_authentication_failure',
    'setup_intent_authentication_failure',
    'payment_failed',
    'processing_error',
    'cancelled',
    'expired',
    'provider_unavailable',
    'INSTRUMENT_DECLINED',
    'PAYER_CANNOT_PAY',
    'capture_declined',
    'capture_denied',
    'Payment.creditLimitExceeded',
    'Payment.channelUnavailable',
  ];

  it('gives every reason a providers or the shop store a sentence of its own, not the general one', () => {
    for (const reason of stored)
      expect(declineTextKey(reason, existsInEnglish), reason).not.toBe('payResult.declined.other');
  });

  it("keeps the sentences MOCKPAY's reasons had", () => {
    for (const reason of PAYMENT_DECLINE_REASONS)
      expect(declineTextKey(reason, existsInEnglish)).toBe(`payResult.declined.${reason}`);
  });

  it("says what the buyer can do for Stripe's and PayPal's codes, and uses the shop's own error texts", () => {
    const say = (reason: string) => textOf(en, declineTextKey(reason, existsInEnglish));
    expect(say('insufficient_funds')).toBe(
      'The card has insufficient funds. Please use another card or payment method.',
    );
    expect(say('expired_card')).toBe('The card has expired. Please use another card or payment method.');
    expect(say('payment_intent_authentication_failure')).toMatch(/3-D Secure/);
    expect(say('INSTRUMENT_DECLINED')).toBe(
      'The payment provider declined the payment. Please try again or use another payment method.',
    );
    expect(say('Payment.creditLimitExceeded')).toMatch(/^Your order amount exceeds the current available credit limit/);
    expect(say('cancelled')).toBe('The payment was canceled. You can pay again whenever you are ready.');
  });

  it('falls back to the general sentence for a reason nobody listed, never to the code itself', () => {
    expect(declineTextKey('some_new_code_2031', existsInEnglish)).toBe('payResult.declined.other');
    expect(declineTextKey('Payment.notAnErrorWeHave', existsInEnglish)).toBe('payResult.declined.other');
    expect(declineTextKey('not captured: order already paid or attempt closed', existsInEnglish)).toBe(
      'payResult.declined.other',
    );
    expect(isCode('not captured: order already paid or attempt closed')).toBe(false);
    expect(isCode('card_declined')).toBe(true);
  });

  it('has every sentence in every language', () => {
    const keys = new Set(stored.map((r) => declineTextKey(r, existsInEnglish)).concat('payResult.declined.other'));
    for (const [file, texts] of Object.entries(locales)) {
      for (const key of keys) expect(typeof textOf(texts, key), `${file}: ${key}`).toBe('string');
    }
  });
});

describe('payment section texts', () => {
  it("names the providers' channels and methods and has the script error of SPEC §8 in every language", () => {
    const keys = [
      'payment.channel.STRIPE_PAY_PC',
      'payment.channel.STRIPE_PAY_QUICK',
      'payment.channel.PAYPAL_PAY_PC',
      'payment.method.paypal',
      'payment.scriptError',
      'payment.scriptLoading',
      'payment.enterCard',
      'payment.payAmount',
      'payment.embeddedNote',
    ];
    for (const [file, texts] of Object.entries(locales))
      for (const key of keys) expect(typeof textOf(texts, key), `${file}: ${key}`).toBe('string');
    expect(textOf(en, 'payment.scriptError')).toBe(
      'There was an error loading the program, please refresh the page and try again',
    );
  });
});

describe("channel modes come from the channel's configuration", () => {
  it('redirects by default, embeds with a publishable key and embedded 1, waits for a wallet, tries buttons with a client id', () => {
    expect(channelMode({ configMap: {} })).toEqual({ kind: 'redirect' });
    expect(channelMode({ configMap: { publishableKey: 'pk_test_1', embedded: '0' } })).toEqual({ kind: 'redirect' });
    expect(channelMode({ configMap: { publishableKey: 'pk_test_1', embedded: '1' } })).toEqual({
      kind: 'cardElement',
      publishableKey: 'pk_test_1',
    });
    expect(channelMode({ configMap: { publishableKey: 'pk_test_1', needsDevice: 'wallet' } })).toEqual({
      kind: 'wallet',
      publishableKey: 'pk_test_1',
    });
    expect(channelMode({ configMap: { clientId: 'abc' } })).toEqual({ kind: 'buttons', clientId: 'abc' });
    // Klarna's widget, its hosted page behind it; Affirm's public key alone is a redirect.
    expect(channelMode({ configMap: { widget: 'klarna-payments' } })).toEqual({ kind: 'payLaterWidget' });
    expect(channelMode({ configMap: { publicKey: 'AFFIRMPUBLIC' } })).toEqual({ kind: 'redirect' });
  });
});

describe('where a started payment may send the browser', () => {
  const origin = 'http://127.0.0.1:3000';
  it("follows the shop's own pages and https pages of the channel's hosts", () => {
    expect(providerTarget('/mockpay/pay/mp_1', [], origin)).toEqual({ internal: true, url: '/mockpay/pay/mp_1' });
    expect(providerTarget('https://checkout.stripe.com/c/pay/cs_1', ['checkout.stripe.com'], origin)).toEqual({
      internal: false,
      url: 'https://checkout.stripe.com/c/pay/cs_1',
    });
  });

  it('follows plain http only to a loopback host:port the channel is configured with (a local emulator)', () => {
    expect(providerTarget('http://127.0.0.1:4020/checkoutnow?token=5O1', ['127.0.0.1:4020'], origin)).toEqual({
      internal: false,
      url: 'http://127.0.0.1:4020/checkoutnow?token=5O1',
    });
    expect(providerTarget('http://localhost:12111/c/pay/cs_1', ['localhost:12111'], origin).internal).toBe(false);
    // Another port of the same host, another host, credentials: home.
    expect(providerTarget('http://127.0.0.1:4021/checkoutnow', ['127.0.0.1:4020'], origin)).toEqual({
      internal: true,
      url: '/',
    });
    expect(providerTarget('http://pay.example.com/x', ['pay.example.com'], origin)).toEqual({
      internal: true,
      url: '/',
    });
    expect(providerTarget('http://user:pw@127.0.0.1:4020/x', ['127.0.0.1:4020'], origin)).toEqual({
      internal: true,
      url: '/',
    });
    expect(providerTarget('', ['127.0.0.1:4020'], origin)).toEqual({ internal: true, url: '/' });
  });
});

describe('Adyen channels', () => {
  const dropIn = {
    configMap: { clientKey: 'test_KEY', environment: 'test', deviceMethods: 'applepay' },
    paymentMethods: [
      { type: 'scheme', name: 'Card' },
      { type: 'applepay', name: 'Apple Pay' },
      { type: 'googlepay', name: 'Google Pay' },
      { type: 'afterpaytouch', name: 'Afterpay' },
    ],
  };

  it('ADYEN_PC mounts the Drop-in with the public client key; Pay by Link is a plain redirect', () => {
    expect(channelMode(dropIn)).toEqual({ kind: 'dropIn', clientKey: 'test_KEY', environment: 'test' });
    expect(channelMode({ configMap: {} })).toEqual({ kind: 'redirect' });
  });

  it('shows Apple Pay only when the browser can pay with it', () => {
    expect(shownMethods(dropIn, () => false).map((m) => m.type)).toEqual(['scheme', 'googlepay', 'afterpaytouch']);
    expect(shownMethods(dropIn, () => true).map((m) => m.type)).toEqual([
      'scheme',
      'applepay',
      'googlepay',
      'afterpaytouch',
    ]);
  });
});

describe('Braintree hosted fields', () => {
  const field = (s: Partial<HostedFieldState>): HostedFieldState => ({
    isEmpty: false,
    isValid: false,
    isPotentiallyValid: true,
    isFocused: false,
    ...s,
  });
  const valid = field({ isValid: true });

  it('a channel with hostedFields: braintree is the hosted fields panel, whatever else its configMap says', () => {
    expect(channelMode({ configMap: { hostedFields: 'braintree', environment: 'sandbox' } })).toEqual({
      kind: 'hostedFields',
    });
  });

  it('while typing, a field is flagged once it cannot become valid or the buyer left it; paying flags every field not valid', () => {
    const typing = {
      number: field({ isPotentiallyValid: true }),
      expirationDate: field({ isPotentiallyValid: false }),
      cvv: field({ isEmpty: true, isPotentiallyValid: true }),
    };
    expect(invalidFields(typing, false)).toEqual(['expirationDate']);
    expect(invalidFields(typing, false, new Set(['number', 'cvv']))).toEqual(['number', 'expirationDate']);
    expect(invalidFields(typing, true)).toEqual(['number', 'expirationDate', 'cvv']);
    expect(invalidFields({ number: valid, expirationDate: valid, cvv: valid }, true)).toEqual([]);
  });

  it('the flags and the declines Braintree answers have English sentences', () => {
    for (const key of ['invalidNumber', 'invalidExpiry', 'invalidCvv', 'number', 'expirationDate', 'cvv', 'failed'])
      expect(existsInEnglish(`payment.hostedFields.${key}`), key).toBe(true);
    expect(textOf(en, 'payment.hostedFields.invalidNumber')).toBe('Invalid card number');
    expect(textOf(en, 'payment.hostedFields.invalidExpiry')).toBe('Invalid Expiry date');
    // Braintree's processor response texts as the adapter stores them.
    for (const reason of ['do_not_honor', 'insufficient_funds', 'settlement_declined'])
      expect(declineTextKey(reason, existsInEnglish), reason).not.toBe('payResult.declined.other');
  });
});
