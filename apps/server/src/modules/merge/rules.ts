/**
 * Merged payment (SPEC §4 MERGE_PAY): which orders may be paid together, and the member
 * contracts of a merged contract. A merged contract (trade type MERGED) has no orders of its
 * own: its members are listed in contract_merges, and its one payment pays all of them.
 */
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mall/contracts';
import { isMergeable, type OrderStatus } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import { contractMerges, paymentRecords, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export const MERGED_TRADE_TYPE = 'MERGED';
type ContractRow = typeof tradeContracts.$inferSelect;
type OrderRow = typeof tradeOrders.$inferSelect;

export const isMerged = (c: Pick<ContractRow, 'tradeType'>) => c.tradeType === MERGED_TRADE_TYPE;

/** The ids of a merged contract's members, as a subquery. */
export const membersOf = (db: Db | Tx, mergeContractId: bigint) =>
  db
    .select({ id: contractMerges.contractId })
    .from(contractMerges)
    .where(eq(contractMerges.mergeContractId, mergeContractId));

/**
 * Orders of the given contracts the buyer cannot pay (or cancel) together now: the order rule
 * of packages/domain (isMergeable, the same one that puts MERGE_PAY in operationList), and the
 * contract's own state (open, one full payment, not handed to a main account, deadline ahead).
 */
export function notMergeable(
  buyerId: bigint,
  contracts: ContractRow[],
  orders: OrderRow[],
  now = new Date(),
): OrderRow[] {
  const byId = new Map(contracts.map((c) => [c.id, c]));
  return orders.filter((o) => {
    const c = byId.get(o.contractId);
    if (!c || c.buyerId !== buyerId || c.status !== 'PENDING_PAY' || isMerged(c)) return true;
    if (c.presaleStage !== null || c.depositMinor !== null || c.masterStatus !== null || c.needPayAmtMinor <= 0n)
      return true;
    if (c.payDeadline && c.payDeadline.getTime() <= now.getTime()) return true;
    return !isMergeable({
      status: o.status as OrderStatus,
      tradeType: o.tradeType,
      payChannel: o.payChannel,
      viewerIsBuyer: o.buyerId === buyerId,
      masterPending: false,
      isPoints: o.tradeType === 'NORMAL_POINT_REDEEM',
      isReissue: o.businessType === 'REVERSE_REISSUE',
      isBulk: o.tradeOrderType === 'BULK',
    });
  });
}

/** Refuses the merge unless every order may go in it and (to be paid together) all share one currency and site. */
export function checkMergeable(
  buyerId: bigint,
  contracts: ContractRow[],
  orders: OrderRow[],
  now = new Date(),
  opts = { sameCurrency: true },
): void {
  const bad = notMergeable(buyerId, contracts, orders, now);
  if (bad.length) {
    throw new AppError(
      409,
      ERROR_CODES.mergeNotPayable,
      'Some of the selected orders can no longer be paid or cancelled',
      { tradeOrderIds: bad.map((o) => String(o.id)) },
    );
  }
  if (opts.sameCurrency && new Set(contracts.map((c) => `${c.currency}|${c.site}`)).size > 1) {
    throw new AppError(
      409,
      ERROR_CODES.mergeMixed,
      'Orders in different currencies or from different sites cannot be paid together',
    );
  }
}

/** A merged contract's members with all their orders. */
export async function membersWithOrders(db: Db | Tx, mergeContractId: bigint) {
  const contracts = await db
    .select()
    .from(tradeContracts)
    .where(inArray(tradeContracts.id, membersOf(db, mergeContractId)))
    .orderBy(asc(tradeContracts.id));
  const orders = contracts.length
    ? await db
        .select()
        .from(tradeOrders)
        .where(
          inArray(
            tradeOrders.contractId,
            contracts.map((c) => c.id),
          ),
        )
        .orderBy(asc(tradeOrders.id))
    : [];
  return { contracts, orders };
}

/**
 * An attempt still open on any of these contracts through another contract: the member itself,
 * or a merged contract that holds one of them. One payment at a time for an order, whichever
 * way it is paid (the repeat-payment guard of the contract covers the contract's own attempts).
 */
export async function openAttemptElsewhere(
  db: Db | Tx,
  contractIds: bigint[],
  exceptContractId: bigint,
): Promise<bigint | null> {
  if (!contractIds.length) return null;
  const merges = db
    .select({ id: contractMerges.mergeContractId })
    .from(contractMerges)
    .where(inArray(contractMerges.contractId, contractIds));
  const [r] = await db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.status, 'PAY_PENDING'),
        ne(paymentRecords.contractId, exceptContractId),
        or(inArray(paymentRecords.contractId, contractIds), inArray(paymentRecords.contractId, merges)),
      ),
    )
    .limit(1);
  return r?.id ?? null;
}

/**
 * Before a payment of contract `c` starts (firstPay): a merged contract's members must all still
 * be payable together; any contract is refused while one of its orders is in another open
 * attempt. Thrown before the provider is called.
 */
export async function checkBeforeStart(db: Db, c: ContractRow, now = new Date()): Promise<void> {
  let ids = [c.id];
  if (isMerged(c)) {
    const m = await membersWithOrders(db, c.id);
    checkMergeable(c.buyerId, m.contracts, m.orders, now);
    ids = m.contracts.map((x) => x.id);
  }
  const open = await openAttemptElsewhere(db, ids, c.id);
  if (open !== null)
    throw new AppError(
      409,
      ERROR_CODES.paymentPending,
      'You have already started a payment, please wait for the result',
      { paymentRecordId: String(open) },
    );
}

/**
 * Settlement of a merged contract's payment: its members locked in id order (the same lock a
 * member's own payment takes, and the row lock a cancel takes) and read again, so that all of
 * them or none are paid by it.
 */
export async function lockMembers(tx: Tx, mergeContractId: bigint): Promise<ContractRow[]> {
  const ids = (await membersOf(tx, mergeContractId).orderBy(asc(contractMerges.contractId))).map((r) => r.id);
  for (const id of ids) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pay:${id}`}))`);
  return ids.length
    ? tx
        .select()
        .from(tradeContracts)
        .where(inArray(tradeContracts.id, ids))
        .orderBy(asc(tradeContracts.id))
        .for('update')
    : [];
}
