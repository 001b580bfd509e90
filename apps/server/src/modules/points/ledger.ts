/**
 * The points ledger's only writer (DESIGN "one writer per ledger"). Checkout, payment, orders,
 * after-sales, invitations, the welcome gift, the expiry job and the seeds all call these
 * functions; nothing else inserts into `point_ledger` or touches `point_balances`.
 *
 * Every change is one ledger line plus the same change on the buyer's `point_balances` row, in
 * the caller's transaction, so the balance always equals the sum of the lines. Debits take the
 * balance row with a conditional UPDATE (`balance >= n`), so concurrent spends serialise on that
 * row and can never take the balance below zero or lose an update.
 *
 * Kinds (`reason`):
 *   WELCOME, INVITATION, ADJUSTMENT  granted credits (grantPoints)
 *   EARN            earned by a paid contract, multiplier applied (earnPoints)
 *   ORDER           spent at checkout: redemption lines plus the deduction (spendPoints)
 *   ORDER_CLOSED    an unpaid contract closed: its spend comes back (refundPoints)
 *   REFUND          after-sales refunded part of an order: its share of the spend comes back (refundPoints)
 *   EARN_REVERSED   after-sales: the refunded share of the earned points is taken back (reverseEarned)
 *   EXPIRY          a year's points left at the end of the following year (expirePoints)
 * Credits carry the year they were earned in (`earnYear`); points expire at the end of the
 * following year, oldest first (packages/domain membership.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mall/contracts';
import { expiringPoints, pointsExpireAt } from '@mall/domain';
import { clientOf, type Db } from '../../db/client.js';
import { pointBalances, pointLedger } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { partsStatement, type ReadPart } from '../../db/rows.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const POINT_KINDS = [
  'WELCOME',
  'INVITATION',
  'ADJUSTMENT',
  'EARN',
  'ORDER',
  'ORDER_CLOSED',
  'REFUND',
  'EARN_REVERSED',
  'EXPIRY',
] as const;
export type PointKind = (typeof POINT_KINDS)[number];
/** Kinds a grant may use (credits not tied to an order). */
export type GrantKind = 'WELCOME' | 'INVITATION' | 'ADJUSTMENT';

interface LineRef {
  buyerId: bigint;
  tradeContractId?: bigint | null;
  tradeOrderId?: bigint | null;
  at?: Date;
}

const yearOf = (d: Date) => d.getUTCFullYear();

/** Adds `delta` (> 0) to the balance and writes the credit line. Returns the points written. */
async function credit(tx: Tx, ref: LineRef, delta: number, reason: PointKind): Promise<number> {
  if (!Number.isInteger(delta) || delta <= 0) return 0;
  const at = ref.at ?? new Date();
  // The line first: a retried earn/give-back hits the unique index and changes nothing.
  const [line] = await tx
    .insert(pointLedger)
    .values({
      buyerId: ref.buyerId,
      delta,
      reason,
      tradeContractId: ref.tradeContractId ?? null,
      tradeOrderId: ref.tradeOrderId ?? null,
      earnYear: yearOf(at),
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: pointLedger.id });
  if (!line) return 0;
  await tx
    .insert(pointBalances)
    .values({ buyerId: ref.buyerId, balance: delta, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: pointBalances.buyerId,
      set: { balance: sql`${pointBalances.balance} + ${delta}`, updatedAt: new Date() },
    });
  return delta;
}

/**
 * Takes up to `delta` (> 0) off the balance. `exact`: all of it or AppError notEnoughPoints;
 * otherwise as much as there is (taking back earned points that were already spent leaves 0,
 * never a negative balance). Returns the points written.
 */
