/**
 * `npm run bench`: the shop on a fresh embedded database (demo data), then autocannon against
 * the item list and the session endpoint (guest and logged in). Prints requests/s and p99.
 * Then the buyer order reads (list, tab, deep page, counts, detail) on a data set of 100,000
 * orders (bench/orders.ts, bench/orders-data.ts), with EXPLAIN of the list queries.
 * The load comes from autocannon in a child process (from outside, as clients would send it), so
 * the CPU per order read from /proc is the server's own. Loopback only; every scenario is bounded in time. BENCH_ONLY picks parts, comma-separated:
 * catalog, session, pages (server-rendered pages), preview, submit, pay (firstPay and webhooks), orders; BENCH_ONLY=orders runs
 * only the order part, unset runs everything.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pgDriver from 'pg';
import { startEmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded.js';
import { createDb, runMigrations } from '../apps/server/src/db/client.js';
import { DEFAULT_POOL_SIZE } from '../apps/server/src/config.js';
import { seed } from '../apps/server/src/seed/index.js';
import { buildApp, DEV_MOCKPAY_SECRET } from '../apps/server/src/app.js';
import { SESSION_COOKIE } from '../apps/server/src/lib/session.js';
import { signatureHeader } from '../apps/server/src/modules/mockpay/provider.js';
import { prepareOrdersBench, type Scenario } from './orders.js';
import { median } from './stats.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds per scenario, each a slice of the scenario and one of the baseline (see `measure`). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SLICE_S = Math.max(2, Math.round(DURATION_S / ROUNDS));
/**
 * Unmeasured load before each scenario: a server runs its routes warm, and a cold route spends
 * its first seconds compiling (the submit's Node CPU per order was a third higher over 6 s cold
 * than over 20 s).
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : null;
const wanted = (part: string) => !ONLY || ONLY.has(part);

/**
 * autocannon in a child process: the server's process then does only the server's work (its CPU
 * per order read from /proc is the server's own) and the load generator does not share its event
 * loop. With `keyPrefix`, every request carries its own Idempotency-Key (prefix + sequence); with
 * `callers`, requests go round them (each its session cookie and body).
 */
