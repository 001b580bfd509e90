/**
 * Applying for after-sales (SPEC §4 apply dialog, §5 after-sales rules, §7 render and the four
 * initiate flows, plus the order's cancel after pay). One transaction holds the order row, so
 * concurrent applies for the same order run one after the other: a line is in at most one open
 * after-sales, and the refundable amount can never be exceeded across requests. An
 * Idempotency-Key makes a double submit or a retry return the same reverse order.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AFTER_SALES,
  BULK_RETURN_DAYS_DEFAULT,
  ERROR_CODES,
  REASONS_BY_TYPE,
  type ApplyLineView,
  type ApplyRequest,
  type ApplyResult,
  type ApplyType,
  type Currency,
  type RenderApplyResult,
} from '@mall/contracts';
import {
  fromMilli,
  isOpen,
  lineAfterSalesQty,
  money,
  refundableAmount,
  REVERSE_INITIAL_STATUS,
  serviceUnitsLeftMilli,
  toMilli,
  toMinor,
  type ReverseStatus,
} from '@mall/domain';
import type { Db } from '../db/client.js';
import {
  bulkRequests,
  items,
  refunds,
  reverseTradeOrderLines,
  reverseTradeOrders,
  skus,
  tradeOrderLines,
  tradeOrders,
} from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { UserRow } from '../lib/session.js';
import { ownUploads } from '../lib/uploads.js';
import { moveOrders, type Tx } from '../modules/trade/transitions.js';
import { orderHasUsedServiceCode } from '../modules/service-codes/codes.js';
import { inOpenGroup } from '../modules/group-buy/service.js';

type OrderRow = typeof tradeOrders.$inferSelect;
type Snapshot = {
  itemName: string;
  skuName: string;
  image: string;
  attributes?: { attrKey: string; attrVal: string }[];
  unit?: string | null;
  businessType?: string;
};

const err = (status: number, code: string, message: string, details?: unknown) =>
  new AppError(status, code as never, message, details);
export const reverseOrderNotFound = () => err(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');
const AUDIT_MS = () => Number(process.env.REVERSE_AUDIT_DAYS ?? AFTER_SALES.auditDays) * 86400_000;

/** Everything the apply rules need about an order: its lines with their after-sales quantities, and what is already committed. */
export async function orderAfterSalesState(tx: Tx | Db, o: OrderRow) {
  const lines = await tx
    .select({ l: tradeOrderLines, weight: sql<boolean>`${skus.qtyDecimals} > 0` })
    .from(tradeOrderLines)
    .innerJoin(skus, eq(skus.id, tradeOrderLines.skuId))
    .where(eq(tradeOrderLines.orderId, o.id))
    .orderBy(tradeOrderLines.id);
  const revs = await tx
    .select({
      id: reverseTradeOrders.id,
      status: reverseTradeOrders.status,
      apply: reverseTradeOrders.applyRefundAmtMinor,
      shipping: reverseTradeOrders.sellerConfirmRefundShippingAmtMinor,
    })
    .from(reverseTradeOrders)
    .where(eq(reverseTradeOrders.orderId, o.id));
  const refundRows = revs.length
    ? await tx
        .select({ reverseId: refunds.reverseId, amount: refunds.amountMinor })
        .from(refunds)
        .where(
          inArray(
            refunds.reverseId,
            revs.map((r) => r.id),
          ),
        )
    : [];
  let committed = 0n;
  for (const r of revs) {
    if (r.status === 'REVERSE_CANCELED' || r.status === 'REVERSE_CLOSE') continue;
    const mine = refundRows.filter((x) => x.reverseId === r.id);
    if (mine.length) committed += mine.reduce((s, x) => s + x.amount, 0n);
    else if (isOpen(r.status as ReverseStatus)) committed += r.apply + (r.shipping ?? 0n);
  }
  const openLines = revs.length
    ? await tx
        .select({ lineId: reverseTradeOrderLines.orderLineId, qty: reverseTradeOrderLines.reverseQty })
        .from(reverseTradeOrderLines)
        .where(
          and(
            inArray(
              reverseTradeOrderLines.reverseId,
              revs.map((r) => r.id),
            ),
            eq(reverseTradeOrderLines.isOpen, true),
          ),
        )
    : [];
  const top = lines
    .filter(({ l }) => l.lineGroupType === 'NORMAL' || l.lineGroupType === 'DIY_MAIN')
    .map(({ l, weight }) => {
      const open = openLines.filter((x) => x.lineId === l.id).reduce((s, x) => s + toMilli(x.qty), 0n);
      const can = lineAfterSalesQty({
        orderStatus: o.status,
        topLevel: true,
        inOpenAfterSales: open > 0n,
        qtyMilli: toMilli(l.qty),
        deliveredMilli: toMilli(l.deliveredQty),
        cancelledMilli: toMilli(l.cancelledQty),
        reversedMilli: toMilli(l.reversedQty),
        serviceUnitsLeftMilli: serviceUnitsLeftMilli(l.serviceRemainingTimes),
      });
      return { l, weight, open, ...can, usedMilli: toMilli(l.cancelledQty) + toMilli(l.reversedQty) + open };
    });
  const children = lines
    .filter(({ l }) => l.lineGroupType === 'DIY_CHILD' || l.lineGroupType === 'GIFT_CHILD')
    .map(({ l }) => l);
  return { top, children, committed };
}
type State = Awaited<ReturnType<typeof orderAfterSalesState>>;

