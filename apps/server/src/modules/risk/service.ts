/**
 * Risk screening of placed orders (SPEC §7 "risk-check call when enabled", §9 riskCheck, §8
 * failures logged): on a site with the flag, a new contract is scored right after it is written
 * and before the buyer gets its id; at or above the threshold its orders move to UNDER_REVIEW
 * (RISK_HOLD), which payment refuses. The operator approves (RISK_APPROVE: payable again with a
 * fresh pay deadline) or cancels (RISK_REJECT: the unpaid-cancel path gives stock, points and
 * coupons back). Left undecided for RISK_REVIEW_HOURS, the orders close by themselves
 * (RISK_REVIEW_EXPIRED to CANCELED, the same path). A failing check is logged and the order goes on unscreened.
 */
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, siteFor, type Currency, type HeldOrder, type Site } from '@mall/contracts';
import { ORDER_EVENTS, RISK_REVIEW_HOURS, isRiskHeld, money } from '@mall/domain';
import { clientOf, type Db } from '../../db/client.js';
import { riskScreenings, tradeContracts, tradeOrders, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { closeUnpaidContract, moveOrders } from '../trade/transitions.js';
import { SIGNALS, riskThresholdFrom, ruleScreener, signalsOf, type RiskScreener, type SignalsRow } from './screener.js';

export interface RiskOptions {
  /** Replaces the shop's rules (a screening service); default ruleScreener(). */
  screener?: RiskScreener;
  /** Score at which an order is held; default RISK_HOLD_THRESHOLD or 70. */
  threshold?: number;
}

export type ScreenOutcome = 'HELD' | 'PASSED' | 'SKIPPED' | 'FAILED';

export class RiskScreening {
  readonly screener: RiskScreener;
  readonly threshold: number;
  constructor(
    private readonly db: Db,
    opts: RiskOptions = {},
  ) {
    this.screener = opts.screener ?? ruleScreener();
    this.threshold = opts.threshold ?? riskThresholdFrom();
  }

  /**
   * Screens a contract just placed. Once per contract (a retried submit finds its screening);
   * only orders the buyer is about to pay: not free ones, presale deposits or payment terms.
   */
  async screenPlaced(
    site: Site,
    contractId: bigint,
    from: { ip: string | null; deviceId: string | null },
    log: FastifyBaseLogger,
  ): Promise<ScreenOutcome> {
    if (!site.features.riskCheck) return 'SKIPPED';
    try {
      // Two named statements on the submit's path: the signals, then the screening with the hold.
      const client = clientOf(this.db);
      const { rows } = await client.query<SignalsRow>({
        ...SIGNALS,
        values: [String(contractId), from.ip, from.deviceId],
      });
      const k = rows[0];
      if (!k || k.screened) return k?.screened === 'HELD' ? 'HELD' : 'SKIPPED';
      if (k.status !== 'PENDING_PAY' || k.is_free_trade || k.presale_stage || k.trade_type === 'NET_B2B')
        return 'SKIPPED';
      const verdict = await this.screener.screen({
        contractId,
        buyerId: BigInt(k.buyer_id),
        site: site.code,
        ip: from.ip,
        deviceId: from.deviceId,
        signals: signalsOf(k, from.deviceId),
      });
      const hold = verdict.hold ?? isRiskHeld(verdict.score, this.threshold);
      const written = await client.query<{ written: number }>({
        ...WRITE,
        values: [
          String(contractId),
          k.buyer_id,
          site.code,
          k.email,
          from.ip,
          from.deviceId,
          this.screener.name,
          verdict.score,
          this.threshold,
          JSON.stringify(verdict.reasons),
          hold ? 'HELD' : 'PASSED',
          [...ORDER_EVENTS.RISK_HOLD.from],
          ORDER_EVENTS.RISK_HOLD.to,
        ],
      });
      if (!written.rows[0]?.written) return 'SKIPPED';
      return hold ? 'HELD' : 'PASSED';
    } catch (err) {
      // SPEC §8: a failed risk check is logged and the order goes on.
      log.warn(
        { err, contractId: String(contractId), screener: this.screener.name },
        'risk check failed; order not held',
      );
      return 'FAILED';
    }
  }
}

/**
 * The screening and, when it holds, RISK_HOLD on the contract's orders, in one statement (one
 * transaction): the update carries the event's "from" statuses and "to" status of the order
 * table (ORDER_EVENTS, as moveOrders does), and runs only if this screening was written first.
 */
const WRITE = {
  name: 'risk_screening_write',
  text: `WITH ins AS (
  INSERT INTO risk_screenings (contract_id, buyer_id, site, email, ip, device_id, provider, score, threshold, reasons, outcome)
  VALUES ($1::bigint, $2::bigint, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)
  ON CONFLICT (contract_id) DO NOTHING RETURNING contract_id, outcome),
held AS (
  UPDATE trade_orders SET status = $13, pay_deadline = NULL
  WHERE contract_id IN (SELECT contract_id FROM ins WHERE outcome = 'HELD') AND status = ANY($12::text[])
  RETURNING id)
SELECT (SELECT count(*) FROM ins)::int AS written, (SELECT count(*) FROM held)::int AS held`,
};

/** Payment refuses a contract any of whose orders is held for review. */
export async function refuseUnderReview(db: Db, contractId: bigint): Promise<void> {
  const [held] = await db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.contractId, contractId), eq(tradeOrders.status, 'UNDER_REVIEW')))
    .limit(1);
  if (held) throw new AppError(409, ERROR_CODES.orderUnderReview, 'This order is under review and cannot be paid yet');
}

/** Still waiting: a held order the buyer cancelled meanwhile needs no decision. */
const STILL_UNDER_REVIEW = sql`EXISTS (SELECT 1 FROM trade_orders o WHERE o.contract_id = ${riskScreenings.contractId} AND o.status = 'UNDER_REVIEW')`;

