import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { DRIVER_TYPES, tableColumns } from './rows.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Reads combined into one statement come back as JSON arrays of text (rows.ts `json`); the
// checkout trusts them to be the very rows Drizzle reads, so every table of the seeded shop is
// read both ways and compared: bigints, numerics, booleans, JSON, arrays and timestamps alike.
describe('a row read as JSON (tableColumns json/mapJson) is the row Drizzle reads', () => {
  it('for every row of every seeded table', async () => {
    const tables = (Object.values(schema) as unknown[]).filter((x): x is PgTable => is(x, PgTable));
    let compared = 0;
    for (const table of tables) {
      const c = tableColumns(table, 'x');
      const { rows } = await t.db.$client.query({
        text: `SELECT ${c.sql}, ${c.json}::text AS "json row" FROM "${getTableName(table)}" x LIMIT 200`,
        types: DRIVER_TYPES,
      });
      for (const r of rows) {
        expect(c.mapJson(JSON.parse(r['json row'])), getTableName(table)).toEqual(c.map(r));
        compared += 1;
      }
    }
    expect(tables.length).toBeGreaterThan(30);
    expect(compared).toBeGreaterThan(500);
  });
});
