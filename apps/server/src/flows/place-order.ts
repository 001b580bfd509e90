/**
 * Place order (SPEC §4 Checkout, §5 submit validation): one transaction that re-prices the
 * contract, checks every submit rule, takes stock with conditional updates, uses coupons,
 * promotion codes and points, and writes the contract with one trade order per shop.
 * The Idempotency-Key makes a double click or a retry return the same contract.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type OrderResult, type SubmitBody } from '@mall/contracts';
import { initialOrderStatus, lineAmount, money, toMinor } from '@mall/domain';
import { clientOf, transactionBetween, type Db, type Tx } from '../db/client.js';
import { cartLines, couponCampaigns, ownerCoupons, preTradeRequests } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { Caller } from '../lib/session.js';
import { onOrdersPaid, stockShortOf, takeStockOf, takeStockOrFailSql } from '../modules/trade/transitions.js';
import { buildPreview, presaleSplit, type PreviewContext } from '../modules/checkout/preview.js';
import type { CheckoutCatalogCache } from '../modules/checkout/catalog-cache.js';
import { earnPoints, spendPoints } from '../modules/points/ledger.js';

const fail = (status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string, details?: unknown) => new AppError(status, code, message, details);

interface ContractFacts {
  id: bigint; buyerId: bigint; currency: string; payUniqueKey: string; paymentOrderId: string;
  needPayAmtMinor: bigint; pointsDiscountMinor: bigint; isFreeTrade: boolean;
}

function resultOf(c: ContractFacts, orderIds: bigint[]): OrderResult {
  const currency = c.currency as OrderResult['needPayAmt']['currency'];
  return {
    id: String(c.id), payUniqueKey: c.payUniqueKey, paymentOrderId: c.paymentOrderId, tradeOrderIdList: orderIds.map(String),
    needPayAmt: money(c.needPayAmtMinor, currency), buyerId: String(c.buyerId),
    totalAmt: money(c.needPayAmtMinor + c.pointsDiscountMinor, currency), isFreeTrade: c.isFreeTrade,
  };
}

// The submit runs 5 round trips (issue 14; place-order.test.ts checks them): the session, BEGIN
// with the key lock and the earlier contract, the read (preview.ts: SKUs and facts), the write (a
// named prepared statement, planned once per connection) and the line stock with COMMIT; more for
// the gifts, coupons, promotion codes, points and cart lines an order uses.

/**
 * Sent with BEGIN: serialises submits of one buyer and key (so two concurrent ones make one
 * contract), then reads the contract an earlier submit with this key made (migration 0030, whose
 * query is planned once per connection). Literals (the buyer id is a number, the key escaped):
 * it shares BEGIN's round trip, which takes no parameters.
 */
function lockAndFindExisting(buyerId: bigint, key: string): string {
  return `SELECT * FROM submit_lock_and_find(${BigInt(buyerId)}, ${pg.escapeLiteral(key)})`;
}

function existingOf(r: Record<string, unknown> | undefined): OrderResult | null {
  if (!r) return null;
  return resultOf({
    id: BigInt(r.id as string), buyerId: BigInt(r.buyer_id as string), currency: r.currency as string, payUniqueKey: r.pay_unique_key as string,
    paymentOrderId: r.payment_order_id as string, needPayAmtMinor: BigInt(r.need_pay_amt_minor as string),
    pointsDiscountMinor: BigInt(r.points_discount_minor as string), isFreeTrade: r.is_free_trade as boolean,
  }, (r.order_ids as string[]).map(BigInt));
}

/** The preview without its lists (what trade_contracts.preview keeps). */
function previewTotals(r: PreviewContext['result']) {
  const { renderTradeOrderTOList: _orders, availableCouponList: _coupons, availablePlatformCouponList: _platform, selectedAddress: _address,
    billingAddress: _billing, userCertificate: _certificate, shippingTimeInfo: _time, ...totals } = r;
  return totals;
}

/**
 * The contract, its trade orders (one per shop) and their lines in one statement. $1 the contract,
 * $2 the orders (trade_order_code holds the order's number in the contract: the code is the date
 * $4, the contract id and that number), $3 the lines by shop, each main line followed by its DIY
 * parts and gifts (parent_n: the main line's n). The three are sent as jsonb: parsed once on the
 * way in, their JSON columns (address, request, totals, snapshots) are taken out as they are,
 * where json was validated, parsed again per record and once more per JSON column.
 */
const CONTRACT_COLUMNS = `buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, level_amt_minor, shipping_amt_minor,
  tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
  pay_deadline, selected_address, billing_address, presale_stage, deposit_minor, balance_start_at, balance_end_at, payload, preview`;
