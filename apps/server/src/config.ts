import path from 'node:path';
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
  embeddedPgPort: number;
  production: boolean;
  /** Built web app served at / (WEB_DIST_DIR, default apps/web/dist). */
  webDistDir: string;
  logLevel: string;
  /** TRUST_PROXY: hop count or address list of the reverse proxy in front; unset = direct clients. */
  trustProxy: boolean | number | string;
  /** Logins per minute per IP (browser tests all come from 127.0.0.1 and raise it). */
  loginPerMinute: number;
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
}

export const DEFAULT_MOCKPAY_SECRET = 'mockpay-dev-secret-change-me';

/** A setting that makes the shop unsafe to run; start stops with this message. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const mockpayEnabled = (env.MOCKPAY ?? 'on').toLowerCase() !== 'off';
  const mockpaySecret = env.MOCKPAY_SECRET || DEFAULT_MOCKPAY_SECRET;
  // The default secret is published in this repository: anyone could sign a "paid" webhook with it.
  if (production && mockpayEnabled && mockpaySecret === DEFAULT_MOCKPAY_SECRET) {
    throw new ConfigError('NODE_ENV=production with the published default MOCKPAY_SECRET: set MOCKPAY_SECRET to a long random value, or MOCKPAY=off to remove the MOCKPAY channel.');
  }
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(ROOT_DIR, env.DATA_DIR ?? 'var'),
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    production,
    webDistDir: path.resolve(ROOT_DIR, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    mockpaySecret,
    mockpayEnabled,
    apiDocs: env.API_DOCS === '1' || env.API_DOCS === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    poolSize: Number(env.DB_POOL_SIZE ?? 10),
    publicUrl: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`,
    loginPerMinute: Number(env.LOGIN_RATE_LIMIT ?? 10),
    trustProxy: !env.TRUST_PROXY ? false : /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
  };
}
