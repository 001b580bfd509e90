/**
 * After-sales (reverse order) state machine (SPEC §4 "After-sales statuses"), and the tables of
 * the money that moves because of it: payment records and refunds. The spec gives the statuses,
 * types and buyer actions; the moves below are this shop's rules, written once here:
 *
 * - cancels (SALE_CANCEL_AFTER_PAID, SALE_CANCEL_BEFORE_DELIVERY): seller audit -> refund.
 * - SALE_REFUND (refund only): seller audit -> seller refunds (up to what was applied) -> refund.
 * - SALE_RETURN: audit -> buyer sends back -> seller QC -> seller refunds -> refund.
 * - SALE_EXCHANGE: audit -> buyer sends back -> seller QC -> seller ships the replacement -> buyer confirms.
 * - A checked return or exchange may instead be settled by a reissue: the goods go out again in a
 *   new order of business type REVERSE_REISSUE (nothing to pay, no refund) and the after-sales is done.
 * - PURCHASE_RETURN: an enterprise buyer returns goods of a BULK order under its quote's terms; it
 *   moves as SALE_RETURN does (the refund is at the quoted prices the order was paid at).
 * A refund is REFUND_PENDING until the payment provider answers: REFUND_DONE, or REFUND_FAIL
 * (the seller may retry). The buyer may cancel while nothing has come back yet.
 */
import { eventsFrom, nextStatus, type TransitionTable } from './state-table.js';

export const REVERSE_STATUSES = [
  'AS_APPLIED',
  'WAITING_FOR_AUDIT_BY_SELLER',
  'WAITING_FOR_BUYER_RETURN',
  'WAITING_FOR_QC_DONE',
  'WAITING_FOR_REFUND',
  'WAITING_FOR_SELLER_SHIP',
  'WAITING_FOR_BUYER_CONFIRMED',
  'REFUND_PENDING',
  'REFUND_DONE',
  'REVERSE_DONE',
  'REVERSE_CANCELED',
  'REVERSE_CLOSE',
  'REFUND_FAIL',
] as const;
export type ReverseStatus = (typeof REVERSE_STATUSES)[number];

export const REVERSE_TYPES = [
  'SALE_CANCEL_AFTER_PAID',
  'SALE_REFUND',
  'SALE_RETURN',
  'SALE_EXCHANGE',
  'PURCHASE_RETURN',
  'SALE_CANCEL_BEFORE_DELIVERY',
] as const;
export type ReverseType = (typeof REVERSE_TYPES)[number];
/** The types a buyer applies for from an order's after-sales dialog (PURCHASE_RETURN only on a BULK order within its quote's return window). */
export const BUYER_REVERSE_TYPES = [
  'SALE_REFUND',
  'SALE_RETURN',
  'SALE_EXCHANGE',
  'SALE_CANCEL_BEFORE_DELIVERY',
  'PURCHASE_RETURN',
] as const;
export type BuyerReverseType = (typeof BUYER_REVERSE_TYPES)[number];

/** Where every reverse order starts: applied, waiting for the seller's audit. */
export const REVERSE_INITIAL_STATUS: ReverseStatus = 'WAITING_FOR_AUDIT_BY_SELLER';
/** Waiting for the audit (AS_APPLIED is how older records and imports name it). */
const AUDIT: ReverseStatus[] = ['AS_APPLIED', 'WAITING_FOR_AUDIT_BY_SELLER'];