async function debit(
  tx: Tx,
  ref: LineRef,
  delta: number,
  reason: PointKind,
  exact: boolean,
  earnYear: number | null = null,
): Promise<number> {
  if (!Number.isInteger(delta) || delta <= 0) return 0;
  let taken = delta;
  if (exact) {
    const rows = await tx
      .update(pointBalances)
      .set({ balance: sql`${pointBalances.balance} - ${delta}`, updatedAt: new Date() })
      .where(and(eq(pointBalances.buyerId, ref.buyerId), sql`${pointBalances.balance} >= ${delta}`))
      .returning({ b: pointBalances.balance });
    if (!rows.length) throw new AppError(409, ERROR_CODES.notEnoughPoints, 'You do not have enough points');
  } else {
    const [row] = await tx
      .select({ b: pointBalances.balance })
      .from(pointBalances)
      .where(eq(pointBalances.buyerId, ref.buyerId))
      .for('update');
    taken = Math.min(delta, row?.b ?? 0);
    if (taken <= 0) return 0;
    await tx
      .update(pointBalances)
      .set({ balance: sql`${pointBalances.balance} - ${taken}`, updatedAt: new Date() })
      .where(eq(pointBalances.buyerId, ref.buyerId));
  }
  const at = ref.at ?? new Date();
  await tx.insert(pointLedger).values({
    buyerId: ref.buyerId,
    delta: -taken,
    reason,
    tradeContractId: ref.tradeContractId ?? null,
    tradeOrderId: ref.tradeOrderId ?? null,
    earnYear,
    createdAt: at,
  });
  return taken;
}

/**
 * The points of a BULK order, whose unit prices are negotiated with the seller as an exclusive
 * discount: like most B2B shops, the retail loyalty programme does not apply on top of a
 * negotiated price, so it earns no points and takes none off its price (docs/features.md, "Bulk
 * orders and points"). The money paid still counts toward the buyer's level (growth). The bulk
 * order writer takes its contract's and order's points from here.
 */
export const NEGOTIATED_ORDER_POINTS = { usedPoints: 0, redeemPoints: 0, earnPoints: 0 } as const;

/** Points earned by a paid contract (already multiplied and rounded up by pricing); once per contract. */
export function earnPoints(tx: Tx, a: LineRef & { points: number }): Promise<number> {
  return credit(tx, a, a.points, 'EARN');
}

/** Points spent at checkout (redemption lines plus the deduction); throws Points.notEnough when the balance is short. */
export function spendPoints(tx: Tx, a: LineRef & { points: number }): Promise<number> {
  return debit(tx, a, a.points, 'ORDER', true);
}

/** Spent points coming back: `ORDER_CLOSED` for an unpaid contract that closed, `REFUND` for after-sales. */
export function refundPoints(
  tx: Tx,
  a: LineRef & { points: number; reason: 'ORDER_CLOSED' | 'REFUND' },
): Promise<number> {
  return credit(tx, a, a.points, a.reason);
}

/** Earned points taken back when what earned them was refunded (at most what is left). */
export function reverseEarned(tx: Tx, a: LineRef & { points: number }): Promise<number> {
  return debit(tx, a, a.points, 'EARN_REVERSED', false);
}

/** Points granted outside an order: the welcome gift, an invitation reward, a manual adjustment. */
export function grantPoints(
  tx: Tx,
  a: { buyerId: bigint; delta: number; reason: GrantKind; at?: Date },
): Promise<number> {
  return credit(tx, a, a.delta, a.reason);
}

/** The buyer's balance, as a column of a statement with other reads (checkout preview and submit). */
export const pointBalancePart: ReadPart<{ buyer: string }, number> = {
  columns: (p) => `(SELECT balance FROM point_balances WHERE buyer_id = ${p.buyer}) AS point_balance`,
  read: (row) => (row.point_balance as number | null) ?? 0,
};
const POINT_BALANCE = partsStatement('point_balance', { buyer: '$1' }, { balance: pointBalancePart });

/** The buyer's balance (one row read). */
export async function pointBalance(db: Tx, buyerId: bigint): Promise<number> {
  const {
    rows: [row],
  } = await clientOf(db).query<Record<string, unknown>>({ ...POINT_BALANCE.statement, values: [String(buyerId)] });
  return POINT_BALANCE.read(row!).balance;
}

