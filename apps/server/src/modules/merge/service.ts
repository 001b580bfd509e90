/**
 * Paying and cancelling several unpaid orders together (SPEC §4 MERGE_PAY, MERGE_CANCEL).
 *
 * Pay together: the selected orders' contracts (each with all its orders: a checkout's orders
 * are paid together) become the members of one merged contract, which the buyer then pays
 * through the usual firstPay with any channel. The same selection gives the same merged
 * contract, so a double click or a retry starts nothing twice, and the contract's
 * repeat-payment guard keeps it to one open attempt.
 *
 * Cancel together: one transaction that cancels each contract through the one cancel path
 * (stock, coupons and points come back as for a single cancel); any refusal cancels none.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ERROR_CODES, type ContractDetail } from '@mall/contracts';
import type { Db, Tx } from '../../db/client.js';
import { contractMerges, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { contractDetail, type Payer } from '../payment/service.js';
import { cancelBeforePayIn, orderNotFound } from '../trade/service.js';
import { checkMergeable, MERGED_TRADE_TYPE, openAttemptElsewhere } from './rules.js';

type ContractRow = typeof tradeContracts.$inferSelect;

/** The caller's selected orders' contracts (in id order) and all their orders; 404 when one is not the caller's. */
async function selection(db: Db | Tx, buyerId: bigint, tradeOrderIds: string[], lock = false) {
  const ids = [...new Set(tradeOrderIds)].map(BigInt);
  const picked = await db
    .select({ id: tradeOrders.id, contractId: tradeOrders.contractId })
    .from(tradeOrders)
    .where(and(inArray(tradeOrders.id, ids), eq(tradeOrders.buyerId, buyerId)));
  if (picked.length !== ids.length) throw orderNotFound();
  const contractIds = [...new Set(picked.map((o) => o.contractId))].sort((a, b) => (a < b ? -1 : 1));
  const q = db
    .select()
    .from(tradeOrders)
    .where(inArray(tradeOrders.contractId, contractIds))
    .orderBy(asc(tradeOrders.id));
  // Cancel locks the orders in id order, as a single cancel does (ownOrder), so two cancels cannot deadlock.
  const orders = lock ? await q.for('update') : await q;
  const contracts = await db
    .select()
    .from(tradeContracts)
    .where(inArray(tradeContracts.id, contractIds))
    .orderBy(asc(tradeContracts.id));
  return { contracts, orders };
}

const sum = (cs: ContractRow[], f: (c: ContractRow) => bigint) => cs.reduce((a, c) => a + f(c), 0n);

/**
 * merge-pay: the merged contract of these orders (made the first time), to pay with firstPay.
 * Refused before anything is written when an order cannot be paid now (cancelled, paid, expired,
 * presale, BULK, not the caller's), when currencies or sites differ, when fewer than two checkouts
 * are selected, or when one of them is already in an open payment.
 */
export async function mergeForPayment(
  db: Db,
  payer: Payer,
  tradeOrderIds: string[],
  now = new Date(),
): Promise<ContractDetail> {
  const { contracts, orders } = await selection(db, payer.id, tradeOrderIds);
  if (contracts.length < 2)
    throw new AppError(400, ERROR_CODES.mergeCount, 'Select orders of at least two checkouts to pay them together');
  checkMergeable(payer.id, contracts, orders, now);
  const key = `merge:${contracts.map((c) => c.id).join(',')}`;
  const id = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(tradeContracts)
      .values({
        buyerId: payer.id,
        idempotencyKey: key,
        site: contracts[0]!.site,
        currency: contracts[0]!.currency,
        tradeType: MERGED_TRADE_TYPE,
        status: 'PENDING_PAY',
        skuAmtMinor: sum(contracts, (c) => c.skuAmtMinor),
        discountAmtMinor: sum(contracts, (c) => c.discountAmtMinor),
        shippingAmtMinor: sum(contracts, (c) => c.shippingAmtMinor),
        taxAmtMinor: sum(contracts, (c) => c.taxAmtMinor),
        pointsDiscountMinor: sum(contracts, (c) => c.pointsDiscountMinor),
        levelAmtMinor: sum(contracts, (c) => c.levelAmtMinor),
        needPayAmtMinor: sum(contracts, (c) => c.needPayAmtMinor),
        // Points are earned by each member when it is paid, never by the merged contract.
        usedPoints: 0,
        redeemPoints: 0,
        earnPoints: 0,
        payUniqueKey: crypto.randomUUID(),
        paymentOrderId: `PO${now.getTime()}${crypto.randomInt(1000, 9999)}`,
        // Payable while every member is: until the earliest deadline.
        payDeadline: contracts.reduce<Date | null>(
          (d, c) => (c.payDeadline && (!d || c.payDeadline < d) ? c.payDeadline : d),
          null,
        ),
        selectedAddress: contracts[0]!.selectedAddress,
        payload: { mergedContractIds: contracts.map((c) => String(c.id)) },
        preview: {},
      })
      .onConflictDoNothing({ target: [tradeContracts.buyerId, tradeContracts.idempotencyKey] })
      .returning({ id: tradeContracts.id });
    if (made) {
      await tx.insert(contractMerges).values(contracts.map((c) => ({ mergeContractId: made.id, contractId: c.id })));
      return made.id;
    }
    const [existing] = await tx
      .select({ id: tradeContracts.id })
      .from(tradeContracts)
      .where(and(eq(tradeContracts.buyerId, payer.id), eq(tradeContracts.idempotencyKey, key)));
    return existing!.id;
  });
  // An open attempt of this merged contract itself is left to the pay section's guard (wait for it, or pay again);
  // one that pays some of these orders another way (alone, or merged with others) is refused.
  const open = await openAttemptElsewhere(
    db,
    contracts.map((c) => c.id),
    id,
  );
  if (open !== null)
    throw new AppError(
      409,
      ERROR_CODES.paymentPending,
      'You have already started a payment for one of these orders, please wait for the result',
      { paymentRecordId: String(open) },
    );
  return contractDetail(db, payer, id);
}

/** merge-cancel: the selected orders' checkouts cancelled together, all or none. */
export async function cancelTogether(
  db: Db,
  user: UserRow,
  tradeOrderIds: string[],
  now = new Date(),
): Promise<{ closedOrderIds: string[] }> {
  return db.transaction(async (tx) => {
    const { contracts, orders } = await selection(tx, user.id, tradeOrderIds, true);
    if (contracts.length < 2)
      throw new AppError(
        400,
        ERROR_CODES.mergeCount,
        'Select orders of at least two checkouts to cancel them together',
      );
    checkMergeable(user.id, contracts, orders, now, { sameCurrency: false });
    const closed: bigint[] = [];
    for (const c of contracts) {
      // The one cancel path, by the contract's first order: its orders close together.
      const first = orders.find((o) => o.contractId === c.id)!;
      closed.push(...(await cancelBeforePayIn(tx, user, first.id)));
    }
    return { closedOrderIds: closed.map(String) };
  });
}
