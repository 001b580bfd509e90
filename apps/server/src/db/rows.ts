/**
 * Hot paths read whole Drizzle rows through named prepared statements (planned once per
 * connection, no query building per request) and map them exactly as Drizzle does: the same
 * driver type parsers (dates as text) and each column's own mapFromDriverValue.
 *
 *   const S = tableColumns(skus, 's');
 *   client.query({ name, text: `SELECT ${S.sql} FROM skus s WHERE ...`, values, types: DRIVER_TYPES })
 *   rows.map(S.map)
 */
import pg from 'pg';
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

const raw = (v: string) => v;
// The type parsers Drizzle's node-postgres session uses (timestamps, dates, intervals and their arrays as text).
const RAW_TYPES = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
export const DRIVER_TYPES = {
  getTypeParser: ((typeId: number, format?: string) => (RAW_TYPES.has(typeId) ? raw : pg.types.getTypeParser(typeId, format as 'text'))) as typeof pg.types.getTypeParser,
};

/** The columns of `table` under `alias` as `alias."col" AS "alias.key"`, and the mapper back to the Drizzle row. */
export function tableColumns<T extends Table>(table: T, alias: string) {
  const cols = Object.entries(getTableColumns(table));
  const sql = cols.map(([key, c]) => `${alias}."${c.name}" AS "${alias}.${key}"`).join(', ');
  const names = cols.map(([key, c]) => [key, `${alias}.${key}`, c] as const);
  const map = (row: Record<string, unknown>): InferSelectModel<T> => {
    const out: Record<string, unknown> = {};
    for (const [key, name, c] of names) {
      const v = row[name];
      out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    return out as InferSelectModel<T>;
  };
  return { sql, map };
}