/**
 * A BULK order's return terms come from the quote it was accepted at: goods go back as a
 * PURCHASE_RETURN (refunded at the quoted prices the order was paid at), within the quote's
 * return days counted from the buyer's receipt (confirmed or automatic); 0 days means no returns.
 * Null for any other order.
 */
export async function bulkReturnTerms(
  tx: Tx | Db,
  o: OrderRow,
  now = new Date(),
): Promise<{ returnDays: number; returnsOpen: boolean } | null> {
  if (o.tradeOrderType !== 'BULK') return null;
  const [b] = await tx.select({ quote: bulkRequests.quote }).from(bulkRequests).where(eq(bulkRequests.orderId, o.id));
  const returnDays = b?.quote?.returnDays ?? BULK_RETURN_DAYS_DEFAULT;
  const returnsOpen =
    returnDays > 0 && (!o.completedAt || now.getTime() <= o.completedAt.getTime() + returnDays * 86400_000);
  return { returnDays, returnsOpen };
}
type BulkTerms = Awaited<ReturnType<typeof bulkReturnTerms>>;

function typesFor(state: State, bulk: BulkTerms): ApplyType[] {
  const out: ApplyType[] = [];
  if (state.top.some((x) => x.canCancelMilli > 0n)) out.push('SALE_CANCEL_BEFORE_DELIVERY');
  if (state.top.some((x) => x.canReverseMilli > 0n)) {
    // A negotiated order is returned on its quote's terms, not the shop's retail ones (no exchange either).
    if (!bulk) out.push('SALE_REFUND', 'SALE_RETURN', 'SALE_EXCHANGE');
    else {
      out.push('SALE_REFUND');
      if (bulk.returnsOpen) out.push('PURCHASE_RETURN');
    }
  }
  return out;
}

const canOf = (x: State['top'][number], type: ApplyType | null) =>
  type === 'SALE_CANCEL_BEFORE_DELIVERY'
    ? x.canCancelMilli
    : type
      ? x.canReverseMilli
      : x.canCancelMilli > 0n
        ? x.canCancelMilli
        : x.canReverseMilli;

function amountFor(o: OrderRow, state: State, chosen: { lineId: bigint; qtyMilli: bigint }[]): bigint {
  return refundableAmount({
    paidMinor: o.paidAmtMinor,
    committedMinor: state.committed,
    lines: state.top.map((x) => ({
      needPayMinor: x.l.needPayAmtMinor,
      qtyMilli: toMilli(x.l.qty),
      usedMilli: x.usedMilli,
    })),
    chosen: chosen
      .map((c) => ({ index: state.top.findIndex((x) => x.l.id === c.lineId), qtyMilli: c.qtyMilli }))
      .filter((c) => c.index >= 0),
  });
}

async function ownOrder(tx: Tx | Db, user: UserRow, id: bigint, lock: boolean): Promise<OrderRow> {
  const q = tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.buyerId, user.id)));
  const [o] = lock ? await q.for('update') : await q;
  if (!o) throw reverseOrderNotFound();
  return o;
}

