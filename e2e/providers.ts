/**
 * The shop with real payment providers for the browser tests: a second shop server (its own port,
 * data directory and embedded PostgreSQL) configured with Stripe and PayPal keys that point at the
 * local emulators of their APIs (apps/server/test/emulators/, each run as a process by
 * playwright.config.ts). The first shop server keeps MOCKPAY only, so no other spec changes.
 */
import type { ConsoleMessage, Page, PlaywrightTestConfig } from '@playwright/test';
import { expect, test as base } from './test';
import { addToCart, answerQuizAndAgree, contractIdOf, fillShippingAddress, goToCheckout, uniqueEmail } from './helpers';

/**
 * Ports of the providers' shop, its database and the two emulators, from E2E_PORT like the first
 * shop's (E2E_PORT, +10000 its database, +20000 the OpenID provider): +25000 to +28000 stay below
 * Linux's ephemeral range and apart from other runs' E2E_PORT (31xx) and what it derives.
 */
export function providerPorts(e2ePort: number) {
  return {
    shop: e2ePort + 25000,
    pg: e2ePort + 26000,
    stripe: e2ePort + 27000,
    paypal: e2ePort + 28000,
    klarna: e2ePort + 23000,
    affirm: e2ePort + 24000,
  };
}
const PORTS = providerPorts(Number(process.env.E2E_PORT ?? 3111));
/** The Adyen emulator's port: +22000, below the others' and the OpenID provider's (+20000) neighbours. */
export const adyenPort = (e2ePort: number) => e2ePort + 22000;
/** The Braintree emulator's port: +21000, between the OpenID provider's (+20000) and Adyen's. */
export const braintreePort = (e2ePort: number) => e2ePort + 21000;

/** 127.0.0.1, not localhost: the providers send the buyer back to PUBLIC_URL, and the session cookie is per host. */
export const PROVIDERS_SHOP_URL = `http://127.0.0.1:${PORTS.shop}`;
export const STRIPE_EMULATOR_URL = `http://127.0.0.1:${PORTS.stripe}`;
export const PAYPAL_EMULATOR_URL = `http://127.0.0.1:${PORTS.paypal}`;
export const ADYEN_EMULATOR_URL = `http://127.0.0.1:${adyenPort(Number(process.env.E2E_PORT ?? 3111))}`;
export const KLARNA_EMULATOR_URL = `http://127.0.0.1:${PORTS.klarna}`;
export const AFFIRM_EMULATOR_URL = `http://127.0.0.1:${PORTS.affirm}`;

/** Test keys shared by the shop and the emulators (the emulators accept only these). */
export const PROVIDER_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_providers_0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_providers_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_providers_0123456789abcdef',
  PAYPAL_CLIENT_ID: 'e2e-paypal-client-id',
  PAYPAL_CLIENT_SECRET: 'e2e-paypal-client-secret',
  PAYPAL_WEBHOOK_ID: 'E2EPROVIDERSWEBHOOK1',
  ADYEN_API_KEY: 'AQE_e2e_providers_api_key',
  ADYEN_MERCHANT_ACCOUNT: 'E2EProvidersECOM',
  ADYEN_CLIENT_KEY: 'test_E2EPROVIDERSCLIENTKEY',
  ADYEN_HMAC_KEY: '0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
  KLARNA_USERNAME: 'PK_e2e_providers',
  KLARNA_PASSWORD: 'e2e-klarna-password',
  AFFIRM_PUBLIC_KEY: 'E2EAFFIRMPUBLICKEY',
  AFFIRM_PRIVATE_KEY: 'e2e-affirm-private-key',
  BRAINTREE_MERCHANT_ID: 'e2eprovidersmerchant',
  BRAINTREE_PUBLIC_KEY: 'e2eproviderspublic',
  BRAINTREE_PRIVATE_KEY: 'e2e-providers-braintree-private',
  BRAINTREE_MERCHANT_ACCOUNTS: 'USD:e2e_usd,EUR:e2e_eur,JPY:e2e_jpy',
} as const;

