/**
 * Risk screening of placed orders (SPEC §7 "risk-check call when enabled", §9 riskCheck, §8
 * failures logged): on a site with the flag, a new contract is scored right after it is written
 * and before the buyer gets its id; at or above the threshold its orders move to UNDER_REVIEW
 * (RISK_HOLD), which payment refuses. The operator approves (RISK_APPROVE: payable again with a
 * fresh pay deadline) or cancels (RISK_REJECT: the unpaid-cancel path gives stock, points and
 * coupons back). A failing check is logged and the order goes on unscreened.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, siteFor, type Currency, type HeldOrder, type Site } from '@mall/contracts';
import { isRiskHeld, money } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { riskScreenings, tradeContracts, tradeOrders, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { closeUnpaidContract, moveOrders } from '../trade/transitions.js';
import { gatherSignals, riskThresholdFrom, ruleScreener, type RiskScreener } from './screener.js';

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
      const [c] = await this.db
        .select({ c: tradeContracts, screened: riskScreenings.outcome })
        .from(tradeContracts)
        .leftJoin(riskScreenings, eq(riskScreenings.contractId, tradeContracts.id))
        .where(eq(tradeContracts.id, contractId));
      if (!c || c.screened) return c?.screened === 'HELD' ? 'HELD' : 'SKIPPED';
      const k = c.c;
      if (k.status !== 'PENDING_PAY' || k.isFreeTrade || k.presaleStage || k.tradeType === 'NET_B2B') return 'SKIPPED';
      const { signals, email } = await gatherSignals(this.db, k, from.ip, from.deviceId);
      const verdict = await this.screener.screen({
        contractId,
        buyerId: k.buyerId,
        site: site.code,
        ip: from.ip,
        deviceId: from.deviceId,
        signals,
      });
      const hold = verdict.hold ?? isRiskHeld(verdict.score, this.threshold);
      return await this.db.transaction(async (tx) => {
        const written = await tx
          .insert(riskScreenings)
          .values({
            contractId,
            buyerId: k.buyerId,
            site: site.code,
            email,
            ip: from.ip,
            deviceId: from.deviceId,
            provider: this.screener.name,
            score: verdict.score,
            threshold: this.threshold,
            reasons: verdict.reasons,
            outcome: hold ? 'HELD' : 'PASSED',
          })
          .onConflictDoNothing()
          .returning({ outcome: riskScreenings.outcome });
        if (!written.length) return 'SKIPPED';
        if (hold) await moveOrders(tx, { contractId }, 'RISK_HOLD', { payDeadline: null });
        return hold ? 'HELD' : 'PASSED';
      });
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

/** Payment refuses a contract any of whose orders is held for review. */
export async function refuseUnderReview(db: Db, contractId: bigint): Promise<void> {
  const [held] = await db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.contractId, contractId), eq(tradeOrders.status, 'UNDER_REVIEW')))
    .limit(1);
  if (held) throw new AppError(409, ERROR_CODES.orderUnderReview, 'This order is under review and cannot be paid yet');
}

/** Held orders waiting for the operator (oldest first), or the last 100 decided ones (newest first). */
export async function listScreenings(db: Db, which: 'HELD' | 'DECIDED'): Promise<HeldOrder[]> {
  const rows = await db
    .select({ s: riskScreenings, c: tradeContracts, u: { id: users.id, email: users.email, nickname: users.nickname } })
    .from(riskScreenings)
    .innerJoin(tradeContracts, eq(tradeContracts.id, riskScreenings.contractId))
    .innerJoin(users, eq(users.id, riskScreenings.buyerId))
    .where(
      which === 'HELD'
        ? and(
            eq(riskScreenings.outcome, 'HELD'),
            // Still waiting: a held order the buyer cancelled meanwhile needs no decision.
            sql`EXISTS (SELECT 1 FROM trade_orders o WHERE o.contract_id = ${riskScreenings.contractId} AND o.status = 'UNDER_REVIEW')`,
          )
        : inArray(riskScreenings.outcome, ['APPROVED', 'REJECTED']),
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
