/**
 * `node --import tsx bench/uploads.ts`: does a flood of hostile image uploads slow other
 * requests? A fresh embedded database with the demo data (made here, with 20 more
 * buyers copied from the demo buyer, each with a session), and the shop on it as its own process
 * (apps/server/src/main.ts with DATABASE_URL); this process only sends requests, over loopback.
 * It measures a login's latency (argon2 hashing on libuv's pool, as an image decode is) alone,
 * then while 20 clients upload without pause: pixel bombs (a 153 KB PNG declaring 7000 x 7000)
 * from one account and from 20, then the heaviest image still accepted (a PNG of 6300 x 6300,
 * just under the pixel limit) from 20; for comparison, while the same 20 clients ask for their
 * session without pause. Prints p50/p90/p99/max of the logins, the answers and the shop's CPU
 * seconds. The hourly quotas and the login rate limit are raised (they would end each flood
 * after a few dozen files), so that the upload gate alone bounds the work; the gate runs with its
 * defaults. Every scenario is bounded in time (UPLOAD_BENCH_SECONDS, default 20; LOGINS, default
 * 100 per scenario).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@mall/contracts';
import { createDb, runMigrations, type Db } from '../apps/server/src/db/client.js';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { SESSION_COOKIE } from '../apps/server/src/lib/session.js';
import { seed } from '../apps/server/src/seed/index.js';
import { freePort } from './demo-shop.js';

const SECONDS = Number(process.env.UPLOAD_BENCH_SECONDS ?? 20);
const LOGINS = Number(process.env.LOGINS ?? 100);
const CLIENTS = 20;
const HARD_STOP_MS = 10 * 60_000;
const ROOT = path.resolve(import.meta.dirname, '..');

/** CLIENTS buyers copied from the demo buyer, each with a session: their cookies. */
async function moreBuyers(db: Db): Promise<string[]> {
  const { rows: columns } = await db.$client.query<{ c: string }>(
    `SELECT quote_ident(column_name) AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'users' AND column_name NOT IN ('id', 'email', 'phone', 'phone_prefix') ORDER BY ordinal_position`,
  );
  const list = columns.map((r) => r.c).join(', ');
  const cookies: string[] = [];
  for (let i = 1; i <= CLIENTS; i++) {
    const {
      rows: [u],
    } = await db.$client.query<{ id: string }>(
      `INSERT INTO users (email, ${list}) SELECT $1::text, ${list} FROM users WHERE email = 'buyer@demo.shop' RETURNING id`,
      [`bench-uploader-${i}@demo.shop`],
    );
    const token = crypto.randomBytes(32).toString('base64url');
    await db.$client.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      crypto.createHash('sha256').update(token).digest('hex'),
      u!.id,
    ]);
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  return cookies;
}

/** The shop as `npm start` runs it, on `url`; resolves once it listens. */
async function startShop(url: string, port: number, dir: string): Promise<ChildProcess> {
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const shop = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000000',
      UPLOAD_ACCOUNT_FILES_PER_HOUR: '1000000',
      UPLOAD_ACCOUNT_MB_PER_HOUR: '1000000',
      UPLOAD_IP_FILES_PER_HOUR: '1000000',
      UPLOAD_IP_MB_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const started = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Shop running at')) {
        shop.stdout.off('data', started);
        shop.stdout.resume();
        resolve();
      }
    };
    shop.stdout.on('data', started);
    shop.once('exit', (code) => reject(new Error(`the shop exited with ${code}:\n${out}`)));
  });
  return shop;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
const summary = (xs: number[]) =>
  `n=${xs.length} p50 ${ms(pct(xs, 50))}  p90 ${ms(pct(xs, 90))}  p99 ${ms(pct(xs, 99))}  max ${ms(Math.max(...xs))}`;

type Flood = { image: Buffer; accounts: string[] } | { get: string } | null;

