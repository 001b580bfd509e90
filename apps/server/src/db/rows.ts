/**
 * Hot paths read whole Drizzle rows through named prepared statements (planned once per
 * connection, no query building per request) and map them exactly as Drizzle does: the same
 * driver type parsers (dates as text) and each column's own mapFromDriverValue.
 *
 *   const S = tableColumns(skus, 's');
 *   client.query({ name, text: `SELECT ${S.sql} FROM skus s WHERE ...`, values, types: DRIVER_TYPES })
 *   rows.map(S.map)
 *
 * Several reads can share one statement (one round trip) as JSON: `S.json` is the row as one
 * JSON array of the columns' text forms, `S.mapJson` maps it back to the same Drizzle row.
 */
import pg from 'pg';
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

const raw = (v: string) => v;
// The type parsers Drizzle's node-postgres session uses (timestamps, dates, intervals and their arrays as text).
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
// pg-types declares its parsers as returning `any`; they turn a column's text into a value.
const driverParser = pg.types.getTypeParser as (typeId: number, format?: 'text' | 'binary') => (v: string) => unknown;
export const DRIVER_TYPES = {
  getTypeParser: ((typeId: number, format?: string) =>
    RAW_TYPES.has(typeId) ? raw : driverParser(typeId, format as 'text')) as typeof pg.types.getTypeParser,
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
  // As text in JSON, each value goes through the parser the driver would use for its column type.
  const json = `json_build_array(${cols.map(([, c]) => `${alias}."${c.name}"::text`).join(', ')})`;
  const parsers = cols.map(([key, c]) => [key, textParser(c.getSQLType()), c] as const);
  const mapJson = (values: (string | null)[]): InferSelectModel<T> => {
    const out: Record<string, unknown> = {};
    parsers.forEach(([key, parse, c], i) => {
      const v = values[i];
      out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(parse(v));
    });
    return out as InferSelectModel<T>;
  };
  return { sql, map, json, mapJson };
}

const TEXT_ARRAY_OID = 1009;
const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY_OID as never) as (s: string) => (string | null)[];

/** What the driver (with DRIVER_TYPES) makes of a column's text form, by the column's SQL type. */
function textParser(sqlType: string): (v: string) => unknown {
  const t = sqlType.toLowerCase();
  if (t.endsWith('[]')) {
    const base = t.slice(0, -2);
    const element = textParser(base);
    return (v) => parseTextArray(v).map((x) => (x === null ? null : element(x)));
  }
  if (t === 'integer' || t === 'smallint' || t === 'serial' || t === 'smallserial')
    return (v) => Number.parseInt(v, 10);
  if (t === 'real' || t === 'double precision') return (v) => Number.parseFloat(v);
  if (t === 'boolean') return (v) => v === 'true';
  if (t === 'json' || t === 'jsonb') return (v) => JSON.parse(v) as unknown;
  // bigint and numeric come as text from the driver too; timestamps, dates and intervals stay text (RAW_TYPES).
  return raw;
}

/**
 * One part of a statement that reads several things at once (one round trip instead of one
 * each): its columns, scalar subqueries over the statement's shared parameters (`p` names their
 * placeholders), and how to read them back from the one row. The module that owns the data
 * writes the part; the caller that needs several of them puts them in one statement.
 */
export interface ReadPart<P, T> {
  columns(p: P): string;
  read(row: Record<string, unknown>): T;
}

/**
 * The named statement reading `parts` in one row, and the reader of that row. With `rows`, one
 * row for each row of that FROM clause, in its order (`rows.order`), the placeholders naming its
 * columns: several callers' reads in one statement.
 */
export function partsStatement<P, const Parts extends Record<string, ReadPart<P, unknown>>>(
  name: string,
  placeholders: P,
  parts: Parts,
  rows?: { from: string; order: string },
) {
  const text = `SELECT ${Object.values(parts)
    .map((part) => part.columns(placeholders))
    .join(',\n  ')}${rows ? `\nFROM ${rows.from} ORDER BY ${rows.order}` : ''}`;
  const read = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, part.read(row)])) as {
      [K in keyof Parts]: ReturnType<Parts[K]['read']>;
    };
  return { statement: { name, text }, read };
}
