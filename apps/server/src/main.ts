/**
 * `npm start`: embedded PostgreSQL (or DATABASE_URL), migrations, demo data on first start,
 * then the API and the built web app on one port.
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { createDb, runMigrations } from './db/client.js';
import { ensureDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { buildApp } from './app.js';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed/index.js';

async function main() {
  const config = loadConfig();
  let stopDb: (() => Promise<void>) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    console.log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, 'pg')} ...`);
    const pg = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, console.error);
    stopDb = pg.stop;
    url = await ensureDatabase(pg.serverUrl, 'mall');
  }
  const db = createDb(url);
  await runMigrations(db);
  const seeded = await seedIfEmpty(db);
  const app = await buildApp({ db, webDistDir: config.webDistDir, secureCookies: config.production, trustProxy: config.trustProxy, logger: { level: config.logLevel } });
  await app.listen({ port: config.port, host: config.host });

  console.log(`\nShop running at http://localhost:${config.port}  (API docs: /docs)${seeded ? '  - demo data created' : ''}`);
  console.log('Demo accounts (password demo1234):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(18)} ${a.description}`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await stopDb?.().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