/** The webServer entries for playwright.config.ts: the emulators, then the shop they deliver webhooks to. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
export function providerServers(e2ePort: number): WebServer[] {
  const p = providerPorts(e2ePort);
  const shop = `http://127.0.0.1:${p.shop}`;
  return [
    {
      command: 'node --import tsx apps/server/test/emulators/stripe/main.ts',
      // Stripe's API answers a call without a key with 401: the emulator is up.
      url: `http://127.0.0.1:${p.stripe}/v1/checkout/sessions/cs_ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        STRIPE_EMULATOR_PORT: String(p.stripe),
        STRIPE_EMULATOR_WEBHOOK_URL: `${shop}/api/payments/webhooks/stripe`,
        STRIPE_WEBHOOK_SECRET: PROVIDER_KEYS.STRIPE_WEBHOOK_SECRET,
        STRIPE_SECRET_KEY: PROVIDER_KEYS.STRIPE_SECRET_KEY,
      },
    },
    {
      command: 'node --import tsx apps/server/test/emulators/paypal/main.ts',
      url: `http://127.0.0.1:${p.paypal}/v2/checkout/orders/READY`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PAYPAL_EMULATOR_PORT: String(p.paypal),
        PAYPAL_EMULATOR_WEBHOOK_URL: `${shop}/api/payments/webhooks/paypal`,
        PAYPAL_CLIENT_ID: PROVIDER_KEYS.PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET: PROVIDER_KEYS.PAYPAL_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID: PROVIDER_KEYS.PAYPAL_WEBHOOK_ID,
      },
    },
    {
      command: 'node --import tsx apps/server/test/emulators/klarna/main.ts',
      // Klarna's API answers a call without credentials with 401: the emulator is up.
      url: `http://127.0.0.1:${p.klarna}/payments/v1/sessions/READY`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        KLARNA_EMULATOR_PORT: String(p.klarna),
        KLARNA_USERNAME: PROVIDER_KEYS.KLARNA_USERNAME,
        KLARNA_PASSWORD: PROVIDER_KEYS.KLARNA_PASSWORD,
      },
    },
    {
      command: 'node --import tsx apps/server/test/emulators/affirm/main.ts',
      url: `http://127.0.0.1:${p.affirm}/api/v2/checkout/READY`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        AFFIRM_EMULATOR_PORT: String(p.affirm),
        AFFIRM_PUBLIC_KEY: PROVIDER_KEYS.AFFIRM_PUBLIC_KEY,
        AFFIRM_PRIVATE_KEY: PROVIDER_KEYS.AFFIRM_PRIVATE_KEY,
      },
    },
    {
      command: 'node --import tsx apps/server/test/emulators/adyen/main.ts',
      // Adyen's Checkout API answers a call without an API key with 401: the emulator is up.
      url: `http://127.0.0.1:${adyenPort(e2ePort)}/v71/paymentLinks/READY`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ADYEN_EMULATOR_PORT: String(adyenPort(e2ePort)),
        ADYEN_EMULATOR_WEBHOOK_URL: `${shop}/api/payments/webhooks/adyen`,
        ADYEN_API_KEY: PROVIDER_KEYS.ADYEN_API_KEY,
        ADYEN_MERCHANT_ACCOUNT: PROVIDER_KEYS.ADYEN_MERCHANT_ACCOUNT,
        ADYEN_CLIENT_KEY: PROVIDER_KEYS.ADYEN_CLIENT_KEY,
        ADYEN_HMAC_KEY: PROVIDER_KEYS.ADYEN_HMAC_KEY,
      },
    },
    {
      command: 'node --import tsx apps/server/test/emulators/braintree/main.ts',
      // Braintree's gateway answers a call without keys with 401: the emulator is up.
      url: `http://127.0.0.1:${braintreePort(e2ePort)}/merchants/READY/transactions/READY`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        BRAINTREE_EMULATOR_PORT: String(braintreePort(e2ePort)),
        BRAINTREE_EMULATOR_WEBHOOK_URL: `${shop}/api/payments/webhooks/braintree`,
        BRAINTREE_MERCHANT_ID: PROVIDER_KEYS.BRAINTREE_MERCHANT_ID,
        BRAINTREE_PUBLIC_KEY: PROVIDER_KEYS.BRAINTREE_PUBLIC_KEY,
        BRAINTREE_PRIVATE_KEY: PROVIDER_KEYS.BRAINTREE_PRIVATE_KEY,
        BRAINTREE_MERCHANT_ACCOUNTS: PROVIDER_KEYS.BRAINTREE_MERCHANT_ACCOUNTS,
      },
    },
    {
      // A fresh embedded database with the demo data, like the first shop (e2e/server.ts).
      command: 'node --import tsx e2e/server.ts',
      url: `${shop}/api/auth/session`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(p.shop),
        DATA_DIR: `var/e2e-providers-${p.shop}`,
        EMBEDDED_PG_PORT: String(p.pg),
        PUBLIC_URL: shop,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '300',
        SIGNUP_RATE_LIMIT: '300',
        STRIPE_SECRET_KEY: PROVIDER_KEYS.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: PROVIDER_KEYS.STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: PROVIDER_KEYS.STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${p.stripe}`,
        PAYPAL_CLIENT_ID: PROVIDER_KEYS.PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET: PROVIDER_KEYS.PAYPAL_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID: PROVIDER_KEYS.PAYPAL_WEBHOOK_ID,
        PAYPAL_API_BASE: `http://127.0.0.1:${p.paypal}`,
        ADYEN_API_KEY: PROVIDER_KEYS.ADYEN_API_KEY,
        ADYEN_MERCHANT_ACCOUNT: PROVIDER_KEYS.ADYEN_MERCHANT_ACCOUNT,
        ADYEN_CLIENT_KEY: PROVIDER_KEYS.ADYEN_CLIENT_KEY,
        ADYEN_HMAC_KEY: PROVIDER_KEYS.ADYEN_HMAC_KEY,
        ADYEN_CHECKOUT_BASE: `http://127.0.0.1:${adyenPort(e2ePort)}`,
        KLARNA_USERNAME: PROVIDER_KEYS.KLARNA_USERNAME,
        KLARNA_PASSWORD: PROVIDER_KEYS.KLARNA_PASSWORD,
        KLARNA_API_BASE: `http://127.0.0.1:${p.klarna}`,
        AFFIRM_PUBLIC_KEY: PROVIDER_KEYS.AFFIRM_PUBLIC_KEY,
        AFFIRM_PRIVATE_KEY: PROVIDER_KEYS.AFFIRM_PRIVATE_KEY,
        AFFIRM_API_BASE: `http://127.0.0.1:${p.affirm}`,
        BRAINTREE_MERCHANT_ID: PROVIDER_KEYS.BRAINTREE_MERCHANT_ID,
        BRAINTREE_PUBLIC_KEY: PROVIDER_KEYS.BRAINTREE_PUBLIC_KEY,
        BRAINTREE_PRIVATE_KEY: PROVIDER_KEYS.BRAINTREE_PRIVATE_KEY,
        BRAINTREE_MERCHANT_ACCOUNTS: PROVIDER_KEYS.BRAINTREE_MERCHANT_ACCOUNTS,
        BRAINTREE_API_BASE: `http://127.0.0.1:${braintreePort(e2ePort)}`,
      },
    },
  ];
}

/** Hosts of the providers' browser scripts: this machine has no internet, so loading them fails, as expected. */
const PROVIDER_SCRIPT_HOSTS =
  /(^|\.)(stripe\.com|stripe\.network|paypal\.com|paypalobjects\.com|adyen\.com|klarnacdn\.net|affirm\.com|braintreegateway\.com)$/;
