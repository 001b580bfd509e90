import type { ServiceCodesSummary } from './service-code.js';
import { invoiceOperations, type InvoiceStatus } from './invoice-state.js';
import type { TransitionTable } from './state-table.js';

/**
 * Order and shipment-package state machines (SPEC §4 "Order display statuses", "Order
 * operations"). The server writes a status only through `moveOrders` / `movePackages`
 * (modules/trade/transitions.ts), which take an event's "from" statuses and "to" status from
 * ORDER_EVENTS / PACKAGE_EVENTS; the operation list a buyer sees is computed here from state alone.
 */

export const ORDER_STATUSES = [
  'PENDING_PAY',
  'PENDING_DEPOSIT',
  'PENDING_BALANCE',
  'UN_DELIVERY',
  'UN_RECEIVED',
  'COMPLETE',
  'CLOSED',
  'CANCELED',
  'CANCEL_ALL',
  'PROCESSING',
  'UNDER_REVIEW',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What can happen to an order. CLOSED: the pay deadline passed; CANCELED: the buyer cancelled
 * before paying; PROCESSING: a cancel after payment waits for the seller; CANCEL_ALL: it was
 * refunded in full. UNDER_REVIEW: risk screening held the order before payment (packages/domain
 * risk.ts); the operator approves it (it can be paid) or cancels it (like a buyer cancel); left
 * undecided for RISK_REVIEW_HOURS it is cancelled by itself.
 */
export const ORDER_EVENTS = {
  PAY_DEPOSIT: { from: ['PENDING_DEPOSIT'], to: 'PENDING_BALANCE' },
  PAY: { from: ['PENDING_PAY', 'PENDING_BALANCE'], to: 'UN_DELIVERY' },
  BUYER_CANCEL_BEFORE_PAY: { from: ['PENDING_PAY', 'PENDING_DEPOSIT', 'UNDER_REVIEW'], to: 'CANCELED' },
  /** Risk screening scored the new order at or above the threshold: no payment until an operator decides. */
  RISK_HOLD: { from: ['PENDING_PAY'], to: 'UNDER_REVIEW' },
  RISK_APPROVE: { from: ['UNDER_REVIEW'], to: 'PENDING_PAY' },
  RISK_REJECT: { from: ['UNDER_REVIEW'], to: 'CANCELED' },
  /**
   * No operator decided within RISK_REVIEW_HOURS: the hold does not keep stock forever. CANCELED,
   * not CLOSED: the buyer was never able to pay, so "not paid in time" would be wrong.
   */
  RISK_REVIEW_EXPIRED: { from: ['UNDER_REVIEW'], to: 'CANCELED' },
  PAY_DEADLINE_PASSED: { from: ['PENDING_PAY', 'PENDING_DEPOSIT', 'PENDING_BALANCE'], to: 'CLOSED' },
  BUYER_CANCEL_AFTER_PAY: { from: ['UN_DELIVERY'], to: 'PROCESSING' },
  CANCEL_REFUNDED: { from: ['PROCESSING'], to: 'CANCEL_ALL' },
  CANCEL_REJECTED: { from: ['PROCESSING'], to: 'UN_DELIVERY' },
  /** Every line has left the warehouse. */
  ALL_SHIPPED: { from: ['UN_DELIVERY'], to: 'UN_RECEIVED' },
  /** Every package is signed for, by the buyer or by the receipt deadline. */
  ALL_RECEIVED: { from: ['UN_RECEIVED'], to: 'COMPLETE' },
  /** After-sales refunded everything that was paid (SPEC §4: a fully refunded order is CANCEL_ALL). */
  ALL_REFUNDED: { from: ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'PROCESSING'], to: 'CANCEL_ALL' },
} as const satisfies TransitionTable<OrderStatus, string>;
export type OrderEvent = keyof typeof ORDER_EVENTS;