export const REVERSE_EVENTS = {
  /** Seller (or the audit deadline) approves a cancel: the refund starts at once, its amount is fixed. */
  APPROVE_CANCEL: { from: AUDIT, to: 'REFUND_PENDING' },
  /** Seller approves a refund-only request: the seller then refunds. */
  APPROVE_REFUND: { from: AUDIT, to: 'WAITING_FOR_REFUND' },
  /** Seller approves a return or exchange: the buyer sends the goods back. */
  APPROVE_RETURN: { from: AUDIT, to: 'WAITING_FOR_BUYER_RETURN' },
  /** Seller rejects, with a reason the buyer sees. */
  REJECT: { from: AUDIT, to: 'REVERSE_CLOSE' },
  /** Buyer withdraws the application before anything came back. */
  BUYER_CANCEL: { from: [...AUDIT, 'WAITING_FOR_BUYER_RETURN'], to: 'REVERSE_CANCELED' },
  /** Buyer entered the return carrier and tracking number. */
  POST_BACK: { from: ['WAITING_FOR_BUYER_RETURN'], to: 'WAITING_FOR_QC_DONE' },
  /** The buyer did not send back in time. */
  RETURN_DEADLINE_PASSED: { from: ['WAITING_FOR_BUYER_RETURN'], to: 'REVERSE_CLOSE' },
  /** QC passed on a return: the seller refunds next. */
  QC_PASS_RETURN: { from: ['WAITING_FOR_QC_DONE'], to: 'WAITING_FOR_REFUND' },
  /** QC passed on an exchange: the seller ships the replacement next. */
  QC_PASS_EXCHANGE: { from: ['WAITING_FOR_QC_DONE'], to: 'WAITING_FOR_SELLER_SHIP' },
  /** QC failed, with a reason the buyer sees (the goods go back to the buyer). */
  QC_REJECT: { from: ['WAITING_FOR_QC_DONE'], to: 'REVERSE_CLOSE' },
  /** Seller refunds: the refund is handed to the payment provider. */
  REFUND: { from: ['WAITING_FOR_REFUND'], to: 'REFUND_PENDING' },
  REFUND_SUCCEEDED: { from: ['REFUND_PENDING'], to: 'REFUND_DONE' },
  REFUND_FAILED: { from: ['REFUND_PENDING'], to: 'REFUND_FAIL' },
  /** Seller tries a failed refund again. */
  RETRY_REFUND: { from: ['REFUND_FAIL'], to: 'REFUND_PENDING' },
  /** Seller shipped the replacement of an exchange. */
  SHIP_EXCHANGE: { from: ['WAITING_FOR_SELLER_SHIP'], to: 'WAITING_FOR_BUYER_CONFIRMED' },
  /** Buyer (or the confirm deadline) confirms receipt of the replacement. */
  CONFIRM_EXCHANGE: { from: ['WAITING_FOR_BUYER_CONFIRMED'], to: 'REVERSE_DONE' },
  /** Seller settles a checked return or exchange by sending the goods again in a reissue order: no refund. */
  REISSUE: { from: ['WAITING_FOR_REFUND', 'WAITING_FOR_SELLER_SHIP'], to: 'REVERSE_DONE' },
} as const satisfies TransitionTable<ReverseStatus, string>;
export type ReverseEvent = keyof typeof REVERSE_EVENTS;

/** Which events each type may use: a return never skips QC, a cancel never waits for goods. */
export const REVERSE_TYPE_EVENTS: Record<ReverseType, readonly ReverseEvent[]> = {
  SALE_CANCEL_AFTER_PAID: ['APPROVE_CANCEL', 'REJECT', 'REFUND_SUCCEEDED', 'REFUND_FAILED', 'RETRY_REFUND'],
  SALE_CANCEL_BEFORE_DELIVERY: [
    'APPROVE_CANCEL',
    'REJECT',
    'BUYER_CANCEL',
    'REFUND_SUCCEEDED',
    'REFUND_FAILED',
    'RETRY_REFUND',
  ],
  SALE_REFUND: [
    'APPROVE_REFUND',
    'REJECT',
    'BUYER_CANCEL',
    'REFUND',
    'REFUND_SUCCEEDED',
    'REFUND_FAILED',
    'RETRY_REFUND',
  ],
  SALE_RETURN: [
    'APPROVE_RETURN',
    'REJECT',
    'BUYER_CANCEL',
    'POST_BACK',
    'RETURN_DEADLINE_PASSED',
    'QC_PASS_RETURN',
    'QC_REJECT',
    'REFUND',
    'REFUND_SUCCEEDED',
    'REFUND_FAILED',
    'RETRY_REFUND',
    'REISSUE',
  ],
  SALE_EXCHANGE: [
    'APPROVE_RETURN',
    'REJECT',
    'BUYER_CANCEL',
    'POST_BACK',
    'RETURN_DEADLINE_PASSED',
    'QC_PASS_EXCHANGE',
    'QC_REJECT',
    'SHIP_EXCHANGE',
    'CONFIRM_EXCHANGE',
    'REISSUE',
  ],
  // A purchase return is settled with money at the quoted prices: no reissue.
  PURCHASE_RETURN: [
    'APPROVE_RETURN',
    'REJECT',
    'BUYER_CANCEL',
    'POST_BACK',
    'RETURN_DEADLINE_PASSED',
    'QC_PASS_RETURN',
    'QC_REJECT',
    'REFUND',
    'REFUND_SUCCEEDED',
    'REFUND_FAILED',
    'RETRY_REFUND',
  ],
};

/** The approve event of a type's audit. */
export function approveEvent(type: ReverseType): ReverseEvent {
  switch (type) {
    case 'SALE_CANCEL_AFTER_PAID':
    case 'SALE_CANCEL_BEFORE_DELIVERY':
      return 'APPROVE_CANCEL';
    case 'SALE_REFUND':
      return 'APPROVE_REFUND';
    default:
      return 'APPROVE_RETURN';
  }
}

