import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

// NUMERIC and BIGINT come back as strings; money and quantities are handled as such.
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** One file per SQL function, `<name>.sql`, holding its current definition (applySqlFunctions). */
export const FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export function createDb(url: string, max = 10): Db {
  // idleTimeoutMillis 0: connections stay open while idle (the pool is small), and releasing one
  // after each query does not start a timer, which was a visible share of a short request's CPU.
  // plan_cache_mode: every named statement is planned once per connection. With the default,
  // PostgreSQL may choose a custom plan on each execution: once autovacuum had analyzed the
  // order tables, the checkout's read (preview_read) was planned anew for every order, 3.4 ms
  // of the database's CPU each, where the generic plan is as good. Unnamed statements
  // (Drizzle's) are planned for their values as before.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 0,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (err) => console.error('postgres pool:', err.message));
  return drizzle(pool, { schema });
}

/** The migrations, then the SQL functions' files: what every start (and the tests' template) runs. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await applySqlFunctions(db);
}

/** The files of db/functions, by name: `<function name>.sql`, each a CREATE OR REPLACE FUNCTION. */
export function sqlFunctionFiles(dir = FUNCTIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.sql'.length), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Taken while the functions are replaced, so servers starting together wait for each other. */
const FUNCTIONS_LOCK = "hashtext('mall:sql-functions')";

/**
 * Every SQL function as its file in db/functions says, after the migrations (which made the
 * tables), in one transaction: a change to a function is an edit of its file, applied at the next
 * start. Two servers replacing the same function at once fail with "tuple concurrently updated",
 * so they take turns on an advisory lock.
 *
 * What CREATE OR REPLACE cannot do needs a migration, which runs before the files: another return
 * type or parameter names (error 42P13), other argument types (that would be a second function
 * beside the old one), a function removed. The migration drops the old function; when a trigger,
 * index or WHEN clause depends on it, the migration creates the new one too and re-creates what
 * depended on it, and the file holds the same definition. db/functions.test.ts fails when the
 * files and the database differ.
 */
export async function applySqlFunctions(db: Db, files = sqlFunctionFiles()): Promise<void> {
  await transactionBetween(db, `SELECT pg_advisory_xact_lock(${FUNCTIONS_LOCK})`, async (tx) => {
    for (const f of files) {
      try {
        // Plain text, no parameters: a file may hold its COMMENT ON statements too.
        await clientOf(tx).query(f.sql);
      } catch (err) {
        const e = err as Error & { code?: string };
        throw new Error(
          `db/functions/${f.name}.sql: ${e.message}` +
            (e.code === '42P13'
              ? ' (CREATE OR REPLACE cannot change this: drop the old function in a new migration, which runs before the files)'
              : ''),
          { cause: err },
        );
      }
    }
    return { value: undefined };
  });
}

/**
 * The pg client under a Drizzle transaction (or the pool outside one), for named prepared
 * statements ({ name, text, values }) on hot paths, which run on the transaction's connection.
 */
export function clientOf(db: unknown): pg.Pool | pg.PoolClient {
  if (db instanceof PgTransaction) return (db as unknown as { session: { client: pg.PoolClient } }).session.client;
  return (db as Db).$client;
}

/** A Drizzle transaction (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Drizzle's transaction object over one pooled connection (what db.transaction builds), made
 * once per connection: building it sets up a query builder per table, a measurable share of a
 * checkout submit. A connection serves one transaction at a time, so it can be reused.
 */
const txOf = new WeakMap<pg.PoolClient, Tx>();
function txOnClient(db: Db, client: pg.PoolClient): Tx {
  let tx = txOf.get(client);
  if (!tx) {
    const s = (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;
    tx = new NodePgTransaction(
      s.dialect,
      new NodePgSession(client, s.dialect, s.schema, s.options),
      s.schema,
    ) as unknown as Tx;
    txOf.set(client, tx);
  }
  return tx;
}

/**
 * A transaction opened and closed by plain SQL sent together with BEGIN and COMMIT: `opening`
 * runs in the round trip of BEGIN (its results are handed to `work`), the `closing` that `work`
 * returns in the round trip of COMMIT. Both are parameterless (simple protocol, several
 * statements; values as escaped literals). Why: rows the closing statement locks (the stock of
 * a flash sale's SKUs) are released by PostgreSQL right after it, without waiting for this
 * process to read the answer and send COMMIT. An error anywhere rolls everything back.
 */
export async function transactionBetween<T>(
  db: Db,
  opening: string,
  work: (tx: Tx, opened: pg.QueryResult<Record<string, unknown>>[]) => Promise<{ value: T; closing?: string }>,
): Promise<T> {
  const client = await db.$client.connect();
  const tx = txOnClient(db, client);
  let broken: unknown;
  try {
    const opened = (await client.query(`BEGIN; ${opening}`)) as unknown as pg.QueryResult<Record<string, unknown>>[];
    const { value, closing } = await work(tx, opened.slice(1));
    await client.query(closing ? `${closing}; COMMIT` : 'COMMIT');
    return value;
  } catch (err) {
    await client.query('ROLLBACK').catch((e: unknown) => {
      broken = e;
    });
    throw err;
  } finally {
    // A connection that could not even roll back is closed, not handed to the next request.
    client.release(broken as Error | undefined);
  }
}

/**
 * Independent reads: at once on the pool (each takes its own connection), one after another on
 * a transaction, whose single connection must not get a second query while one runs (pg warns
 * today and refuses from pg 9). Pass functions so nothing starts before its turn.
 */
export async function readTogether<const R extends readonly (() => PromiseLike<unknown>)[]>(
  db: unknown,
  reads: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Out = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((r) => r()))) as Out;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Out;
}
