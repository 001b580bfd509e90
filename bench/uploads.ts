/**
 * `node --import tsx bench/uploads.ts`: does a flood of hostile image uploads slow other
 * requests? (issue 49) The shop runs as its own process (apps/server/src/main.ts) on a fresh
 * embedded database with the demo data; this process only sends requests, over loopback. It
 * measures a login's latency (argon2 hashing on libuv's pool, as an image decode is) alone, then
 * while 20 clients upload without pause: first pixel bombs (a 156 KB PNG declaring 7000 x 7000),
 * then the heaviest images still accepted (a PNG of 6300 x 6300, just under the pixel limit).
 * Prints p50/p90/p99/max of the logins, the uploads' answers and the server's CPU seconds.
 * Quotas, the per-account share of the gate and the login rate limit are raised, so that only
 * the gate's places in flight and its decoders bound the work (the worst case: many accounts); every
 * scenario is bounded in time (UPLOAD_BENCH_SECONDS, default 20; LOGINS, default 100 per scenario).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@mall/contracts';
import { freePort } from './demo-shop.js';

const SECONDS = Number(process.env.UPLOAD_BENCH_SECONDS ?? 20);
const LOGINS = Number(process.env.LOGINS ?? 100);
const UPLOADERS = 20;
const HARD_STOP_MS = 10 * 60_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-uploads-'));
// The embedded PostgreSQL runs as the postgres user, who must enter the folder.
fs.chmodSync(dir, 0o755);
const dist = path.join(dir, 'dist');
fs.mkdirSync(dist);
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bench</title>');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), WEB_DIST_DIR: dist, LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000', UPLOAD_ACCOUNT_FILES_PER_HOUR: '1000000', UPLOAD_ACCOUNT_MB_PER_HOUR: '1000000', UPLOAD_IP_FILES_PER_HOUR: '1000000', UPLOAD_IP_MB_PER_HOUR: '1000000', UPLOAD_ACCOUNT_IN_FLIGHT: '1000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
const hardStop = setTimeout(() => { console.error('bench: out of time'); child.kill('SIGKILL'); process.exit(1); }, HARD_STOP_MS);
process.on('exit', stop);
await new Promise<void>((resolve, reject) => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d; if (out.includes('Shop running at')) resolve(); });
  child.on('exit', (code) => reject(new Error(`the shop exited with ${code}:\n${out}`)));
});

/** utime + stime of the shop's process (not the embedded PostgreSQL), in seconds (/proc counts 1/100 s ticks). */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const json = { 'content-type': 'application/json', 'x-mall-request': '1' };
async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'demo1234' }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
const summary = (xs: number[]) => `n=${xs.length} p50 ${ms(pct(xs, 50))}  p90 ${ms(pct(xs, 90))}  p99 ${ms(pct(xs, 99))}  max ${ms(Math.max(...xs))}`;

/** `count` logins one after another (a person signing in while the flood runs), their latencies. */
async function logins(until: () => boolean, count = LOGINS): Promise<number[]> {
  const times: number[] = [];
  while (times.length < count && !until()) {
    const started = performance.now();
    await login('anna@demo.shop');
    times.push(performance.now() - started);
  }
  return times;
}

async function scenario(name: string, image: Buffer | null, cookie: string) {
  const answers = new Map<string, number[]>();
  let stopped = false;
  const deadline = Date.now() + SECONDS * 1000;
  const cpuBefore = cpuSeconds();
  // One multipart body, built once: the client's own work stays small on a machine it shares with the shop.
  const boundary = '----mallbench';
  const body = image && Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { 'x-mall-request': '1', cookie, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const uploaders = body ? Array.from({ length: UPLOADERS }, async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${base}/api/uploads/review-images`, { method: 'POST', body, headers });
      const answer = await res.json().catch(() => ({})) as { code?: string };
      const key = `${res.status}${answer.code ? ` ${answer.code}` : ''}`;
      answers.set(key, [...(answers.get(key) ?? []), performance.now() - started]);
      // A client told to come back later does (a hostile one would not wait the whole Retry-After).
      if (res.status === 503 || res.status === 429) await new Promise((r) => setTimeout(r, 250));
    }
  }) : [];
  // The flood is under way before the first login.
  if (image) await new Promise((r) => setTimeout(r, 1000));
  const times = await logins(() => Date.now() > deadline);
  stopped = true;
  await Promise.all(uploaders);
  const cpu = cpuSeconds() - cpuBefore;
  const lines = [`${name}`, `  login           ${summary(times)}`];
  for (const [key, list] of [...answers].sort()) lines.push(`  upload ${key.padEnd(24)} ${summary(list)}`);
  lines.push(`  server CPU      ${cpu.toFixed(1)} s`);
  return lines.join('\n');
}

try {
  const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png({ compressionLevel: 9 }).toBuffer();
  const side = Math.floor(Math.sqrt(UPLOAD_MAX_PIXELS)) - 24;
  const heaviest = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png({ compressionLevel: 9 }).toBuffer();
  const cookie = await login('buyer@demo.shop');
  // Warm: the routes compiled, the pool's connections open.
  await logins(() => false, 10);
  const out = [
    `bench/uploads.ts  ${new Date().toISOString()}  ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
    `${UPLOADERS} uploaders without pause for up to ${SECONDS} s per scenario; logins one after another (${LOGINS} per scenario)`,
    `pixel bomb: ${(bomb.length / 1024).toFixed(0)} KB PNG, 7000 x 7000; heaviest accepted: ${(heaviest.length / 1024).toFixed(0)} KB PNG, ${side} x ${side} (limit ${UPLOAD_MAX_PIXELS / 1e6} MP)`,
    await scenario('logins alone', null, cookie),
    await scenario(`logins while ${UPLOADERS} clients upload the pixel bomb`, bomb, cookie),
    await scenario(`logins while ${UPLOADERS} clients upload the heaviest accepted image`, heaviest, cookie),
  ].join('\n');
  console.log(out);
} finally {
  clearTimeout(hardStop);
  stop();
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
