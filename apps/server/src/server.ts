/**
 * One running shop: database (embedded or DATABASE_URL), migrations, demo data on first start,
 * background jobs and the HTTP server; and its orderly stop. `npm start` (main.ts) runs one;
 * the process tests run several on one database.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDb, runMigrations } from './db/client.js';
import { ensureDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './seed/index.js';
import { startJobs } from './lib/jobs.js';
import { OUTBOX_QUEUE, OUTBOX_SWEEP_QUEUE } from './lib/outbox.js';
import { smtpTransport, startDevSmtp, type DevSmtp } from './lib/dev-smtp.js';
import { smsProviderFromEnv } from './lib/sms.js';
import { newsletterFromEnv } from './modules/subscription/newsletter.js';
import { storageFromEnv } from './lib/storage.js';
import { uploadPolicyFromEnv } from './lib/uploads.js';
import { ORDERS_SWEEP_QUEUE } from './modules/trade/routes.js';
import { closeUnreviewed } from './modules/risk/service.js';
import { sweepTimedTransitions } from './modules/trade/service.js';
import { MOCKPAY_WEBHOOK_QUEUE } from './modules/mockpay/provider.js';
import { PAYMENT_EVENT_QUEUE, PAYMENT_EVENT_SWEEP_QUEUE, workPaymentEvents } from './modules/payment/webhooks.js';
import { PAYMENT_STALE_QUEUE, sweepStaleAttempts } from './modules/payment/settle.js';
import { REFUND_QUEUE } from './flows/refund.js';
import { REVERSE_SWEEP_QUEUE } from './modules/reverse/routes.js';
import { sweepReverseDeadlines } from './modules/reverse/service.js';
import { GROUP_BUY_SWEEP_QUEUE } from './modules/group-buy/service.js';
import { runGroupBuySweep } from './modules/group-buy/sweep.js';
import { MEMBERSHIP_QUEUES, startMembershipJobs } from './modules/membership/jobs.js';
import { eraseExpiredInvoiceData, INVOICE_RETENTION_QUEUE } from './modules/account/erase.js';
import { BULK_EXPIRY_CRON, BULK_EXPIRY_QUEUE, expireQuotes } from './modules/bulk/expiry.js';

export interface RunningShop {
  app: FastifyInstance;
  /** True when this start created the demo data. */
  seeded: boolean;
  /** Stops taking requests, lets in-flight ones finish, stops jobs, then the database. */
  stop(): Promise<void>;
}

/** Each step of the stop gets a bounded time, so the whole stop stays well under 10 s. */
const STOP_BUDGET_MS = { http: 4000, jobs: 3500, pool: 1000 };

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

