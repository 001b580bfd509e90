import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { skus } from './schema/index.js';
import { transactionBetween } from './client.js';
import { stockShortOf, takeStockOrFailSql } from '../modules/stock/stock.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stockOf = async (id: bigint) =>
  (await t.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, id)))[0]!.stock;

// The checkout sends its last stock statement with COMMIT (transactionBetween): what the work
// wrote must stay when the closing statement succeeds and vanish when it fails.
describe('transactionBetween', () => {
  it('commits the work and the closing statement together; hands over the opening results', async () => {
    const [a, b] = await t.db.select({ id: skus.id, stock: skus.stock }).from(skus).orderBy(skus.id).limit(2);
    await t.db.update(skus).set({ stock: '5' }).where(eq(skus.id, b!.id));
    const seen = await transactionBetween(
      t.db,
      `SELECT 41 + 1 AS answer; SELECT stock FROM skus WHERE id = ${a!.id}`,
      async (tx, opened) => {
        await tx.update(skus).set({ stock: '7.5' }).where(eq(skus.id, a!.id));
        return {
          value: opened.map((r) => r.rows[0]),
          closing: takeStockOrFailSql([{ skuId: String(b!.id), qty: '2.000' }]),
        };
      },
    );
    expect(seen).toEqual([{ answer: 42 }, { stock: a!.stock }]);
    expect(await stockOf(a!.id)).toBe('7.500');
    expect(await stockOf(b!.id)).toBe('3.000');
  });

  it('a short SKU in the closing statement rolls the work back and names the SKU', async () => {
    const [a, b] = await t.db.select({ id: skus.id }).from(skus).orderBy(skus.id).limit(2);
    await t.db.update(skus).set({ stock: '1' }).where(eq(skus.id, a!.id));
    await t.db.update(skus).set({ stock: '9' }).where(eq(skus.id, b!.id));
    const err = await transactionBetween(t.db, 'SELECT 1', async (tx) => {
      await tx.update(skus).set({ stock: '100' }).where(eq(skus.id, b!.id));
      return {
        value: null,
        closing: takeStockOrFailSql([
          { skuId: String(a!.id), qty: '2' },
          { skuId: String(b!.id), qty: '1' },
        ]),
      };
    }).catch((e: unknown) => e);
    expect(stockShortOf(err)).toBe(String(a!.id));
    expect(await stockOf(a!.id)).toBe('1.000');
    expect(await stockOf(b!.id)).toBe('9.000'); // neither the work nor the other SKU's take stayed
    // An unknown SKU is short too; the pool's connections are still usable after the rollbacks.
    const unknown = await transactionBetween(t.db, 'SELECT 1', async () => ({
      value: null,
      closing: takeStockOrFailSql([{ skuId: '999999999', qty: '1' }]),
    })).catch((e: unknown) => e);
    expect(stockShortOf(unknown)).toBe('999999999');
    expect(stockShortOf(new Error('other'))).toBeNull();
    expect(() => takeStockOrFailSql([{ skuId: '1); DROP TABLE skus; --', qty: '1' }])).toThrow(/not a stock quantity/);
    expect(await stockOf(b!.id)).toBe('9.000');
  });
});

// Migration 0035: ANALYZE skips the JSON an order keeps (nobody searches it; gathering its
// statistics was most of autovacuum's work on these tables under a checkout load),
// and still gathers the columns the order reads filter and sort by.
describe('statistics of the order tables', () => {
  it('ANALYZE gathers none for the kept JSON and still gathers the searched columns', async () => {
    await t.db.$client.query('ANALYZE trade_contracts, trade_orders, trade_order_lines');
    const { rows } = await t.db.$client.query<{ column: string }>(
      `SELECT tablename || '.' || attname AS column FROM pg_stats WHERE schemaname = 'public' AND tablename IN ('trade_contracts', 'trade_orders', 'trade_order_lines')`,
    );
    const gathered = rows.map((r) => r.column);
    for (const json of [
      'trade_contracts.payload',
      'trade_contracts.preview',
      'trade_contracts.selected_address',
      'trade_contracts.billing_address',
      'trade_order_lines.snapshot',
      'trade_orders.pick_up_store_snapshot',
    ])
      expect(gathered).not.toContain(json);
    for (const searched of [
      'trade_orders.buyer_id',
      'trade_orders.status',
      'trade_orders.created_at',
      'trade_contracts.buyer_id',
      'trade_order_lines.order_id',
    ]) {
      expect(gathered).toContain(searched);
    }
  });
});

// Migration 0038: autovacuum first analyzes the order tables at 1,000 changed rows, not ~50.
// Analyzed at a few pages, the foreign-key check each new order row makes (lines -> order ->
// contract) was planned as a scan of the whole table, and kept so by every connection until the
// next analyze: under a burst of checkouts PostgreSQL's CPU per order doubled or tripled (bench).
describe('when autovacuum analyzes the order tables', () => {
  it('only once each has had a thousand rows written', async () => {
    const { rows } = await t.db.$client.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('trade_contracts', 'trade_orders', 'trade_order_lines') ORDER BY relname`,
    );
    expect(rows).toEqual(
      ['trade_contracts', 'trade_order_lines', 'trade_orders'].map((relname) => ({
        relname,
        reloptions: ['autovacuum_analyze_threshold=1000'],
      })),
    );
  });
});