/** Sum of a contract's lines of some kinds (for give-backs in share). */
export async function contractPoints(db: Tx, contractId: bigint, kinds: PointKind[]): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
    .from(pointLedger)
    .where(and(eq(pointLedger.tradeContractId, contractId), inArray(pointLedger.reason, kinds)));
  return r?.n ?? 0;
}

/**
 * Writes the EXPIRY lines of one buyer for every year whose points have expired by `now`, oldest
 * year first, once per year (unique index), never more than is left of that year's earnings.
 * Returns the points expired now.
 */
export async function expirePoints(tx: Tx, buyerId: bigint, now = new Date()): Promise<number> {
  // The balance row first: the expiry and a concurrent spend see each other's result.
  await tx
    .select({ b: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.buyerId, buyerId))
    .for('update');
  const lines = await tx
    .select({ delta: pointLedger.delta, reason: pointLedger.reason, year: pointLedger.earnYear })
    .from(pointLedger)
    .where(eq(pointLedger.buyerId, buyerId));
  const credits = new Map<number, number>();
  let debits = 0;
  const expired = new Set<number>();
  for (const l of lines) {
    if (l.delta > 0) credits.set(l.year ?? 0, (credits.get(l.year ?? 0) ?? 0) + l.delta);
    else debits -= l.delta;
    if (l.reason === 'EXPIRY' && l.year !== null) expired.add(l.year);
  }
  let total = 0;
  for (const year of [...credits.keys()].sort((a, b) => a - b)) {
    if (pointsExpireAt(year) > now || expired.has(year)) continue;
    const n = expiringPoints(credits, debits, year);
    // A zero line still marks the year done, so the job never looks at it again.
    const [line] = await tx
      .insert(pointLedger)
      .values({ buyerId, delta: 0, reason: 'EXPIRY', earnYear: year, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: pointLedger.id });
    if (!line || n === 0) continue;
    const [b] = await tx
      .update(pointBalances)
      .set({ balance: sql`${pointBalances.balance} - ${n}`, updatedAt: new Date() })
      .where(and(eq(pointBalances.buyerId, buyerId), sql`${pointBalances.balance} >= ${n}`))
      .returning({ b: pointBalances.balance });
    if (!b) throw new Error(`points expiry of buyer ${buyerId} would go below zero`);
    await tx.update(pointLedger).set({ delta: -n }).where(eq(pointLedger.id, line.id));
    debits += n;
    total += n;
  }
  return total;
}

/** Buyers with credits from years that have expired and no EXPIRY line for them yet (for the job). */
export async function buyersWithExpiredPoints(db: Tx, now = new Date(), limit = 500): Promise<bigint[]> {
  const lastExpiredYear = now.getUTCFullYear() - 2;
  const rows = await db.execute<{ buyer_id: string }>(sql`
    SELECT DISTINCT c.buyer_id FROM ${pointLedger} c
    WHERE c.delta > 0 AND c.earn_year <= ${lastExpiredYear}
      AND NOT EXISTS (SELECT 1 FROM ${pointLedger} e WHERE e.buyer_id = c.buyer_id AND e.reason = 'EXPIRY' AND e.earn_year = c.earn_year)
    LIMIT ${limit}`);
  return rows.rows.map((r) => BigInt(r.buyer_id));
}

/** One page of a buyer's ledger lines, newest first, optionally of some kinds. */
export async function pointHistory(
  db: Tx,
  buyerId: bigint,
  opts: { kinds?: PointKind[]; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(pointLedger.buyerId, buyerId),
    sql`${pointLedger.delta} <> 0`,
    opts.kinds?.length ? inArray(pointLedger.reason, opts.kinds) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(pointLedger)
      .where(where)
      .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
      .limit(opts.pageSize)
      .offset((opts.pageNo - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointLedger)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
