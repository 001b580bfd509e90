/**
 * `npm run bench`: the shop on a fresh embedded database (demo data), then autocannon against
 * the item list and the session endpoint (guest and logged in). Prints requests/s and p99.
 * Loopback only; every scenario is bounded in time.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded.js';
import { createDb, runMigrations } from '../apps/server/src/db/client.js';
import { seed } from '../apps/server/src/seed/index.js';
import { buildApp } from '../apps/server/src/app.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
try {
  const db = createDb(await ensureDatabase(pg.serverUrl, 'mall'), 20);
  await runMigrations(db);
  await seed(db);
  // Plenty of stock so submits measure the order path, not sold-out answers.
  await db.$client.query("UPDATE skus SET stock = 100000000");
  const app = await buildApp({ db, rateLimits: false });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
    body: JSON.stringify({ email: 'buyer@demo.shop', password: 'demo1234' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const j = { 'content-type': 'application/json', 'x-mall-request': '1', cookie };
  const previewBody = {
    previewTradeContractLineReqTOList: [{ skuId: '1', qty: '1' }, { skuId: '6', qty: '1.5' }],
    selectedAddress: { id: '1' }, couponIds: [], noUsePlatformCoupon: true,
  };
  const previewRes = await fetch(`${base}/api/checkout/preview`, { method: 'POST', headers: j, body: JSON.stringify(previewBody) });
  if (!previewRes.ok) throw new Error(`preview failed: ${await previewRes.text()}`);
  const preview = await previewRes.json() as {
    needPayAmt: { value: string }; renderTradeOrderTOList: { shopId: string; selectedShippingMethodId: string }[];
  };
  const submitBody = JSON.stringify({
    ...previewBody,
    preCalShippingList: preview.renderTradeOrderTOList.map((o) => ({ shopId: o.shopId, shippingMethodId: o.selectedShippingMethodId })),
    notifyInfo: { notifyType: 'email', contactInfo: 'buyer@demo.shop' }, hearFrom: 'onlineSearch', privacyAgreed: true,
    needPayAmt: preview.needPayAmt.value,
  });
  let seq = 0;

  const scenarios: { name: string; path: string; headers: Record<string, string>; method?: 'POST'; body?: string; setupRequest?: (r: any) => any }[] = [
    { name: 'GET /api/catalog/items (guest)', path: '/api/catalog/items', headers: {} },
    { name: 'GET /api/catalog/items (DE site, EUR)', path: '/api/catalog/items', headers: { cookie: 'site=DE' } },
    { name: 'GET /api/auth/session (guest)', path: '/api/auth/session', headers: {} },
    { name: 'GET /api/auth/session (logged in)', path: '/api/auth/session', headers: { cookie } },
    { name: 'POST /api/checkout/preview (2 shops)', path: '/api/checkout/preview', method: 'POST', headers: j, body: JSON.stringify(previewBody) },
    {
      name: 'POST /api/checkout/submit (new order each)', path: '/api/checkout/submit', method: 'POST', headers: j, body: submitBody,
      // Every request is a new order: its own Idempotency-Key.
      setupRequest: (r) => ({ ...r, headers: { ...r.headers, 'idempotency-key': `bench-${process.pid}-${++seq}` } }),
    },
  ];
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S}s per scenario, ${os.cpus().length} cores\n`);
  const rows: string[] = [];
  for (const s of scenarios) {
    const r = await autocannon({
      url: base, connections: CONNECTIONS, duration: DURATION_S,
      requests: [{ method: s.method ?? 'GET', path: s.path, headers: s.headers, body: s.body, ...(s.setupRequest && { setupRequest: s.setupRequest }) }],
    });
    const line = `${s.name.padEnd(42)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
    rows.push(line);
    console.log(line);
  }
  await app.close();
  await db.$client.end();
} finally {
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
