import type { TransitionTable } from './state-table.js';

/**
 * A trade contract (one checkout, paid as one) has three status columns, each with its table:
 * - `status`: waiting for payment, paid, or closed unpaid (a buyer's cancel, the pay deadline,
 *   the operator rejecting a held order);
 * - `presale_stage` of a presale contract: the deposit is due, then the balance;
 * - `master_status` of an enterprise sub-account's contract handed to the main account to pay
 *   (NONE stands for the column's NULL: never handed over).
 * The server writes these columns only through modules/trade/contract-moves.ts, which turns a
 * move into `UPDATE ... WHERE <column> IN (from)`, so two racing moves cannot both happen.
 */
export const CONTRACT_STATUSES = ['PENDING_PAY', 'PAID', 'CLOSED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_EVENTS = {
  /** Paid in full (a presale contract: its balance), by any channel or by a merged payment. */
  PAY: { from: ['PENDING_PAY'], to: 'PAID' },
  /** Closed unpaid: its orders closed, stock, coupons and points went back. */
  CLOSE: { from: ['PENDING_PAY'], to: 'CLOSED' },
} as const satisfies TransitionTable<ContractStatus, string>;
export type ContractEvent = keyof typeof CONTRACT_EVENTS;

export const PRESALE_STAGES = ['DEPOSIT', 'BALANCE'] as const;
export type PresaleStage = (typeof PRESALE_STAGES)[number];

export const PRESALE_STAGE_EVENTS = {
  /** The deposit is paid: the balance is due next, inside its window. */
  PAY_DEPOSIT: { from: ['DEPOSIT'], to: 'BALANCE' },
} as const satisfies TransitionTable<PresaleStage, string>;
export type PresaleStageEvent = keyof typeof PRESALE_STAGE_EVENTS;

export const MASTER_STATUSES = ['NONE', 'PENDING', 'PAID'] as const;
export type MasterStatus = (typeof MASTER_STATUSES)[number];

export const MASTER_EVENTS = {
  /** The sub-account hands the contract to the main account (once). */
  SUBMIT_TO_MASTER: { from: ['NONE'], to: 'PENDING' },
  /** A handed-over contract is paid (by the main account). */
  MASTER_PAY: { from: ['PENDING'], to: 'PAID' },
} as const satisfies TransitionTable<MasterStatus, string>;
export type MasterEvent = keyof typeof MASTER_EVENTS;
