/**
 * Order and package state machines, display status, list tabs and the operation list
 * (SPEC §4 "Order display statuses", "Order operations").
 */
import { describe, expect, it } from 'vitest';
import {
  displayStatus,
  initialOrderStatus,
  isMergeable,
  isPaidOnTerms,
  LIST_HIDDEN_OPERATIONS,
  OPERATION_UPPERCASE,
  OPERATIONS,
  operationList,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TABS,
  PACKAGE_EVENTS,
  PACKAGE_STATUSES,
  PAID_STATUSES,
  tabOf,
  type OperationInput,
  type OrderEvent,
  type OrderStatus,
  type PackageEvent,
  type PackageStatus,
} from './order-state.js';
import { nextStatus } from './state-table.js';

const orderEvents = Object.keys(ORDER_EVENTS) as OrderEvent[];
// What the server's writers do with a table: a move from `from` by `event` lands on its "to", or is refused.
const nextOrderStatus = (from: OrderStatus, event: OrderEvent) => nextStatus(ORDER_EVENTS, from, event);
const nextPackageStatus = (from: PackageStatus, event: PackageEvent) => nextStatus(PACKAGE_EVENTS, from, event);

describe('order transitions (ORDER_EVENTS)', () => {
  describe('every (status, event) pair, written out by hand', () => {
    // Rows: the status an order is in; columns: the event; cells: the status after it, - = refused.
    const matrix = `
                       PAY_DEPOSIT      PAY          BUYER_CANCEL_BEFORE_PAY  PAY_DEADLINE_PASSED  BUYER_CANCEL_AFTER_PAY  CANCEL_REFUNDED  CANCEL_REJECTED  ALL_SHIPPED  ALL_RECEIVED  ALL_REFUNDED  RISK_HOLD     RISK_APPROVE  RISK_REJECT   RISK_REVIEW_EXPIRED
      PENDING_PAY      -                UN_DELIVERY  CANCELED                 CLOSED               -                       -                -                -            -             -             UNDER_REVIEW  -             -             -
      PENDING_DEPOSIT  PENDING_BALANCE  -            CANCELED                 CLOSED               -                       -                -                -            -             -             -             -             -             -
      PENDING_BALANCE  -                UN_DELIVERY  -                        CLOSED               -                       -                -                -            -             -             -             -             -             -
      UN_DELIVERY      -                -            -                        -                    PROCESSING              -                -                UN_RECEIVED  -             CANCEL_ALL    -             -             -             -
      UN_RECEIVED      -                -            -                        -                    -                       -                -                -            COMPLETE      CANCEL_ALL    -             -             -             -
      COMPLETE         -                -            -                        -                    -                       -                -                -            -             CANCEL_ALL    -             -             -             -
      CLOSED           -                -            -                        -                    -                       -                -                -            -             -             -             -             -             -
      CANCELED         -                -            -                        -                    -                       -                -                -            -             -             -             -             -             -
      CANCEL_ALL       -                -            -                        -                    -                       -                -                -            -             -             -             -             -             -
      PROCESSING       -                -            -                        -                    -                       CANCEL_ALL       UN_DELIVERY      -            -             CANCEL_ALL    -             -             -             -
      UNDER_REVIEW     -                -            CANCELED                 -                    -                       -                -                -            -             -             -             PENDING_PAY   CANCELED      CANCELED
`;
    const [head, ...body] = matrix
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/));
    const columns = head as OrderEvent[];

    it('the columns are every event and the rows every status, once each', () => {
      expect([...columns].sort()).toEqual([...orderEvents].sort());
      expect(body.map((r) => r[0]).sort()).toEqual([...ORDER_STATUSES].sort());
      for (const r of body) expect(r.length, r[0]).toBe(columns.length + 1);
    });
    for (const [from, ...cells] of body) {
      columns.forEach((event, i) => {
        const cell = cells[i];
        it(`${event} from ${from} -> ${cell === '-' ? 'refused' : cell}`, () => {
          expect(nextOrderStatus(from as OrderStatus, event)).toBe(cell === '-' ? null : cell);
        });
      });
    }
  });

  it('the table only names known statuses and every event has at least one "from"', () => {
    for (const event of orderEvents) {
      const t = ORDER_EVENTS[event];
      expect(t.from.length, event).toBeGreaterThan(0);
      for (const s of t.from) expect(ORDER_STATUSES, event).toContain(s);
      expect(ORDER_STATUSES, event).toContain(t.to);
    }
  });

  it('key moves of the order life cycle', () => {
    const moves: [OrderStatus, OrderEvent, OrderStatus][] = [
      ['PENDING_PAY', 'PAY', 'UN_DELIVERY'],
      ['PENDING_DEPOSIT', 'PAY_DEPOSIT', 'PENDING_BALANCE'],
      ['PENDING_BALANCE', 'PAY', 'UN_DELIVERY'],
      ['PENDING_PAY', 'BUYER_CANCEL_BEFORE_PAY', 'CANCELED'],
      ['PENDING_DEPOSIT', 'BUYER_CANCEL_BEFORE_PAY', 'CANCELED'],
      ['PENDING_PAY', 'PAY_DEADLINE_PASSED', 'CLOSED'],
      ['PENDING_DEPOSIT', 'PAY_DEADLINE_PASSED', 'CLOSED'],
      ['PENDING_BALANCE', 'PAY_DEADLINE_PASSED', 'CLOSED'],
      ['UN_DELIVERY', 'BUYER_CANCEL_AFTER_PAY', 'PROCESSING'],
      ['PROCESSING', 'CANCEL_REFUNDED', 'CANCEL_ALL'],
      ['PROCESSING', 'CANCEL_REJECTED', 'UN_DELIVERY'],
      ['UN_DELIVERY', 'ALL_SHIPPED', 'UN_RECEIVED'],
      ['UN_RECEIVED', 'ALL_RECEIVED', 'COMPLETE'],
    ];
    for (const [from, event, to] of moves) expect(nextOrderStatus(from, event), `${from} ${event}`).toBe(to);
  });

  it('a forbidden move for every event', () => {
    const forbidden: [OrderStatus, OrderEvent][] = [
      ['PENDING_PAY', 'PAY_DEPOSIT'], // normal orders have no deposit
      ['CLOSED', 'PAY'], // a closed order cannot be paid any more
      ['UN_DELIVERY', 'PAY'], // paying twice
      ['PENDING_BALANCE', 'BUYER_CANCEL_BEFORE_PAY'], // the deposit is paid: no more "cancel before pay"
      ['UN_DELIVERY', 'BUYER_CANCEL_BEFORE_PAY'],
      ['UN_DELIVERY', 'PAY_DEADLINE_PASSED'], // paid orders never expire
      ['PENDING_PAY', 'BUYER_CANCEL_AFTER_PAY'], // not paid yet
      ['UN_RECEIVED', 'BUYER_CANCEL_AFTER_PAY'], // already shipped: after-sales, not cancel
      ['UN_DELIVERY', 'CANCEL_REFUNDED'], // no cancel request
      ['CANCEL_ALL', 'CANCEL_REJECTED'],
      ['PENDING_PAY', 'ALL_SHIPPED'], // cannot ship an unpaid order
      ['PROCESSING', 'ALL_SHIPPED'], // cannot ship while a cancel is waiting
      ['UN_DELIVERY', 'ALL_RECEIVED'], // nothing shipped yet
      ['PENDING_PAY', 'ALL_REFUNDED'], // nothing was paid to refund
      ['CLOSED', 'ALL_REFUNDED'],
      ['UNDER_REVIEW', 'PAY'], // held by risk screening: no payment before the operator approves
      ['UNDER_REVIEW', 'PAY_DEADLINE_PASSED'], // the pay deadline starts again on approval
      ['UN_DELIVERY', 'RISK_HOLD'], // screening happens before payment only
      ['PENDING_PAY', 'RISK_APPROVE'],
      ['CANCELED', 'RISK_REJECT'],
      ['PENDING_PAY', 'RISK_REVIEW_EXPIRED'], // only a held order waits for a review
    ];
    for (const [from, event] of forbidden) expect(nextOrderStatus(from, event), `${from} ${event}`).toBeNull();
    // Every event has at least one forbidden move listed above.
    expect(new Set(forbidden.map(([, e]) => e))).toEqual(new Set(orderEvents));
  });

  it('CLOSED, CANCELED and CANCEL_ALL are final; COMPLETE only leaves when after-sales refunds it in full', () => {
    for (const s of ['CLOSED', 'CANCELED', 'CANCEL_ALL'] as const) {
      for (const e of orderEvents) expect(nextOrderStatus(s, e), `${s} ${e}`).toBeNull();
    }
    for (const e of orderEvents)
      expect(nextOrderStatus('COMPLETE', e), `COMPLETE ${e}`).toBe(e === 'ALL_REFUNDED' ? 'CANCEL_ALL' : null);
  });

  it('every status is reachable from a first status', () => {
    const starts: OrderStatus[] = [
      initialOrderStatus({ freeTrade: false, presale: false }),
      initialOrderStatus({ freeTrade: false, presale: true }),
      initialOrderStatus({ freeTrade: true, presale: false }),
    ];
    const seen = new Set<OrderStatus>(starts);
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of [...seen])
        for (const e of orderEvents) {
          const n = nextOrderStatus(s, e);
          if (n && !seen.has(n)) {
            seen.add(n);
            grew = true;
          }
        }
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('initialOrderStatus', () => {
  it('normal orders wait for payment, presale orders for the deposit, free trades go straight to delivery', () => {
    expect(initialOrderStatus({ freeTrade: false, presale: false })).toBe('PENDING_PAY');
    expect(initialOrderStatus({ freeTrade: false, presale: true })).toBe('PENDING_DEPOSIT');
    expect(initialOrderStatus({ freeTrade: true, presale: false })).toBe('UN_DELIVERY');
    // Nothing to pay: no deposit either.
    expect(initialOrderStatus({ freeTrade: true, presale: true })).toBe('UN_DELIVERY');
  });
});

describe('package transitions (PACKAGE_EVENTS)', () => {
  it('a package on its way can be signed for or cancelled, once (every pair, by hand)', () => {
    expect([...PACKAGE_STATUSES].sort()).toEqual(['CANCEL', 'SEND_DELIVERY', 'SIGN_IN']);
    expect(Object.keys(PACKAGE_EVENTS).sort()).toEqual(['CANCEL', 'SIGN']);
    expect(nextPackageStatus('SEND_DELIVERY', 'SIGN')).toBe('SIGN_IN');
    expect(nextPackageStatus('SEND_DELIVERY', 'CANCEL')).toBe('CANCEL');
    expect(nextPackageStatus('SIGN_IN', 'SIGN')).toBeNull(); // signing twice
    expect(nextPackageStatus('SIGN_IN', 'CANCEL')).toBeNull();
    expect(nextPackageStatus('CANCEL', 'SIGN')).toBeNull();
    expect(nextPackageStatus('CANCEL', 'CANCEL')).toBeNull();
  });
});

describe('displayStatus (net terms and invoice-me)', () => {
  const b2c = { tradeType: 'NORMAL_SALE_B2C', payChannel: null };

  it('normal orders show their own status', () => {
    for (const s of ORDER_STATUSES) expect(displayStatus({ ...b2c, status: s })).toBe(s);
    for (const s of ORDER_STATUSES)
      expect(displayStatus({ status: s, tradeType: 'NORMAL_POINT_REDEEM', payChannel: 'POINTS' })).toBe(s);
    expect(displayStatus({ status: 'PENDING_PAY', tradeType: 'NORMAL_SALE_B2C', payChannel: 'MOCKPAY' })).toBe(
      'PENDING_PAY',
    );
  });

  it('net-terms (NET_B2B) PENDING_PAY shows as UN_DELIVERY; other statuses are unchanged', () => {
    expect(displayStatus({ status: 'PENDING_PAY', tradeType: 'NET_B2B', payChannel: null })).toBe('UN_DELIVERY');
    for (const s of ORDER_STATUSES.filter((x) => x !== 'PENDING_PAY')) {
      expect(displayStatus({ status: s, tradeType: 'NET_B2B', payChannel: null })).toBe(s);
    }
  });

  it('invoice-me PENDING_PAY shows as UN_DELIVERY, whatever the trade type', () => {
    expect(displayStatus({ status: 'PENDING_PAY', tradeType: 'NORMAL_SALE_B2C', payChannel: 'INVOICE_ME' })).toBe(
      'UN_DELIVERY',
    );
    expect(displayStatus({ status: 'PENDING_PAY', tradeType: 'NORMAL_SALE_CBE', payChannel: 'INVOICE_ME' })).toBe(
      'UN_DELIVERY',
    );
    expect(displayStatus({ status: 'COMPLETE', tradeType: 'NORMAL_SALE_B2C', payChannel: 'INVOICE_ME' })).toBe(
      'COMPLETE',
    );
  });

  it('isPaidOnTerms', () => {
    expect(isPaidOnTerms({ tradeType: 'NET_B2B', payChannel: null })).toBe(true);
    expect(isPaidOnTerms({ tradeType: 'NORMAL_SALE_B2C', payChannel: 'INVOICE_ME' })).toBe(true);
    expect(isPaidOnTerms({ tradeType: 'NORMAL_SALE_B2C', payChannel: 'MOCKPAY' })).toBe(false);
    expect(isPaidOnTerms({ tradeType: 'NORMAL_SALE_B2C', payChannel: null })).toBe(false);
  });
});

describe('tabOf', () => {
  it('maps every display status to its list tab', () => {
    const expected: Record<OrderStatus, string> = {
      PENDING_PAY: 'PENDING_PAY',
      PENDING_DEPOSIT: 'PENDING_PAY',
      PENDING_BALANCE: 'PENDING_PAY',
      UN_DELIVERY: 'UN_DELIVERY',
      PROCESSING: 'UN_DELIVERY',
      UN_RECEIVED: 'UN_RECEIVED',
      COMPLETE: 'COMPLETE',
      CLOSED: 'CANCEL_ALL',
      CANCELED: 'CANCEL_ALL',
      CANCEL_ALL: 'CANCEL_ALL',
      UNDER_REVIEW: 'PENDING_PAY',
    };
    for (const s of ORDER_STATUSES) expect(tabOf(s), s).toBe(expected[s]);
  });

  it('every tab but ALL_ORDER gets some status; ALL_ORDER is never a tab of one status', () => {
    const used = new Set(ORDER_STATUSES.map(tabOf));
    expect([...used].sort()).toEqual(ORDER_TABS.filter((t) => t !== 'ALL_ORDER').sort());
    expect(ORDER_TABS).toEqual(['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CANCEL_ALL']);
  });

  it('a net-terms order waiting for its invoice is counted as to be shipped', () => {
    expect(tabOf(displayStatus({ status: 'PENDING_PAY', tradeType: 'NET_B2B', payChannel: null }))).toBe('UN_DELIVERY');
  });

  it('lines count as paid for UN_DELIVERY, UN_RECEIVED and COMPLETE', () => {
    expect([...PAID_STATUSES].sort()).toEqual(['COMPLETE', 'UN_DELIVERY', 'UN_RECEIVED']);
  });
});

describe('operationList', () => {
  const base: OperationInput = {
    status: 'PENDING_PAY',
    tradeType: 'NORMAL_SALE_B2C',
    payChannel: null,
    notFirstTime: false,
    viewerIsBuyer: true,
    masterPending: false,
    packageCount: 0,
    openPackageCount: 0,
    postponeCount: 0,
    postponeLimit: 2,
    hasInvoiceUrl: false,
    evaluated: false,
    hasServiceItems: false,
    reversible: false,
    reverseInProgress: false,
    isReissue: false,
    isPoints: false,
  };
  const ops = (over: Partial<OperationInput>) => operationList({ ...base, ...over });
  /** Shipped and paid: packages on the way, an invoice. */
  const shipped = { packageCount: 2, openPackageCount: 2, hasInvoiceUrl: true, payChannel: 'MOCKPAY' } as const;

  describe('PENDING_PAY', () => {
    it('first payment: pay, cancel, and pay or cancel together with other unpaid orders', () => {
      expect(ops({})).toEqual(['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']);
    });
    it('held by risk screening: no pay and no merge, only cancel', () => {
      expect(operationList({ ...base, status: 'UNDER_REVIEW' })).toEqual(['buyerCancelBeforePay']);
      expect(tabOf(displayStatus({ ...base, status: 'UNDER_REVIEW' }))).toBe('PENDING_PAY');
    });
    it('a payment was already attempted: secondary_pay instead of pay', () => {
      expect(ops({ notFirstTime: true })).toEqual(['secondary_pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']);
    });
    it('handed to the main account (sub-account viewing): no pay button, cancel stays', () => {
      expect(ops({ masterPending: true })).toEqual(['buyerCancelBeforePay']);
      expect(ops({ masterPending: true, notFirstTime: true })).toEqual(['buyerCancelBeforePay']);
    });
    it('net terms (NET_B2B) and invoice-me: shown as to be shipped, pay hidden', () => {
      for (const over of [
        { tradeType: 'NET_B2B' },
        { payChannel: 'INVOICE_ME' },
        { tradeType: 'NET_B2B', notFirstTime: true },
      ]) {
        const list = ops(over);
        expect(list, JSON.stringify(over)).not.toContain('pay');
        expect(list, JSON.stringify(over)).not.toContain('secondary_pay');
        expect(list, JSON.stringify(over)).not.toContain('payDeposit');
        expect(list, JSON.stringify(over)).not.toContain('payBalance');
        // Not paid by the buyer: there is nothing to cancel "after pay" either.
        expect(list, JSON.stringify(over)).not.toContain('buyerCancelAfterPay');
      }
    });
    it('no service codes, invoice or tracking before payment', () => {
      expect(ops({ hasServiceItems: true, hasInvoiceUrl: true })).toEqual([
        'pay',
        'buyerCancelBeforePay',
        'mergePay',
        'mergeCancel',
      ]);
    });
  });

  describe('MERGE_PAY and MERGE_CANCEL', () => {
    it('a normal unpaid order of the buyer can be paid or cancelled together with others', () => {
      expect(ops({ tradeType: 'NORMAL_SALE_CBE' })).toEqual(['pay', 'buyerCancelBeforePay', 'mergePay', 'mergeCancel']);
      expect(isMergeable({ ...base })).toBe(true);
    });
    it('a BULK order is paid through its own page: no merge', () => {
      expect(ops({ isBulk: true })).toEqual(['pay', 'buyerCancelBeforePay']);
    });
    it('a BULK order on net terms still offers its payment until handed to the main account or paid on terms', () => {
      expect(ops({ isBulk: true, tradeType: 'NET_B2B' })).toEqual(['pay']);
      expect(ops({ isBulk: true, tradeType: 'NET_B2B', notFirstTime: true })).toEqual(['secondary_pay']);
      expect(ops({ isBulk: true, tradeType: 'NET_B2B', masterPending: true })).toEqual([]);
      expect(ops({ isBulk: true, tradeType: 'NET_B2B', payChannel: 'INVOICE_ME' })).toEqual([]);
      expect(isMergeable({ ...base, isBulk: true, tradeType: 'NET_B2B' })).toBe(false);
    });
    it('presale stages are paid apart: no merge for the deposit or the balance', () => {
      expect(ops({ status: 'PENDING_DEPOSIT' })).toEqual(['payDeposit', 'buyerCancelBeforePay']);
      expect(ops({ status: 'PENDING_BALANCE' })).toEqual(['payBalance']);
    });
    it('handed to the main account: neither the sub-account nor the main account merges it', () => {
      expect(ops({ masterPending: true })).toEqual(['buyerCancelBeforePay']);
      expect(ops({ masterPending: true, viewerIsBuyer: false })).toEqual(['pay']);
    });
    it('net terms, invoice-me, points redemption and replacements: no merge', () => {
      for (const over of [
        { tradeType: 'NET_B2B' },
        { payChannel: 'INVOICE_ME' },
        { isPoints: true },
        { isReissue: true },
      ]) {
        expect(ops(over), JSON.stringify(over)).not.toContain('mergePay');
        expect(ops(over), JSON.stringify(over)).not.toContain('mergeCancel');
      }
    });
    it('paid, cancelled or closed orders: no merge', () => {
      for (const status of ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CLOSED', 'CANCELED', 'CANCEL_ALL'] as const) {
        expect(ops({ status, payChannel: 'MOCKPAY' }), status).not.toContain('mergePay');
        expect(isMergeable({ ...base, status }), status).toBe(false);
      }
    });
    it('uppercase forms MERGE_PAY and MERGE_CANCEL', () => {
      expect(OPERATION_UPPERCASE.mergePay).toBe('MERGE_PAY');
      expect(OPERATION_UPPERCASE.mergeCancel).toBe('MERGE_CANCEL');
    });
  });

  describe('presale', () => {
    it('PENDING_DEPOSIT: pay the deposit or cancel', () => {
      expect(ops({ status: 'PENDING_DEPOSIT' })).toEqual(['payDeposit', 'buyerCancelBeforePay']);
    });
    it('PENDING_BALANCE: pay the balance only', () => {
      expect(ops({ status: 'PENDING_BALANCE' })).toEqual(['payBalance']);
      expect(ops({ status: 'PENDING_BALANCE', notFirstTime: true })).toEqual(['payBalance']);
    });
  });

  describe('UN_DELIVERY', () => {
    it('paid, nothing shipped: cancel after pay', () => {
      expect(ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY' })).toEqual(['buyerCancelAfterPay']);
    });
    it('with an invoice: cancel, view invoice', () => {
      expect(ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', hasInvoiceUrl: true })).toEqual([
        'buyerCancelAfterPay',
        'viewInvoice',
      ]);
    });
    it('a package already left (partly shipped): no cancel, track it', () => {
      expect(ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', packageCount: 1, openPackageCount: 1 })).toEqual([
        'checkExpressTrack',
      ]);
    });
    it('a cancel request is in progress: no second cancel', () => {
      expect(ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', reverseInProgress: true })).toEqual([]);
    });
    it('service items: to use', () => {
      expect(ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', hasServiceItems: true })).toEqual([
        'buyerCancelAfterPay',
        'toUse',
      ]);
    });
    it('no confirm, postpone, comment or buy again before shipping', () => {
      const list = ops({ status: 'UN_DELIVERY', payChannel: 'MOCKPAY', hasInvoiceUrl: true, reversible: true });
      for (const op of [
        'confirm',
        'buyerPostponeConfirmDeadline',
        'comment',
        'buyAgain',
        'pay',
        'buyerCancelBeforePay',
        'buyerApplyReverse',
      ] as const)
        expect(list).not.toContain(op);
    });
  });

  it('PROCESSING (cancel after pay waiting for the seller): nothing to do', () => {
    expect(ops({ status: 'PROCESSING', payChannel: 'MOCKPAY', reverseInProgress: true })).toEqual([]);
  });

  describe('UN_RECEIVED', () => {
    it('packages on the way, postpones left: confirm, postpone, track, invoice', () => {
      expect(ops({ status: 'UN_RECEIVED', ...shipped })).toEqual([
        'confirm',
        'buyerPostponeConfirmDeadline',
        'checkExpressTrack',
        'viewInvoice',
      ]);
    });
    it('one postpone used: still offered; limit reached: no postpone', () => {
      expect(ops({ status: 'UN_RECEIVED', ...shipped, postponeCount: 1 })).toContain('buyerPostponeConfirmDeadline');
      expect(ops({ status: 'UN_RECEIVED', ...shipped, postponeCount: 2 })).toEqual([
        'confirm',
        'checkExpressTrack',
        'viewInvoice',
      ]);
      expect(ops({ status: 'UN_RECEIVED', ...shipped, postponeCount: 3 })).not.toContain(
        'buyerPostponeConfirmDeadline',
      );
    });
    it('every package already signed for: no confirm', () => {
      expect(ops({ status: 'UN_RECEIVED', ...shipped, openPackageCount: 0 })).not.toContain('confirm');
    });
    it('reversible lines: apply for after-sales (per line: another line in progress does not hide it)', () => {
      expect(ops({ status: 'UN_RECEIVED', ...shipped, reversible: true })).toEqual([
        'confirm',
        'buyerPostponeConfirmDeadline',
        'checkExpressTrack',
        'viewInvoice',
        'buyerApplyReverse',
      ]);
      expect(ops({ status: 'UN_RECEIVED', ...shipped, reversible: true, reverseInProgress: true })).toContain(
        'buyerApplyReverse',
      );
      expect(ops({ status: 'UN_RECEIVED', ...shipped, reversible: false, reverseInProgress: true })).not.toContain(
        'buyerApplyReverse',
      );
    });
    it('part shipped, part waiting: the rest can be cancelled through after-sales; nothing shipped: the whole-order cancel', () => {
      expect(ops({ status: 'UN_DELIVERY', packageCount: 1, openPackageCount: 1, cancelable: true })).toContain(
        'buyerApplyReverse',
      );
      expect(ops({ status: 'UN_DELIVERY', packageCount: 0, cancelable: true })).toEqual(
        expect.arrayContaining(['buyerCancelAfterPay']),
      );
      expect(ops({ status: 'UN_DELIVERY', packageCount: 0, cancelable: true })).not.toContain('buyerApplyReverse');
    });
    it('no cancel of any kind once shipped', () => {
      const list = ops({ status: 'UN_RECEIVED', ...shipped });
      expect(list).not.toContain('buyerCancelAfterPay');
      expect(list).not.toContain('buyerCancelBeforePay');
    });
  });

  describe('COMPLETE', () => {
    it('not evaluated: comment, track, invoice, buy again', () => {
      expect(ops({ status: 'COMPLETE', ...shipped, openPackageCount: 0 })).toEqual([
        'comment',
        'checkExpressTrack',
        'viewInvoice',
        'buyAgain',
      ]);
    });
    it('evaluated: no comment', () => {
      expect(ops({ status: 'COMPLETE', ...shipped, openPackageCount: 0, evaluated: true })).toEqual([
        'checkExpressTrack',
        'viewInvoice',
        'buyAgain',
      ]);
    });
    it('points order: never a comment', () => {
      const list = ops({
        status: 'COMPLETE',
        tradeType: 'NORMAL_POINT_REDEEM',
        payChannel: 'POINTS',
        isPoints: true,
        packageCount: 1,
      });
      expect(list).not.toContain('comment');
      expect(list).toEqual(['checkExpressTrack', 'buyAgain']);
    });
    it('VAT invoice: asked for on a paid VAT-site order, then checked and emailed once issued', () => {
      const paid = { status: 'UN_DELIVERY' as const, payChannel: 'MOCKPAY', hasInvoiceUrl: true, vatApplies: true };
      expect(ops({ ...paid, invoiceStatus: 'NOT_REQUESTED' })).toEqual([
        'buyerCancelAfterPay',
        'viewInvoice',
        'makeInvoice',
      ]);
      expect(ops({ ...paid, invoiceStatus: 'NOT_REQUESTED', vatApplies: false })).toEqual([
        'buyerCancelAfterPay',
        'viewInvoice',
      ]);
      expect(ops({ ...paid, invoiceStatus: 'REQUESTED' })).toEqual(['buyerCancelAfterPay', 'viewInvoice']);
      // Issued, the VAT invoice is the order's invoice document: one button opens it, not two.
      expect(ops({ ...paid, invoiceStatus: 'ISSUED' })).toEqual([
        'buyerCancelAfterPay',
        'buyerCheckVATInvoice',
        'sendInvoiceEmail',
      ]);
      expect(ops({ ...paid, invoiceStatus: 'CREDITED' })).toEqual([
        'buyerCancelAfterPay',
        'buyerCheckVATInvoice',
        'sendInvoiceEmail',
      ]);
      expect(ops({ ...paid, status: 'PENDING_PAY', invoiceStatus: 'NOT_REQUESTED' })).not.toContain('makeInvoice');
      expect(ops({ ...paid, invoiceStatus: 'ISSUED', viewerIsBuyer: false })).toEqual([]);
    });
    it('reversible: after-sales offered', () => {
      expect(ops({ status: 'COMPLETE', ...shipped, openPackageCount: 0, reversible: true, evaluated: true })).toEqual([
        'checkExpressTrack',
        'viewInvoice',
        'buyerApplyReverse',
        'buyAgain',
      ]);
    });
    it('no confirm or postpone any more', () => {
      const list = ops({ status: 'COMPLETE', ...shipped });
      expect(list).not.toContain('confirm');
      expect(list).not.toContain('buyerPostponeConfirmDeadline');
    });
  });

  describe('closed and cancelled orders', () => {
    for (const status of ['CLOSED', 'CANCELED', 'CANCEL_ALL'] as const) {
      it(`${status}: buy again only`, () => {
        expect(ops({ status })).toEqual(['buyAgain']);
        // An invoice or service items of a dead order are not offered.
        expect(ops({ status, hasInvoiceUrl: true, hasServiceItems: true, notFirstTime: true })).toEqual(['buyAgain']);
      });
    }
  });

  describe('reissue orders (REVERSE_REISSUE)', () => {
    it('hide view invoice and buy again', () => {
      expect(ops({ status: 'COMPLETE', ...shipped, openPackageCount: 0, isReissue: true, evaluated: true })).toEqual([
        'checkExpressTrack',
      ]);
      expect(ops({ status: 'UN_RECEIVED', ...shipped, isReissue: true })).toEqual([
        'confirm',
        'buyerPostponeConfirmDeadline',
        'checkExpressTrack',
      ]);
      expect(ops({ status: 'CANCEL_ALL', isReissue: true })).toEqual([]);
    });
    it('cannot be cancelled before shipping (the goods it replaces were settled)', () => {
      expect(ops({ status: 'UN_DELIVERY', isReissue: false })).toContain('buyerCancelAfterPay');
      expect(ops({ status: 'UN_DELIVERY', isReissue: true })).toEqual([]);
    });
  });

  describe('viewer is not the buyer (enterprise main account on a sub-account order)', () => {
    it('pays a sub-account order handed to it', () => {
      expect(ops({ viewerIsBuyer: false, masterPending: true })).toEqual(['pay']);
      expect(ops({ viewerIsBuyer: false, masterPending: true, notFirstTime: true })).toEqual(['pay']);
    });
    it('cannot pay or cancel an order not handed to it', () => {
      expect(ops({ viewerIsBuyer: false })).toEqual([]);
    });
    it('only follows the parcels of shipped orders: no confirm, postpone, comment, after-sales or buy again', () => {
      expect(ops({ viewerIsBuyer: false, status: 'UN_RECEIVED', ...shipped, reversible: true })).toEqual([
        'checkExpressTrack',
      ]);
      expect(ops({ viewerIsBuyer: false, status: 'COMPLETE', ...shipped, openPackageCount: 0 })).toEqual([
        'checkExpressTrack',
      ]);
      expect(ops({ viewerIsBuyer: false, status: 'UN_DELIVERY', payChannel: 'MOCKPAY' })).toEqual([]);
      expect(ops({ viewerIsBuyer: false, status: 'CLOSED' })).toEqual([]);
    });
  });

  it('an offered operation is always a move the transition table allows', () => {
    const variants: Partial<OperationInput>[] = [
      {},
      { notFirstTime: true },
      { masterPending: true },
      { viewerIsBuyer: false, masterPending: true },
      { tradeType: 'NET_B2B' },
      { payChannel: 'INVOICE_ME' },
      { ...shipped },
      { ...shipped, reversible: true },
      { hasServiceItems: true, hasInvoiceUrl: true },
      { isPoints: true, tradeType: 'NORMAL_POINT_REDEEM' },
    ];
    const needs: Partial<Record<string, OrderEvent>> = {
      pay: 'PAY',
      secondary_pay: 'PAY',
      payDeposit: 'PAY_DEPOSIT',
      payBalance: 'PAY',
      buyerCancelBeforePay: 'BUYER_CANCEL_BEFORE_PAY',
      buyerCancelAfterPay: 'BUYER_CANCEL_AFTER_PAY',
    };
    for (const status of ORDER_STATUSES) {
      for (const v of variants) {
        const list = ops({ ...v, status });
        for (const op of list) {
          expect(OPERATIONS, op).toContain(op);
          const event = needs[op];
          if (event) expect(nextOrderStatus(status, event), `${status} ${op} ${JSON.stringify(v)}`).not.toBeNull();
          if (op === 'confirm' || op === 'buyerPostponeConfirmDeadline') expect(status).toBe('UN_RECEIVED');
          if (op === 'comment') expect(status).toBe('COMPLETE');
        }
        expect(new Set(list).size, `${status} ${JSON.stringify(v)}`).toBe(list.length);
      }
    }
  });

  it('uppercase forms and list-hidden operations follow the spec', () => {
    expect(OPERATION_UPPERCASE).toMatchObject({
      pay: 'PAY',
      secondary_pay: 'SECONDARY_PAY',
      comment: 'COMMENT',
      confirm: 'CONFIRM',
      buyerPostponeConfirmDeadline: 'POSTPONE',
      checkExpressTrack: 'LOGISTICS',
      payBalance: 'PAY_BALANCE',
      payDeposit: 'PAY_DEPOSIT',
      viewInvoice: 'VIEW_INVOICE',
      buyerApplyReverse: 'APPLY_REVERSE',
      inviteToJoinGroup: 'INVITE_TO_JOIN_GROUP',
      toUse: 'TO_USE',
      buyAgain: 'BUY_AGAIN',
      buyerCancelBeforePay: 'CANCEL',
      buyerCancelAfterPay: 'CANCEL',
    });
    expect([...LIST_HIDDEN_OPERATIONS].sort()).toEqual(['buyerApplyReverse', 'checkVerifyCode', 'sendInvoiceEmail']);
    // The spec's 18, makeInvoice for its uppercase MAKE_INVOICE (ask for a VAT invoice), mergePay and mergeCancel for MERGE_PAY and MERGE_CANCEL.
    expect(OPERATIONS).toHaveLength(21);
    expect(OPERATION_UPPERCASE).toMatchObject({ makeInvoice: 'MAKE_INVOICE', buyerCheckVATInvoice: 'GET_INVOICE' });
  });
});
