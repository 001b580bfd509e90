/**
 * The Adyen emulator as a process, for Playwright and for trying the shop by hand:
 *
 *   ADYEN_EMULATOR_PORT=4030 ADYEN_API_KEY=... ADYEN_MERCHANT_ACCOUNT=... ADYEN_CLIENT_KEY=... ADYEN_HMAC_KEY=<hex> \
 *   ADYEN_EMULATOR_WEBHOOK_URL=http://127.0.0.1:3000/api/payments/webhooks/adyen \
 *   node --import tsx apps/server/test/emulators/adyen/main.ts
 *
 * and the shop with the same four keys and ADYEN_CHECKOUT_BASE=http://127.0.0.1:4030. Without a
 * webhook URL, notifications are only kept in memory.
 */
import { startAdyenEmulator } from './emulator.js';
import { closeOnSignal } from '../process.js';

const env = process.env;
const emulator = await startAdyenEmulator({
  apiKey: env.ADYEN_API_KEY ?? 'emulator-api-key',
  merchantAccount: env.ADYEN_MERCHANT_ACCOUNT ?? 'EmulatorMerchantECOM',
  clientKey: env.ADYEN_CLIENT_KEY ?? 'test_EMULATORCLIENTKEY',
  hmacKey: env.ADYEN_HMAC_KEY ?? '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  deliver: env.ADYEN_EMULATOR_WEBHOOK_URL || undefined,
  port: Number(env.ADYEN_EMULATOR_PORT ?? 4030),
  host: env.ADYEN_EMULATOR_HOST ?? '127.0.0.1',
  // The shop may start after the emulator: Adyen retries too.
  deliveryAttempts: 10,
});
console.log(`Adyen emulator on ${emulator.url} (notifications to ${env.ADYEN_EMULATOR_WEBHOOK_URL || 'nowhere'})`);

closeOnSignal(emulator);