/** The first status of a new order. */
export function initialOrderStatus(o: { freeTrade: boolean; presale: boolean }): OrderStatus {
  return o.freeTrade ? 'UN_DELIVERY' : o.presale ? 'PENDING_DEPOSIT' : 'PENDING_PAY';
}

export const PACKAGE_STATUSES = ['SEND_DELIVERY', 'SIGN_IN', 'CANCEL'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_EVENTS = {
  SIGN: { from: ['SEND_DELIVERY'], to: 'SIGN_IN' },
  CANCEL: { from: ['SEND_DELIVERY'], to: 'CANCEL' },
} as const satisfies TransitionTable<PackageStatus, string>;
export type PackageEvent = keyof typeof PACKAGE_EVENTS;

/** List tabs (SPEC §4): each maps to the stored statuses it shows. */
export const ORDER_TABS = ['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CANCEL_ALL'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Net terms (netb2b) and invoice-me orders are not paid by the buyer at checkout. */
export function isPaidOnTerms(o: { tradeType: string; payChannel: string | null }): boolean {
  return o.tradeType === 'NET_B2B' || o.payChannel === 'INVOICE_ME';
}

/**
 * The status the buyer sees: net-terms and invoice-me orders show PENDING_PAY as UN_DELIVERY.
 * SQL has a copy for speed, order_display_status (migration 0024); apps/server's
 * modules/trade/display-status.test.ts checks it and the tab filters against this for every input.
 */
export function displayStatus(o: { status: OrderStatus; tradeType: string; payChannel: string | null }): OrderStatus {
  return o.status === 'PENDING_PAY' && isPaidOnTerms(o) ? 'UN_DELIVERY' : o.status;
}

/** The tab an order counts under, from its display status. */
export function tabOf(display: OrderStatus): Exclude<OrderTab, 'ALL_ORDER'> | null {
  switch (display) {
    case 'PENDING_PAY':
    case 'PENDING_DEPOSIT':
    case 'PENDING_BALANCE':
    case 'UNDER_REVIEW':
      return 'PENDING_PAY';
    case 'UN_DELIVERY':
    case 'PROCESSING':
      return 'UN_DELIVERY';
    case 'UN_RECEIVED':
      return 'UN_RECEIVED';
    case 'COMPLETE':
      return 'COMPLETE';
    case 'CLOSED':
    case 'CANCELED':
    case 'CANCEL_ALL':
      return 'CANCEL_ALL';
  }
}

/** Lines count as paid in these statuses (SPEC §4). */
export const PAID_STATUSES: readonly OrderStatus[] = ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE'];

export const OPERATIONS = [
  'pay',
  'secondary_pay',
  'payDeposit',
  'payBalance',
  'comment',
  'confirm',
  'checkExpressTrack',
  'buyerCancelBeforePay',
  'buyerCancelAfterPay',
  'buyerPostponeConfirmDeadline',
  'buyerApplyReverse',
  'toUse',
  'viewInvoice',
  'buyerCheckVATInvoice',
  'buyAgain',
  'inviteToJoinGroup',
  'checkVerifyCode',
  'sendInvoiceEmail',
  'makeInvoice',
  'mergePay',
  'mergeCancel',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The uppercase forms the spec also lists, for clients that speak them. */
export const OPERATION_UPPERCASE: Partial<Record<Operation, string>> = {
  pay: 'PAY',
  secondary_pay: 'SECONDARY_PAY',
  comment: 'COMMENT',
  buyerCancelBeforePay: 'CANCEL',
  buyerCancelAfterPay: 'CANCEL',
  confirm: 'CONFIRM',
  buyerPostponeConfirmDeadline: 'POSTPONE',
  checkExpressTrack: 'LOGISTICS',
  payBalance: 'PAY_BALANCE',
  payDeposit: 'PAY_DEPOSIT',
  viewInvoice: 'VIEW_INVOICE',
  buyerApplyReverse: 'APPLY_REVERSE',
  buyerCheckVATInvoice: 'GET_INVOICE',
  sendInvoiceEmail: 'SEND_INVOICE_EMAIL',
  makeInvoice: 'MAKE_INVOICE',
  inviteToJoinGroup: 'INVITE_TO_JOIN_GROUP',
  toUse: 'TO_USE',
  buyAgain: 'BUY_AGAIN',
  mergePay: 'MERGE_PAY',
  mergeCancel: 'MERGE_CANCEL',
};
/** Operations that never show a button in the order list (SPEC §4). */
export const LIST_HIDDEN_OPERATIONS: readonly Operation[] = [
  'checkVerifyCode',
  'sendInvoiceEmail',
  'buyerApplyReverse',
];

export interface OperationInput {
  status: OrderStatus;
  tradeType: string;
  payChannel: string | null;
  /** A payment was already attempted on the contract (pay again rather than pay). */
  notFirstTime: boolean;
  /** The viewer is not the buyer (an enterprise main account looking at a sub-account order). */
  viewerIsBuyer: boolean;
  /** Sub-account order handed to the main account and not paid yet. */
  masterPending: boolean;
  packageCount: number;
  /** Packages still on their way (not signed, not cancelled). */
  openPackageCount: number;
  postponeCount: number;
  postponeLimit: number;
  hasInvoiceUrl: boolean;
  evaluated: boolean;
  hasServiceItems: boolean;
  /** Some line can still be refunded, returned or exchanged. */
  reversible: boolean;
  /** Some unshipped line can still be cancelled (after-sales cancel before delivery). */
  cancelable?: boolean;
  /** An after-sales request on the order is in progress. */
  reverseInProgress: boolean;
  isReissue: boolean;
  isPoints: boolean;
  /** The order's VAT invoice (left out: no invoice operations). */
  invoiceStatus?: InvoiceStatus;
  /** The order was sold with VAT (a VAT site), so a VAT invoice can be asked for. */
  vatApplies?: boolean;
  /** A BULK order (negotiated, paid through its own bulk-to-pay page). */
  isBulk?: boolean;
  /** The order's service use codes (serviceCodesSummary); left out: no line has codes. */
  serviceCodes?: ServiceCodesSummary;
  /** The status of the group-buy group the order belongs to (left out: not a group order). */
  groupStatus?: 'OPEN' | 'FILLED' | 'FAILED';
}

/**
 * Whether an order may be paid or cancelled together with other unpaid orders (SPEC §4
 * MERGE_PAY, MERGE_CANCEL): the buyer's own normal order waiting for its one full payment. Not
 * a presale (its deposit and balance are paid apart, in their windows), not a BULK order (paid
 * through its own page after negotiation), not points redemption (paid in points), not net terms
 * or invoice-me (not paid by the buyer), not one handed to the main account, not a replacement.
 * The server applies the same rule before merging (plus the contract's deadline and currency).
 */
export function isMergeable(
  o: Pick<
    OperationInput,
    'status' | 'tradeType' | 'payChannel' | 'viewerIsBuyer' | 'masterPending' | 'isPoints' | 'isReissue' | 'isBulk'
  >,
): boolean {
  return (
    o.status === 'PENDING_PAY' &&
    displayStatus(o) === 'PENDING_PAY' &&
    o.viewerIsBuyer &&
    !o.masterPending &&
    !o.isPoints &&
    !o.isReissue &&
    !o.isBulk
  );
}

/** The operations of an order for its viewer, in display order (SPEC §4). */
export function operationList(o: OperationInput): Operation[] {
  const ops: Operation[] = [];
  const display = displayStatus(o);
  if (!o.viewerIsBuyer) {
    // The main account pays a sub-account's order handed to it, and can follow its parcels.
    if (o.masterPending && o.status === 'PENDING_PAY') ops.push('pay');
    if (o.packageCount > 0) ops.push('checkExpressTrack');
    return ops;
  }
  switch (display) {
    case 'PENDING_PAY':
      if (!o.masterPending) ops.push(o.notFirstTime ? 'secondary_pay' : 'pay');
      ops.push('buyerCancelBeforePay');
      if (isMergeable(o)) ops.push('mergePay', 'mergeCancel');
      break;
    case 'PENDING_DEPOSIT':
      ops.push('payDeposit', 'buyerCancelBeforePay');
      break;
    case 'PENDING_BALANCE':
      ops.push('payBalance');
      break;
    case 'UNDER_REVIEW':
      // Held by risk screening: not payable until approved; the buyer may still walk away.
      ops.push('buyerCancelBeforePay');
      break;
    case 'UN_DELIVERY':
      // A negotiated BULK order on net terms (an enterprise's B2B items) is still paid through its
      // bulk-to-pay page: by the buyer, or by the main account once a sub-account hands it over.
      if (o.isBulk && o.status === 'PENDING_PAY' && o.payChannel === null && !o.masterPending)
        ops.push(o.notFirstTime ? 'secondary_pay' : 'pay');
      // Once a parcel has left, the order is no longer cancelled but returned.
      // A used service code's unit cannot be refunded, so the order is no longer cancelled whole.
      // A paid member of a group still forming waits for it: it fills (and ships) or fails (and is refunded).
      // A reissue replaces goods whose after-sales is settled: cancelling it would leave the buyer with neither.
      if (o.status === 'UN_DELIVERY' && o.groupStatus === 'OPEN') ops.push('inviteToJoinGroup');
      else if (
        o.status === 'UN_DELIVERY' &&
        o.packageCount === 0 &&
        !o.reverseInProgress &&
        !o.serviceCodes?.used &&
        !o.isReissue
      )
        ops.push('buyerCancelAfterPay');
      break;
    case 'UN_RECEIVED':
      if (o.openPackageCount > 0) ops.push('confirm');
      if (o.postponeCount < o.postponeLimit) ops.push('buyerPostponeConfirmDeadline');
      break;
    case 'COMPLETE':
      if (!o.evaluated && !o.isPoints) ops.push('comment');
      break;
    default:
      break;
  }
  if ((PAID_STATUSES as readonly string[]).includes(display)) {
    // toUse while a code can still be used; checkVerifyCode while there are codes to show (used ones too).
    if (o.serviceCodes ? o.serviceCodes.usable > 0 : o.hasServiceItems) ops.push('toUse');
    if (o.serviceCodes && o.serviceCodes.shown > 0) ops.push('checkVerifyCode');
  }
  if (o.packageCount > 0) ops.push('checkExpressTrack');
  const invoiceOps = o.invoiceStatus
    ? invoiceOperations({ ...o, invoiceStatus: o.invoiceStatus, vatApplies: o.vatApplies ?? false })
    : [];
  // An issued VAT invoice is the order's invoice document: its own operation opens it, so no second button does.
  if (
    o.hasInvoiceUrl &&
    !o.isReissue &&
    (PAID_STATUSES as readonly string[]).includes(display) &&
    !invoiceOps.includes('buyerCheckVATInvoice')
  )
    ops.push('viewInvoice');
  ops.push(...invoiceOps);
  // After-sales is per line: lines already in one are simply not offered again on the apply page.
  if (o.reversible && ['UN_RECEIVED', 'COMPLETE'].includes(display)) ops.push('buyerApplyReverse');
  // Part shipped, part waiting: the rest can be cancelled line by line (the whole order is cancelled only before anything left).
  // So is an order one of whose service codes was used (its unused lines are cancelled line by line).
  else if (
    o.cancelable &&
    o.status === 'UN_DELIVERY' &&
    display === 'UN_DELIVERY' &&
    (o.packageCount > 0 || o.serviceCodes?.used)
  )
    ops.push('buyerApplyReverse');
  if (['COMPLETE', 'CLOSED', 'CANCELED', 'CANCEL_ALL'].includes(display) && !o.isReissue) ops.push('buyAgain');
  return ops;
}