export async function startShop(config: Config, log: (m: string) => void = console.log): Promise<RunningShop> {
  let stopDb: (() => Promise<void>) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, 'pg')} ...`);
    const pg = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, log);
    stopDb = pg.stop;
    url = await ensureDatabase(pg.serverUrl, 'mall');
  }
  const db = createDb(url, config.poolSize);
  await runMigrations(db);
  const seeded = await seedIfEmpty(db);
  const jobs = await startJobs(url, [
    MOCKPAY_WEBHOOK_QUEUE,
    PAYMENT_EVENT_QUEUE,
    PAYMENT_EVENT_SWEEP_QUEUE,
    PAYMENT_STALE_QUEUE,
    ORDERS_SWEEP_QUEUE,
    REFUND_QUEUE,
    REVERSE_SWEEP_QUEUE,
    GROUP_BUY_SWEEP_QUEUE,
    OUTBOX_QUEUE,
    OUTBOX_SWEEP_QUEUE,
    INVOICE_RETENTION_QUEUE,
    BULK_EXPIRY_QUEUE,
    ...MEMBERSHIP_QUEUES,
  ]);
  // Mail: SMTP_URL, or the embedded catcher on a free loopback port (caught mail shows on /dev/mailbox).
  let devSmtp: DevSmtp | undefined;
  if (!config.account.smtpUrl) {
    devSmtp = await startDevSmtp(db);
    log(`No SMTP_URL: mail is caught by the embedded SMTP server at ${devSmtp.url} (see /dev/mailbox)`);
  }
  const email = smtpTransport(config.account.smtpUrl ?? devSmtp!.url);
  let draining = false;
  const app = await buildApp({
    db,
    webDistDir: config.webDistDir,
    loginPerMinute: config.loginPerMinute,
    signupPerHour: config.signupPerHour,
    secureCookies: config.production,
    trustProxy: config.trustProxy,
    tls: config.tls,
    logger: { level: config.logLevel },
    mockpay: { secret: config.mockpaySecret, publicUrl: config.publicUrl, enabled: config.mockpayEnabled },
    payments: config.payments,
    jobs,
    production: config.production,
    apiDocs: config.apiDocs,
    storage: storageFromEnv(process.env, path.join(config.dataDir, 'uploads')),
    uploads: uploadPolicyFromEnv(process.env),
    metricsToken: config.metricsToken,
    draining: () => draining,
    certificateKey: config.certificateKey,
    oidc: { providers: config.oidcProviders, publicUrl: config.publicUrl },
    account: config.account,
    email,
    sms: smsProviderFromEnv(process.env, db),
    newsletter: newsletterFromEnv(process.env),
  });
  // MOCKPAY's webhook sender: a real HTTP POST to the shop, retried by pg-boss until acknowledged.
  await jobs.work<{ eventId: string }>(MOCKPAY_WEBHOOK_QUEUE, async ({ eventId }) => {
    const signed = await app.mockpay.signedEvent(eventId);
    if (!signed || signed.delivered) return;
    const attempt = await app.mockpay.countAttempt(eventId);
    const res = await fetch(signed.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mockpay-signature': signed.signature },
      body: signed.body,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    await app.mockpay.markDelivered(eventId, attempt);
  });
  // Provider webhooks: each stored event applied by one job (retried), and a sweep for lost ones.
  await workPaymentEvents(jobs, app.paymentEvents);
  // Attempts left on a provider's page: asked about, or given up once their contract closed.
  await jobs.schedule(PAYMENT_STALE_QUEUE, '*/5 * * * *');
  await jobs.work(PAYMENT_STALE_QUEUE, async () => {
    const done = await sweepStaleAttempts(db, app.paymentProviders, app.paymentEvents, new Date(), (o, m) =>
      app.log.warn(o, m),
    );
    if (done.closed) app.log.info(done, 'stale payment attempts');
  });
  // Timed order transitions: at each deadline (jobs sent with startAfter) and every minute as a safety net.
  await jobs.schedule(ORDERS_SWEEP_QUEUE, '* * * * *');
  await jobs.work(ORDERS_SWEEP_QUEUE, async () => {
    const done = { ...(await sweepTimedTransitions(db)), unreviewed: await closeUnreviewed(db) };
    if (done.closed || done.confirmed || done.unreviewed) app.log.info(done, 'orders sweep');
  });
  // Refunds: one attempt per job, retried with backoff by pg-boss until the provider answers.
  await jobs.work<{ refundId: string }>(REFUND_QUEUE, async ({ refundId }) => {
    await app.refunder.execute(BigInt(refundId));
  });
  // After-sales deadlines (auto approve, auto close, auto confirm) and refunds whose job was lost.
  await jobs.schedule(REVERSE_SWEEP_QUEUE, '* * * * *');
  await jobs.work(REVERSE_SWEEP_QUEUE, async () => {
    const done = await sweepReverseDeadlines(db);
    app.refunder.dispatch(done.refundIds);
    await app.refunder.sweep();
    if (done.approved || done.closed || done.confirmed)
      app.log.info({ approved: done.approved, closed: done.closed, confirmed: done.confirmed }, 'after-sales sweep');
  });
  // Group-buy: groups whose time ran out unfilled fail; their orders are closed or cancelled and refunded.
  await jobs.schedule(GROUP_BUY_SWEEP_QUEUE, '* * * * *');
  await jobs.work(GROUP_BUY_SWEEP_QUEUE, async () => {
    const done = await runGroupBuySweep(db);
    app.refunder.dispatch(done.refundIds);
    if (done.failed || done.closed || done.cancelled)
      app.log.info({ failed: done.failed, closed: done.closed, cancelled: done.cancelled }, 'group-buy sweep');
  });
  // Email and SMS: one job per committed message (retried with backoff), and a sweep for lost ones.
  await jobs.work<{ id: string }>(OUTBOX_QUEUE, async ({ id }) => {
    await app.outbox.deliver(BigInt(id));
  });
  await jobs.schedule(OUTBOX_SWEEP_QUEUE, '* * * * *');
  await jobs.work(OUTBOX_SWEEP_QUEUE, async () => {
    await app.outbox.sweep();
  });
  // Deleted accounts' invoices past their retention lose the billing name and address (docs/privacy.md).
  await jobs.schedule(INVOICE_RETENTION_QUEUE, '20 3 * * *');
  await jobs.work(INVOICE_RETENTION_QUEUE, async () => {
    const erased = await eraseExpiredInvoiceData(db);
    if (erased) app.log.info({ erased }, 'invoice retention');
  });
  // Bulk order quotes past their validity date are stored as EXPIRED.
  await jobs.schedule(BULK_EXPIRY_QUEUE, BULK_EXPIRY_CRON);
  await jobs.work(BULK_EXPIRY_QUEUE, async () => {
    const expired = await expireQuotes(db);
    if (expired.length) app.log.info({ expired: expired.length }, 'bulk quotes expired');
  });
  // Points expiry and monthly member coupons.
  await startMembershipJobs(jobs, db, (o, m) => app.log.info(o, m));
  await app.listen({ port: config.port, host: config.host });

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      draining = true;
      // Stop accepting, let in-flight requests finish; idle keep-alive sockets are closed at once.
      await within(STOP_BUDGET_MS.http, app.close());
      await within(STOP_BUDGET_MS.jobs, jobs.stop());
      if (devSmtp) await within(STOP_BUDGET_MS.pool, devSmtp.stop());
      await within(STOP_BUDGET_MS.pool, db.$client.end());
      await stopDb?.().catch(() => {});
    })());
  return { app, seeded, stop };
}
