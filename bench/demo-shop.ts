/**
 * The shop as the page-measuring scripts need it (bench/lighthouse.ts, bench/js-weight.ts): the
 * built web app (WEB_DIST_DIR, default apps/web/dist: run `npm run build` first) served on
 * loopback from a fresh embedded database with the demo data, and the demo buyer's session.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded.js';
import { createDb, runMigrations, type Db } from '../apps/server/src/db/client.js';
import { seed } from '../apps/server/src/seed/index.js';
import { buildApp } from '../apps/server/src/app.js';

export const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

export interface DemoShop {
  base: string;
  db: Db;
  /** The demo buyer's session cookie, `name=value`. */
  buyerCookie: string;
}

/** Runs `use` against a fresh demo shop and tears everything down afterwards. */
export async function withDemoShop<T>(prefix: string, use: (shop: DemoShop) => Promise<T>): Promise<T> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No built web app in ${dist}: run npm run build (or set WEB_DIST_DIR)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
  try {
    const db = createDb(await ensureDatabase(pg.serverUrl, 'mall'), 10);
    await runMigrations(db);
    await seed(db);
    const app = await buildApp({ db, rateLimits: false, webDistDir: dist });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-mall-request': '1' },
        body: JSON.stringify({ email: 'buyer@demo.shop', password: 'demo1234' }),
      });
      const buyerCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      // Checkout needs at least one selected cart line.
      const added = await fetch(`${base}/api/cart/lines`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-mall-request': '1', cookie: buyerCookie },
        body: JSON.stringify({ skuId: '1', qty: '1' }),
      });
      if (!added.ok) throw new Error(`cart add failed: ${await added.text()}`);
      return await use({ base, db, buyerCookie });
    } finally {
      await app.close();
      await db.$client.end();
    }
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
