/**
 * The Braintree emulator as a process, for Playwright and for trying the shop by hand:
 *
 *   BRAINTREE_EMULATOR_PORT=4040 BRAINTREE_MERCHANT_ID=... BRAINTREE_PUBLIC_KEY=... BRAINTREE_PRIVATE_KEY=... \
 *   BRAINTREE_MERCHANT_ACCOUNTS=USD:acct_usd,EUR:acct_eur \
 *   BRAINTREE_EMULATOR_WEBHOOK_URL=http://127.0.0.1:3000/api/payments/webhooks/braintree \
 *   node --import tsx apps/server/test/emulators/braintree/main.ts
 *
 * and the shop with the same keys and BRAINTREE_API_BASE=http://127.0.0.1:4040. A sale waiting
 * for settlement settles with POST /emulator/settle/<transaction id> (?declined=1 to decline it),
 * which sends the signed webhook. Without a webhook URL, webhooks are only kept in memory.
 */
import { parseMerchantAccounts } from '../../../src/modules/payment/providers/braintree.js';
import { startBraintreeEmulator } from './emulator.js';
import { closeOnSignal } from '../process.js';

const env = process.env;
const accounts = parseMerchantAccounts(env.BRAINTREE_MERCHANT_ACCOUNTS ?? 'USD:emulator_usd');
const emulator = await startBraintreeEmulator({
  merchantId: env.BRAINTREE_MERCHANT_ID ?? 'emulatormerchant',
  publicKey: env.BRAINTREE_PUBLIC_KEY ?? 'emulatorpublickey',
  privateKey: env.BRAINTREE_PRIVATE_KEY ?? 'emulatorprivatekey',
  // Each currency's account charges in that currency.
  merchantAccounts: Object.fromEntries(Object.entries(accounts).map(([currency, id]) => [id, currency])),
  deliver: env.BRAINTREE_EMULATOR_WEBHOOK_URL || undefined,
  port: Number(env.BRAINTREE_EMULATOR_PORT ?? 4040),
  host: env.BRAINTREE_EMULATOR_HOST ?? '127.0.0.1',
  // The shop may start after the emulator: Braintree retries too.
  deliveryAttempts: 10,
});
console.log(`Braintree emulator on ${emulator.url} (webhooks to ${env.BRAINTREE_EMULATOR_WEBHOOK_URL || 'nowhere'})`);

closeOnSignal(emulator);
