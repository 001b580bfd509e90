import fs from 'node:fs';
import path from 'node:path';
import type { PaymentsOptions } from './modules/payment/providers/index.js';
import { parseMerchantAccounts } from './modules/payment/providers/braintree.js';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (apps/server/src -> ../../..). */
export const ROOT_DIR = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when unset the embedded server under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** EMBEDDED_PG_PORT; unset: the data directory's last port, else 54329 when free, else a free one (db/embedded.ts). */
  embeddedPgPort: number | undefined;
  production: boolean;
  /** Built web app served at / (WEB_DIST_DIR, default apps/web/dist). */
  webDistDir: string;
  logLevel: string;
  /** TRUST_PROXY: hop count or address list of the reverse proxy in front; unset = direct clients. */
  trustProxy: boolean | number | string;
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): the shop serves HTTPS itself, HTTP/2 with HTTP/1.1 for older clients. */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /** Logins per minute per IP (browser tests all come from 127.0.0.1 and raise it). */
  loginPerMinute: number;
  signupPerHour: number;
  /** MOCKPAY_SECRET signs the simulated provider's webhooks; PUBLIC_URL is how it reaches the shop. */
  mockpaySecret: string;
  publicUrl: string;
  /** MOCKPAY=off removes the simulated provider's channel entirely. */
  mockpayEnabled: boolean;
  /** API_DOCS=1 serves /docs in production too. */
  apiDocs: boolean;
  /** METRICS_TOKEN: bearer token for /metrics (open when unset). */
  metricsToken: string | undefined;
  /** DB_POOL_SIZE: connections per app server (N servers x pool size must fit max_connections). */
  poolSize: number;
  /** CERTIFICATE_KEY: encrypts buyers' ID numbers at rest (AES-256-GCM, key = SHA-256 of the value). */
  certificateKey: string;
  /** Account security: captcha and verification-code keys, mail and SMS delivery, the dev mailbox. */
  account: AccountConfig;
  /** Third-party sign-in: OIDC_PROVIDERS and OIDC_<NAME>_* (see oidcProvidersFrom). */
  oidcProviders: OidcProviderConfig[];
  /** Real payment providers whose keys are set (STRIPE_*, PAYPAL_*); see paymentsFrom. */
  payments: PaymentsOptions;
}

/**
 * Stripe with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (STRIPE_API_BASE
 * for a local emulator, STRIPE_EMBEDDED=1 for the Payment Element); PayPal with PAYPAL_CLIENT_ID,
 * PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID (PAYPAL_API_BASE; PAYPAL_ENVIRONMENT=live for live
 * money, sandbox otherwise). A provider with only some of its keys is a mistake, not "off".
 */
