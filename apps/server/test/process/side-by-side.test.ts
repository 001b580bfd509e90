/**
 * Two copies of the shop on one machine: without EMBEDDED_PG_PORT each embedded
 * PostgreSQL takes a free port (both start at once, so both may want the same one), keeps it in
 * its data folder, and takes it again on the next start, also after a SIGKILL left its
 * PostgreSQL running. The start banner lists every demo account.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.js';
import { freePort, isAlive, postmasterPid, startShopProcess, tempDataDir, type ShopProcess } from './shop-process.js';

const running: ShopProcess[] = [];
afterAll(async () => {
  for (const s of running)
    if (s.proc.exitCode === null && s.proc.signalCode === null) {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
});

const portOf = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'embedded-pg-port'), 'utf8').trim());
const ready = async (shop: ShopProcess) => (await fetch(`${shop.base}/readyz`)).status;

describe('two shops on one machine, no EMBEDDED_PG_PORT', () => {
  const dirs = [tempDataDir('side-a'), tempDataDir('side-b')];
  const envOf = async (dataDir: string) => ({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '',
  });

  it('start side by side, each on its own port, and a restart after SIGKILL takes the same port again', async () => {
    const envs = await Promise.all(dirs.map(envOf));
    const [a, b] = await Promise.all(envs.map((env) => startShopProcess(env, { timeoutMs: 150_000 })));
    running.push(a!, b!);
    expect([await ready(a!), await ready(b!)]).toEqual([200, 200]);
    const [portA, portB] = dirs.map(portOf);
    expect(portA).not.toBe(portB);
    for (const { email } of Object.values(DEMO_ACCOUNTS)) expect(a!.output()).toContain(email);
    expect(a!.output()).toContain('services@demo.shop');

    // SIGKILL leaves A's PostgreSQL running on its port; the next start stops it and takes the port again.
    const orphan = postmasterPid(dirs[0]!)!;
    a!.proc.kill('SIGKILL');
    await a!.exited;
    expect(isAlive(orphan)).toBe(true);
    const again = await startShopProcess(envs[0]!, { timeoutMs: 150_000 });
    running.push(again);
    expect(await ready(again)).toBe(200);
    expect(portOf(dirs[0]!)).toBe(portA);
    expect(again.output()).toContain(`Embedded PostgreSQL on port ${portA}`);
    expect(await ready(b!)).toBe(200);
  }, 300_000);
});
