/**
 * The Braintree adapter's configuration on its own (no database): BRAINTREE_* from the
 * environment (all three keys or none, the merchant accounts per currency), which currencies the
 * channel is offered in, where the SDK is pointed (sandbox, production, another host), and the
 * page policy for Braintree's hosted fields only when Braintree is configured.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, paymentsFrom } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { pageCsp } from '../../../lib/security.js';
import { BraintreeProvider } from './braintree.js';
import { providerOrigins } from './index.js';

const env = { BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'pub', BRAINTREE_PRIVATE_KEY: 'priv' };
const noDb = {} as Db;
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';
/** Where the SDK sends its calls: https or http, host and port. */
const target = (p: BraintreeProvider) => {
  const e = (p as unknown as { gateway: { config: { environment: { server: string; port: string; ssl: boolean } } } })
    .gateway.config.environment;
  return `${e.ssl ? 'https' : 'http'}://${e.server}:${e.port}`;
};

describe('configuration', () => {
  it('the three keys offer Braintree; BRAINTREE_MERCHANT_ACCOUNTS maps currencies to merchant accounts', () => {
    expect(
      paymentsFrom(
        {
          ...env,
          BRAINTREE_API_BASE: 'http://127.0.0.1:4040',
          BRAINTREE_MERCHANT_ACCOUNTS: 'EUR:acct_eur, JPY:acct_jpy',
        },
        'https://shop.example',
      ).braintree,
    ).toEqual({
      merchantId: 'm',
      publicKey: 'pub',
      privateKey: 'priv',
      apiBase: 'http://127.0.0.1:4040',
      merchantAccounts: { EUR: 'acct_eur', JPY: 'acct_jpy' },
    });
    expect(paymentsFrom({}, 'https://shop.example').braintree).toBeUndefined();
  });

  it('some keys only, or a merchant account map the shop cannot use, stop the start with a message', () => {
    expect(() => paymentsFrom({ BRAINTREE_MERCHANT_ID: 'm' }, 'x')).toThrow(
      /BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY missing/,
    );
    expect(() => paymentsFrom({ ...env, BRAINTREE_MERCHANT_ACCOUNTS: 'CHF:acct_chf' }, 'x')).toThrow(ConfigError);
    expect(() => paymentsFrom({ ...env, BRAINTREE_MERCHANT_ACCOUNTS: 'EUR' }, 'x')).toThrow(
      /BRAINTREE_MERCHANT_ACCOUNTS/,
    );
  });

  it('offered in the currencies with a merchant account; without a map, the default account in USD only', () => {
    const withMap = new BraintreeProvider(
      { ...{ merchantId: 'm', publicKey: 'p', privateKey: 'k' }, merchantAccounts: { EUR: 'a', JPY: 'b' } },
      noDb,
    );
    expect(withMap.channels[0]!.rules.currencies).toEqual(['EUR', 'JPY']);
    expect(withMap.channels[0]!.configMap).toEqual({ hostedFields: 'braintree', environment: 'sandbox' });
    expect(
      new BraintreeProvider({ merchantId: 'm', publicKey: 'p', privateKey: 'k' }, noDb).channels[0]!.rules.currencies,
    ).toEqual(['USD']);
  });

  it('the SDK goes to the sandbox by default, to production by its host, anywhere else by BRAINTREE_API_BASE', () => {
    const keys = { merchantId: 'm', publicKey: 'p', privateKey: 'k' };
    expect(target(new BraintreeProvider(keys, noDb))).toBe('https://api.sandbox.braintreegateway.com:443');
    const live = new BraintreeProvider({ ...keys, apiBase: 'https://api.braintreegateway.com' }, noDb);
    expect(target(live)).toBe('https://api.braintreegateway.com:443');
    expect(live.channels[0]!.configMap.environment).toBe('production');
    expect(target(new BraintreeProvider({ ...keys, apiBase: 'http://127.0.0.1:4040/' }, noDb))).toBe(
      'http://127.0.0.1:4040',
    );
  });

  it("the page policy allows Braintree's hosted fields only when Braintree is configured", () => {
    const csp = pageCsp({
      production: true,
      formTargets: [],
      ...providerOrigins({ braintree: { merchantId: 'm', publicKey: 'p', privateKey: 'k' } }),
    });
    expect(directive(csp, 'script-src')).toContain('https://js.braintreegateway.com');
    expect(directive(csp, 'frame-src')).toContain('https://assets.braintreegateway.com');
    expect(directive(csp, 'connect-src')).toContain('https://payments.braintree-api.com');
    expect(pageCsp({ production: true, formTargets: [], ...providerOrigins({}) })).not.toContain('braintree');
  });
});
