/**
 * Klarna's and Affirm's adapters without their APIs: what each offers by configuration (the
 * Klarna account's region decides its currencies; Affirm's live or sandbox script), the purchase
 * country per site, and refunds of an attempt that never became an order.
 */
import { describe, expect, it } from 'vitest';
import { AffirmProvider } from './affirm.js';
import { KlarnaProvider, klarnaCountry } from './klarna.js';

const swap = async () => {};
const klarna = (apiBase?: string) =>
  new KlarnaProvider({ username: 'PK1', password: 'p', apiBase, publicUrl: 'https://shop.example' }, swap);
const affirm = (apiBase?: string) =>
  new AffirmProvider({ publicKey: 'PUB', privateKey: 'PRIV', apiBase, publicUrl: 'https://shop.example' }, swap);

describe('Klarna by configuration', () => {
  it("the region of KLARNA_API_BASE decides the currencies: Europe EUR and GBP, North America USD, Oceania none of the shop's", () => {
    expect(klarna().channels[0]!.rules.currencies).toEqual(['EUR', 'GBP']);
    expect(klarna('https://api.klarna.com').channels[0]!.rules.currencies).toEqual(['EUR', 'GBP']);
    expect(klarna('https://api-na.playground.klarna.com').channels[0]!.rules.currencies).toEqual(['USD']);
    expect(klarna('https://api-oc.klarna.com').channels[0]!.rules.currencies).toEqual([]);
    expect(klarna('http://127.0.0.1:4030').channels[0]!.rules.currencies).toEqual(['USD', 'EUR', 'GBP']);
  });

  it("a pay-later channel open to guests, whose page is Klarna's hosted payment page", () => {
    expect(klarna().channels[0]).toMatchObject({
      channelName: 'KLARNA',
      configMap: { widget: 'klarna-payments' },
      redirectHosts: ['pay.klarna.com', 'pay.playground.klarna.com'],
      rules: { payLater: true, anonymous: true, savedCards: false },
    });
    expect(klarna('http://127.0.0.1:4030').channels[0]!.redirectHosts).toEqual(['127.0.0.1:4030']);
  });

  it("purchase country: the site's country, GB for the UK site", () => {
    expect(klarnaCountry('UK')).toBe('GB');
    expect(klarnaCountry('US')).toBe('US');
    expect(klarnaCountry('DE')).toBe('DE');
  });

  it('a refund of an attempt that never became a Klarna order fails without asking Klarna', async () => {
    const answer = await klarna('http://127.0.0.1:9').refund({
      idempotencyKey: 'k',
      providerPaymentId: 'hpp:a:b',
      payerId: 1n,
      amountMinor: 100n,
      currency: 'EUR',
    });
    expect(answer).toEqual({ status: 'failed', reason: 'payment_not_found' });
  });
});

describe('Affirm by configuration', () => {
  it('USD only, pay-later, with the live or sandbox affirm.js for its message', () => {
    expect(affirm().channels[0]).toMatchObject({
      channelName: 'AFFIRM_PC',
      rules: { currencies: ['USD'], payLater: true },
      configMap: { publicKey: 'PUB', promoScript: 'https://cdn1-sandbox.affirm.com/js/v2/affirm.js' },
    });
    expect(affirm('https://api.affirm.com').channels[0]!.configMap.promoScript).toBe(
      'https://cdn1.affirm.com/js/v2/affirm.js',
    );
  });

  it('refuses other currencies before calling Affirm, and never webhooks', async () => {
    await expect(
      affirm('http://127.0.0.1:9').start({
        channel: 'AFFIRM_PC',
        merchantReference: '1',
        amountMinor: 10000n,
        currency: 'EUR',
        returnPath: '/r',
        cancelPath: '/c',
        payer: { id: 1n, email: null, isEnterpriseMain: false },
        language: 'en',
        siteCode: 'NL',
        idempotencyKey: 'pay-1',
      }),
    ).rejects.toMatchObject({ code: 'Payment.channelUnavailable' });
    expect(await affirm().verifyWebhook()).toBeNull();
    expect(
      await affirm('http://127.0.0.1:9').refund({
        idempotencyKey: 'k',
        providerPaymentId: 'checkout:X',
        payerId: 1n,
        amountMinor: 100n,
        currency: 'USD',
      }),
    ).toEqual({ status: 'failed', reason: 'payment_not_found' });
  });
});
