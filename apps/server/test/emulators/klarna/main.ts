/**
 * The Klarna emulator as a process, for Playwright and for trying the shop by hand:
 *
 *   KLARNA_EMULATOR_PORT=4030 KLARNA_USERNAME=... KLARNA_PASSWORD=... node --import tsx apps/server/test/emulators/klarna/main.ts
 *
 * and the shop with the same KLARNA_USERNAME, KLARNA_PASSWORD and KLARNA_API_BASE=http://127.0.0.1:4030.
 * Klarna's notifications go to the notification URL the shop gave with each order.
 */
import { startKlarnaEmulator } from './emulator.js';
import { closeOnSignal } from '../process.js';

const env = process.env;
const emulator = await startKlarnaEmulator({
  username: env.KLARNA_USERNAME ?? 'PK_emulator',
  password: env.KLARNA_PASSWORD ?? 'emulator-password',
  port: Number(env.KLARNA_EMULATOR_PORT ?? 4030),
  host: env.KLARNA_EMULATOR_HOST ?? '127.0.0.1',
  deliver: 'url',
});
console.log(`Klarna emulator on ${emulator.url}`);

closeOnSignal(emulator);
