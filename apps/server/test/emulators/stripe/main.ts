/**
 * The Stripe emulator as a process of its own, for Playwright's webServer list:
 *   STRIPE_EMULATOR_PORT (default 12111), STRIPE_WEBHOOK_SECRET (whsec_...),
 *   STRIPE_EMULATOR_WEBHOOK_URL (the shop's POST /api/payments/webhooks/stripe),
 *   STRIPE_SECRET_KEY (optional: only that key is accepted).
 */
import { startStripeEmulator } from './server.js';

const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error('STRIPE_WEBHOOK_SECRET is required (the secret the shop verifies webhooks with)');
  process.exit(1);
}
const emulator = await startStripeEmulator({
  webhookSecret: secret,
  deliver: process.env.STRIPE_EMULATOR_WEBHOOK_URL,
  secretKey: process.env.STRIPE_SECRET_KEY || undefined,
  port: Number(process.env.STRIPE_EMULATOR_PORT ?? 12111),
  host: process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1',
  // The shop may start after the emulator: Stripe retries too.
  deliveryAttempts: 10,
});
console.log(`Stripe emulator listening on ${emulator.url}`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