const ORDER_COLUMNS = `contract_id, buyer_id, shop_id, seller_id, status, trade_type, currency, trade_order_type, sku_amt_minor, level_amt_minor,
  discount_amt_minor, shipping_amt_minor, tax_amt_minor, tax_rate, need_pay_amt_minor, paid_amt_minor, points_discount_minor, used_points,
  shipping_method_id, shipping_method_code, pick_up_store_id, pick_up_store_snapshot, remark, pay_deadline, paid_at`;
const LINE_FIELDS = `sku_id bigint, item_id bigint, line_group_type text, qty numeric, unit_amt_minor bigint, sku_amt_minor bigint,
  discount_amt_minor bigint, need_pay_amt_minor bigint, points int, snapshot jsonb`;
const LINE_COLUMNS = 'sku_id, item_id, line_group_type, qty, unit_amt_minor, sku_amt_minor, discount_amt_minor, need_pay_amt_minor, points, snapshot';
const WRITE = {
  name: 'place_order_write',
  text: `WITH c AS (
  INSERT INTO trade_contracts (${CONTRACT_COLUMNS}) SELECT ${CONTRACT_COLUMNS} FROM jsonb_populate_record(null::trade_contracts, $1::jsonb)
  RETURNING id
), o AS (
  INSERT INTO trade_orders (trade_order_code, ${ORDER_COLUMNS})
  SELECT $4::text || lpad(c.id::text, greatest(8, length(c.id::text)), '0') || x.trade_order_code, c.id, ${ORDER_COLUMNS.split(',').slice(1).map((col) => `x.${col.trim()}`).join(', ')}
  FROM c, jsonb_populate_recordset(null::trade_orders, $2::jsonb) x ORDER BY x.trade_order_code::int
  RETURNING id, shop_id
), l AS (
  -- Ids taken in the lines' order (each main line followed by its parts), so a part can name its main line.
  SELECT x.*, nextval('trade_order_lines_id_seq') AS id
  FROM (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(n int, parent_n int, shop_id bigint, ${LINE_FIELDS}) ORDER BY n) x
), w AS (
  INSERT INTO trade_order_lines (id, order_id, parent_line_id, ${LINE_COLUMNS})
  SELECT l.id, o.id, p.id, ${LINE_COLUMNS.split(', ').map((col) => `l.${col}`).join(', ')}
  FROM l JOIN o ON o.shop_id = l.shop_id LEFT JOIN l p ON p.n = l.parent_n
)
SELECT c.id::text AS id, ARRAY(SELECT o.id::text || ':' || o.shop_id::text FROM o) AS orders FROM c`,
};

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

/** Gifts come with their main line only while they last: taken one by one, before the lines are written. */
async function takeGiftStock(tx: Tx, ctx: PreviewContext): Promise<Map<string, boolean>> {
  const giftTaken = new Map<string, boolean>();
  for (const l of ctx.lines) {
    for (const g of l.parts.gifts) {
      const qty = (Number(g.qty) * Number(l.qty)).toFixed(3);
      giftTaken.set(`${l.sku.row.id}:${g.sku.id}`, (await takeStockOf(tx, [{ skuId: g.sku.id, qty }])).has(g.sku.id));
    }
  }
  return giftTaken;
}

/**
 * The stock of every line and, for DIY bundles, its parts, as the statement that closes the
 * transaction (sent with its COMMIT): every order of the same items waits for these rows, so
 * they are locked only inside PostgreSQL, between this statement and the commit.
 */
function lineStockClosing(ctx: PreviewContext): string {
  const wanted = new Map<string, bigint>();
  const add = (id: string, qty: string, scale: string) => {
    const thousandths = BigInt(Math.round(Number(qty) * Number(scale) * 1000));
    wanted.set(id, (wanted.get(id) ?? 0n) + thousandths);
  };
  for (const l of ctx.lines) {
    add(String(l.sku.row.id), l.qty, '1');
    for (const d of l.parts.diy) add(d.sku.id, d.qty, l.qty);
  }
  return takeStockOrFailSql([...wanted].map(([skuId, t]) => ({ skuId, qty: (Number(t) / 1000).toFixed(3) })));
}

