/**
 * One embedded PostgreSQL for the whole test run: a template database `mall_template`,
 * migrated and seeded once; each API test file clones it (see helpers.ts).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '../src/db/client.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.js';
import { seed } from '../src/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export const TEMPLATE_DB = 'mall_template';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export default async function setup({ provide }: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-test-'));
  // mkdtemp makes a 0700 root-owned dir; postgres runs as the `postgres` user when we are root
  // and must be able to reach its data directory inside.
  fs.chmodSync(tmp, 0o755);
  let pg: EmbeddedDb | undefined;
  const teardown = async () => {
    await pg?.stop().catch((e) => console.error('stopping embedded postgres failed', e));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    pg = await startEmbeddedPostgres(path.join(tmp, 'pg'), await freePort(), (m) => console.error(m));
    const url = await ensureDatabase(pg.serverUrl, TEMPLATE_DB);
    const db = createDb(url, 2);
    try {
      await runMigrations(db);
      await seed(db);
    } finally {
      // A template database must have no open connections when it is cloned.
      await db.$client.end();
    }
    provide('pgServerUrl', pg.serverUrl);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
