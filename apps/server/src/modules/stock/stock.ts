/**
 * The only writer of SKU stock (`skus.stock`). Everything that takes goods off the shelf or puts
 * them back calls these functions: checkout (all or nothing, `take_stock_or_fail` in db/functions,
 * which the grouped order write `place_orders_together` calls too), gifts while they last, after-sales
 * exchanges and reissues, unpaid contracts closing, cancels and returns, the seeds.
 *
 * Every writer locks the SKU rows in id order before changing them, so two writers can never
 * deadlock, and a take never leaves stock below zero (`stock >= qty` in the same statement).
 * (Group-buy campaigns set aside part of a SKU's stock in their own `stock_left` counter; the SKU's
 * stock itself is taken when a member's order is placed, like any order.)
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import { clientOf, type Tx } from '../../db/client.js';
import { skus, tradeOrderLines } from '../../db/schema/index.js';

/** Every line's quantity goes back on its SKU (main lines, DIY children and gifts alike: they were all taken). */
export async function returnStock(tx: Tx, orderIds: bigint[]): Promise<void> {
  if (!orderIds.length) return;
  // Summed per SKU and updated in one statement; the rows are locked in SKU order first, the
  // order place-order takes them in, so a close and a checkout cannot deadlock.
  const lines = tx
    .select({ skuId: tradeOrderLines.skuId })
    .from(tradeOrderLines)
    .where(inArray(tradeOrderLines.orderId, orderIds));
  await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, lines)).orderBy(skus.id).for('update');
  await tx.execute(sql`UPDATE ${skus} SET stock = ${skus.stock} + back.qty
    FROM (SELECT sku_id, sum(qty) AS qty FROM ${tradeOrderLines} WHERE ${inArray(tradeOrderLines.orderId, orderIds)} GROUP BY sku_id) back
    WHERE ${skus.id} = back.sku_id`);
}

/**
 * Part of some lines goes back on the shelf (after-sales: a cancel before delivery, a return
 * that passed QC, an exchanged item). DIY parts and gifts go back with their main line, in the
 * same proportion. Rows are locked in SKU order, as everywhere stock is written.
 */
export async function returnLineStock(tx: Tx, parts: { lineId: bigint; qtyMilli: bigint }[]): Promise<void> {
  if (!parts.length) return;
  const ids = parts.map((p) => p.lineId);
  const lines = await tx
    .select()
    .from(tradeOrderLines)
    .where(or(inArray(tradeOrderLines.id, ids), inArray(tradeOrderLines.parentLineId, ids)));
  const back = new Map<bigint, number>();
  for (const p of parts) {
    const main = lines.find((l) => l.id === p.lineId);
    if (!main) continue;
    const fraction = Number(p.qtyMilli) / 1000 / Number(main.qty);
    for (const l of lines.filter((x) => x.id === main.id || x.parentLineId === main.id)) {
      const q = l.id === main.id ? Number(p.qtyMilli) / 1000 : Number(l.qty) * fraction;
      back.set(l.skuId, (back.get(l.skuId) ?? 0) + q);
    }
  }
  const skuIds = [...back.keys()].sort((a, b) => (a < b ? -1 : 1));
  await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, skuIds)).orderBy(skus.id).for('update');
  for (const id of skuIds)
    await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} + ${back.get(id)!.toFixed(3)}::numeric` })
      .where(eq(skus.id, id));
}

const TAKE_STOCK = {
  name: 'take_stock',
  // $1 SKU ids, $2 quantities. The rows are locked in SKU order first (as everywhere stock is
  // written), then each one is taken only if it has enough; the ids taken come back.
  text: `WITH w AS (SELECT * FROM unnest($1::bigint[], $2::numeric[]) AS w(id, qty)),
l AS MATERIALIZED (SELECT s.id FROM skus s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id FOR UPDATE)
UPDATE skus s SET stock = s.stock - w.qty FROM w JOIN l ON l.id = w.id WHERE s.id = w.id AND s.stock >= w.qty RETURNING s.id::text AS id`,
};

/**
 * Checkout: takes the quantities of several SKUs (distinct ids) in one statement; returns the
 * ids that had enough (the others are left as they were).
 */
export async function takeStockOf(tx: Tx, wanted: { skuId: string; qty: string }[]): Promise<Set<string>> {
  if (!wanted.length) return new Set();
  const { rows } = await clientOf(tx).query<{ id: string }>({
    ...TAKE_STOCK,
    values: [wanted.map((w) => w.skuId), wanted.map((w) => w.qty)],
  });
  return new Set(rows.map((r) => r.id));
}

/**
 * Checkout's line stock, taken all or nothing by `take_stock_or_fail` (db/functions), as plain
 * SQL the submit sends together with its COMMIT (db/client.ts transactionBetween). Ids and
 * quantities become literals, so they are checked to be numbers first.
 */
export function takeStockOrFailSql(wanted: { skuId: string; qty: string }[]): string {
  for (const w of wanted) {
    if (!/^\d+$/.test(w.skuId) || !/^\d+(\.\d+)?$/.test(w.qty))
      throw new Error(`not a stock quantity: ${w.skuId} ${w.qty}`);
  }
  return `SELECT take_stock_or_fail('{${wanted.map((w) => w.skuId).join(',')}}'::bigint[], '{${wanted.map((w) => w.qty).join(',')}}'::numeric[])`;
}

/** The SKU a failed `take_stock_or_fail` was short of, or null for any other error. */
export function stockShortOf(err: unknown): string | null {
  const e = err as { code?: string; detail?: string };
  return e?.code === 'MS001' ? (e.detail ?? '') : null;
}

/** Takes one SKU's quantity (an exchange's replacement, a reissue); false when there is not enough. */
export async function takeStock(tx: Tx, skuId: bigint, qty: string): Promise<boolean> {
  return (await takeStockOf(tx, [{ skuId: String(skuId), qty }])).has(String(skuId));
}

/**
 * The seeds only: after their real flows (orders, returns, exchanges) moved stock, the demo SKUs get
 * back the stock levels the README documents. Rows locked in SKU order, as everywhere.
 */
export async function restoreStockLevels(tx: Tx, levels: { id: bigint; stock: string }[]): Promise<void> {
  const sorted = [...levels].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (!sorted.length) return;
  await tx
    .select({ id: skus.id })
    .from(skus)
    .where(
      inArray(
        skus.id,
        sorted.map((l) => l.id),
      ),
    )
    .orderBy(skus.id)
    .for('update');
  for (const l of sorted) await tx.update(skus).set({ stock: l.stock }).where(eq(skus.id, l.id));
}
