/**
 * The super member paid service: its status machine and its period arithmetic.
 *   (bought) -> ACTIVE; ACTIVE -RENEW-> ACTIVE (the end moves one period further);
 *   ACTIVE -EXPIRE-> EXPIRED (its end passed); EXPIRED/ENDED_BY_REFUND -REJOIN-> ACTIVE;
 *   ACTIVE -END_BY_REFUND-> ENDED_BY_REFUND (an after-sales refund of a purchase).
 * A row is only "in force" while ACTIVE and before its end, so a late expiry sweep never
 * gives benefits past the end.
 */
import type { PaidServicePeriodCode, PaidServiceStatus } from '@mall/contracts';
import { decimalToFraction } from './money.js';
import { nextStatus, type TransitionTable } from './state-table.js';

export const PAID_SERVICE_INITIAL_STATUS: PaidServiceStatus = 'ACTIVE';

export const PAID_SERVICE_EVENTS = {
  RENEW: { from: ['ACTIVE'], to: 'ACTIVE' },
  REJOIN: { from: ['EXPIRED', 'ENDED_BY_REFUND'], to: 'ACTIVE' },
  EXPIRE: { from: ['ACTIVE'], to: 'EXPIRED' },
  END_BY_REFUND: { from: ['ACTIVE'], to: 'ENDED_BY_REFUND' },
} as const satisfies TransitionTable<PaidServiceStatus, string>;
export type PaidServiceEvent = keyof typeof PAID_SERVICE_EVENTS;

export function nextPaidServiceStatus(from: PaidServiceStatus, event: PaidServiceEvent): PaidServiceStatus | null {
  return nextStatus<PaidServiceStatus, PaidServiceEvent>(PAID_SERVICE_EVENTS, from, event);
}

export const PAID_SERVICE_MONTHS: Record<PaidServicePeriodCode, number> = { MONTHLY: 1, YEARLY: 12 };

/** `start` plus the period in calendar months (UTC); a day the month lacks becomes its last day (Jan 31 + 1 month = Feb 28/29). */
export function paidServicePeriodEnd(start: Date, code: PaidServicePeriodCode): Date {
  const months = PAID_SERVICE_MONTHS[code];
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface PaidServiceState {
  status: PaidServiceStatus;
  endAt: Date;
}

/** In force: active and not past its end. */
export const paidServiceInForce = (s: PaidServiceState | null | undefined, now: Date): boolean =>
  !!s && s.status === 'ACTIVE' && s.endAt > now;

/**
 * A purchase paid at `paidAt`: what it does to the buyer's service. A service in force is renewed
 * from its current end; otherwise a new period starts at payment (first purchase or rejoining).
 */
export function applyPurchase(
  current: (PaidServiceState & { startAt: Date }) | null,
  code: PaidServicePeriodCode,
  paidAt: Date,
): { event: PaidServiceEvent | null; startAt: Date; periodStart: Date; endAt: Date } {
  if (current && paidServiceInForce(current, paidAt)) {
    return {
      event: 'RENEW',
      startAt: current.startAt,
      periodStart: current.endAt,
      endAt: paidServicePeriodEnd(current.endAt, code),
    };
  }
  // An ACTIVE row whose end passed (the expiry sweep has not run yet) first expires, then rejoins.
  return {
    event: current ? 'REJOIN' : null,
    startAt: paidAt,
    periodStart: paidAt,
    endAt: paidServicePeriodEnd(paidAt, code),
  };
}

/** The super member's discount rate on top of the level's ("0.03" + "0.05" = "0.0800"), in basis points, at most 100 %. */
export function addDiscountRates(levelRate: string, extraRate: string): string {
  const bp = (r: string) => {
    const [n, d] = decimalToFraction(r);
    return (n * 10000n) / d;
  };
  const sum = bp(levelRate) + bp(extraRate);
  return (Number(sum > 10000n ? 10000n : sum) / 10000).toFixed(4);
}
