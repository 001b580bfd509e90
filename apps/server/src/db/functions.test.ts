import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { applySqlFunctions, sqlFunctionFiles } from './client.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every function of the public schema: `name(argument types)` -> its definition and comment. */
async function functionsOf(c: pg.Pool | pg.PoolClient): Promise<Record<string, string>> {
  const { rows } = await c.query<{ key: string; def: string }>(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS key,
       pg_get_functiondef(p.oid) || coalesce(E'\\nCOMMENT: ' || obj_description(p.oid, 'pg_proc'), '') AS def
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.def]));
}

const nameOf = (key: string) => key.slice(0, key.indexOf('('));

// The SQL functions live in db/functions, one file each, applied at every start after the
// migrations (runMigrations; the test template is made by it too).
describe('db/functions holds every SQL function as the database has it', () => {
  it('each function of the database has its file', async () => {
    const files = new Set(sqlFunctionFiles().map((f) => f.name));
    const held = Object.keys(await functionsOf(t.db.$client));
    expect(held.length).toBeGreaterThan(0);
    expect(
      held.filter((key) => !files.has(nameOf(key))),
      'functions without a file in db/functions',
    ).toEqual([]);
  });

  it('the files alone make exactly the functions the database holds after start, each the function it is named after', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      const held = await functionsOf(client);
      // Without the functions (and, for the length of this transaction, the triggers that call them) ...
      for (const key of Object.keys(held)) await client.query(`DROP FUNCTION IF EXISTS ${key} CASCADE`);
      expect(await functionsOf(client)).toEqual({});
      // ... each file makes its own function and no other, and together they make what was there.
      for (const f of sqlFunctionFiles()) {
        expect(f.sql, `${f.name}.sql`).toMatch(/^CREATE OR REPLACE FUNCTION /m);
        const before = new Set(Object.keys(await functionsOf(client)));
        await client.query(f.sql);
        const made = Object.keys(await functionsOf(client)).filter((key) => !before.has(key));
        expect(made.length, `${f.name}.sql makes a function`).toBeGreaterThan(0);
        expect(made.map(nameOf), `${f.name}.sql makes only ${f.name}`).toEqual(made.map(() => f.name));
      }
      const made = await functionsOf(client);
      expect(
        Object.keys(held).filter((key) => !(key in made)),
        'functions of the database no file makes (left by an older signature? drop them in a migration)',
      ).toEqual([]);
      expect(made).toEqual(held);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('applySqlFunctions (every start)', () => {
  it('puts back a function changed in the database; servers starting together take turns', async () => {
    const held = await functionsOf(t.db.$client);
    await t.db.$client.query(
      `CREATE OR REPLACE FUNCTION order_display_status(status text, trade_type text, pay_channel text) RETURNS text
       LANGUAGE sql IMMUTABLE AS $$ SELECT 'CHANGED' $$`,
    );
    expect(await functionsOf(t.db.$client)).not.toEqual(held);
    // Concurrent CREATE OR REPLACE of one function fails with "tuple concurrently updated" unless serialised.
    await Promise.all([applySqlFunctions(t.db), applySqlFunctions(t.db), applySqlFunctions(t.db)]);
    expect(await functionsOf(t.db.$client)).toEqual(held);
  });

  it('a change CREATE OR REPLACE cannot make names the file and asks for a migration; nothing is applied', async () => {
    const held = await functionsOf(t.db.$client);
    const files = sqlFunctionFiles().map((f) =>
      f.name === 'order_display_status'
        ? {
            name: f.name,
            sql: `CREATE OR REPLACE FUNCTION order_display_status(status text, trade_type text, pay_channel text) RETURNS integer
                  LANGUAGE sql IMMUTABLE AS $$ SELECT 1 $$`,
          }
        : f,
    );
    await expect(applySqlFunctions(t.db, files)).rejects.toThrow(
      /^db\/functions\/order_display_status\.sql: cannot change return type.*new migration/,
    );
    expect(await functionsOf(t.db.$client)).toEqual(held);
  });
});
