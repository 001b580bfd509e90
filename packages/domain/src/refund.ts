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
  orderStatus: string;
  topLevel: boolean;
  inOpenAfterSales: boolean;
  qtyMilli: bigint;
  deliveredMilli: bigint;
  cancelledMilli: bigint;
  reversedMilli: bigint;
  /** A service line with use codes: the units whose code is unused (a used code's unit is not refundable). */
  serviceUnitsLeftMilli?: bigint | null;
}): { canCancelMilli: bigint; canReverseMilli: bigint } {
  if (!l.topLevel || l.inOpenAfterSales) return { canCancelMilli: 0n, canReverseMilli: 0n };
  const cap = (q: bigint) =>
    l.serviceUnitsLeftMilli != null && l.serviceUnitsLeftMilli < q ? l.serviceUnitsLeftMilli : q;
  const unshipped = cap(l.qtyMilli - l.deliveredMilli - l.cancelledMilli);
  const delivered = cap(l.deliveredMilli - l.reversedMilli);
  return {
    canCancelMilli: l.orderStatus === 'UN_DELIVERY' && unshipped > 0n ? unshipped : 0n,
    canReverseMilli:
      (l.orderStatus === 'UN_RECEIVED' || l.orderStatus === 'COMPLETE') && delivered > 0n ? delivered : 0n,
  };
}

/**
 * The one limit every refund of an order obeys (after-sales, shipping, cancels of paid orders,
 * and whatever refunds come later): what was given back, pending or done, never exceeds what
 * the order paid, goods and shipping apart, shipping once per order.
 */
export interface OrderRefunds {
  /** What the order paid in money (goods, tax and shipping). */
  paidMinor: bigint;
  /** Of that, the order's shipping. */
  shippingPaidMinor: bigint;
  /** Refunds of this order so far (pending, done, or failed and waiting for a retry). */
  refundedMinor: bigint;
  /** Of those, the part that gave back shipping. */
  refundedShippingMinor: bigint;
}

export interface RefundRoom {
  goodsMinor: bigint;
  shippingMinor: bigint;
}

const clamp0 = (x: bigint) => (x < 0n ? 0n : x);

/** What of the order can still be refunded: goods (with tax) and shipping. */
export function refundRoom(o: OrderRefunds): RefundRoom {
  const shippingPaid = o.shippingPaidMinor < o.paidMinor ? o.shippingPaidMinor : o.paidMinor;
  const goodsRefunded = o.refundedMinor - o.refundedShippingMinor;
  return {
    goodsMinor: clamp0(o.paidMinor - shippingPaid - goodsRefunded),
    shippingMinor: clamp0(shippingPaid - o.refundedShippingMinor),
  };
}

export type RefundRefusal = 'NEGATIVE' | 'ZERO' | 'SHIPPING_OVER' | 'OVER';

/**
 * Places a refund within the room: `shippingMinor` asked as shipping must fit the shipping
 * left; the after-sales amount takes the goods left first and, for a request that covers
 * everything left (it may give back the rest of the payment), the shipping left after that.
 */
export function planRefund(
  room: RefundRoom,
  ask: { amountMinor: bigint; shippingMinor: bigint },
): { ok: true; totalMinor: bigint; shippingMinor: bigint } | { ok: false; refusal: RefundRefusal } {
  if (ask.amountMinor < 0n || ask.shippingMinor < 0n) return { ok: false, refusal: 'NEGATIVE' };
  if (ask.amountMinor === 0n && ask.shippingMinor === 0n) return { ok: false, refusal: 'ZERO' };
  if (ask.shippingMinor > room.shippingMinor) return { ok: false, refusal: 'SHIPPING_OVER' };
  const shippingLeft = room.shippingMinor - ask.shippingMinor;
  if (ask.amountMinor > room.goodsMinor + shippingLeft) return { ok: false, refusal: 'OVER' };
  const fromShipping = ask.amountMinor > room.goodsMinor ? ask.amountMinor - room.goodsMinor : 0n;
  return { ok: true, totalMinor: ask.amountMinor + ask.shippingMinor, shippingMinor: ask.shippingMinor + fromShipping };
}