/** trade_RenderReverseTradeOrderForApplyFlow: the lines that can go into after-sales, and what may be refunded. */
export async function renderApply(
  db: Db,
  user: UserRow,
  body: {
    tradeOrder: { id: string };
    reverseTradeOrderType?: ApplyType;
    reverseTradeOrderLineList?: { tradeOrderLine: { id: string }; reverseQty?: string }[];
  },
): Promise<RenderApplyResult> {
  const o = await ownOrder(db, user, BigInt(body.tradeOrder.id), false);
  const state = await orderAfterSalesState(db, o);
  const types = typesFor(state, await bulkReturnTerms(db, o));
  const type = body.reverseTradeOrderType ?? null;
  const currency = o.currency as Currency;
  const listed = state.top.filter((x) => x.open > 0n || canOf(x, type) > 0n);
  const asked = body.reverseTradeOrderLineList;
  const chosen =
    type === 'SALE_CANCEL_BEFORE_DELIVERY'
      ? listed.filter((x) => x.canCancelMilli > 0n).map((x) => ({ lineId: x.l.id, qtyMilli: x.canCancelMilli }))
      : (asked ?? listed.map((x) => ({ tradeOrderLine: { id: String(x.l.id) }, reverseQty: undefined })))
          .map((a) => {
            const x = listed.find((y) => String(y.l.id) === a.tradeOrderLine.id);
            if (!x) return null;
            const max = canOf(x, type);
            const q = a.reverseQty ? toMilli(a.reverseQty) : max;
            return { lineId: x.l.id, qtyMilli: q > max ? max : q };
          })
          .filter((c): c is { lineId: bigint; qtyMilli: bigint } => !!c && c.qtyMilli > 0n);
  const lineView = (x: State['top'][number]): ApplyLineView => {
    const snap = x.l.snapshot as Snapshot;
    const max = canOf(x, type);
    const kids = (kind: string) =>
      state.children
        .filter((c) => c.parentLineId === x.l.id && c.lineGroupType === kind)
        .map((c) => {
          const s = c.snapshot as Snapshot;
          return { name: s.itemName, image: s.image, qty: fromMilli(toMilli(c.qty)) };
        });
    return {
      id: String(x.l.id),
      name: snap.itemName,
      skuName: snap.skuName,
      image: snap.image,
      attributes: snap.attributes ?? [],
      unitName: snap.unit ?? null,
      itemId: String(x.l.itemId),
      skuId: String(x.l.skuId),
      lineGroupTypeDict: x.l.lineGroupType,
      tradeQty: fromMilli(toMilli(x.l.qty)),
      canCancelQty: fromMilli(x.canCancelMilli),
      canReverseQty: fromMilli(x.canReverseMilli),
      inAfterSales: x.open > 0n,
      reverseStatus: x.l.reverseStatus,
      refundableAmt: money(max > 0n ? amountFor(o, state, [{ lineId: x.l.id, qtyMilli: max }]) : 0n, currency),
      unitPaidAmt: money(toMilli(x.l.qty) > 0n ? (x.l.needPayAmtMinor * 1000n) / toMilli(x.l.qty) : 0n, currency),
      isWeight: x.weight,
      gifts: kids('GIFT_CHILD'),
      diyParts: kids('DIY_CHILD'),
    };
  };
  return {
    tradeOrder: {
      id: String(o.id),
      tradeOrderCode: o.tradeOrderCode,
      displayStatus: o.status,
      orderedTime: o.createdAt.toISOString(),
      paidAmt: money(o.paidAmtMinor, currency),
    },
    reverseTradeOrderLineList: listed.map(lineView),
    availableRefundAmt: money(type === 'SALE_EXCHANGE' ? 0n : amountFor(o, state, chosen), currency),
    availableReverseReasons: [...REASONS_BY_TYPE[type ?? types[0] ?? 'SALE_RETURN']],
    availableReverseTypes: types,
    reverseTradeOrderType: type,
  };
}

const newCode = () =>
  `AS${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${crypto.randomInt(10_000_000, 99_999_999)}`;

/**
 * Evidence images: files this buyer uploaded (someone else's, or none, is refused the same way),
 * of at most 1 MB each as received (the evidence upload refuses more; an invoice upload may be larger).
 */
async function checkEvidence(db: Db, buyerId: bigint, urls: string[]): Promise<void> {
  const own = await ownUploads(db, buyerId, urls, ['evidence', 'invoice']);
  for (const url of urls) {
    const upload = own.get(url);
    if (!upload)
      throw err(400, ERROR_CODES.evidenceNotFound, 'This image was not uploaded, please add it again', { url });
    if (upload.bytes > AFTER_SALES.evidenceMaxBytes)
      throw err(400, ERROR_CODES.evidenceTooLarge, 'Each image can be at most 1 MB', { url });
  }
}

