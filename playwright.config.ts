import { defineConfig, devices } from '@playwright/test';
import { providerServers } from './e2e/providers';

const PORT = Number(process.env.E2E_PORT ?? 3111);
/** The local OpenID Provider for third-party sign-in (e2e/oidc-provider.ts), next to the shop. */
const OIDC_PORT = PORT + 20000;
const OIDC_SECRET = 'e2e-oidc-client-secret-0123456789';

/**
 * The payment providers' shop and the Stripe and PayPal emulators (e2e/providers.ts) start only
 * when the run may include payment-providers.spec.ts: a run naming only other spec files does not
 * wait for a second database. Anything else given (a name filter, a folder) starts them.
 */
const named = process.argv.slice(process.argv.indexOf('test') + 1).filter((a) => !a.startsWith('-'));
const withProviders = !named.length || named.some((a) => /payment-providers/.test(a) || !/\.spec\.ts$/.test(a));

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: [
    {
      // A fresh embedded database for every run, on its own port, with the demo data.
      command: 'node --import tsx e2e/server.ts',
      url: `http://localhost:${PORT}/api/auth/session`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        DATA_DIR: `var/e2e-${PORT}`,
        EMBEDDED_PG_PORT: String(PORT + 10000),
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '300',
        SIGNUP_RATE_LIMIT: '300',
        // Third-party sign-in through the local provider below (its redirect URI is PUBLIC_URL's default, 127.0.0.1).
        OIDC_PROVIDERS: 'local',
        OIDC_LOCAL_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_LOCAL_CLIENT_ID: 'mall-shop',
        OIDC_LOCAL_CLIENT_SECRET: OIDC_SECRET,
        OIDC_LOCAL_LABEL: 'Local ID',
      },
    },
    {
      command: 'node --import tsx e2e/oidc-provider.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        OIDC_E2E_PORT: String(OIDC_PORT),
        E2E_SHOP_URL: `http://127.0.0.1:${PORT}`,
        OIDC_E2E_CLIENT_SECRET: OIDC_SECRET,
      },
    },
    ...(withProviders ? providerServers(PORT) : []),
  ],
});
