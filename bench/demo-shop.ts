/**
 * The shop as the page-measuring scripts need it (bench/lighthouse.ts, bench/js-weight.ts): the
 * built web app (WEB_DIST_DIR, default apps/web/dist: run `npm run build` first) served on
 * loopback from a fresh embedded database with the demo data, and the demo buyer's session.
 * `{ tls: true }` serves it over HTTPS (HTTP/2) with the loopback test certificate in bench/tls.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded.js';
import { createDb, runMigrations, type Db } from '../apps/server/src/db/client.js';
import { seed } from '../apps/server/src/seed/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_POOL_SIZE } from '../apps/server/src/config.js';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export interface DemoShop {
  base: string;
  /** The built web app it serves. */
  dist: string;
  db: Db;
  /** The demo buyer's session cookie, `name=value`. */
  buyerCookie: string;
}

/** The self-signed certificate for 127.0.0.1 the shop serves HTTPS with in tests and here (never in production), repository-relative. */
export const LOOPBACK_TLS_FILES = { cert: 'bench/tls/loopback-cert.pem', key: 'bench/tls/loopback-key.pem' };
export const loopbackTls = () => ({
  cert: fs.readFileSync(path.resolve(import.meta.dirname, '..', LOOPBACK_TLS_FILES.cert)),
  key: fs.readFileSync(path.resolve(import.meta.dirname, '..', LOOPBACK_TLS_FILES.key)),
});

/** Runs `use` against a fresh demo shop and tears everything down afterwards. */
export async function withDemoShop<T>(
  prefix: string,
  use: (shop: DemoShop) => Promise<T>,
  opts: { tls?: boolean } = {},
): Promise<T> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`No built web app in ${dist}: run npm run build (or set WEB_DIST_DIR)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
  try {
    const db = createDb(await ensureDatabase(pg.serverUrl, 'mall'), DEFAULT_POOL_SIZE);
    await runMigrations(db);
    await seed(db);
    const app = await buildApp({ db, rateLimits: false, webDistDir: dist, tls: opts.tls ? loopbackTls() : undefined });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    try {
      // Injected: the same routes, without Node's fetch having to trust the test certificate.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
        payload: JSON.stringify({ email: 'buyer@demo.shop', password: 'demo1234' }),
      });
      const buyerCookie = String(login.headers['set-cookie'] ?? '').split(';')[0]!;
      // Checkout needs at least one selected cart line.
      const added = await app.inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { 'content-type': 'application/json', 'x-mall-request': '1', cookie: buyerCookie },
        payload: JSON.stringify({ skuId: '1', qty: '1' }),
      });
      if (added.statusCode !== 200) throw new Error(`cart add failed: ${added.body}`);
      return await use({ base, dist, db, buyerCookie });
    } finally {
      await app.close();
      await db.$client.end();
    }
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