export function paymentsFrom(env: NodeJS.ProcessEnv, publicUrl: string): PaymentsOptions {
  const all = <K extends string>(names: readonly K[]): Record<K, string> | null => {
    const set = names.filter((n) => env[n]);
    if (!set.length) return null;
    if (set.length < names.length)
      throw new ConfigError(
        `Payments: ${names.filter((n) => !env[n]).join(', ')} missing (set all of ${names.join(', ')}, or none).`,
      );
    return Object.fromEntries(names.map((n) => [n, env[n]!])) as Record<K, string>;
  };
  const stripe = all(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const);
  const paypal = all(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const);
  // Klarna and Affirm: KLARNA_API_BASE / AFFIRM_API_BASE optional (Klarna's EU playground, Affirm's sandbox when unset).
  const klarna = all(['KLARNA_USERNAME', 'KLARNA_PASSWORD'] as const);
  const affirm = all(['AFFIRM_PUBLIC_KEY', 'AFFIRM_PRIVATE_KEY'] as const);
  // Adyen: ADYEN_CHECKOUT_BASE is optional (Adyen's test platform when unset; a live account's prefix URL; an emulator).
  const adyen = all(['ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'ADYEN_HMAC_KEY'] as const);
  if (adyen && !/^[0-9a-fA-F]{16,}$/.test(adyen.ADYEN_HMAC_KEY))
    throw new ConfigError(
      'Payments: ADYEN_HMAC_KEY must be the hex key of the webhook (Customer Area, Webhooks, HMAC key).',
    );
  // Braintree: BRAINTREE_API_BASE optional (the sandbox when unset), BRAINTREE_MERCHANT_ACCOUNTS optional ("EUR:acct_eur,JPY:acct_jpy").
  const braintree = all(['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const);
  let braintreeAccounts: ReturnType<typeof parseMerchantAccounts> | undefined;
  try {
    braintreeAccounts =
      braintree && env.BRAINTREE_MERCHANT_ACCOUNTS ? parseMerchantAccounts(env.BRAINTREE_MERCHANT_ACCOUNTS) : undefined;
  } catch (e) {
    throw new ConfigError(`Payments: BRAINTREE_MERCHANT_ACCOUNTS: ${(e as Error).message}.`);
  }
  return {
    ...(stripe && {
      stripe: {
        secretKey: stripe.STRIPE_SECRET_KEY,
        publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE || undefined,
        embedded: env.STRIPE_EMBEDDED === '1',
        publicUrl,
      },
    }),
    ...(paypal && {
      paypal: {
        clientId: paypal.PAYPAL_CLIENT_ID,
        clientSecret: paypal.PAYPAL_CLIENT_SECRET,
        webhookId: paypal.PAYPAL_WEBHOOK_ID,
        apiBase: env.PAYPAL_API_BASE || undefined,
        live: env.PAYPAL_ENVIRONMENT === 'live',
        publicUrl,
      },
    }),
    ...(klarna && {
      klarna: {
        username: klarna.KLARNA_USERNAME,
        password: klarna.KLARNA_PASSWORD,
        apiBase: env.KLARNA_API_BASE || undefined,
        publicUrl,
      },
    }),
    ...(affirm && {
      affirm: {
        publicKey: affirm.AFFIRM_PUBLIC_KEY,
        privateKey: affirm.AFFIRM_PRIVATE_KEY,
        apiBase: env.AFFIRM_API_BASE || undefined,
        publicUrl,
      },
    }),
    ...(adyen && {
      adyen: {
        apiKey: adyen.ADYEN_API_KEY,
        merchantAccount: adyen.ADYEN_MERCHANT_ACCOUNT,
        clientKey: adyen.ADYEN_CLIENT_KEY,
        hmacKey: adyen.ADYEN_HMAC_KEY,
        checkoutBase: env.ADYEN_CHECKOUT_BASE || undefined,
        publicUrl,
      },
    }),
    ...(braintree && {
      braintree: {
        merchantId: braintree.BRAINTREE_MERCHANT_ID,
        publicKey: braintree.BRAINTREE_PUBLIC_KEY,
        privateKey: braintree.BRAINTREE_PRIVATE_KEY,
        apiBase: env.BRAINTREE_API_BASE || undefined,
        merchantAccounts: braintreeAccounts,
      },
    }),
  };
}

/** One OpenID Connect provider of third-party sign-in; its redirect URI is `${PUBLIC_URL}/auth/oidc/<name>/callback`. */
export interface OidcProviderConfig {
  /** Lowercase name from OIDC_PROVIDERS: in URLs and shown as accountType. */
  name: string;
  /** Button text (OIDC_<NAME>_LABEL, default the name). */
  label: string;
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication). */
  clientSecret: string | undefined;
}

/** `OIDC_PROVIDERS=google,corp` with `OIDC_GOOGLE_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_LABEL` per name. */
export function oidcProvidersFrom(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return names.map((name) => {
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(name))
      throw new ConfigError(
        `OIDC_PROVIDERS: "${name}" is not a valid provider name (lowercase letters, digits, dash).`,
      );
    const key = `OIDC_${name.toUpperCase().replaceAll('-', '_')}_`;
    const issuer = env[`${key}ISSUER`];
    const clientId = env[`${key}CLIENT_ID`];
    if (!issuer || !clientId)
      throw new ConfigError(
        `OIDC_PROVIDERS lists "${name}": set ${key}ISSUER and ${key}CLIENT_ID (and ${key}CLIENT_SECRET for a confidential client).`,
      );
    return {
      name,
      label: env[`${key}LABEL`] || name,
      issuer,
      clientId,
      clientSecret: env[`${key}CLIENT_SECRET`] || undefined,
    };
  });
}

/** PostgreSQL connections per app server (DB_POOL_SIZE), jobs apart. */
export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_MOCKPAY_SECRET = 'mockpay-dev-secret-change-me';
export const DEFAULT_CERTIFICATE_KEY = 'certificate-dev-key-change-me';
export const DEFAULT_CAPTCHA_HMAC_KEY = 'captcha-dev-key-change-me';
export const DEFAULT_CODE_HMAC_KEY = 'code-dev-key-change-me';

/** Verification-code sends allowed per hour and per day (modules/account/codes.ts). */
export interface CodeSendLimits {
  /** Per signed-in account asking (CODES_PER_ACCOUNT_HOUR / _DAY), all channels. */
  perAccount: { hour: number; day: number };
  /** Per client IP (CODES_PER_IP_HOUR / _DAY), all channels. */
  perIp: { hour: number; day: number };
  /** SMS per destination country calling code, all accounts and IPs together (SMS_PER_COUNTRY_HOUR / _DAY). */
  perCountry: { hour: number; day: number };
}

export const DEFAULT_CODE_SEND_LIMITS: CodeSendLimits = {
  perAccount: { hour: 10, day: 20 },
  perIp: { hour: 20, day: 50 },
  perCountry: { hour: 100, day: 500 },
};

/** A positive whole number from the environment, else the default. */
function countFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name}: "${raw}" is not a whole number of at least 1.`);
  return n;
}

export function codeSendLimitsFrom(env: NodeJS.ProcessEnv): CodeSendLimits {
  const d = DEFAULT_CODE_SEND_LIMITS;
  return {
    perAccount: {
      hour: countFrom(env, 'CODES_PER_ACCOUNT_HOUR', d.perAccount.hour),
      day: countFrom(env, 'CODES_PER_ACCOUNT_DAY', d.perAccount.day),
    },
    perIp: {
      hour: countFrom(env, 'CODES_PER_IP_HOUR', d.perIp.hour),
      day: countFrom(env, 'CODES_PER_IP_DAY', d.perIp.day),
    },
    perCountry: {
      hour: countFrom(env, 'SMS_PER_COUNTRY_HOUR', d.perCountry.hour),
      day: countFrom(env, 'SMS_PER_COUNTRY_DAY', d.perCountry.day),
    },
  };
}

export interface AccountConfig {
  /** CAPTCHA_HMAC_KEY signs captcha challenges; CAPTCHA_MAX_NUMBER sets the proof-of-work difficulty. */
  captchaHmacKey: string;
  captchaMaxNumber: number;
  /** CODE_HMAC_KEY: verification codes are stored as an HMAC with this key. */
  codeHmacKey: string;
  /** Code sends per account, IP and SMS country (default DEFAULT_CODE_SEND_LIMITS). */
  codeSendLimits?: CodeSendLimits;
  /** SMTP_URL: real mail server; unset starts the embedded catcher (dev mailbox). */
  smtpUrl: string | undefined;
  /** /api/dev/mailbox and /dev/mailbox: on outside production, or with DEV_MAILBOX=1. */
  devMailbox: boolean;
}

/** Account settings; the published default keys are refused in production (anyone could forge with them). */
export function accountConfigFrom(env: NodeJS.ProcessEnv, production: boolean): AccountConfig {
  const captchaHmacKey = env.CAPTCHA_HMAC_KEY || DEFAULT_CAPTCHA_HMAC_KEY;
  const codeHmacKey = env.CODE_HMAC_KEY || DEFAULT_CODE_HMAC_KEY;
  return {
    captchaHmacKey,
    codeHmacKey,
    captchaMaxNumber: Math.max(10, Number(env.CAPTCHA_MAX_NUMBER ?? 100_000)),
    codeSendLimits: codeSendLimitsFrom(env),
    smtpUrl: env.SMTP_URL || undefined,
    devMailbox: !production || env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true',
  };
}

/** A setting that makes the shop unsafe to run; start stops with this message. */
export class ConfigError extends Error {}

/**
 * The secrets whose development defaults are published in this repository, and what anyone
 * could do with them. Production refuses to start while any of them is unset, naming them all.
 */
function publishedDefaultsIn(env: NodeJS.ProcessEnv, mockpayEnabled: boolean): string[] {
  const unsafe: string[] = [];
  if (mockpayEnabled && (!env.MOCKPAY_SECRET || env.MOCKPAY_SECRET === DEFAULT_MOCKPAY_SECRET)) {
    unsafe.push('MOCKPAY_SECRET (anyone could sign a "paid" webhook; or MOCKPAY=off to remove the channel)');
  }
  if (!env.CERTIFICATE_KEY || env.CERTIFICATE_KEY === DEFAULT_CERTIFICATE_KEY) {
    unsafe.push(
      'CERTIFICATE_KEY (ID numbers would be as good as plaintext; keep the key: certificates saved with it cannot be read without it)',
    );
  }
  if (!env.CAPTCHA_HMAC_KEY || env.CAPTCHA_HMAC_KEY === DEFAULT_CAPTCHA_HMAC_KEY)
    unsafe.push('CAPTCHA_HMAC_KEY (anyone could mint solved captchas)');
  if (!env.CODE_HMAC_KEY || env.CODE_HMAC_KEY === DEFAULT_CODE_HMAC_KEY)
    unsafe.push('CODE_HMAC_KEY (verification codes could be tried offline)');
  return unsafe;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const mockpayEnabled = (env.MOCKPAY ?? 'on').toLowerCase() !== 'off';
  const mockpaySecret = env.MOCKPAY_SECRET || DEFAULT_MOCKPAY_SECRET;
  const unsafe = production ? publishedDefaultsIn(env, mockpayEnabled) : [];
  if (unsafe.length) {
    throw new ConfigError(
      `NODE_ENV=production with published default secrets: set each to a long random value: ${unsafe.join('; ')}.`,
    );
  }
  const certificateKey = env.CERTIFICATE_KEY || DEFAULT_CERTIFICATE_KEY;
  const tls = tlsFrom(env);
  const publicUrl = env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://127.0.0.1:${env.PORT ?? 3000}`;
  return {
    tls,
    port: Number(env.PORT ?? 3000),
    certificateKey,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(ROOT_DIR, env.DATA_DIR ?? 'var'),
    embeddedPgPort: env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : undefined,
    production,
    webDistDir: path.resolve(ROOT_DIR, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    mockpaySecret,
    mockpayEnabled,
    apiDocs: env.API_DOCS === '1' || env.API_DOCS === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    poolSize: Number(env.DB_POOL_SIZE ?? DEFAULT_POOL_SIZE),
    account: accountConfigFrom(env, production),
    oidcProviders: oidcProvidersFrom(env),
    publicUrl,
    payments: paymentsFrom(env, publicUrl),
    loginPerMinute: Number(env.LOGIN_RATE_LIMIT ?? 10),
    signupPerHour: Number(env.SIGNUP_RATE_LIMIT ?? 20),
    trustProxy: !env.TRUST_PROXY
      ? false
      : /^\d+$/.test(env.TRUST_PROXY)
        ? Number(env.TRUST_PROXY)
        : env.TRUST_PROXY === 'true'
          ? true
          : env.TRUST_PROXY,
  };
}

/** The certificate and key of TLS_CERT_FILE and TLS_KEY_FILE: both or neither, and readable. */
function tlsFrom(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new ConfigError('TLS: set both TLS_CERT_FILE and TLS_KEY_FILE (PEM files), or neither.');
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(path.resolve(ROOT_DIR, file));
    } catch (e) {
      throw new ConfigError(`${name}: cannot read ${file} (${(e as Error).message}).`);
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}
