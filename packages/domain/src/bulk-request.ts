import { applyRate, divRoundHalfUp, lineAmount } from './money.js';
import { nextStatus, type TransitionTable } from './state-table.js';

/**
 * A bulk ("exceed") order request per shop (SPEC §2 Exceed variant, §4 Exceed flow): the buyer
 * asks, the seller answers with a quote (an exclusive unit price per line, shipping, a validity
 * date) and may revise it until the buyer accepts; accepting makes a BULK trade order.
 */
export const BULK_REQUEST_STATUSES = ['WAITING_QUOTE', 'QUOTED', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
export type BulkRequestStatus = (typeof BULK_REQUEST_STATUSES)[number];

export const BULK_REQUEST_EVENTS = {
  QUOTE: { from: ['WAITING_QUOTE'], to: 'QUOTED' },
  /** A quote is revised while it is not accepted; an expired one gets a new validity date. */
  REVISE: { from: ['QUOTED', 'EXPIRED'], to: 'QUOTED' },
  ACCEPT: { from: ['QUOTED'], to: 'ACCEPTED' },
  DECLINE: { from: ['WAITING_QUOTE', 'QUOTED', 'EXPIRED'], to: 'DECLINED' },
  EXPIRE: { from: ['QUOTED'], to: 'EXPIRED' },
} as const satisfies TransitionTable<BulkRequestStatus, string>;
export type BulkRequestEvent = keyof typeof BULK_REQUEST_EVENTS;

export function nextBulkRequestStatus(from: BulkRequestStatus, event: BulkRequestEvent): BulkRequestStatus | null {
  return nextStatus(BULK_REQUEST_EVENTS, from, event);
}

/** The status the parties see: a quote whose validity date has passed is EXPIRED even before a sweep writes it. */
export function bulkRequestStatusAt(status: BulkRequestStatus, validUntil: Date | null, now: Date): BulkRequestStatus {
  return status === 'QUOTED' && validUntil !== null && validUntil.getTime() <= now.getTime() ? 'EXPIRED' : status;
}

/**
 * Which of the shopping guide's four steps (submit order request, negotiate details, exclusive
 * discount, pay for the bulk order and wait for delivery) a request is at, 0-based.
 */
export function bulkGuideStep(status: BulkRequestStatus, orderPaid: boolean): number {
  if (status === 'ACCEPTED') return orderPaid ? 4 : 3;
  if (status === 'QUOTED') return 2;
  return 1;
}

export interface BulkQuoteLineInput {
  unitMinor: bigint;
  qty: string;
}
export interface BulkQuoteTotals {
  lines: bigint[];
  goodsMinor: bigint;
  shippingMinor: bigint;
  taxMinor: bigint;
  needPayMinor: bigint;
}

/**
 * A quote's amounts in minor units: each line unit x quantity (rounded half up), shipping, and
 * tax as checkout computes it: EXCLUSIVE sites (US sales tax) add rate x goods; INCLUSIVE (VAT)
 * sites report the VAT contained in goods and shipping.
 */
export function bulkQuoteTotals(
  lines: BulkQuoteLineInput[],
  shippingMinor: bigint,
  taxRate: string,
  taxDisplay: 'INCLUSIVE' | 'EXCLUSIVE',
): BulkQuoteTotals {
  const amounts = lines.map((l) => lineAmount(l.unitMinor, l.qty));
  const goodsMinor = amounts.reduce((a, b) => a + b, 0n);
  const taxMinor =
    taxDisplay === 'EXCLUSIVE' ? applyRate(goodsMinor, taxRate) : includedIn(goodsMinor + shippingMinor, taxRate);
  return {
    lines: amounts,
    goodsMinor,
    shippingMinor,
    taxMinor,
    needPayMinor: goodsMinor + shippingMinor + (taxDisplay === 'EXCLUSIVE' ? taxMinor : 0n),
  };
}

/** The VAT contained in a gross amount: gross - gross / (1 + rate), rounded half up. */
function includedIn(grossMinor: bigint, rate: string): bigint {
  const scaled = BigInt(Math.round(Number(rate) * 100000));
  return grossMinor - divRoundHalfUp(grossMinor * 100000n, 100000n + scaled);
}
