/**
 * The Affirm emulator as a process, for Playwright and for trying the shop by hand:
 *
 *   AFFIRM_EMULATOR_PORT=4040 AFFIRM_PUBLIC_KEY=... AFFIRM_PRIVATE_KEY=... node --import tsx apps/server/test/emulators/affirm/main.ts
 *
 * and the shop with the same AFFIRM_PUBLIC_KEY, AFFIRM_PRIVATE_KEY and AFFIRM_API_BASE=http://127.0.0.1:4040.
 */
import { startAffirmEmulator } from './emulator.js';
import { closeOnSignal } from '../process.js';

const env = process.env;
const emulator = await startAffirmEmulator({
  publicKey: env.AFFIRM_PUBLIC_KEY ?? 'EMULATORPUBLICKEY',
  privateKey: env.AFFIRM_PRIVATE_KEY ?? 'emulator-private-key',
  port: Number(env.AFFIRM_EMULATOR_PORT ?? 4040),
  host: env.AFFIRM_EMULATOR_HOST ?? '127.0.0.1',
});
console.log(`Affirm emulator on ${emulator.url}`);

closeOnSignal(emulator);
