/**
 * The shop as a real process (node apps/server/src/main.ts), as `npm start` runs it, for the
 * tests of start, stop, crash and several servers on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** A data folder the embedded PostgreSQL (run as the postgres user when we are root) can enter. */
export function tempDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mall-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface ShopProcess {
  proc: ChildProcess;
  base: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
}

export async function startShopProcess(
  env: Record<string, string>,
  opts: { expectStart?: boolean; timeoutMs?: number } = {},
): Promise<ShopProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', NODE_ENV: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  proc.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((resolve) =>
    proc.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const shop: ShopProcess = { proc, base: `http://127.0.0.1:${env.PORT}`, output: () => out, exited };
  if (opts.expectStart === false) return shop;
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  while (!out.includes('Shop running at')) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`shop exited during start:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`shop did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return shop;
}

/** A buyer talking to a running shop over HTTP, with its session cookie and the CSRF header. */
export class HttpBuyer {
  private cookie = '';
  constructor(readonly base: string) {}

  async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.base + url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        'x-mall-request': '1',
        ...(this.cookie && { cookie: this.cookie }),
        ...headers,
      },
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('mall_sid=')) this.cookie = set.split(';')[0]!;
    return res;
  }

  async login(email: string, password = 'demo1234'): Promise<void> {
    const res = await this.post('/api/auth/login', { email, password });
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  }
}

/** One E7 desk to the buyer's default address, through preview and submit (the checkout page's calls). */
export async function placeOrder(b: HttpBuyer, skuId: string, key: string): Promise<Response> {
  const choices = {
    previewTradeContractLineReqTOList: [{ skuId, qty: '1' }],
    selectedAddress: { id: '1' },
    couponIds: [],
    noUsePlatformCoupon: true,
  };
  const p = await b.post('/api/checkout/preview', choices);
  if (!p.ok) return p;
  const preview = (await p.json()) as {
    needPayAmt: { value: string };
    renderTradeOrderTOList: { shopId: string; selectedShippingMethodId: string }[];
  };
  return b.post(
    '/api/checkout/submit',
    {
      ...choices,
      preCalShippingList: preview.renderTradeOrderTOList.map((o) => ({
        shopId: o.shopId,
        shippingMethodId: o.selectedShippingMethodId,
      })),
      notifyInfo: { notifyType: 'email', contactInfo: 'buyer@demo.shop' },
      hearFrom: 'onlineSearch',
      privacyAgreed: true,
      needPayAmt: preview.needPayAmt.value,
    },
    { 'idempotency-key': key },
  );
}

export const embeddedUrl = (pgPort: number) => `postgres://postgres:mall-embedded@127.0.0.1:${pgPort}/mall`;

export function postmasterPid(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