function isOfflineScriptFailure(msg: ConsoleMessage): boolean {
  const where = msg.location().url;
  try {
    if (where && PROVIDER_SCRIPT_HOSTS.test(new URL(where).hostname)) return true;
  } catch {
    /* not a URL */
  }
  // PayPal's loader says so itself, naming the script it could not load.
  return /paypal\.com\/sdk\/js/.test(msg.text());
}

/**
 * `test` for the providers' shop: every shop page a test opens fails it on a console error or an
 * uncaught exception, except the browser's report that a provider's script could not be loaded.
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  baseURL: PROVIDERS_SHOP_URL,
  failOnConsoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        // The shop's pages only: the emulators' pages are test tools (their missing favicon is not the shop's).
        const onShop = () => page.url().startsWith(`${PROVIDERS_SHOP_URL}/`);
        page.on('console', (msg) => {
          if (msg.type() === 'error' && onShop() && !isOfflineScriptFailure(msg))
            errors.push(`${page.url()}: ${msg.text()} (${msg.location().url})`);
        });
        page.on('pageerror', (e) => {
          if (onShop()) errors.push(`${page.url()}: ${e.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Step 0 for a buyer without saved addresses, then on to the payment step; returns the total shown. */
export async function toPaymentStep(page: Page, urlKey = 'cable-tray') {
  await addToCart(page, urlKey);
  await goToCheckout(page, 1);
  await fillShippingAddress(page, uniqueEmail('provider-payer'));
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  return page.getByTestId('sum-total').innerText();
}

export const STRIPE_CHECKOUT_PAGE = new RegExp(`^${STRIPE_EMULATOR_URL.replace(/\./g, '\\.')}/c/pay/cs_test_\\w+$`);
export const PAYPAL_APPROVAL_PAGE = new RegExp(
  `^${PAYPAL_EMULATOR_URL.replace(/\./g, '\\.')}/checkoutnow\\?token=\\w+`,
);

/** Opens a channel's panel in the payment section, unless it is open. */
export async function openChannel(page: Page, channelLabel: string) {
  const control = page.getByTestId('payment-section').getByRole('button', { name: channelLabel, exact: true });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
}

/** Opens a channel's panel and clicks its pay button. */
export async function payWith(page: Page, channelLabel: string, channel: string) {
  await openChannel(page, channelLabel);
  await page.getByTestId('payment-section').getByTestId(`pay-${channel}`).click();
}

/** The shop's success screen after the provider sent the buyer back; returns the contract id and the order number. */
export async function expectPaid(page: Page): Promise<{ contractId: string; orderCode: string }> {
  await expect(page).toHaveURL(
    new RegExp(`^${PROVIDERS_SHOP_URL.replace(/\./g, '\\.')}/buyer/pay-result\\?contractId=\\d+`),
  );
  const success = page.getByTestId('pay-success');
  // The provider's return confirms at once; a webhook would settle it within a poll (3 s) anyway.
  await expect(success.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  const code = success.getByTestId('order-code').first();
  await expect(code).toHaveText(/^\d{17}$/);
  return { contractId: contractIdOf(page), orderCode: await code.innerText() };
}

/** /buyer/orders lists the order as paid and waiting to ship. */
export async function expectPaidInOrderList(page: Page, orderCode: string) {
  await page.goto('/buyer/orders');
  await expect(page.getByTestId('order-list')).toHaveAttribute('aria-busy', 'false');
  const card = page
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-code').getByText(`Order No. ${orderCode}`, { exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('order-status')).toHaveText('To be shipped');
}
