/**
 * How much an after-sales request may give back (SPEC §5 "0..availableRefundAmt"). One rule
 * serves the apply page, the initiate flows and the seller's refund:
 * - a line's share of what the order paid is its share of the order's line amounts (so
 *   discounts and points spread evenly); part of a line gives back that part of its share;
 * - a request that covers everything still left in the order may give back all that is left
 *   of the payment (shipping and tax included);
 * - never more than the payment minus what other after-sales already hold or gave back.
 * Quantities are in thousandths (weight items sell in 0.5 kg steps), money in minor units.
 */

export interface RefundableLine {
  needPayMinor: bigint;
  /** Bought quantity, thousandths. */
  qtyMilli: bigint;
  /** Already cancelled, returned, refunded or held by an open after-sales, thousandths. */
  usedMilli: bigint;
}

/** Each line's share of `paidMinor`, proportional to its amount; the rounding remainder goes to the last line. */
export function lineShares(paidMinor: bigint, lines: Pick<RefundableLine, 'needPayMinor'>[]): bigint[] {
  const total = lines.reduce((s, l) => s + l.needPayMinor, 0n);
  if (!lines.length) return [];
  if (total === 0n) return lines.map((_, i) => (i === lines.length - 1 ? paidMinor : 0n));
  const shares = lines.map((l) => (paidMinor * l.needPayMinor) / total);
  const rest = paidMinor - shares.reduce((s, x) => s + x, 0n);
  shares[shares.length - 1]! += rest;
  return shares;
}

export function refundableAmount(input: {
  paidMinor: bigint;
  /** Held by open after-sales or already refunded. */
  committedMinor: bigint;
  lines: RefundableLine[];
  /** Line index and quantity asked for (thousandths). */
  chosen: { index: number; qtyMilli: bigint }[];
}): bigint {
  const left = input.paidMinor - input.committedMinor;
  if (left <= 0n) return 0n;
  const shares = lineShares(input.paidMinor, input.lines);
  let sum = 0n;
  for (const c of input.chosen) {
    const l = input.lines[c.index]!;
    if (l.qtyMilli > 0n) sum += (shares[c.index]! * c.qtyMilli) / l.qtyMilli;
  }
  const coversAll = input.lines.every((l, i) => {
    const remaining = l.qtyMilli - l.usedMilli;
    if (remaining <= 0n) return true;
    return input.chosen.some((c) => c.index === i && c.qtyMilli >= remaining);
  });
  const amount = coversAll ? left : sum;
  return amount > left ? left : amount < 0n ? 0n : amount;
}

/** "1.5" -> 1500n */
export const toMilli = (q: string | number): bigint => BigInt(Math.round(Number(q) * 1000));
/** 1500n -> "1.5" */
export const fromMilli = (m: bigint): string => String(Number(m) / 1000);

/**
 * What of a line can still go into after-sales (SPEC §3 canCancelQty, canReverseQty), in
 * thousandths: unshipped quantity can be cancelled while the order waits for delivery; delivered
 * quantity can be refunded, returned or exchanged once the order has shipped. Nothing while the
 * line is in an open after-sales; DIY parts and gifts go with their main line.
 */
export function lineAfterSalesQty(l: {
  orderStatus: string; topLevel: boolean; inOpenAfterSales: boolean;
  qtyMilli: bigint; deliveredMilli: bigint; cancelledMilli: bigint; reversedMilli: bigint;
}): { canCancelMilli: bigint; canReverseMilli: bigint } {
  if (!l.topLevel || l.inOpenAfterSales) return { canCancelMilli: 0n, canReverseMilli: 0n };
  const unshipped = l.qtyMilli - l.deliveredMilli - l.cancelledMilli;
  const delivered = l.deliveredMilli - l.reversedMilli;
  return {
    canCancelMilli: l.orderStatus === 'UN_DELIVERY' && unshipped > 0n ? unshipped : 0n,
    canReverseMilli: (l.orderStatus === 'UN_RECEIVED' || l.orderStatus === 'COMPLETE') && delivered > 0n ? delivered : 0n,
  };
}