async function measure(shop: ChildProcess, base: string, cookies: string[]): Promise<string> {
  /** utime + stime of the shop's process (not PostgreSQL), in seconds (/proc counts 1/100 s ticks). */
  const cpuSeconds = () => {
    const fields = fs.readFileSync(`/proc/${shop.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const login = async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
      body: JSON.stringify({ email: 'anna@demo.shop', password: 'demo1234' }),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  /** `count` logins one after another (a person signing in while the flood runs), their latencies. */
  const logins = async (until: () => boolean, count = LOGINS) => {
    const times: number[] = [];
    while (times.length < count && !until()) {
      const started = performance.now();
      await login();
      times.push(performance.now() - started);
    }
    return times;
  };

  /** The logins alone (`flood` null), or while CLIENTS clients send `flood` without pause: an image upload (client i as accounts[i % n]), or a plain GET. */
  const scenario = async (name: string, flood: Flood) => {
    const answers = new Map<string, number[]>();
    let stopped = false;
    const deadline = Date.now() + SECONDS * 1000;
    const cpuBefore = cpuSeconds();
    // One multipart body, built once: the client's own work stays small on a machine it shares with the shop.
    const boundary = '----mallbench';
    const body =
      flood && 'image' in flood
        ? Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            flood.image,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ])
        : null;
    const send = (i: number) =>
      flood && 'image' in flood
        ? fetch(`${base}/api/uploads/review-images`, {
            method: 'POST',
            body,
            headers: {
              'x-mall-request': '1',
              cookie: flood.accounts[i % flood.accounts.length]!,
              'content-type': `multipart/form-data; boundary=${boundary}`,
            },
          })
        : fetch(`${base}${(flood as { get: string }).get}`, { headers: { cookie: cookies[i]! } });
    const clients = flood
      ? Array.from({ length: CLIENTS }, async (_, i) => {
          while (!stopped) {
            const started = performance.now();
            const res = await send(i);
            const answer = (await res.json().catch(() => ({}))) as { code?: string };
            const key = `${res.status}${answer.code ? ` ${answer.code}` : ''}`;
            answers.set(key, [...(answers.get(key) ?? []), performance.now() - started]);
          }
        })
      : [];
    // The flood is under way before the first login.
    if (flood) await new Promise((r) => setTimeout(r, 1000));
    const times = await logins(() => Date.now() > deadline);
    stopped = true;
    await Promise.all(clients);
    const cpu = cpuSeconds() - cpuBefore;
    const lines = [name, `  login           ${summary(times)}`];
    for (const [key, list] of [...answers].sort())
      lines.push(`  ${body ? 'upload' : 'GET   '} ${key.padEnd(24)} ${summary(list)}`);
    lines.push(`  shop's CPU      ${cpu.toFixed(1)} s`);
    return lines.join('\n');
  };

  const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const side = Math.floor(Math.sqrt(UPLOAD_MAX_PIXELS)) - 24;
  const heaviest = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 40, g: 90, b: 200 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  // Warm: the routes compiled, the pool's connections open.
  await logins(() => false, 10);
  return [
    `bench/uploads.ts  ${new Date().toISOString()}  ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
    `${CLIENTS} clients without pause (a 503 or 429 is asked again at once) for up to ${SECONDS} s per scenario; logins one after another (up to ${LOGINS})`,
    `pixel bomb: ${(bomb.length / 1024).toFixed(0)} KB PNG, 7000 x 7000; heaviest accepted: ${(heaviest.length / 1024).toFixed(0)} KB PNG, ${side} x ${side} (limit ${UPLOAD_MAX_PIXELS / 1e6} MP)`,
    await scenario('logins alone', null),
    await scenario(`logins while ${CLIENTS} clients of one account upload the pixel bomb`, {
      image: bomb,
      accounts: cookies.slice(0, 1),
    }),
    await scenario(`logins while ${CLIENTS} clients of ${CLIENTS} accounts upload the pixel bomb`, {
      image: bomb,
      accounts: cookies,
    }),
    await scenario(`logins while ${CLIENTS} clients of ${CLIENTS} accounts upload the heaviest accepted image`, {
      image: heaviest,
      accounts: cookies,
    }),
    // For comparison: the same clients asking for their session (one cheap query) without pause.
    await scenario(`logins while ${CLIENTS} clients GET /api/auth/session without pause`, { get: '/api/auth/session' }),
  ].join('\n');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-uploads-'));
// The embedded PostgreSQL runs as the postgres user, who must enter the folder.
fs.chmodSync(dir, 0o755);
const hardStop = setTimeout(() => {
  console.error('bench: out of time');
  process.exit(1);
}, HARD_STOP_MS);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
let db: Db | undefined;
let shop: ChildProcess | undefined;
try {
  const url = await ensureDatabase(pg.serverUrl, 'mall');
  db = createDb(url, 2);
  await runMigrations(db);
  await seed(db);
  const cookies = await moreBuyers(db);
  const port = await freePort();
  shop = await startShop(url, port, dir);
  console.log(await measure(shop, `http://127.0.0.1:${port}`, cookies));
} finally {
  // The shop first, then the pool, then PostgreSQL.
  clearTimeout(hardStop);
  if (shop && shop.exitCode === null) {
    shop.kill('SIGTERM');
    await new Promise((r) => shop!.once('exit', r));
  }
  await db?.$client.end();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