/** `catalog`: the app's checkout catalog cache (checkout/catalog-cache.ts; without it the catalog is read). */
export async function placeOrder(db: Db, caller: Caller, buyerId: bigint, key: string, body: SubmitBody, catalog?: CheckoutCatalogCache): Promise<OrderResult> {
  try {
    return await transactionBetween(db, lockAndFindExisting(buyerId, key), async (tx, [found]) => {
      // A retry (or a double click) finds the contract the first submit made, after waiting for it.
      const again = existingOf(found!.rows[0]);
      if (again) return { value: again };

      const ctx = await buildPreview(tx, caller, body, { forSubmit: true, catalog });
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
      const minor = (v: { value: string }) => String(toMinor(v.value, currency));
      const facts = {
        buyerId, currency, payUniqueKey: crypto.randomUUID(), paymentOrderId: `PO${Date.now()}${crypto.randomInt(1000, 9999)}`, needPayAmtMinor: needPay,
        pointsDiscountMinor: toMinor(r.pointDeductionResult.discountAmount.value, currency), isFreeTrade,
      };
      const contract = {
        buyer_id: String(buyerId), idempotency_key: key, site: caller.site.code, currency, trade_type: r.tradeType, status: isFreeTrade ? 'PAID' : 'PENDING_PAY',
        sku_amt_minor: minor(r.skuAmt),
        discount_amt_minor: String(toMinor(r.levelAmt.value, currency) + toMinor(r.shopDiscountAmt.value, currency) + toMinor(r.platformDiscountAmt.value, currency)),
        level_amt_minor: minor(r.levelAmt), shipping_amt_minor: minor(r.shippingAmt), tax_amt_minor: minor(r.totalTaxAmt),
        points_discount_minor: String(facts.pointsDiscountMinor), need_pay_amt_minor: String(needPay),
        used_points: r.pointDeductionResult.chosenIntegral, redeem_points: r.actualNeedPayPoints, earn_points: r.earnPoints,
        is_free_trade: isFreeTrade, pay_unique_key: facts.payUniqueKey, payment_order_id: facts.paymentOrderId, pay_deadline: payDeadline,
        ...(presale && !isFreeTrade && { presale_stage: 'DEPOSIT', deposit_minor: String(presale.depositMinor), balance_start_at: presale.balanceStartAt, balance_end_at: presale.balanceEndAt }),
        selected_address: ctx.shippingAddress!.dto, billing_address: ctx.billingAddress?.dto ?? null,
        // The priced totals, without the lists of lines, coupons and addresses (kept in the orders,
        // lines and address columns; ~12 KB nobody read back), and the campaigns of the promotion
        // codes used, so closing an unpaid contract can give the uses back.
        payload: body, preview: { ...previewTotals(r), promotionCampaignIds: ctx.promotionCampaignIds.map(String) },
      };

      // One trade order per shop, with DIY children and gifts as their own lines.
      const orders: Record<string, unknown>[] = [];
      const pointsDiscount = facts.pointsDiscountMinor;
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
        const levelAmt = ctx.levelAmtByShop.get(o.shopId) ?? 0n;
        orders.push({
          trade_order_code: String(i + 1), buyer_id: String(buyerId), shop_id: o.shopId, seller_id: o.sellerId,
          status: initialOrderStatus({ freeTrade: isFreeTrade, presale: !!presale }), trade_type: r.tradeType, currency,
          trade_order_type: o.lines.some((l) => l.item.businessTypeDict === 'BULK' || l.item.isExceed) ? 'BULK' : 'NORMAL',
          sku_amt_minor: minor(o.skuAmt), level_amt_minor: String(levelAmt),
          discount_amt_minor: String(levelAmt + toMinor(o.shopDiscountAmt.value, currency) + toMinor(o.platformDiscountAmt.value, currency)),
          shipping_amt_minor: minor(o.shippingAmt), tax_amt_minor: minor(o.taxAmt), tax_rate: o.taxRate,
          need_pay_amt_minor: String(shopNeedPay - share), paid_amt_minor: String(isFreeTrade ? shopNeedPay - share : 0n), points_discount_minor: String(share), used_points: usedPoints,
          shipping_method_id: method.shippingMethodId, shipping_method_code: method.shippingMethodCode,
          pick_up_store_id: method.shippingMethodCode === 'PICKUP' && ctx.pickupStore ? ctx.pickupStore.id : null,
          pick_up_store_snapshot: method.shippingMethodCode === 'PICKUP' ? ctx.pickupStore : null,
          remark: remark ?? null, pay_deadline: payDeadline, paid_at: isFreeTrade ? now : null,
        });
      }

      const giftTaken = await takeGiftStock(tx, ctx);
      const lines: Record<string, unknown>[] = [];
      for (const o of r.renderTradeOrderTOList) {
        for (const l of o.lines) {
          const main = lines.length;
          lines.push({
            n: main, parent_n: null, shop_id: o.shopId, sku_id: l.skuId, item_id: l.item.id, line_group_type: l.lineGroupTypeDict, qty: l.qty,
            unit_amt_minor: minor(l.unitPrice), sku_amt_minor: minor(l.skuAmt), discount_amt_minor: minor(l.discountAmt), need_pay_amt_minor: minor(l.needPayAmt), points: l.points,
            snapshot: { itemName: l.item.itemName, skuName: l.sku.name, image: l.sku.image, attributes: l.sku.attributes, urlKey: l.item.urlKey, unit: l.sku.marketingUnit.unitName, businessType: l.item.businessTypeDict },
          });
          const child = (kind: 'DIY_CHILD' | 'GIFT_CHILD', p: (typeof l.diyChildren)[number]) => {
            const qty = (Number(p.qty) * Number(l.qty)).toFixed(3);
            lines.push({
              n: lines.length, parent_n: main, shop_id: o.shopId, sku_id: p.sku.id, item_id: p.itemId, line_group_type: kind, qty,
              unit_amt_minor: kind === 'GIFT_CHILD' ? '0' : minor(p.sku.salePrc),
              sku_amt_minor: kind === 'GIFT_CHILD' ? '0' : String(lineAmount(toMinor(p.sku.salePrc.value, currency), qty)),
              discount_amt_minor: '0', need_pay_amt_minor: '0', points: 0,
              snapshot: { itemName: p.itemName, skuName: p.sku.name, image: p.sku.image, attributes: p.sku.attributes, unit: p.sku.marketingUnit.unitName },
            });
          };
          for (const p of l.diyChildren) child('DIY_CHILD', p);
          for (const g of l.gifts) if (giftTaken.get(`${l.skuId}:${g.sku.id}`)) child('GIFT_CHILD', g);
        }
      }
      const { rows: [w] } = await clientOf(tx).query({
        ...WRITE, values: [JSON.stringify(contract), JSON.stringify(orders), JSON.stringify(lines), now.toISOString().slice(0, 10).replace(/-/g, '')],
      });
      const contractId = BigInt(w.id);
      const orderOfShop = new Map((w.orders as string[]).map((x) => x.split(':') as [string, string]).map(([id, shop]) => [shop, BigInt(id)]));
      const orderIds = r.renderTradeOrderTOList.map((o) => orderOfShop.get(o.shopId)!);

      await spendPoints(tx, { buyerId, points: spentPoints, tradeContractId: contractId });
      if (ctx.chosenCoupons.length) {
        await tx.update(ownerCoupons).set({ tradeContractId: contractId }).where(inArray(ownerCoupons.id, ctx.chosenCoupons.map((c) => c.ownerCouponId)));
      }
      // The bought lines leave the cart.
      const cartIds = ctx.lines.map((l) => l.cartLineId).filter((x): x is string => !!x).map(BigInt);
      if (cartIds.length) await tx.delete(cartLines).where(and(eq(cartLines.buyerId, buyerId), inArray(cartLines.id, cartIds)));
      if (isFreeTrade) await onOrdersPaid(tx, contractId, 'POINTS', now);
      if (isFreeTrade && caller.user?.userType === 'REGISTERED') await earnPoints(tx, { buyerId, points: r.earnPoints, tradeContractId: contractId });
      // Not enough stock rolls all of the above back (the closing statement fails, so no COMMIT).
      return { value: resultOf({ id: contractId, ...facts }, orderIds), closing: lineStockClosing(ctx) };
    });
  } catch (err) {
    const short = stockShortOf(err);
    if (short !== null) throw fail(409, ERROR_CODES.itemSoldOut, 'item solt out', { skuId: short });
    throw err;
  }
}

/** Exceed flow: store the order request once per key; the seller negotiates before any payment. */
export async function submitExceedRequest(db: Db, caller: Caller, buyerId: bigint, key: string, body: { requirements?: string } & Record<string, unknown>) {
  const preview = await buildPreview(db, caller, body as never, { forSubmit: false });
  if (!preview.result.isExceed) throw fail(400, ERROR_CODES.invalidRequest, 'Only oversized or bulk items need an order request');
  const [row] = await db.insert(preTradeRequests).values({ buyerId, idempotencyKey: key, site: caller.site.code, requirements: body.requirements ?? null, payload: { request: body, preview: preview.result } })
    .onConflictDoNothing().returning();
  const saved = row ?? (await db.select().from(preTradeRequests).where(and(eq(preTradeRequests.buyerId, buyerId), eq(preTradeRequests.idempotencyKey, key))))[0]!;
  return { id: String(saved.id), status: saved.status };
}

