/**
 * The order display rule has one source, `displayStatus` and `tabOf` in packages/domain. SQL needs
 * it too, for speed: the function order_display_status (kept per-buyer counts, the list page), and
 * the list tab filter in its two forms, tabFilter (read.ts, drizzle) and tabSql (list-page.ts,
 * statement text). Every input the rule reads (each stored status × trade type × pay channel or
 * none) goes through each SQL form in real PostgreSQL and must give what the domain gives.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAY_CHANNELS, TradeTypeFilter } from '@mall/contracts';
import { displayStatus, ORDER_STATUSES, ORDER_TABS, tabOf, type OrderStatus } from '@mall/domain';
import { createDb, type Db } from '../../db/client.js';
import { ensureDatabase } from '../../db/embedded.js';
import { tabSql } from './list-page.js';
import { tabFilter } from './read.js';

interface Input {
  status: OrderStatus;
  tradeType: string;
  payChannel: string | null;
}
const inputs: Input[] = ORDER_STATUSES.flatMap((status) =>
  TradeTypeFilter.options.flatMap((tradeType) =>
    [null, ...PAY_CHANNELS].map((payChannel) => ({ status, tradeType, payChannel })),
  ),
);
const keyOf = (x: Input) => `${x.status}/${x.tradeType}/${x.payChannel ?? '-'}`;
const lit = (v: string | null) => (v === null ? 'NULL' : `'${v}'`);
/** The inputs as rows (i, status, trade_type, pay_channel); constants of this file only, so written as literals. */
const rows = `(VALUES ${inputs.map((x, i) => `(${i}, ${lit(x.status)}, ${lit(x.tradeType)}, ${lit(x.payChannel)})`).join(', ')})`;

let db: Db;
beforeAll(async () => {
  const url = await ensureDatabase(
    inject('pgServerUrl'),
    `test_${crypto.randomBytes(6).toString('hex')}`,
    'mall_template',
  );
  db = createDb(url, 1);
});
afterAll(async () => {
  await db?.$client.end();
});

/** The keys of the inputs a statement returns (it selects i). */
async function keysOf(text: string | ReturnType<typeof sql>): Promise<string[]> {
  const res =
    typeof text === 'string' ? await db.$client.query<{ i: number }>(text) : await db.execute<{ i: number }>(text);
  return res.rows.map((r) => keyOf(inputs[r.i]!)).sort();
}

describe('order display status: the SQL copies say what displayStatus says', () => {
  it('the inputs cover the rule: some orders show PENDING_PAY as UN_DELIVERY, the rest their own status', () => {
    expect(inputs).toHaveLength(ORDER_STATUSES.length * TradeTypeFilter.options.length * (PAY_CHANNELS.length + 1));
    const moved = inputs.filter((x) => displayStatus(x) !== x.status).map(keyOf);
    expect(moved).toContain('PENDING_PAY/NET_B2B/-');
    expect(moved).toContain('PENDING_PAY/NORMAL_SALE_B2C/INVOICE_ME');
    expect(moved).not.toContain('PENDING_PAY/NORMAL_SALE_B2C/-');
  });

  it('order_display_status gives displayStatus for every input', async () => {
    const { rows: got } = await db.$client.query<{ i: number; d: string }>(
      `SELECT i, order_display_status(status, trade_type, pay_channel) AS d FROM ${rows} AS o(i, status, trade_type, pay_channel) ORDER BY i`,
    );
    expect(got.map((r) => `${keyOf(inputs[r.i]!)} -> ${r.d}`)).toEqual(
      inputs.map((x) => `${keyOf(x)} -> ${displayStatus(x)}`),
    );
  });

  for (const tab of ORDER_TABS) {
    const expected = inputs
      .filter((x) => tab === 'ALL_ORDER' || tabOf(displayStatus(x)) === tab)
      .map(keyOf)
      .sort();

    it(`tab ${tab}: tabFilter picks exactly the orders tabOf(displayStatus) puts there`, async () => {
      // tabFilter names trade_orders' columns; the input rows stand in for the table under its name.
      const where = tabFilter(tab) ?? sql`true`;
      expect(
        await keysOf(
          sql`SELECT i FROM ${sql.raw(rows)} AS trade_orders(i, status, trade_type, pay_channel) WHERE ${where}`,
        ),
      ).toEqual(expected);
    });

    it(`tab ${tab}: tabSql picks the same orders, and counts the same display statuses`, async () => {
      const t = tabSql(tab);
      expect(await keysOf(`SELECT i FROM ${rows} AS o(i, status, trade_type, pay_channel) WHERE ${t.where}`)).toEqual(
        expected,
      );
      // The page's total sums the kept counts of these display statuses.
      const shown = t.shown.map((s) => `'${s}'`).join(', ');
      expect(
        await keysOf(
          `SELECT i FROM ${rows} AS o(i, status, trade_type, pay_channel) WHERE order_display_status(status, trade_type, pay_channel) IN (${shown})`,
        ),
      ).toEqual(expected);
    });
  }

  it('the planner inlines order_display_status (a CASE on the row, no function call per order)', async () => {
    const plan = async (q: string | ReturnType<typeof sql>) => {
      const res =
        typeof q === 'string'
          ? await db.$client.query<{ 'QUERY PLAN': string }>(q)
          : await db.execute<{ 'QUERY PLAN': string }>(q);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const text of [
      await plan(sql`EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM trade_orders WHERE ${tabFilter('UN_DELIVERY')!}`),
      await plan(`EXPLAIN (VERBOSE, COSTS OFF) SELECT o.id FROM trade_orders o WHERE ${tabSql('PENDING_PAY').where}`),
    ]) {
      expect(text).toContain('CASE');
      expect(text).not.toContain('order_display_status');
    }
  });
});
