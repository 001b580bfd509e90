import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE,
  POLICY_ROUTES,
  SITES,
  SITE_CODES,
  isLanguage,
  isSiteCode,
  isValidPostalCode,
  siteFor,
} from './sites.js';

const all = Object.values(SITES);

describe('site table', () => {
  it('has the 8 sites, keyed by their own code', () => {
    expect(SITE_CODES).toEqual(['US', 'UK', 'DE', 'JP', 'ES', 'IT', 'FR', 'NL']);
    expect(Object.keys(SITES).sort()).toEqual([...SITE_CODES].sort());
    for (const code of SITE_CODES) expect(SITES[code].code).toBe(code);
  });

  it('uses USD for US, GBP for UK, JPY for JP and EUR elsewhere', () => {
    const currencies = Object.fromEntries(all.map((s) => [s.code, s.currency]));
    expect(currencies).toEqual({
      US: 'USD',
      UK: 'GBP',
      JP: 'JPY',
      DE: 'EUR',
      ES: 'EUR',
      IT: 'EUR',
      FR: 'EUR',
      NL: 'EUR',
    });
  });

  it('enables smsSubscribe and submitLineDetails only on US', () => {
    expect(all.filter((s) => s.features.smsSubscribe).map((s) => s.code)).toEqual(['US']);
    expect(all.filter((s) => s.features.submitLineDetails).map((s) => s.code)).toEqual(['US']);
  });

  it('marks only DE as german type', () => {
    expect(all.filter((s) => s.features.germanType).map((s) => s.code)).toEqual(['DE']);
  });

  it('offers delivery day and time only on JP', () => {
    expect(all.filter((s) => s.features.deliveryDayTime).map((s) => s.code)).toEqual(['JP']);
  });

  it('links only known policy routes, and every site has privacy and terms', () => {
    for (const s of all) {
      for (const route of Object.values(s.policyRoutes)) expect(POLICY_ROUTES, `${s.code} ${route}`).toContain(route);
      expect(s.policyRoutes.privacy, s.code).toBeDefined();
      expect(s.policyRoutes.terms, s.code).toBeDefined();
    }
    expect(SITES.DE.policyRoutes).toMatchObject({ privacy: '/datenschutzerklaerung', terms: '/agb' });
    expect(SITES.US.policyRoutes.sms).toBe('/sms');
  });

  it('has a default language that is a known language and a valid tax rate', () => {
    for (const s of all) {
      expect(isLanguage(s.defaultLanguage), s.code).toBe(true);
      expect(s.taxRate, s.code).toMatch(/^0\.\d+$/);
    }
  });

  it('sorts paypal last on DE and adyen last elsewhere', () => {
    for (const s of all) {
      const last = s.paymentChannelOrder[s.paymentChannelOrder.length - 1];
      expect(last, s.code).toBe(s.code === 'DE' ? 'PAYPAL_PAY_PC' : 'ADYEN_PC');
      // Both of Adyen's channels sit together at the end (before PayPal on DE).
      expect(s.paymentChannelOrder.indexOf('ADYEN_LINK') + 1, s.code).toBe(
        s.code === 'DE' ? s.paymentChannelOrder.indexOf('PAYPAL_PAY_PC') : s.paymentChannelOrder.indexOf('ADYEN_PC'),
      );
      expect([...s.paymentChannelOrder].sort(), s.code).toEqual([
        'ADYEN_LINK',
        'ADYEN_PC',
        'AFFIRM_PC',
        'BRAINTREE',
        'INVOICE_ME',
        'KLARNA',
        'MOCKPAY',
        'PAYPAL_PAY_PC',
        'STRIPE_PAY_PC',
        'STRIPE_PAY_QUICK',
      ]);
    }
  });
});

describe('isValidPostalCode', () => {
  it('US accepts anything non-empty', () => {
    expect(isValidPostalCode(SITES.US, 'US', '94105')).toBe(true);
    expect(isValidPostalCode(SITES.US, 'US', 'whatever')).toBe(true);
    expect(isValidPostalCode(SITES.US, 'US', '')).toBe(false);
    expect(isValidPostalCode(SITES.US, 'US', '   ')).toBe(false);
  });

  it('UK checks the British pattern', () => {
    expect(isValidPostalCode(SITES.UK, 'GB', 'SW1A 1AA')).toBe(true);
    expect(isValidPostalCode(SITES.UK, 'GB', 'EC1A1BB')).toBe(true);
    expect(isValidPostalCode(SITES.UK, 'GB', '12345')).toBe(false);
  });

  it('DE checks by destination country', () => {
    expect(isValidPostalCode(SITES.DE, 'DE', '10115')).toBe(true);
    expect(isValidPostalCode(SITES.DE, 'AT', '1010')).toBe(true);
    expect(isValidPostalCode(SITES.DE, 'DE', '1010')).toBe(false);
    expect(isValidPostalCode(SITES.DE, 'AT', '10115')).toBe(false);
    expect(isValidPostalCode(SITES.DE, 'PL', '00-950')).toBe(true);
  });
});

describe('siteFor and guards', () => {
  it('returns the site for a known code', () => {
    expect(siteFor('DE').currency).toBe('EUR');
    expect(siteFor('JP').locale).toBe('ja-JP');
  });

  it('falls back to US for unknown or missing codes', () => {
    expect(DEFAULT_SITE).toBe('US');
    expect(siteFor('XX').code).toBe('US');
    expect(siteFor(undefined).code).toBe('US');
    expect(siteFor('de').code).toBe('US'); // codes are case-sensitive
    expect(siteFor({}).code).toBe('US');
  });

  it('isSiteCode and isLanguage accept only listed values', () => {
    expect(isSiteCode('NL')).toBe(true);
    expect(isSiteCode('GB')).toBe(false);
    expect(isSiteCode(1)).toBe(false);
    expect(isLanguage('ja')).toBe(true);
    expect(isLanguage('jp')).toBe(false);
  });
});