/** Held orders waiting for the operator (oldest first), or the last 100 decided ones (newest first). */
export async function listScreenings(db: Db, which: 'HELD' | 'DECIDED'): Promise<HeldOrder[]> {
  const rows = await db
    .select({ s: riskScreenings, c: tradeContracts, u: { id: users.id, email: users.email, nickname: users.nickname } })
    .from(riskScreenings)
    .innerJoin(tradeContracts, eq(tradeContracts.id, riskScreenings.contractId))
    .innerJoin(users, eq(users.id, riskScreenings.buyerId))
    .where(
      which === 'HELD'
        ? and(eq(riskScreenings.outcome, 'HELD'), STILL_UNDER_REVIEW)
        : inArray(riskScreenings.outcome, ['APPROVED', 'REJECTED', 'EXPIRED']),
    )
    .orderBy(which === 'HELD' ? riskScreenings.createdAt : desc(riskScreenings.decidedAt))
    .limit(100);
  if (!rows.length) return [];
  const orders = await db
    .select({ id: tradeOrders.id, code: tradeOrders.tradeOrderCode, contractId: tradeOrders.contractId })
    .from(tradeOrders)
    .where(
      inArray(
        tradeOrders.contractId,
        rows.map((r) => r.s.contractId),
      ),
    )
    .orderBy(tradeOrders.id);
  return rows.map(({ s, c, u }) => {
    const own = orders.filter((o) => o.contractId === s.contractId);
    return {
      contractId: String(s.contractId),
      tradeOrderIds: own.map((o) => String(o.id)),
      tradeOrderCodes: own.map((o) => o.code),
      site: s.site,
      buyer: { id: String(u.id), email: u.email, nickname: u.nickname },
      amount: money(c.needPayAmtMinor, c.currency as Currency),
      score: s.score,
      threshold: s.threshold,
      reasons: s.reasons,
      provider: s.provider,
      outcome: s.outcome,
      createdAt: s.createdAt.toISOString(),
      decidedAt: s.decidedAt?.toISOString() ?? null,
    };
  });
}

/**
 * The operator's decision on a held contract. APPROVE: its orders can be paid, with a fresh pay
 * deadline of the site. REJECT: cancelled through the unpaid-cancel path (stock, points and
 * coupons back; nothing was paid, as payment refuses held orders). Twice, or after the buyer
 * cancelled: Risk.notHeld.
 */
export async function decideHeld(
  db: Db,
  operatorId: bigint,
  contractId: bigint,
  decision: 'APPROVE' | 'REJECT',
  now = new Date(),
): Promise<HeldOrder> {
  await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(riskScreenings)
      .where(and(eq(riskScreenings.contractId, contractId), eq(riskScreenings.outcome, 'HELD')))
      .for('update');
    if (!s) throw new AppError(409, ERROR_CODES.riskNotHeld, 'This order is not waiting for a review');
    let moved: bigint[];
    if (decision === 'APPROVE') {
      const deadline = new Date(now.getTime() + siteFor(s.site).payDeadlineMinutes * 60_000);
      moved = await moveOrders(tx, { contractId }, 'RISK_APPROVE', { payDeadline: deadline });
      if (moved.length)
        await tx
          .update(tradeContracts)
          .set({ payDeadline: deadline })
          .where(and(eq(tradeContracts.id, contractId), ne(tradeContracts.status, 'PAID')));
    } else {
      moved = await closeUnpaidContract(tx, contractId, 'RISK_REJECT', now);
    }
    if (!moved.length) throw new AppError(409, ERROR_CODES.riskNotHeld, 'This order is not waiting for a review');
    await tx
      .update(riskScreenings)
      .set({ outcome: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', decidedBy: operatorId, decidedAt: now })
      .where(eq(riskScreenings.contractId, contractId));
  });
  const decided = await listScreenings(db, 'DECIDED');
  return decided.find((d) => d.contractId === String(contractId))!;
}

/**
 * Held orders nobody decided on within RISK_REVIEW_HOURS are cancelled through the unpaid-cancel
 * path (stock, points and coupons back); their screening becomes EXPIRED. Run by the orders
 * sweep every minute; each contract in its own transaction, so a decision racing it wins or loses whole.
 */
export async function closeUnreviewed(db: Db, now = new Date()): Promise<number> {
  // Held before this: its review window (riskReviewEndsAt) has ended.
  const heldBefore = new Date(now.getTime() - RISK_REVIEW_HOURS * 3_600_000);
  const due = await db
    .select({ contractId: riskScreenings.contractId })
    .from(riskScreenings)
    .where(and(eq(riskScreenings.outcome, 'HELD'), lt(riskScreenings.createdAt, heldBefore), STILL_UNDER_REVIEW))
    .orderBy(riskScreenings.createdAt)
    .limit(500);
  let closed = 0;
  for (const { contractId } of due) {
    closed += await db.transaction(async (tx) => {
      const [s] = await tx
        .select({ contractId: riskScreenings.contractId })
        .from(riskScreenings)
        .where(and(eq(riskScreenings.contractId, contractId), eq(riskScreenings.outcome, 'HELD')))
        .for('update');
      if (!s) return 0;
      const moved = await closeUnpaidContract(tx, contractId, 'RISK_REVIEW_EXPIRED', now);
      // The buyer cancelled meanwhile: nothing expired (and the sweep no longer finds it).
      if (!moved.length) return 0;
      await tx
        .update(riskScreenings)
        .set({ outcome: 'EXPIRED', decidedAt: now })
        .where(eq(riskScreenings.contractId, contractId));
      return moved.length;
    });
  }
  return closed;
}