/** The status after `event` for a reverse order of `type`, or null when not allowed. */
export function nextReverseStatus(type: ReverseType, from: ReverseStatus, event: ReverseEvent): ReverseStatus | null {
  if (!REVERSE_TYPE_EVENTS[type].includes(event)) return null;
  return nextStatus(REVERSE_EVENTS, from, event);
}

/** Statuses a reverse order of `type` may leave from by `event` (the guard of its UPDATE). */
export function reverseFrom(type: ReverseType, event: ReverseEvent): readonly ReverseStatus[] {
  return REVERSE_TYPE_EVENTS[type].includes(event) ? REVERSE_EVENTS[event].from : [];
}

/** Finished reverse orders: nothing more will happen to them. */
export const REVERSE_FINAL_STATUSES: readonly ReverseStatus[] = [
  'REFUND_DONE',
  'REVERSE_DONE',
  'REVERSE_CANCELED',
  'REVERSE_CLOSE',
];
/** An open reverse order holds its lines: no second after-sales on them. REFUND_FAIL stays open (the seller retries). */
export function isOpen(status: ReverseStatus): boolean {
  return !REVERSE_FINAL_STATUSES.includes(status);
}
/** Ended without anything given back: the lines are free again. */
export function endedWithoutEffect(status: ReverseStatus): boolean {
  return status === 'REVERSE_CANCELED' || status === 'REVERSE_CLOSE';
}

/** Buyer operations on a reverse order (SPEC §4 "Buyer actions"), computed by the server. */
export const REVERSE_OPERATIONS = [
  'cancel',
  'sendBack',
  'confirmReceipt',
  'checkLogistics',
  'viewRejectReason',
] as const;
export type ReverseOperation = (typeof REVERSE_OPERATIONS)[number];

export function reverseOperationList(r: {
  type: ReverseType;
  status: ReverseStatus;
  hasLogistics: boolean;
  hasRejectReason: boolean;
  viewerIsBuyer: boolean;
}): ReverseOperation[] {
  const ops: ReverseOperation[] = [];
  if (r.viewerIsBuyer) {
    if (nextReverseStatus(r.type, r.status, 'BUYER_CANCEL')) ops.push('cancel');
    if (nextReverseStatus(r.type, r.status, 'POST_BACK')) ops.push('sendBack');
    if (nextReverseStatus(r.type, r.status, 'CONFIRM_EXCHANGE')) ops.push('confirmReceipt');
  }
  if (r.hasLogistics) ops.push('checkLogistics');
  if (r.hasRejectReason) ops.push('viewRejectReason');
  return ops;
}

/** Every event a reverse order of `type` may take now (the seller console shows these). */
export function reverseEventsNow(type: ReverseType, status: ReverseStatus): ReverseEvent[] {
  return eventsFrom(REVERSE_EVENTS, status).filter((e) => REVERSE_TYPE_EVENTS[type].includes(e));
}

// ---------------- payment records and refunds ----------------

export const PAYMENT_RECORD_STATUSES = ['PAY_PENDING', 'PAY_SUCCESS', 'PAY_FAILED', 'CLOSED'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
export const PAYMENT_RECORD_EVENTS = {
  /** The provider approved and the contract still wanted this stage. */
  CAPTURE: { from: ['PAY_PENDING'], to: 'PAY_SUCCESS' },
  DECLINE: { from: ['PAY_PENDING'], to: 'PAY_FAILED' },
  /** The buyer chose "pay again": the old attempt can no longer capture. */
  CLOSE: { from: ['PAY_PENDING', 'PAY_FAILED'], to: 'CLOSED' },
  /** Approved at the provider but not kept (another attempt paid the order): it is refunded. */
  NOT_CAPTURED: { from: ['PAY_PENDING', 'PAY_FAILED', 'CLOSED'], to: 'CLOSED' },
} as const satisfies TransitionTable<PaymentRecordStatus, string>;
export type PaymentRecordEvent = keyof typeof PAYMENT_RECORD_EVENTS;

export const REFUND_STATUSES = ['REFUND_PENDING', 'REFUND_DONE', 'REFUND_FAIL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_EVENTS = {
  SUCCEEDED: { from: ['REFUND_PENDING'], to: 'REFUND_DONE' },
  FAILED: { from: ['REFUND_PENDING'], to: 'REFUND_FAIL' },
  RETRY: { from: ['REFUND_FAIL'], to: 'REFUND_PENDING' },
} as const satisfies TransitionTable<RefundStatus, string>;
export type RefundEvent = keyof typeof REFUND_EVENTS;