function loadFromOutside(
  opts: { url: string; connections: number; duration: number; requests: object[] },
  keyPrefix?: string,
  callers?: Scenario['callers'],
) {
  const script = `
    const autocannon = require('autocannon');
    const opts = JSON.parse(process.argv[1]); const prefix = process.argv[2]; const callers = JSON.parse(process.argv[3]); let seq = 0;
    if (prefix || callers.length) opts.requests[0].setupRequest = (r) => {
      const c = callers[seq % (callers.length || 1)]; seq++;
      return { ...r, ...(c?.body !== undefined && { body: c.body }), headers: { ...r.headers, ...(c && { cookie: c.cookie }), ...(prefix && { 'idempotency-key': prefix + seq }) } };
    };
    autocannon(opts, (e, r) => { if (e) { console.error(e); process.exit(1); } process.stdout.write(JSON.stringify(r)); });`;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', script, JSON.stringify(opts), keyPrefix ?? '', JSON.stringify(callers ?? [])],
      { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

/**
 * `n` more registered buyers like `email`'s, each with a copy of its address `addressId` and a
 * session: their cookies and address ids. Written straight to the tables (copies of the rows),
 * as signing up 50 accounts through the API would need 50 captchas.
 */
async function cloneBuyers(db: ReturnType<typeof createDb>, email: string, addressId: string, n: number) {
  const columnsOf = async (table: string, without: string[]) =>
    (
      await db.$client.query<{ c: string }>(
        `SELECT quote_ident(column_name) AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name <> ALL($2) ORDER BY ordinal_position`,
        [table, without],
      )
    ).rows
      .map((r) => r.c)
      .join(', ');
  const userColumns = await columnsOf('users', ['id', 'email', 'phone', 'phone_prefix']);
  const addressColumns = await columnsOf('addresses', ['id', 'buyer_id']);
  const clones: { cookie: string; addressId: string }[] = [];
  for (let i = 1; i <= n; i++) {
    const {
      rows: [u],
    } = await db.$client.query<{ id: string }>(
      `INSERT INTO users (email, ${userColumns}) SELECT $2, ${userColumns} FROM users WHERE email = $1 RETURNING id`,
      [email, `bench-buyer-${i}@demo.shop`],
    );
    const {
      rows: [a],
    } = await db.$client.query<{ id: string }>(
      `INSERT INTO addresses (buyer_id, ${addressColumns}) SELECT $2, ${addressColumns} FROM addresses WHERE id = $1 RETURNING id`,
      [addressId, u!.id],
    );
    const token = crypto.randomBytes(32).toString('base64url');
    await db.$client.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      crypto.createHash('sha256').update(token).digest('hex'),
      u!.id,
    ]);
    clones.push({ cookie: `${SESSION_COOKIE}=${token}`, addressId: a!.id });
  }
  return clones;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
// What `finally` closes, last opened first, before PostgreSQL stops: the app's job connections
// and the pools must not outlive the server (their dropped connections would end the process).
const closers: (() => Promise<unknown>)[] = [];
try {
  // The app's own default pool: the bench measures the shop as it ships (20 connections on 2 cores
  // gave as many orders a second, with a higher p99 and more PostgreSQL CPU per order from contention).
  const db = createDb(await ensureDatabase(pg.serverUrl, 'mall'), Number(process.env.BENCH_POOL ?? DEFAULT_POOL_SIZE));
  closers.push(() => db.$client.end());
  await runMigrations(db);
  await seed(db);
  // Plenty of stock so submits measure the order path, not sold-out answers.
  await db.$client.query('UPDATE skus SET stock = 100000000');
  // The pages are rendered from the web build (`npm run build` first; WEB_DIST_DIR picks another).
  const app = await buildApp({
    db,
    rateLimits: false,
    webDistDir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist')),
  });
  closers.push(() => app.close());
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  // The baseline of every ratio: a bare Fastify answering one indexed query (a named prepared
  // statement) on the same database, measured in this run, so the ratios hold on a busy machine.
  // idleTimeoutMillis 0, as the app's pool: an idle connection's backend ending mid-scenario would
  // take the CPU it had used out of the /proc sum below.
  const basePool = new pgDriver.Pool({
    connectionString: db.$client.options.connectionString,
    max: 20,
    idleTimeoutMillis: 0,
  });
  closers.push(() => basePool.end());
  basePool.on('error', (e) => console.error('baseline pool:', e.message)); // an idle client's error must not end the bench
  // The postmaster: parent of every backend, so its children are this bench's PostgreSQL processes.
  const postmaster = await (async () => {
    const {
      rows: [r],
    } = await db.$client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return Number(fs.readFileSync(`/proc/${r!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  })();
  const bare = Fastify();
  bare.get(
    '/baseline',
    async () =>
      (
        await basePool.query({
          name: 'baseline',
          text: 'SELECT id, email, nickname FROM users WHERE id = $1',
          values: [1],
        })
      ).rows[0],
  );
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
    body: JSON.stringify({ email: 'buyer@demo.shop', password: 'demo1234' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const j = { 'content-type': 'application/json', 'x-mall-request': '1', cookie };
  const previewBody = {
    previewTradeContractLineReqTOList: [
      { skuId: '1', qty: '1' },
      { skuId: '6', qty: '1.5' },
    ],
    selectedAddress: { id: '1' },
    couponIds: [],
    noUsePlatformCoupon: true,
  };
  const previewRes = await fetch(`${base}/api/checkout/preview`, {
    method: 'POST',
    headers: j,
    body: JSON.stringify(previewBody),
  });
  if (!previewRes.ok) throw new Error(`preview failed: ${await previewRes.text()}`);
  const preview = (await previewRes.json()) as {
    needPayAmt: { value: string };
    renderTradeOrderTOList: { shopId: string; selectedShippingMethodId: string }[];
  };
  const submitBody = JSON.stringify({
    ...previewBody,
    preCalShippingList: preview.renderTradeOrderTOList.map((o) => ({
      shopId: o.shopId,
      shippingMethodId: o.selectedShippingMethodId,
    })),
    notifyInfo: { notifyType: 'email', contactInfo: 'buyer@demo.shop' },
    hearFrom: 'onlineSearch',
    privacyAgreed: true,
    needPayAmt: preview.needPayAmt.value,
  });
  // A sale's orders come from many buyers: one per connection, each a copy of the demo buyer
  // with its own session and address (the one-buyer scenario serialises on that buyer's rows).
  const buyers =
    wanted('submit') || wanted('session') ? await cloneBuyers(db, 'buyer@demo.shop', '1', CONNECTIONS) : [];
  const submitBodyOf = async (cookie: string, addressId: string) => {
    const body = { ...previewBody, selectedAddress: { id: addressId } };
    const res = await fetch(`${base}/api/checkout/preview`, {
      method: 'POST',
      headers: { ...j, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`preview failed: ${await res.text()}`);
    const p = (await res.json()) as typeof preview;
    return JSON.stringify({
      ...JSON.parse(submitBody),
      selectedAddress: { id: addressId },
      needPayAmt: p.needPayAmt.value,
    });
  };
  const callers = !wanted('submit')
    ? []
    : await Promise.all(
        buyers.map(async (b) => ({ cookie: b.cookie, body: await submitBodyOf(b.cookie, b.addressId) })),
      );
  const scenarios: (Scenario & { part: string })[] = [
    { part: 'catalog', name: 'GET /api/catalog/items (guest)', path: '/api/catalog/items', headers: {} },
    {
      part: 'catalog',
      name: 'GET /api/catalog/items (DE site, EUR)',
      path: '/api/catalog/items',
      headers: { cookie: 'site=DE' },
    },
    { part: 'session', name: 'GET /api/auth/session (guest)', path: '/api/auth/session', headers: {} },
    { part: 'session', name: 'GET /api/auth/session (logged in)', path: '/api/auth/session', headers: { cookie } },
    // Every connection its own buyer: concurrent lookups share a statement (lib/session.ts), and
    // with one cookie they would also share the row.
    {
      part: 'session',
      name: `GET /api/auth/session (${CONNECTIONS} buyers)`,
      path: '/api/auth/session',
      headers: {},
      callers: buyers.map((b) => ({ cookie: b.cookie })),
    },
    {
      part: 'preview',
      name: 'POST /api/checkout/preview (2 shops)',
      path: '/api/checkout/preview',
      method: 'POST',
      headers: j,
      body: JSON.stringify(previewBody),
    },
    // Server rendering (apps/server/src/modules/web): whole pages as a browser asks for them (Brotli).
    { part: 'pages', name: 'GET / page (guest)', path: '/', headers: { 'accept-encoding': 'br' } },
    {
      part: 'pages',
      name: 'GET /item/standing-desk-e7 page (guest)',
      path: '/item/standing-desk-e7',
      headers: { 'accept-encoding': 'br' },
    },
    {
      part: 'pages',
      name: 'GET /buyer/orders page (logged in)',
      path: '/buyer/orders',
      headers: { 'accept-encoding': 'br', cookie },
    },
    {
      part: 'submit',
      name: 'POST /api/checkout/submit (new order each)',
      path: '/api/checkout/submit',
      method: 'POST',
      headers: j,
      body: submitBody,
      // Every request is a new order: its own Idempotency-Key.
      idempotencyKeyPrefix: `bench-${process.pid}-`,
    },
    {
      part: 'submit',
      name: `POST /api/checkout/submit (${CONNECTIONS} buyers, new order each)`,
      path: '/api/checkout/submit',
      method: 'POST',
      headers: j,
      idempotencyKeyPrefix: `bench-many-${process.pid}-`,
      callers,
    },
  ];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_S}s (scenario and baseline in turn) per scenario after ${WARMUP_S}s unmeasured, ${os.cpus().length} cores (load: 1-minute load average after each scenario)\n`,
  );
  const rows: string[] = [];
  /** CPU seconds (user + system) of this process and of each PostgreSQL process, from /proc. */
  const cpuSeconds = () => {
    const tick = 100; // USER_HZ on Linux
    const of = (pid: number) => {
      try {
        const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(f[11]) + Number(f[12])) / tick;
      } catch {
        return 0;
      }
    };
    // This bench's cluster only: its postmaster and the processes it forked (not other PostgreSQLs on the machine).
    const parentOf = (pid: number) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      } catch {
        return 0;
      }
    };
    const pgPids = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => pid === postmaster || parentOf(pid) === postmaster);
    return { node: of(process.pid), pg: new Map(pgPids.map((pid) => [pid, of(pid)])) };
  };
  /**
   * Node and PostgreSQL CPU seconds between two readings. Per process: one started in between
   * counts from zero, and one that ended in between (a dropped connection) is left out instead
   * of taking its whole past out of a sum.
   */
  const cpuBetween = (before: ReturnType<typeof cpuSeconds>, after: ReturnType<typeof cpuSeconds>) => ({
    node: after.node - before.node,
    pg: [...after.pg].reduce((sum, [pid, t]) => sum + t - (before.pg.get(pid) ?? 0), 0),
  });
  /**
   * `seconds` of the scenario's requests from outside (a load generator in its own process, as a
   * client would be), unless the scenario builds each request in this process (payments:
   * per-request contracts, signatures). `keySuffix` keeps a warm-up's Idempotency-Keys apart.
   */
  const load = (s: Scenario, url: string, seconds: number, keySuffix = '') => {
    const method: 'GET' | 'POST' = s.method ?? 'GET';
    const opts = {
      url,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [{ method, path: s.path, headers: s.headers, body: s.body }],
    };
    return s.setupRequest
      ? autocannon({ ...opts, requests: [{ ...opts.requests[0]!, setupRequest: s.setupRequest }] })
      : loadFromOutside(opts, s.idempotencyKeyPrefix && `${s.idempotencyKeyPrefix}${keySuffix}`, s.callers);
  };
  const warmUp = async (s: Scenario) => {
    if (WARMUP_S > 0) await load(s, base, WARMUP_S, 'warm-');
  };
  const BASELINE: Scenario = { name: 'BASELINE bare Fastify + 1 query', path: '/baseline', headers: {} };
  const bareUrl = `http://127.0.0.1:${barePort}`;
  /** A line of the report: requests/s, latency, answers, load and Node + PostgreSQL CPU per request. */
  const lineOf = (
    name: string,
    m: {
      rps: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
      total: number;
      cpu: { node: number; pg: number };
    },
    tail = '',
  ) => {
    const n = Math.max(m.total, 1);
    const cpu = `cpu/req node ${((1000 * m.cpu.node) / n).toFixed(2)} + pg ${((1000 * m.cpu.pg) / n).toFixed(2)} ms`;
    const line = `${name.padEnd(42)} ${m.rps.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   non-2xx ${m.non2xx}   errors ${m.errors}   load ${os.loadavg()[0]!.toFixed(1)}   ${cpu}${tail}`;
    rows.push(line);
    console.log(line);
  };
  /** One slice of `seconds` of the scenario, with the server's and PostgreSQL's CPU over it. */
  const slice = async (s: Scenario, url: string, seconds: number, keySuffix: string) => {
    const before = cpuSeconds();
    const r = await load(s, url, seconds, keySuffix);
    // Server (this process; includes the load generator when it runs in-process) and PostgreSQL CPU.
    return { r, cpu: cpuBetween(before, cpuSeconds()) };
  };
  /**
   * The scenario against the baseline (a bare Fastify answering one indexed query) in BENCH_ROUNDS
   * rounds of DURATION_S / BENCH_ROUNDS seconds each, baseline and scenario back to back, in turn
   * first (ABBA...). On this shared machine the speed of both moves by x1.5 within seconds (the same
   * route measured 55 %, 71 % and 48 % of its baseline in three pairs of 5 s in a row), so each
   * round's ratio is taken over the seconds the two shared, and the median of the rounds is
   * printed with their range. requests/s and p99 are the rounds' medians; CPU per request is over
   * all of the scenario's slices. Returns the scenario's total and 2xx answers with its CPU.
   */
  const measure = async (s: Scenario, url = base) => {
    await warmUp(s);
    const rounds: { base: autocannon.Result; route: autocannon.Result }[] = [];
    const cpu = { node: 0, pg: 0 };
    let total = 0,
      ok = 0,
      non2xx = 0,
      errors = 0;
    for (let k = 0; k < ROUNDS; k++) {
      const baseline = async () => (await slice(BASELINE, bareUrl, SLICE_S, '')).r;
      const route = async () => {
        const { r, cpu: used } = await slice(s, url, SLICE_S, `r${k}-`);
        cpu.node += used.node;
        cpu.pg += used.pg;
        total += r.requests.total;
        ok += r['2xx'];
        non2xx += r.non2xx;
        errors += r.errors;
        return r;
      };
      if (k % 2 === 0) {
        const b = await baseline();
        rounds.push({ base: b, route: await route() });
      } else {
        const r = await route();
        rounds.push({ route: r, base: await baseline() });
      }
    }
    const ratios = rounds.map((x) => (100 * x.route.requests.average) / Math.max(x.base.requests.average, 1));
    const p99s = rounds.map((x) => x.route.latency.p99 / Math.max(x.base.latency.p99, 1));
    const baseRps = median(rounds.map((x) => x.base.requests.average));
    const tail = `  = ${median(ratios).toFixed(1).padStart(5)} % of baseline req/s (${ROUNDS} rounds: ${Math.min(...ratios).toFixed(0)}-${Math.max(...ratios).toFixed(0)} %, baseline ${baseRps.toFixed(0)}), p99 x${median(p99s).toFixed(1)}`;
    lineOf(
      s.name,
      {
        rps: median(rounds.map((x) => x.route.requests.average)),
        p50: median(rounds.map((x) => x.route.latency.p50)),
        p99: median(rounds.map((x) => x.route.latency.p99)),
        non2xx,
        errors,
        total,
        cpu,
      },
      tail,
    );
    return { total, ok, cpu };
  };
  /** The baseline alone over DURATION_S (at start and end: how fast the machine was). */
  const measureBaseline = async (label: string) => {
    const { r, cpu } = await slice(BASELINE, bareUrl, DURATION_S, '');
    lineOf(`${BASELINE.name} (${label})`, {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      total: r.requests.total,
      cpu,
    });
  };
  // Warm both servers up (JIT, pools) unmeasured: a cold first baseline ran at a third of a warm one.
  for (const url of [`${bareUrl}/baseline`, `${base}/api/auth/session`])
    await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  await measureBaseline('start');
  for (const s of scenarios.filter((x) => wanted(x.part))) {
    const m = await measure(s);
    if (s.path === '/api/checkout/submit') {
      // This cluster's processes also serve the bench's own reads (none during submit) and its background jobs.
      const n = Math.max(m.ok, 1);
      const line = `   CPU per order: Node ${((1000 * m.cpu.node) / n).toFixed(2)} ms + PostgreSQL ${((1000 * m.cpu.pg) / n).toFixed(2)} ms over ${n} orders`;
      rows.push(line);
      console.log(line);
    }
  }
  if (wanted('pay')) {
    // Payment start: every request pays a different unpaid contract (copies of one submitted above).
    const { rows: contracts } = await db.$client.query<{ id: string }>(`
      INSERT INTO trade_contracts (buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, shipping_amt_minor,
        tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
        pay_deadline, selected_address, billing_address, payload, preview)
      SELECT buyer_id, 'bench-pay-' || g, site, currency, trade_type, 'PENDING_PAY', sku_amt_minor, discount_amt_minor, shipping_amt_minor, tax_amt_minor,
        points_discount_minor, need_pay_amt_minor, 0, 0, earn_points, false, pay_unique_key || '-' || g, payment_order_id || '-' || g, now() + interval '1 day',
        selected_address, billing_address, payload, preview
      FROM trade_contracts, generate_series(1, 20000) g WHERE id = (SELECT min(id) FROM trade_contracts) RETURNING id`);
    let nextContract = 0;
    await measure({
      name: 'POST /sapi/mall-pay/payment/firstPay',
      path: '/sapi/mall-pay/payment/firstPay',
      method: 'POST',
      headers: j,
      body: '{}',
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({ contractId: contracts[nextContract++ % contracts.length]!.id, payChannel: 'MOCKPAY' }),
      }),
    });
    // Webhook handling: one signed 'approved' event per started payment, each a new event id.
    const { rows: started } = await db.$client.query<{
      provider_payment_id: string;
      id: string;
      amount_minor: string;
      currency: string;
    }>(
      `SELECT provider_payment_id, id, amount_minor, currency FROM payment_records WHERE status = 'PAY_PENDING' AND provider_payment_id IS NOT NULL`,
    );
    let nextEvent = 0;
    await measure({
      name: 'POST /api/payments/webhooks/mockpay',
      path: '/api/payments/webhooks/mockpay',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      setupRequest: (r) => {
        const p = started[nextEvent % started.length]!;
        const body = JSON.stringify({
          id: `evt_bench_${++nextEvent}`,
          type: 'payment.approved',
          created: Math.floor(Date.now() / 1000),
          data: {
            paymentId: p.provider_payment_id,
            merchantReference: p.id,
            amount: Number(p.amount_minor),
            currency: p.currency,
            reason: null,
          },
        });
        return {
          ...r,
          body,
          headers: { ...r.headers, 'mockpay-signature': signatureHeader(DEV_MOCKPAY_SECRET, body) },
        };
      },
    });
    console.log(`(firstPay started ${started.length} payments; webhooks beyond that count replay-safe re-approvals)`);
  }

  // Buyer order reads on 100,000 orders. The generated contracts copy the JSON of one real submitted contract.
  if (wanted('orders')) {
    // Priced again: the orders paid above moved the buyer's member level, so the first preview's total is stale.
    const fresh = (await (
      await fetch(`${base}/api/checkout/preview`, { method: 'POST', headers: j, body: JSON.stringify(previewBody) })
    ).json()) as { needPayAmt: { value: string } };
    const templateBody = JSON.stringify({ ...JSON.parse(submitBody), needPayAmt: fresh.needPayAmt.value });
    const templateRes = await fetch(`${base}/api/checkout/submit`, {
      method: 'POST',
      headers: { ...j, 'idempotency-key': `bench-orders-template-${process.pid}` },
      body: templateBody,
    });
    if (!templateRes.ok) throw new Error(`template submit failed: ${await templateRes.text()}`);
    const orders = await prepareOrdersBench(db, base, {
      templateContractId: BigInt(((await templateRes.json()) as { id: string }).id),
    });
    for (const s of orders.scenarios) await measure(s);
    await orders.explain();
    const { data } = orders;
    console.log(
      `\nOrder data set: ${data.skipped ? 'already there' : `generated in ${data.insertSeconds.toFixed(1)} s + VACUUM ANALYZE, CHECKPOINT ${data.vacuumSeconds.toFixed(1)} s`}, ` +
        Object.entries(data.counts)
          .map(([t, n]) => `${t} ${n}`)
          .join(', '),
    );
  }
  await measureBaseline('end');
  console.log(
    `\nSummary (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_S}s each for scenario and baseline):\n${rows.join('\n')}`,
  );
  await bare.close();
} catch (err) {
  // Printed before the shutdown below, whose dropped connections could otherwise end the process first.
  console.error('bench failed:', err);
  process.exitCode = 1;
} finally {
  for (const close of closers.reverse()) await close().catch(() => {});
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
