/**
 * Place order (SPEC §4 Checkout, §5 submit validation): one transaction that re-prices the
 * contract, checks every submit rule, takes stock with conditional updates, uses coupons,
 * promotion codes and points, and writes the contract with one trade order per shop.
 * The Idempotency-Key makes a double click or a retry return the same contract.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type OrderResult, type SubmitBody } from '@mall/contracts';
import { initialOrderStatus, lineAmount, money, toMinor } from '@mall/domain';
import type { Db } from '../db/client.js';
import { cartLines, couponCampaigns, ownerCoupons, preTradeRequests, skus, tradeContracts, tradeOrderLines, tradeOrders } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { Caller } from '../lib/session.js';
import { onOrdersPaid } from '../modules/trade/transitions.js';
import { buildPreview, presaleSplit, type PreviewContext } from '../modules/checkout/preview.js';
import { earnPoints, spendPoints } from '../modules/points/ledger.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ContractRow = typeof tradeContracts.$inferSelect;

const fail = (status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string, details?: unknown) => new AppError(status, code, message, details);

function resultOf(c: ContractRow, orderIds: bigint[]): OrderResult {
  const currency = c.currency as OrderResult['needPayAmt']['currency'];
  return {
    id: String(c.id), payUniqueKey: c.payUniqueKey, paymentOrderId: c.paymentOrderId, tradeOrderIdList: orderIds.map(String),
    needPayAmt: money(c.needPayAmtMinor, currency), buyerId: String(c.buyerId),
    totalAmt: money(c.needPayAmtMinor + c.pointsDiscountMinor, currency), isFreeTrade: c.isFreeTrade,
  };
}

async function existing(tx: Tx | Db, buyerId: bigint, key: string): Promise<OrderResult | null> {
  const [c] = await tx.select().from(tradeContracts).where(and(eq(tradeContracts.buyerId, buyerId), eq(tradeContracts.idempotencyKey, key)));
  if (!c) return null;
  const orders = await tx.select({ id: tradeOrders.id }).from(tradeOrders).where(eq(tradeOrders.contractId, c.id)).orderBy(tradeOrders.id);
  return resultOf(c, orders.map((o) => o.id));
}

/** Serialises submits of one buyer and key, so two concurrent ones make one contract. */
const lockKey = (tx: Tx, buyerId: bigint, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`submit:${buyerId}:${key}`}))`);

/** Every SPEC §5 rule that applies at submit, after the preview has been rebuilt. */
function validateSubmit(caller: Caller, body: SubmitBody, ctx: PreviewContext): void {
  const site = caller.site;
  if (!ctx.shippingAddress) throw fail(400, ERROR_CODES.shippingAddressRequired, 'please fill in the shipping address');
  for (const shopId of ctx.shopOrder) {
    const s = ctx.shipping.get(shopId)!;
    const wanted = body.preCalShippingList?.find((c) => c.shopId === shopId)?.shippingMethodId;
    const chosen = s.methods.find((m) => m.shippingMethodId === wanted);
    if (!wanted || !chosen) throw fail(400, ERROR_CODES.shippingMethodRequired, 'Please select a shipping method', { shopId });
    if (!chosen.canSelect) {
      throw fail(400, ERROR_CODES.shippingNotSupported, chosen.canotUsedType === 'REGION_NOT_SUPPORTED'
        ? "This shipping option doesn't cover the entered address. Please choose another method." : 'shipping method order amount not supported', { shopId, canotUsedType: chosen.canotUsedType });
    }
    if (chosen.shippingMethodCode === 'PICKUP' && !ctx.pickupStore) throw fail(400, ERROR_CODES.pickupPointRequired, 'Please select a pickup point', { shopId });
  }
  if (site.features.privacyPolicy && body.privacyAgreed !== true) throw fail(400, ERROR_CODES.privacyNotAgreed, 'Please read and agree');
  if (!body.notifyInfo) throw fail(400, ERROR_CODES.notifyWayRequired, 'Please choose a way to be notified');
  if (site.features.quickQuiz) {
    // The message names the question: a bare 'Please write' does not say what is missing.
    if (!body.hearFrom) throw fail(400, ERROR_CODES.quickQuizRequired, 'Please answer "How did you hear about us?"', { field: 'hearFrom' });
    if (body.hearFrom === 'other' && !body.hearFromInput) throw fail(400, ERROR_CODES.quickQuizRequired, 'Please write where you heard about us', { field: 'hearFromInput' });
  }
  if (ctx.result.isExceed) throw fail(400, ERROR_CODES.exceedOnly, 'Oversized or bulk items are ordered with an order request');
  if (!ctx.result.buyCanBuyTO.canBuy) {
    const code = ctx.result.buyCanBuyTO.content === 'item solt out' ? ERROR_CODES.itemSoldOut : ctx.result.actualNeedPayPoints > 0 ? ERROR_CODES.notEnoughPoints : ERROR_CODES.cannotBuy;
    throw fail(409, code, ctx.result.buyCanBuyTO.content ?? 'This order cannot be placed');
  }
  const wantCodes = new Set(body.promotionCodeList ?? []);
  const bad = ctx.result.uselessPromotionCode.find((u) => wantCodes.has(u.code));
  if (bad) {
    throw fail(400, bad.reason === 'COMBINATION' ? ERROR_CODES.couponCombination : ERROR_CODES.couponNotUsable,
      bad.reason === 'COMBINATION' ? 'Not valid in combination with other coupons.' : 'This coupon code cannot be used', { code: bad.code });
  }
}

/** Takes stock for a line and, for DIY bundles, its children; gifts only while they last. */
async function takeStock(tx: Tx, ctx: PreviewContext): Promise<Map<string, boolean>> {
  const giftTaken = new Map<string, boolean>();
  const take = async (skuId: string, qty: string) => {
    const rows = await tx.update(skus).set({ stock: sql`${skus.stock} - ${qty}::numeric` })
      .where(and(eq(skus.id, BigInt(skuId)), sql`${skus.stock} >= ${qty}::numeric`)).returning({ id: skus.id });
    return rows.length === 1;
  };
  // Fixed order of SKU ids so concurrent orders lock rows in the same order (no deadlocks).
  const wanted = new Map<string, bigint>();
  const add = (id: string, qty: string, scale: string) => {
    const thousandths = BigInt(Math.round(Number(qty) * Number(scale) * 1000));
    wanted.set(id, (wanted.get(id) ?? 0n) + thousandths);
  };
  for (const l of ctx.lines) {
    add(String(l.sku.row.id), l.qty, '1');
    for (const d of l.parts.diy) add(d.sku.id, d.qty, l.qty);
  }
  for (const id of [...wanted.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))) {
    const qty = (Number(wanted.get(id)!) / 1000).toFixed(3);
    if (!(await take(id, qty))) throw fail(409, ERROR_CODES.itemSoldOut, 'item solt out', { skuId: id });
  }
  for (const l of ctx.lines) {
    for (const g of l.parts.gifts) {
      const qty = (Number(g.qty) * Number(l.qty)).toFixed(3);
      giftTaken.set(`${l.sku.row.id}:${g.sku.id}`, await take(g.sku.id, qty));
    }
  }
  return giftTaken;
}

export async function placeOrder(db: Db, caller: Caller, buyerId: bigint, key: string, body: SubmitBody): Promise<OrderResult> {
  const before = await existing(db, buyerId, key);
  if (before) return before;
  return db.transaction(async (tx) => {
    await lockKey(tx, buyerId, key);
    const again = await existing(tx, buyerId, key);
    if (again) return again;

    const ctx = await buildPreview(tx, caller, body, { strictAddress: true });
    validateSubmit(caller, body, ctx);
    const r = ctx.result;
    const currency = caller.site.currency;
    const needPay = toMinor(r.needPayAmt.value, currency);
    let seen: bigint;
    try { seen = toMinor(body.needPayAmt, currency); } catch { throw fail(400, ERROR_CODES.invalidRequest, 'needPayAmt is not an amount'); }
    if (seen !== needPay) {
      throw fail(409, ERROR_CODES.priceChanged, 'item activity is end,price is change', { needPayAmt: r.needPayAmt });
    }

    // Presale items are bought on their own: deposit now, balance inside its window.
    const presale = presaleSplit(ctx.lines);
    if (presale && ctx.lines.some((l) => l.sku.item.businessType !== 'PRESALE')) {
      throw fail(400, ERROR_CODES.presaleAlone, 'Presale items are checked out on their own');
    }
    const giftTaken = await takeStock(tx, ctx);

    // Coupons: each owner coupon is used once; a promotion code counts its uses.
    for (const c of ctx.chosenCoupons) {
      const used = await tx.update(ownerCoupons).set({ status: 'USED', usedAt: new Date() })
        .where(and(eq(ownerCoupons.id, c.ownerCouponId), eq(ownerCoupons.buyerId, buyerId), eq(ownerCoupons.status, 'NOT_USED'))).returning({ id: ownerCoupons.id });
      if (!used.length) throw fail(409, ERROR_CODES.couponNotUsable, 'This coupon code cannot be used');
    }
    for (const id of ctx.promotionCampaignIds) {
      const used = await tx.update(couponCampaigns).set({ usedCount: sql`${couponCampaigns.usedCount} + 1` })
        .where(and(eq(couponCampaigns.id, id), sql`(${couponCampaigns.totalUses} IS NULL OR ${couponCampaigns.usedCount} < ${couponCampaigns.totalUses})`)).returning({ id: couponCampaigns.id });
      if (!used.length) throw fail(409, ERROR_CODES.couponNotUsable, 'This coupon code cannot be used');
    }

    // Points: redemption lines plus the deduction, taken by the ledger after the contract exists
    // (a conditional update on the balance row: Points.notEnough when another spend got there first).
    const spentPoints = r.actualNeedPayPoints + r.pointDeductionResult.chosenIntegral;

    const isFreeTrade = needPay === 0n;
    const now = new Date();
    const payDeadline = isFreeTrade ? null : presale ? presale.depositEndAt : new Date(now.getTime() + caller.site.payDeadlineMinutes * 60_000);
    const sumOf = (f: (o: (typeof r.renderTradeOrderTOList)[number]) => { value: string }) =>
      r.renderTradeOrderTOList.reduce((a, o) => a + toMinor(f(o).value, currency), 0n);
    const [contract] = await tx.insert(tradeContracts).values({
      buyerId, idempotencyKey: key, site: caller.site.code, currency, tradeType: r.tradeType, status: isFreeTrade ? 'PAID' : 'PENDING_PAY',
      skuAmtMinor: toMinor(r.skuAmt.value, currency),
      discountAmtMinor: toMinor(r.levelAmt.value, currency) + toMinor(r.shopDiscountAmt.value, currency) + toMinor(r.platformDiscountAmt.value, currency),
      levelAmtMinor: toMinor(r.levelAmt.value, currency),
      shippingAmtMinor: toMinor(r.shippingAmt.value, currency), taxAmtMinor: toMinor(r.totalTaxAmt.value, currency),
      pointsDiscountMinor: toMinor(r.pointDeductionResult.discountAmount.value, currency), needPayAmtMinor: needPay,
      usedPoints: r.pointDeductionResult.chosenIntegral, redeemPoints: r.actualNeedPayPoints, earnPoints: r.earnPoints,
      isFreeTrade, payUniqueKey: crypto.randomUUID(),
      ...(presale && !isFreeTrade && { presaleStage: 'DEPOSIT' as const, depositMinor: presale.depositMinor, balanceStartAt: presale.balanceStartAt, balanceEndAt: presale.balanceEndAt }), paymentOrderId: `PO${Date.now()}${crypto.randomInt(1000, 9999)}`, payDeadline,
      selectedAddress: ctx.shippingAddress!.dto, billingAddress: ctx.billingAddress?.dto ?? null,
      // The campaigns of the promotion codes used, so closing an unpaid contract can give the uses back.
      payload: body, preview: { ...r, promotionCampaignIds: ctx.promotionCampaignIds.map(String) },
    }).returning();
    await spendPoints(tx, { buyerId, points: spentPoints, tradeContractId: contract!.id });
    if (ctx.chosenCoupons.length) {
      await tx.update(ownerCoupons).set({ tradeContractId: contract!.id }).where(inArray(ownerCoupons.id, ctx.chosenCoupons.map((c) => c.ownerCouponId)));
    }

    // One trade order per shop, with DIY children and gifts as their own lines.
    const orderIds: bigint[] = [];
    const pointsDiscount = toMinor(r.pointDeductionResult.discountAmount.value, currency);
    let pointsLeft = pointsDiscount;
    let usedPointsLeft = r.pointDeductionResult.chosenIntegral;
    const payableTotal = sumOf((o) => o.needPayAmt);
    for (const [i, o] of r.renderTradeOrderTOList.entries()) {
      const shopNeedPay = toMinor(o.needPayAmt.value, currency);
      // Points deduction spread over shops by their share; the last shop takes the rest.
      const share = i === r.renderTradeOrderTOList.length - 1 ? pointsLeft : payableTotal === 0n ? 0n : (pointsDiscount * shopNeedPay) / payableTotal;
      pointsLeft -= share;
      const last = i === r.renderTradeOrderTOList.length - 1;
      const usedPoints = last ? usedPointsLeft : pointsDiscount === 0n ? 0 : Number((BigInt(r.pointDeductionResult.chosenIntegral) * share) / pointsDiscount);
      usedPointsLeft -= usedPoints;
      const method = ctx.shipping.get(o.shopId)!.methods.find((m) => m.shippingMethodId === body.preCalShippingList!.find((c) => c.shopId === o.shopId)!.shippingMethodId)!;
      const remark = body.tradeOrderReqList?.find((t) => t.shopId === o.shopId)?.remark;
      const [order] = await tx.insert(tradeOrders).values({
        tradeOrderCode: `${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(contract!.id).padStart(8, '0')}${i + 1}`,
        contractId: contract!.id, buyerId, shopId: BigInt(o.shopId), sellerId: BigInt(o.sellerId),
        status: initialOrderStatus({ freeTrade: isFreeTrade, presale: !!presale }), tradeType: r.tradeType, currency,
        tradeOrderType: o.lines.some((l) => l.item.businessTypeDict === 'BULK' || l.item.isExceed) ? 'BULK' : 'NORMAL', 
        skuAmtMinor: toMinor(o.skuAmt.value, currency), levelAmtMinor: ctx.levelAmtByShop.get(o.shopId) ?? 0n,
        discountAmtMinor: (ctx.levelAmtByShop.get(o.shopId) ?? 0n) + toMinor(o.shopDiscountAmt.value, currency) + toMinor(o.platformDiscountAmt.value, currency),
        shippingAmtMinor: toMinor(o.shippingAmt.value, currency), taxAmtMinor: toMinor(o.taxAmt.value, currency), taxRate: o.taxRate,
        needPayAmtMinor: shopNeedPay - share, paidAmtMinor: isFreeTrade ? shopNeedPay - share : 0n, pointsDiscountMinor: share, usedPoints,
        shippingMethodId: BigInt(method.shippingMethodId), shippingMethodCode: method.shippingMethodCode,
        pickUpStoreId: method.shippingMethodCode === 'PICKUP' && ctx.pickupStore ? BigInt(ctx.pickupStore.id) : null,
        pickUpStoreSnapshot: method.shippingMethodCode === 'PICKUP' ? ctx.pickupStore : null,
        remark: remark ?? null, payDeadline, paidAt: isFreeTrade ? now : null,
      }).returning({ id: tradeOrders.id });
      orderIds.push(order!.id);
      for (const l of o.lines) {
        const snapshot = { itemName: l.item.itemName, skuName: l.sku.name, image: l.sku.image, attributes: l.sku.attributes, urlKey: l.item.urlKey, unit: l.sku.marketingUnit.unitName, businessType: l.item.businessTypeDict };
        const [main] = await tx.insert(tradeOrderLines).values({
          orderId: order!.id, skuId: BigInt(l.skuId), itemId: BigInt(l.item.id), lineGroupType: l.lineGroupTypeDict, qty: l.qty,
          unitAmtMinor: toMinor(l.unitPrice.value, currency), skuAmtMinor: toMinor(l.skuAmt.value, currency),
          discountAmtMinor: toMinor(l.discountAmt.value, currency), needPayAmtMinor: toMinor(l.needPayAmt.value, currency), points: l.points, snapshot,
        }).returning({ id: tradeOrderLines.id });
        const child = (kind: 'DIY_CHILD' | 'GIFT_CHILD', p: (typeof l.diyChildren)[number]) => ({
          orderId: order!.id, skuId: BigInt(p.sku.id), itemId: BigInt(p.itemId), parentLineId: main!.id, lineGroupType: kind,
          qty: (Number(p.qty) * Number(l.qty)).toFixed(3),
          unitAmtMinor: kind === 'GIFT_CHILD' ? 0n : toMinor(p.sku.salePrc.value, currency),
          skuAmtMinor: kind === 'GIFT_CHILD' ? 0n : lineAmount(toMinor(p.sku.salePrc.value, currency), (Number(p.qty) * Number(l.qty)).toFixed(3)),
          discountAmtMinor: 0n, needPayAmtMinor: 0n, points: 0,
          snapshot: { itemName: p.itemName, skuName: p.sku.name, image: p.sku.image, attributes: p.sku.attributes, unit: p.sku.marketingUnit.unitName },
        });
        const children = [
          ...l.diyChildren.map((p) => child('DIY_CHILD', p)),
          ...l.gifts.filter((g) => giftTaken.get(`${l.skuId}:${g.sku.id}`)).map((g) => child('GIFT_CHILD', g)),
        ];
        if (children.length) await tx.insert(tradeOrderLines).values(children);
      }
    }

    // The bought lines leave the cart.
    const cartIds = ctx.lines.map((l) => l.cartLineId).filter((x): x is string => !!x).map(BigInt);
    if (cartIds.length) await tx.delete(cartLines).where(and(eq(cartLines.buyerId, buyerId), inArray(cartLines.id, cartIds)));
    if (isFreeTrade) await onOrdersPaid(tx, contract!.id, 'POINTS', now);
    if (isFreeTrade && caller.user?.userType === 'REGISTERED') await earnPoints(tx, { buyerId, points: r.earnPoints, tradeContractId: contract!.id });
    return resultOf(contract!, orderIds);
  });
}

/** Exceed flow: store the order request once per key; the seller negotiates before any payment. */
export async function submitExceedRequest(db: Db, caller: Caller, buyerId: bigint, key: string, body: { requirements?: string } & Record<string, unknown>) {
  const preview = await buildPreview(db, caller, body as never, { strictAddress: false });
  if (!preview.result.isExceed) throw fail(400, ERROR_CODES.invalidRequest, 'Only oversized or bulk items need an order request');
  const [row] = await db.insert(preTradeRequests).values({ buyerId, idempotencyKey: key, site: caller.site.code, requirements: body.requirements ?? null, payload: { request: body, preview: preview.result } })
    .onConflictDoNothing().returning();
  const saved = row ?? (await db.select().from(preTradeRequests).where(and(eq(preTradeRequests.buyerId, buyerId), eq(preTradeRequests.idempotencyKey, key))))[0]!;
  return { id: String(saved.id), status: saved.status };
}

