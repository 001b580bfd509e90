/**
 * Merchant states (SPEC §6): a seller sells; a frozen seller keeps query rights plus delivery
 * and after-sales of its historical orders; a cleared seller ("stopped or removed") may only
 * query. The platform operator moves a seller between them. Audit states of a merchant
 * application: audit (waiting for review), pass, reject (with a reason; the applicant may
 * apply again).
 */
import { eventsFrom, nextStatus, type TransitionTable } from './state-table.js';

export const MERCHANT_STATES = ['seller', 'frozen', 'clear'] as const;
export type MerchantState = (typeof MERCHANT_STATES)[number];
export type MerchantStateEvent = 'FREEZE' | 'CLEAR' | 'RESTORE';

export const MERCHANT_STATE_EVENTS: TransitionTable<MerchantState, MerchantStateEvent> = {
  FREEZE: { from: ['seller'], to: 'frozen' },
  CLEAR: { from: ['seller', 'frozen'], to: 'clear' },
  RESTORE: { from: ['frozen', 'clear'], to: 'seller' },
};

export const nextMerchantState = (from: MerchantState, event: MerchantStateEvent) =>
  nextStatus(MERCHANT_STATE_EVENTS, from, event);
export const merchantStateEvents = (state: MerchantState) => eventsFrom(MERCHANT_STATE_EVENTS, state);

/**
 * What a seller may do: `read` its console; `fulfil` ship, add tracking and handle after-sales
 * (audit, check, refund, replacement, return address) of its existing orders; `sell` have its
 * items bought and answer or report reviews (acts of an active shop).
 */
export type MerchantRight = 'read' | 'fulfil' | 'sell';
export const MERCHANT_RIGHTS: Record<MerchantState, readonly MerchantRight[]> = {
  seller: ['read', 'fulfil', 'sell'],
  frozen: ['read', 'fulfil'],
  clear: ['read'],
};
export const merchantMay = (state: MerchantState, right: MerchantRight) => MERCHANT_RIGHTS[state].includes(right);

export const APPLICATION_STATUSES = ['audit', 'pass', 'reject'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationEvent = 'RESUBMIT' | 'PASS' | 'REJECT';

export const APPLICATION_EVENTS: TransitionTable<ApplicationStatus, ApplicationEvent> = {
  /** A pending application may be corrected; a rejected one may be sent again. A passed one is final. */
  RESUBMIT: { from: ['audit', 'reject'], to: 'audit' },
  PASS: { from: ['audit'], to: 'pass' },
  REJECT: { from: ['audit'], to: 'reject' },
};
export const nextApplicationStatus = (from: ApplicationStatus, event: ApplicationEvent) =>
  nextStatus(APPLICATION_EVENTS, from, event);
