/**
 * Use codes of service items (SPEC §3 tradeOrderLineCouponsBOList, serviceRemainingTimes; §4
 * toUse, checkVerifyCode). A paid service line has one code per use; the seller redeems a code
 * when the service is given (NOT_USED → USED, the line's remaining uses down by one), and a
 * refund of unused units voids their codes (NOT_USED → REFUNDED). A used code's unit is never
 * refunded: after-sales offers only units whose codes are all unused.
 */
import { nextStatus, type TransitionTable } from './state-table.js';
import { PAID_STATUSES } from './order-state.js';

export const SERVICE_CODE_STATUSES = ['NOT_USED', 'USED', 'REFUNDED'] as const;
export type ServiceCodeStatus = (typeof SERVICE_CODE_STATUSES)[number];

export const SERVICE_CODE_EVENTS = {
  /** The seller gave the service and took the code. */
  REDEEM: { from: ['NOT_USED'], to: 'USED' },
  /** The unit was refunded (after-sales or a cancel) before it was used. */
  REFUND: { from: ['NOT_USED'], to: 'REFUNDED' },
} as const satisfies TransitionTable<ServiceCodeStatus, string>;
export type ServiceCodeEvent = keyof typeof SERVICE_CODE_EVENTS;

export function nextServiceCodeStatus(from: ServiceCodeStatus, event: ServiceCodeEvent): ServiceCodeStatus | null {
  return nextStatus(SERVICE_CODE_EVENTS, from, event);
}

/** Why a code cannot be redeemed now (each has its error code), or null when it can. */
export type RedeemProblem = 'USED' | 'REFUNDED' | 'EXPIRED' | 'ORDER_NOT_PAID' | 'IN_AFTER_SALES';

export function redeemProblem(c: {
  status: ServiceCodeStatus;
  orderStatus: string;
  expiresAt: Date | null;
  lineInAfterSales: boolean;
  now: Date;
}): RedeemProblem | null {
  if (c.status === 'USED') return 'USED';
  if (c.status === 'REFUNDED') return 'REFUNDED';
  if (!(PAID_STATUSES as readonly string[]).includes(c.orderStatus)) return 'ORDER_NOT_PAID';
  if (c.expiresAt && c.expiresAt.getTime() <= c.now.getTime()) return 'EXPIRED';
  // A refund asked for this line would otherwise race the shop's redemption of the same unit.
  if (c.lineInAfterSales) return 'IN_AFTER_SALES';
  if (!nextServiceCodeStatus(c.status, 'REDEEM')) return 'USED';
  return null;
}

/** A service line as the order read has it: what its codes say for the buyer's operations. */
export interface ServiceLineCodes {
  /** Units bought, cancelled and reversed (after-sales), in thousandths as the order lines keep them. */
  qtyMilli: bigint;
  cancelledMilli: bigint;
  reversedMilli: bigint;
  /** Unused codes (null: the line has no codes, e.g. not paid yet or a plan without use codes). */
  remaining: number | null;
  expiresAt: Date | null;
}

/** What an order's service lines allow: codes to use now, codes to look at, and whether one was used. */
export interface ServiceCodesSummary {
  usable: number;
  shown: number;
  used: boolean;
}

export function serviceCodesSummary(lines: ServiceLineCodes[], now: Date): ServiceCodesSummary | undefined {
  const withCodes = lines.filter((l) => l.remaining !== null);
  if (!withCodes.length) return undefined;
  let usable = 0;
  let shown = 0;
  let used = false;
  for (const l of withCodes) {
    const left = l.remaining!;
    const usedHere = Number((l.qtyMilli - l.cancelledMilli - l.reversedMilli) / 1000n) - left;
    if (usedHere > 0) used = true;
    shown += left + Math.max(0, usedHere);
    if (!l.expiresAt || l.expiresAt.getTime() > now.getTime()) usable += left;
  }
  return { usable, shown, used };
}

/** Units of a service line after-sales may still take: those whose code is unused (one code per unit). */
export const serviceUnitsLeftMilli = (remaining: number | null): bigint | null =>
  remaining === null ? null : BigInt(remaining) * 1000n;
