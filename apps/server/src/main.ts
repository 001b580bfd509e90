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
import { startJobs } from './lib/jobs.js';
import { ORDERS_SWEEP_QUEUE } from './modules/trade/routes.js';
import { sweepTimedTransitions } from './modules/trade/service.js';
import { MOCKPAY_WEBHOOK_QUEUE } from './modules/mockpay/provider.js';
import { REFUND_QUEUE } from './flows/refund.js';
import { REVERSE_SWEEP_QUEUE } from './modules/reverse/routes.js';
import { sweepReverseDeadlines } from './modules/reverse/service.js';

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
  const jobs = await startJobs(url, [MOCKPAY_WEBHOOK_QUEUE, ORDERS_SWEEP_QUEUE, REFUND_QUEUE, REVERSE_SWEEP_QUEUE]);
  const app = await buildApp({
    db, webDistDir: config.webDistDir, loginPerMinute: config.loginPerMinute, secureCookies: config.production, trustProxy: config.trustProxy, logger: { level: config.logLevel },
    mockpay: { secret: config.mockpaySecret, publicUrl: config.publicUrl, enabled: config.mockpayEnabled }, jobs, production: config.production, apiDocs: config.apiDocs, uploadsDir: path.join(config.dataDir, 'uploads'),
  });
  // MOCKPAY's webhook sender: a real HTTP POST to the shop, retried by pg-boss until acknowledged.
  await jobs.work<{ eventId: string }>(MOCKPAY_WEBHOOK_QUEUE, async ({ eventId }) => {
    const signed = await app.mockpay.signedEvent(eventId);
    if (!signed || signed.delivered) return;
    const attempt = await app.mockpay.countAttempt(eventId);
    const res = await fetch(signed.url, { method: 'POST', headers: { 'content-type': 'application/json', 'mockpay-signature': signed.signature }, body: signed.body });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    await app.mockpay.markDelivered(eventId, attempt);
  });
  // Timed order transitions: at each deadline (jobs sent with startAfter) and every minute as a safety net.
  await jobs.schedule(ORDERS_SWEEP_QUEUE, '* * * * *');
  await jobs.work(ORDERS_SWEEP_QUEUE, async () => {
    const done = await sweepTimedTransitions(db);
    if (done.closed || done.confirmed) app.log.info(done, 'orders sweep');
  });
  // Refunds: one attempt per job, retried with backoff by pg-boss until the provider answers.
  await jobs.work<{ refundId: string }>(REFUND_QUEUE, async ({ refundId }) => { await app.refunder.execute(BigInt(refundId)); });
  // After-sales deadlines (auto approve, auto close, auto confirm) and refunds whose job was lost.
  await jobs.schedule(REVERSE_SWEEP_QUEUE, '* * * * *');
  await jobs.work(REVERSE_SWEEP_QUEUE, async () => {
    const done = await sweepReverseDeadlines(db);
    app.refunder.dispatch(done.refundIds);
    await app.refunder.sweep();
    if (done.approved || done.closed || done.confirmed) app.log.info({ approved: done.approved, closed: done.closed, confirmed: done.confirmed }, 'after-sales sweep');
  });
  await app.listen({ port: config.port, host: config.host });

  console.log(`\nShop running at http://localhost:${config.port}  (API docs: /docs)${seeded ? '  - demo data created' : ''}`);
  console.log('Demo accounts (password demo1234):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(18)} ${a.description}`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => {});
    await jobs.stop().catch(() => {});
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
