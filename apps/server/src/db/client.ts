import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

// NUMERIC and BIGINT come back as strings; money and quantities are handled as such.
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (err) => console.error('postgres pool:', err.message));
  return drizzle(pool, { schema }) as Db;
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * The pg client under a Drizzle transaction (or the pool outside one), for named prepared
 * statements ({ name, text, values }) on hot paths, which run on the transaction's connection.
 */
export function clientOf(db: unknown): pg.Pool | pg.PoolClient {
  if (db instanceof PgTransaction) return (db as unknown as { session: { client: pg.PoolClient } }).session.client;
  return (db as Db).$client;
}

/**
 * Independent reads: at once on the pool (each takes its own connection), one after another on
 * a transaction, whose single connection must not get a second query while one runs (pg warns
 * today and refuses from pg 9). Pass functions so nothing starts before its turn.
 */
export async function readTogether<const R extends readonly (() => PromiseLike<unknown>)[]>(
  db: unknown, reads: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Out = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((r) => r()))) as Out;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Out;
}
