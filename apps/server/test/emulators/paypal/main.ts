/**
 * The PayPal emulator as a process, for Playwright and for trying the shop by hand:
 *
 *   PAYPAL_EMULATOR_PORT=4020 PAYPAL_CLIENT_ID=... PAYPAL_CLIENT_SECRET=... PAYPAL_WEBHOOK_ID=... \
 *   PAYPAL_EMULATOR_WEBHOOK_URL=http://127.0.0.1:3000/api/payments/webhooks/paypal \
 *   node --import tsx apps/server/test/emulators/paypal/main.ts
 *
 * and the shop with the same PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and
 * PAYPAL_API_BASE=http://127.0.0.1:4020. Without a webhook URL, webhooks are only kept in memory.
 */
import { startPaypalEmulator } from './emulator.js';
import { closeOnSignal } from '../process.js';

const env = process.env;
const emulator = await startPaypalEmulator({
  clientId: env.PAYPAL_CLIENT_ID ?? 'emulator-client-id',
  clientSecret: env.PAYPAL_CLIENT_SECRET ?? 'emulator-client-secret',
  webhookId: env.PAYPAL_WEBHOOK_ID ?? 'EMULATORWEBHOOK1',
  deliver: env.PAYPAL_EMULATOR_WEBHOOK_URL || undefined,
  port: Number(env.PAYPAL_EMULATOR_PORT ?? 4020),
  host: env.PAYPAL_EMULATOR_HOST ?? '127.0.0.1',
  deliveryAttempts: 10,
});
console.log(`PayPal emulator on ${emulator.url} (webhooks to ${env.PAYPAL_EMULATOR_WEBHOOK_URL || 'nowhere'})`);

closeOnSignal(emulator);