async function existingByKey(tx: Tx | Db, buyerId: bigint, key: string): Promise<ApplyResult | null> {
  const [r] = await tx
    .select()
    .from(reverseTradeOrders)
    .where(and(eq(reverseTradeOrders.buyerId, buyerId), eq(reverseTradeOrders.idempotencyKey, key)));
  return r
    ? {
        id: String(r.id),
        reverseTradeOrderCode: r.reverseTradeOrderCode,
        reverseTradeOrderStatus: r.status as ReverseStatus,
        reverseTradeOrderType: r.type,
      }
    : null;
}

const isUniqueViolation = (e: unknown, index: string) => {
  const c = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (c.code === '23505' && c.constraint === index) || (c.cause?.code === '23505' && c.cause.constraint === index);
};

/** The four initiate flows: every §5 rule on the server, with stable codes; nothing is written when one fails. */
export async function applyReverse(
  db: Db,
  user: UserRow,
  type: ApplyType,
  req: ApplyRequest,
  idempotencyKey: string | undefined,
): Promise<ApplyResult> {
  if (idempotencyKey) {
    const seen = await existingByKey(db, user.id, idempotencyKey);
    if (seen) return seen;
  }
  if (!req.reverseReason) throw err(400, ERROR_CODES.reverseReasonRequired, 'Please select the after-sales reason');
  if (!REASONS_BY_TYPE[type].includes(req.reverseReason))
    throw err(400, ERROR_CODES.reverseReasonRequired, 'Please select the after-sales reason', {
      allowed: REASONS_BY_TYPE[type],
    });
  await checkEvidence(db, user.id, req.attachmentList ?? []);
  try {
    return await db.transaction(async (tx) => {
      const o = await ownOrder(tx, user, BigInt(req.tradeOrder.id), true);
      if (idempotencyKey) {
        const seen = await existingByKey(tx, user.id, idempotencyKey);
        if (seen) return seen;
      }
      const state = await orderAfterSalesState(tx, o);
      const held = req.reverseTradeOrderLineList.find((a) =>
        state.top.some((x) => String(x.l.id) === a.tradeOrderLine.id && x.open > 0n),
      );
      if (held)
        throw err(409, ERROR_CODES.reverseLineInProgress, 'This product is already in an after-sales request', {
          tradeOrderLineId: held.tradeOrderLine.id,
        });
      const types = typesFor(state, await bulkReturnTerms(tx, o));
      if (!types.includes(type))
        throw err(409, ERROR_CODES.reverseTypeNotAllowed, 'This order cannot take this kind of after-sales now', {
          availableReverseTypes: types,
        });
      const currency = o.currency as Currency;

      // The lines and quantities: cancel-before-delivery takes every cancelable line in full (SPEC §4).
      let chosen: { x: State['top'][number]; qtyMilli: bigint; exchangeSkuId: bigint | null }[];
      if (type === 'SALE_CANCEL_BEFORE_DELIVERY') {
        chosen = state.top
          .filter((x) => x.canCancelMilli > 0n)
          .map((x) => ({ x, qtyMilli: x.canCancelMilli, exchangeSkuId: null }));
      } else {
        if (!req.reverseTradeOrderLineList.length)
          throw err(400, ERROR_CODES.reverseNoLine, 'please select at least one product to apply for after-sales');
        const seen = new Set<string>();
        chosen = [];
        for (const a of req.reverseTradeOrderLineList) {
          const lineId = a.tradeOrderLine.id;
          if (seen.has(lineId))
            throw err(400, ERROR_CODES.reverseLineNotAllowed, 'Each product can be listed once', {
              tradeOrderLineId: lineId,
            });
          seen.add(lineId);
          const x = state.top.find((y) => String(y.l.id) === lineId);
          if (!x)
            throw err(400, ERROR_CODES.reverseLineNotAllowed, 'This product cannot go into after-sales', {
              tradeOrderLineId: lineId,
            });
          if (x.open > 0n)
            throw err(409, ERROR_CODES.reverseLineInProgress, 'This product is already in an after-sales request', {
              tradeOrderLineId: lineId,
            });
          const max = x.canReverseMilli;
          const q = toMilli(a.reverseQty);
          const min = max < 1000n ? max : 1000n;
          if (max === 0n || q < min || q > max)
            throw err(
              400,
              ERROR_CODES.reverseQtyOutOfRange,
              `The quantity must be between ${fromMilli(min)} and ${fromMilli(max)}`,
              { tradeOrderLineId: lineId, canReverseQty: fromMilli(max) },
            );
          let exchangeSkuId: bigint | null = null;
          if (type === 'SALE_EXCHANGE') {
            if (!a.derivativeSku)
              throw err(400, ERROR_CODES.exchangeSkuRequired, 'Please choose the item to exchange for', {
                tradeOrderLineId: lineId,
              });
            const [sku] = await tx
              .select({ id: skus.id, stock: skus.stock })
              .from(skus)
              .innerJoin(items, eq(items.id, skus.itemId))
              .where(and(eq(skus.id, BigInt(a.derivativeSku.id)), eq(skus.itemId, x.l.itemId)));
            if (!sku)
              throw err(
                400,
                ERROR_CODES.exchangeSkuInvalid,
                'You can only exchange for another version of the same item',
                { tradeOrderLineId: lineId },
              );
            if (Number(sku.stock) < Number(fromMilli(q)))
              throw err(409, ERROR_CODES.itemSoldOut, 'The item to exchange for is out of stock', {
                skuId: a.derivativeSku.id,
              });
            exchangeSkuId = sku.id;
          }
          chosen.push({ x, qtyMilli: q, exchangeSkuId });
        }
      }
      if (!chosen.length)
        throw err(400, ERROR_CODES.reverseNoLine, 'please select at least one product to apply for after-sales');

      const available = amountFor(
        o,
        state,
        chosen.map((c) => ({ lineId: c.x.l.id, qtyMilli: c.qtyMilli })),
      );
      let applyMinor: bigint;
      if (type === 'SALE_EXCHANGE') applyMinor = 0n;
      else if (type === 'SALE_CANCEL_BEFORE_DELIVERY')
        applyMinor = available; // full price only
      else {
        const raw = req.applyRefundAmt?.trim();
        if (!raw) throw err(400, ERROR_CODES.refundAmountRequired, 'Please enter refund amount');
        const decimals = currency === 'JPY' ? 0 : 2;
        if (
          !new RegExp(`^\\d{1,9}(\\.\\d{1,${Math.max(decimals, 1)}})?$`).test(raw) ||
          (decimals === 0 && raw.includes('.'))
        ) {
          throw err(400, ERROR_CODES.refundAmountOutOfRange, `Enter an amount with at most ${decimals} decimals`);
        }
        applyMinor = toMinor(raw, currency);
        if (applyMinor < 0n || applyMinor > available)
          throw err(
            400,
            ERROR_CODES.refundAmountOutOfRange,
            `The refund amount must be between 0 and ${money(available, currency).value}`,
            { availableRefundAmt: money(available, currency) },
          );
        // Nothing to give back is no refund (an order paid with points alone has nothing available).
        if (applyMinor === 0n && available > 0n)
          throw err(400, ERROR_CODES.refundAmountZero, 'Please enter a refund amount above 0', {
            availableRefundAmt: money(available, currency),
          });
      }

      const [rev] = await tx
        .insert(reverseTradeOrders)
        .values({
          reverseTradeOrderCode: newCode(),
          orderId: o.id,
          buyerId: user.id,
          shopId: o.shopId,
          sellerId: o.sellerId,
          type,
          status: REVERSE_INITIAL_STATUS,
          applyRefundAmtMinor: applyMinor,
          currency,
          reason: req.reverseReason,
          reverseText: req.reverseText || null,
          attachments: req.attachmentList ?? [],
          deadlineAt: new Date(Date.now() + AUDIT_MS()),
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning();
      const shares = chosen.map((c) => amountFor(o, state, [{ lineId: c.x.l.id, qtyMilli: c.qtyMilli }]));
      await tx.insert(reverseTradeOrderLines).values(
        chosen.map((c, i) => ({
          reverseId: rev!.id,
          orderLineId: c.x.l.id,
          reverseQty: fromMilli(c.qtyMilli),
          exchangeSkuId: c.exchangeSkuId,
          applyRefundAmtMinor: type === 'SALE_EXCHANGE' ? 0n : shares[i]! > applyMinor ? applyMinor : shares[i]!,
        })),
      );
      await tx
        .update(tradeOrderLines)
        .set({ reverseStatus: 'PROCESSING' })
        .where(
          inArray(
            tradeOrderLines.id,
            chosen.map((c) => c.x.l.id),
          ),
        );
      return {
        id: String(rev!.id),
        reverseTradeOrderCode: rev!.reverseTradeOrderCode,
        reverseTradeOrderStatus: rev!.status as ReverseStatus,
        reverseTradeOrderType: rev!.type,
      };
    });
  } catch (e) {
    // Two requests with one key raced past the first look: the loser returns the winner's.
    if (idempotencyKey && isUniqueViolation(e, 'reverse_trade_orders_idempotency_key')) {
      const seen = await existingByKey(db, user.id, idempotencyKey);
      if (seen) return seen;
    }
    if (isUniqueViolation(e, 'reverse_trade_order_lines_one_open'))
      throw err(409, ERROR_CODES.reverseLineInProgress, 'This product is already in an after-sales request');
    throw e;
  }
}

/**
 * trade_InitiateReverseTradeOrderForCancelFlow: cancel after pay, before anything shipped. One
 * reverse order of the whole order for the seller to refund; sending it twice returns the same one.
 */
export async function cancelAfterPay(db: Db, user: UserRow, orderId: bigint) {
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, user, orderId, true);
    const [open] = await tx
      .select()
      .from(reverseTradeOrders)
      .where(
        and(
          eq(reverseTradeOrders.orderId, o.id),
          eq(reverseTradeOrders.type, 'SALE_CANCEL_AFTER_PAID'),
          sql`${reverseTradeOrders.status} NOT IN ('REVERSE_CANCELED','REVERSE_CLOSE')`,
        ),
      );
    if (open)
      return {
        reverseTradeOrderId: String(open.id),
        reverseTradeOrderCode: open.reverseTradeOrderCode,
        reverseTradeOrderStatus: open.status,
      };
    const state = await orderAfterSalesState(tx, o);
    const shipped = state.top.some((x) => toMilli(x.l.deliveredQty) > 0n);
    if (o.status !== 'UN_DELIVERY' || shipped || state.top.some((x) => x.open > 0n)) {
      throw err(409, ERROR_CODES.operationNotAllowed, 'This order can no longer be canceled');
    }
    if (o.businessType === 'REVERSE_REISSUE')
      throw err(409, ERROR_CODES.operationNotAllowed, 'A reissue order replaces settled goods and cannot be canceled');
    // A paid member of a group still forming waits for it (it fills, or fails and is refunded).
    if (await inOpenGroup(tx, o.id))
      throw err(409, ERROR_CODES.operationNotAllowed, 'This group order waits for its group to fill or end');
    // A used service code's unit is not refunded: the other lines are cancelled through after-sales.
    if (await orderHasUsedServiceCode(tx, o.id))
      throw err(
        409,
        ERROR_CODES.operationNotAllowed,
        'A service code of this order was used: cancel the other lines through after-sales',
      );
    const chosen = state.top.filter((x) => x.canCancelMilli > 0n);
    const amount = amountFor(
      o,
      state,
      chosen.map((x) => ({ lineId: x.l.id, qtyMilli: x.canCancelMilli })),
    );
    const [rev] = await tx
      .insert(reverseTradeOrders)
      .values({
        reverseTradeOrderCode: newCode(),
        orderId: o.id,
        buyerId: user.id,
        shopId: o.shopId,
        sellerId: o.sellerId,
        type: 'SALE_CANCEL_AFTER_PAID',
        status: REVERSE_INITIAL_STATUS,
        applyRefundAmtMinor: amount,
        currency: o.currency,
        reason: 'NO_LONGER_NEEDED',
        deadlineAt: new Date(Date.now() + AUDIT_MS()),
      })
      .returning();
    await tx.insert(reverseTradeOrderLines).values(
      chosen.map((x) => ({
        reverseId: rev!.id,
        orderLineId: x.l.id,
        reverseQty: fromMilli(x.canCancelMilli),
        applyRefundAmtMinor: x.l.needPayAmtMinor,
      })),
    );
    await tx
      .update(tradeOrderLines)
      .set({ reverseStatus: 'PROCESSING' })
      .where(
        inArray(
          tradeOrderLines.id,
          chosen.map((x) => x.l.id),
        ),
      );
    await moveOrders(tx, { ids: [o.id] }, 'BUYER_CANCEL_AFTER_PAY');
    return {
      reverseTradeOrderId: String(rev!.id),
      reverseTradeOrderCode: rev!.reverseTradeOrderCode,
      reverseTradeOrderStatus: rev!.status,
    };
  });
}
