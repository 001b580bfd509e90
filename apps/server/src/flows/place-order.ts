/**
 * Place order (SPEC §4 Checkout, §5 submit validation): re-prices the contract and checks every
 * submit rule, then in one transaction (shared with other buyers' orders when it can be:
 * orderWriter) uses coupons, promotion codes and points, writes the contract with one trade
 * order per shop and takes stock with conditional updates. The Idempotency-Key makes a double
 * click or a retry return the same contract.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type OrderResult, type SubmitBody } from '@mall/contracts';
import { initialOrderStatus, lineAmount, money, toMinor } from '@mall/domain';
import { clientOf, transactionBetween, type Db, type Tx } from '../db/client.js';
import { couponCampaigns, ownerCoupons, preTradeRequests } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { Caller } from '../lib/session.js';
import { onOrdersPaid } from '../modules/trade/transitions.js';
import { stockShortOf, takeStockOf, takeStockOrFailSql } from '../modules/stock/stock.js';
import { batches } from '../lib/batches.js';
import { buildPreview, presaleSplit, type PreviewContext } from '../modules/checkout/preview.js';
import type { CheckoutCatalogCache } from '../modules/checkout/catalog-cache.js';
import { earnPoints, spendPoints } from '../modules/points/ledger.js';
import { splitPreTradeRequest } from '../modules/bulk/service.js';
import { checkCrossBorderSubmit, writeCustomsDeclarations } from '../modules/cross-border/service.js';
import { takeGroupSlot } from '../modules/group-buy/service.js';

const fail = (
  status: number,
  code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
  message: string,
  details?: unknown,
) => new AppError(status, code, message, details);

interface ContractFacts {
  id: bigint;
  buyerId: bigint;
  currency: string;
  payUniqueKey: string;
  paymentOrderId: string;
  needPayAmtMinor: bigint;
  pointsDiscountMinor: bigint;
  isFreeTrade: boolean;
}

function resultOf(c: ContractFacts, orderIds: bigint[]): OrderResult {
  const currency = c.currency as OrderResult['needPayAmt']['currency'];
  return {
    id: String(c.id),
    payUniqueKey: c.payUniqueKey,
    paymentOrderId: c.paymentOrderId,
    tradeOrderIdList: orderIds.map(String),
    needPayAmt: money(c.needPayAmtMinor, currency),
    buyerId: String(c.buyerId),
    totalAmt: money(c.needPayAmtMinor + c.pointsDiscountMinor, currency),
    isFreeTrade: c.isFreeTrade,
  };
}

// The submit places an order in 4 round trips (place-order.test.ts checks them; a site with risk
// screening adds two after it, modules/risk): the session, the rate limit, the read (preview.ts:
// SKUs and facts) and one statement for its group of orders
// (orderWriter: the key locks, the write, the cart lines and the stock, in a function planned
// once per connection). An order that uses coupons, promotion codes or points, or is free or a
// presale, takes a transaction of its own: BEGIN with the key lock and the earlier contract, the
// write, what it uses, and the stock with COMMIT.

/**
 * Sent with BEGIN: serialises submits of one buyer and key (so two concurrent ones make one
 * contract), then reads the contract an earlier submit with this key made (submit_lock_and_find
 * in db/functions, whose query is planned once per connection). Literals (the buyer id is a
 * number, the key escaped): it shares BEGIN's round trip, which takes no parameters.
 */
function lockAndFindExisting(buyerId: bigint, key: string): string {
  return `SELECT * FROM submit_lock_and_find(${BigInt(buyerId)}, ${pg.escapeLiteral(key)})`;
}

function existingOf(r: Record<string, unknown> | undefined): OrderResult | null {
  if (!r) return null;
  return resultOf(
    {
      id: BigInt(r.id as string),
      buyerId: BigInt(r.buyer_id as string),
      currency: r.currency as string,
      payUniqueKey: r.pay_unique_key as string,
      paymentOrderId: r.payment_order_id as string,
      needPayAmtMinor: BigInt(r.need_pay_amt_minor as string),
      pointsDiscountMinor: BigInt(r.points_discount_minor as string),
      isFreeTrade: r.is_free_trade as boolean,
    },
    (r.order_ids as string[]).map(BigInt),
  );
}

/** The preview without its lists (what trade_contracts.preview keeps). */
function previewTotals(r: PreviewContext['result']) {
  const {
    renderTradeOrderTOList: _orders,
    availableCouponList: _coupons,
    availablePlatformCouponList: _platform,
    selectedAddress: _address,
    billingAddress: _billing,
    userCertificate: _certificate,
    shippingTimeInfo: _time,
    ...totals
  } = r;
  return totals;
}

/**
 * The contracts, trade orders (one per shop) and lines of one or more orders (place_orders_write in
 * db/functions: one insert per table for all of them). $1 a JSON array of [contract, orders,
 * lines] per order (OrderPlan), sent as one jsonb: parsed once on the way in, the JSON columns
 * (address, request, totals, snapshots) are taken out as they are. $2 the date that starts order
 * codes. Each order's contract id and its orders as "id:shop id".
 */
const WRITE = { name: 'place_orders_write', text: 'SELECT * FROM place_orders_write($1::jsonb, $2::text)' };
/** A group's orders in one statement of its own (place_orders_together in db/functions). */
const TOGETHER = {
  name: 'place_orders_together',
  text: 'SELECT * FROM place_orders_together($1::bigint[], $2::text[], $3::jsonb, $4::text, $5::jsonb, $6::bigint[], $7::numeric[])',
};

type Written = { id: string; orders: string[] };
/** The values of a write: the plans (with the gifts `giftTaken` says were taken) and the code date. */
function writeValues(plans: { plan: OrderPlan; giftTaken: (key: string) => boolean }[], now: Date): [string, string] {
  return [
    JSON.stringify(plans.map(({ plan, giftTaken }) => [plan.contract, plan.orders, plan.lines(giftTaken)])),
    now.toISOString().slice(0, 10).replace(/-/g, ''),
  ];
}
/** Each written order's contract id and its order ids in its plan's shop order. */
function writtenOf(rows: Written[], plans: OrderPlan[]): { contractId: bigint; orderIds: bigint[] }[] {
  return rows.map((w, i) => {
    const orderOfShop = new Map(
      w.orders.map((x) => x.split(':') as [string, string]).map(([id, shop]) => [shop, BigInt(id)]),
    );
    return { contractId: BigInt(w.id), orderIds: plans[i]!.shopOrder.map((shop) => orderOfShop.get(shop)!) };
  });
}

/** Writes `plans` (with the gifts `giftTaken` says were taken); each one's contract id and its order id by shop id. */
async function writeOrders(
  client: pg.PoolClient,
  plans: { plan: OrderPlan; giftTaken: (key: string) => boolean }[],
  now: Date,
): Promise<{ contractId: bigint; orderIds: bigint[] }[]> {
  const { rows } = await client.query<Written>({ ...WRITE, values: writeValues(plans, now) });
  return writtenOf(
    rows,
    plans.map((p) => p.plan),
  );
}

/** The bought lines of `plans`, as the cart delete takes them (only each buyer's own lines: the ids came from the request). */
const boughtLines = (plans: OrderPlan[]) =>
  JSON.stringify(
    plans.flatMap((plan) => plan.cartLineIds.map((id) => ({ buyer_id: String(plan.buyerId), id: String(id) }))),
  );

/** The bought lines leave their buyer's cart (cart_lines_bought in db/functions; place_orders_together calls it for a group). */
async function cartLinesBought(client: pg.PoolClient, plans: OrderPlan[]): Promise<void> {
  if (!plans.some((p) => p.cartLineIds.length)) return;
  await client.query({
    name: 'cart_lines_bought',
    text: 'SELECT cart_lines_bought($1::jsonb)',
    values: [boughtLines(plans)],
  });
}

/** Every SPEC §5 rule that applies at submit, after the preview has been rebuilt. */
function validateSubmit(caller: Caller, body: SubmitBody, ctx: PreviewContext): void {
  const site = caller.site;
  if (!ctx.shippingAddress) throw fail(400, ERROR_CODES.shippingAddressRequired, 'please fill in the shipping address');
  for (const shopId of ctx.shopOrder) {
    const s = ctx.shipping.get(shopId)!;
    const wanted = body.preCalShippingList?.find((c) => c.shopId === shopId)?.shippingMethodId;
    const chosen = s.methods.find((m) => m.shippingMethodId === wanted);
    if (!wanted || !chosen)
      throw fail(400, ERROR_CODES.shippingMethodRequired, 'Please select a shipping method', { shopId });
    if (!chosen.canSelect) {
      throw fail(
        400,
        ERROR_CODES.shippingNotSupported,
        chosen.canotUsedType === 'REGION_NOT_SUPPORTED'
          ? "This shipping option doesn't cover the entered address. Please choose another method."
          : 'shipping method order amount not supported',
        { shopId, canotUsedType: chosen.canotUsedType },
      );
    }
    if (chosen.shippingMethodCode === 'PICKUP' && !ctx.pickupStore)
      throw fail(400, ERROR_CODES.pickupPointRequired, 'Please select a pickup point', { shopId });
  }
  if (site.features.privacyPolicy && body.privacyAgreed !== true)
    throw fail(400, ERROR_CODES.privacyNotAgreed, 'Please read and agree');
  if (!body.notifyInfo) throw fail(400, ERROR_CODES.notifyWayRequired, 'Please choose a way to be notified');
  if (site.features.quickQuiz) {
    // The message names the question: a bare 'Please write' does not say what is missing.
    if (!body.hearFrom)
      throw fail(400, ERROR_CODES.quickQuizRequired, 'Please answer "How did you hear about us?"', {
        field: 'hearFrom',
      });
    if (body.hearFrom === 'other' && !body.hearFromInput)
      throw fail(400, ERROR_CODES.quickQuizRequired, 'Please write where you heard about us', {
        field: 'hearFromInput',
      });
  }
  if (ctx.result.isExceed)
    throw fail(400, ERROR_CODES.exceedOnly, 'Oversized or bulk items are ordered with an order request');
  if (!ctx.result.buyCanBuyTO.canBuy) {
    const code =
      ctx.result.buyCanBuyTO.content === 'item solt out'
        ? ERROR_CODES.itemSoldOut
        : ctx.result.actualNeedPayPoints > 0
          ? ERROR_CODES.notEnoughPoints
          : ERROR_CODES.cannotBuy;
    throw fail(409, code, ctx.result.buyCanBuyTO.content ?? 'This order cannot be placed');
  }
  checkCrossBorderSubmit(ctx.result);
  const wantCodes = new Set(body.promotionCodeList ?? []);
  const bad = ctx.result.uselessPromotionCode.find((u) => wantCodes.has(u.code));
  if (bad) {
    throw fail(
      400,
      bad.reason === 'COMBINATION' ? ERROR_CODES.couponCombination : ERROR_CODES.couponNotUsable,
      bad.reason === 'COMBINATION' ? 'Not valid in combination with other coupons.' : 'This coupon code cannot be used',
      { code: bad.code },
    );
  }
}

/** A gift of a main line: `key` names the pair (main SKU:gift SKU), `qty` for the line's quantity. */
interface Gift {
  key: string;
  skuId: string;
  qty: string;
}

/**
 * One order ready to write, built from its priced preview before any row is touched: what the
 * contract, its orders and lines hold, and what it takes (stock, gifts) and uses.
 */
interface OrderPlan {
  buyerId: bigint;
  key: string;
  ctx: PreviewContext;
  facts: Omit<ContractFacts, 'id'>;
  contract: Record<string, unknown>;
  orders: Record<string, unknown>[];
  /** The lines, each main line followed by its DIY parts and the gifts `giftTaken` says were taken. */
  lines(giftTaken: (key: string) => boolean): Record<string, unknown>[];
  gifts: Gift[];
  /** Lines and DIY parts, by SKU (taken all or nothing as the transaction closes). */
  stock: { skuId: string; qty: string }[];
  /** Shop ids in the contract's order (its trade orders' order). */
  shopOrder: string[];
  cartLineIds: bigint[];
  spentPoints: number;
  isFreeTrade: boolean;
  now: Date;
  /**
   * Written together with other buyers' orders (OrderWriter): an order that uses no coupon,
   * promotion code or points and is neither free nor a presale deposit. The others take their
   * own transaction, whose conditional updates tell their buyer which one failed.
   */
  together: boolean;
}

/** Quantities by SKU id, summed (several lines, parts or orders may take the same SKU). */
function bySku(items: { skuId: string; qty: string }[]): { skuId: string; qty: string }[] {
  const thousandths = new Map<string, bigint>();
  for (const i of items)
    thousandths.set(i.skuId, (thousandths.get(i.skuId) ?? 0n) + BigInt(Math.round(Number(i.qty) * 1000)));
  return [...thousandths].map(([skuId, t]) => ({ skuId, qty: (Number(t) / 1000).toFixed(3) }));
}

/** Checks every submit rule on the priced preview and builds what the order writes (throws the buyer's error). */
function planOrder(caller: Caller, buyerId: bigint, key: string, body: SubmitBody, ctx: PreviewContext): OrderPlan {
  validateSubmit(caller, body, ctx);
  const r = ctx.result;
  const currency = caller.site.currency;
  const needPay = toMinor(r.needPayAmt.value, currency);
  let seen: bigint;
  try {
    seen = toMinor(body.needPayAmt, currency);
  } catch {
    throw fail(400, ERROR_CODES.invalidRequest, 'needPayAmt is not an amount');
  }
  if (seen !== needPay) {
    throw fail(409, ERROR_CODES.priceChanged, 'item activity is end,price is change', { needPayAmt: r.needPayAmt });
  }

  // Presale items are bought on their own: deposit now, balance inside its window.
  const presale = presaleSplit(ctx.lines);
  if (presale && ctx.lines.some((l) => l.sku.item.businessType !== 'PRESALE')) {
    throw fail(400, ERROR_CODES.presaleAlone, 'Presale items are checked out on their own');
  }

  // Points: redemption lines plus the deduction, taken by the ledger after the contract exists
  // (a conditional update on the balance row: Points.notEnough when another spend got there first).
  const spentPoints = r.actualNeedPayPoints + r.pointDeductionResult.chosenIntegral;

  const isFreeTrade = needPay === 0n;
  const now = new Date();
  const payDeadline = isFreeTrade
    ? null
    : presale
      ? presale.depositEndAt
      : new Date(now.getTime() + caller.site.payDeadlineMinutes * 60_000);
  const sumOf = (f: (o: (typeof r.renderTradeOrderTOList)[number]) => { value: string }) =>
    r.renderTradeOrderTOList.reduce((a, o) => a + toMinor(f(o).value, currency), 0n);
  const minor = (v: { value: string }) => String(toMinor(v.value, currency));
  const facts = {
    buyerId,
    currency,
    payUniqueKey: crypto.randomUUID(),
    paymentOrderId: `PO${Date.now()}${crypto.randomInt(1000, 9999)}`,
    needPayAmtMinor: needPay,
    pointsDiscountMinor: toMinor(r.pointDeductionResult.discountAmount.value, currency),
    isFreeTrade,
  };
  const contract = {
    buyer_id: String(buyerId),
    idempotency_key: key,
    site: caller.site.code,
    currency,
    trade_type: r.tradeType,
    status: isFreeTrade ? 'PAID' : 'PENDING_PAY',
    sku_amt_minor: minor(r.skuAmt),
    discount_amt_minor: String(
      toMinor(r.levelAmt.value, currency) +
        toMinor(r.shopDiscountAmt.value, currency) +
        toMinor(r.platformDiscountAmt.value, currency),
    ),
    level_amt_minor: minor(r.levelAmt),
    shipping_amt_minor: minor(r.shippingAmt),
    tax_amt_minor: minor(r.totalTaxAmt),
    points_discount_minor: String(facts.pointsDiscountMinor),
    need_pay_amt_minor: String(needPay),
    used_points: r.pointDeductionResult.chosenIntegral,
    redeem_points: r.actualNeedPayPoints,
    earn_points: r.earnPoints,
    is_free_trade: isFreeTrade,
    pay_unique_key: facts.payUniqueKey,
    payment_order_id: facts.paymentOrderId,
    pay_deadline: payDeadline,
    ...(presale &&
      !isFreeTrade && {
        presale_stage: 'DEPOSIT',
        deposit_minor: String(presale.depositMinor),
        balance_start_at: presale.balanceStartAt,
        balance_end_at: presale.balanceEndAt,
      }),
    selected_address: ctx.shippingAddress!.dto,
    billing_address: ctx.billingAddress?.dto ?? null,
    // The priced totals, without the lists of lines, coupons and addresses (kept in the orders,
    // lines and address columns; ~12 KB nobody read back), and the campaigns of the promotion
    // codes used, so closing an unpaid contract can give the uses back.
    payload: body,
    preview: { ...previewTotals(r), promotionCampaignIds: ctx.promotionCampaignIds.map(String) },
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
    const share =
      i === r.renderTradeOrderTOList.length - 1
        ? pointsLeft
        : payableTotal === 0n
          ? 0n
          : (pointsDiscount * shopNeedPay) / payableTotal;
    pointsLeft -= share;
    const last = i === r.renderTradeOrderTOList.length - 1;
    const usedPoints = last
      ? usedPointsLeft
      : pointsDiscount === 0n
        ? 0
        : Number((BigInt(r.pointDeductionResult.chosenIntegral) * share) / pointsDiscount);
    usedPointsLeft -= usedPoints;
    const method = ctx.shipping
      .get(o.shopId)!
      .methods.find(
        (m) => m.shippingMethodId === body.preCalShippingList!.find((c) => c.shopId === o.shopId)!.shippingMethodId,
      )!;
    const remark = body.tradeOrderReqList?.find((t) => t.shopId === o.shopId)?.remark;
    const levelAmt = ctx.levelAmtByShop.get(o.shopId) ?? 0n;
    orders.push({
      trade_order_code: String(i + 1),
      buyer_id: String(buyerId),
      shop_id: o.shopId,
      seller_id: o.sellerId,
      status: initialOrderStatus({ freeTrade: isFreeTrade, presale: !!presale }),
      // A shop selling cross-border into the site: NORMAL_SALE_CBE, whatever the checkout's other orders are.
      trade_type: o.tradeType ?? r.tradeType,
      currency,
      trade_order_type: o.lines.some((l) => l.item.businessTypeDict === 'BULK' || l.item.isExceed) ? 'BULK' : 'NORMAL',
      sku_amt_minor: minor(o.skuAmt),
      level_amt_minor: String(levelAmt),
      discount_amt_minor: String(
        levelAmt + toMinor(o.shopDiscountAmt.value, currency) + toMinor(o.platformDiscountAmt.value, currency),
      ),
      shipping_amt_minor: minor(o.shippingAmt),
      tax_amt_minor: minor(o.taxAmt),
      tax_rate: o.taxRate,
      need_pay_amt_minor: String(shopNeedPay - share),
      paid_amt_minor: String(isFreeTrade ? shopNeedPay - share : 0n),
      points_discount_minor: String(share),
      used_points: usedPoints,
      shipping_method_id: method.shippingMethodId,
      shipping_method_code: method.shippingMethodCode,
      pick_up_store_id: method.shippingMethodCode === 'PICKUP' && ctx.pickupStore ? ctx.pickupStore.id : null,
      pick_up_store_snapshot: method.shippingMethodCode === 'PICKUP' ? ctx.pickupStore : null,
      remark: remark ?? null,
      pay_deadline: payDeadline,
      paid_at: isFreeTrade ? now : null,
    });
  }

  const lines = (giftTaken: (key: string) => boolean) => {
    const out: Record<string, unknown>[] = [];
    for (const o of r.renderTradeOrderTOList) {
      for (const l of o.lines) {
        const main = out.length;
        out.push({
          n: main,
          parent_n: null,
          shop_id: o.shopId,
          sku_id: l.skuId,
          item_id: l.item.id,
          line_group_type: l.lineGroupTypeDict,
          qty: l.qty,
          unit_amt_minor: minor(l.unitPrice),
          sku_amt_minor: minor(l.skuAmt),
          discount_amt_minor: minor(l.discountAmt),
          need_pay_amt_minor: minor(l.needPayAmt),
          points: l.points,
          snapshot: {
            itemName: l.item.itemName,
            skuName: l.sku.name,
            image: l.sku.image,
            attributes: l.sku.attributes,
            urlKey: l.item.urlKey,
            unit: l.sku.marketingUnit.unitName,
            businessType: l.item.businessTypeDict,
          },
        });
        const child = (kind: 'DIY_CHILD' | 'GIFT_CHILD', p: (typeof l.diyChildren)[number]) => {
          const qty = (Number(p.qty) * Number(l.qty)).toFixed(3);
          out.push({
            n: out.length,
            parent_n: main,
            shop_id: o.shopId,
            sku_id: p.sku.id,
            item_id: p.itemId,
            line_group_type: kind,
            qty,
            unit_amt_minor: kind === 'GIFT_CHILD' ? '0' : minor(p.sku.salePrc),
            sku_amt_minor:
              kind === 'GIFT_CHILD' ? '0' : String(lineAmount(toMinor(p.sku.salePrc.value, currency), qty)),
            discount_amt_minor: '0',
            need_pay_amt_minor: '0',
            points: 0,
            snapshot: {
              itemName: p.itemName,
              skuName: p.sku.name,
              image: p.sku.image,
              attributes: p.sku.attributes,
              unit: p.sku.marketingUnit.unitName,
            },
          });
        };
        for (const p of l.diyChildren) child('DIY_CHILD', p);
        for (const g of l.gifts) if (giftTaken(`${l.skuId}:${g.sku.id}`)) child('GIFT_CHILD', g);
      }
    }
    return out;
  };
  const gifts = ctx.lines.flatMap((l) =>
    l.parts.gifts.map((g) => ({
      key: `${l.sku.row.id}:${g.sku.id}`,
      skuId: g.sku.id,
      qty: (Number(g.qty) * Number(l.qty)).toFixed(3),
    })),
  );
  const stock = bySku(
    ctx.lines.flatMap((l) => [
      { skuId: String(l.sku.row.id), qty: l.qty },
      ...l.parts.diy.map((d) => ({ skuId: d.sku.id, qty: (Number(d.qty) * Number(l.qty)).toFixed(3) })),
    ]),
  );
  return {
    buyerId,
    key,
    ctx,
    facts,
    contract,
    orders,
    lines,
    gifts,
    stock,
    now,
    spentPoints,
    isFreeTrade,
    shopOrder: r.renderTradeOrderTOList.map((o) => o.shopId),
    cartLineIds: ctx.lines
      .map((l) => l.cartLineId)
      .filter((x): x is string => !!x)
      .map(BigInt),
    together:
      !ctx.chosenCoupons.length &&
      !ctx.promotionCampaignIds.length &&
      spentPoints === 0 &&
      !isFreeTrade &&
      !presale &&
      !r.crossBorder &&
      // A group order takes its group slot in its own transaction (a full group rolls the order back).
      !body.groupBuy,
  };
}

/** Gifts come with their main line only while they last: taken one by one, before the lines are written. */
async function takeGiftStock(tx: Tx, gifts: Gift[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const g of gifts) if ((await takeStockOf(tx, [{ skuId: g.skuId, qty: g.qty }])).has(g.skuId)) taken.add(g.key);
  return taken;
}

/**
 * Orders written together: one statement, its own transaction, for several buyers' orders
 * (lib/batches.ts), one writer per app. Measured on 2 cores, 50 buyers: the PostgreSQL CPU per
 * order halves and Node's falls by a quarter, as the key locks, the write, the stock
 * and the commit are shared; one round trip instead of three gave 10 % more orders a second and
 * a lower p99. Prices are those each order was planned with, a few milliseconds
 * before. If anything fails (a SKU or gift runs short, a deadlock, a key placed before), each
 * order of the group is placed again on its own, which tells each buyer what happened to theirs.
 */
export function orderWriter(db: Db) {
  return batches<Together>((group) => writeTogether(db, group), {
    // 2 groups at once: one is written while the next gathers (3 made 3-11 % fewer orders a
    // second on 2 cores, 32 a group no more than 16); 16 orders bound the locks one holds.
    size: 16,
    running: 2,
  });
}
export type OrderWriter = ReturnType<typeof orderWriter>;

interface Together {
  plan: OrderPlan;
  resolve: (r: OrderResult) => void;
  reject: (err: unknown) => void;
  alone: () => Promise<OrderResult>;
}

async function writeTogether(db: Db, group: Together[]): Promise<void> {
  // In buyer order: the deferred triggers then lock the buyers' order count and version rows in
  // that order in every group, so two groups cannot deadlock on those. (The cart lines' delete
  // locks the buyers' cart counts in its own order; a deadlock there costs a second, then each
  // order goes on its own.)
  group.sort((a, b) =>
    a.plan.buyerId < b.plan.buyerId ? -1 : a.plan.buyerId > b.plan.buyerId ? 1 : a.plan.key < b.plan.key ? -1 : 1,
  );
  const plans = group.map((t) => t.plan);
  // Lines, DIY parts and gifts, rows locked in one pass in SKU order: a gift short fails the group
  // like a line, and each order then takes its gifts while they last.
  const stock = bySku(plans.flatMap((p) => [...p.stock, ...p.gifts]));
  let written: { contractId: bigint; orderIds: bigint[] }[];
  try {
    // One statement, its own transaction: key locks, the write, the cart lines, the stock.
    const { rows } = await db.$client.query<Written>({
      ...TOGETHER,
      values: [
        plans.map((p) => String(p.buyerId)),
        plans.map((p) => p.key),
        ...writeValues(
          plans.map((plan) => ({ plan, giftTaken: () => true })),
          new Date(),
        ),
        boughtLines(plans),
        stock.map((s) => s.skuId),
        stock.map((s) => s.qty),
      ],
    });
    written = writtenOf(rows, plans);
  } catch {
    // Each on its own, with the plan it was priced with: a short SKU or gift, a deadlock, or a key
    // that already has a contract (a retry from another server), which its own lock then finds.
    for (const t of group) t.alone().then(t.resolve, t.reject);
    return;
  }
  group.forEach((t, i) => t.resolve(resultOf({ ...t.plan.facts, id: written[i]!.contractId }, written[i]!.orderIds)));
}

/**
 * Places one order (SPEC §4, §5): priced first, then written with other buyers' orders by
 * `writer` when it can be (OrderPlan.together), else in a transaction of its own. `catalog`: the
 * app's checkout catalog cache (checkout/catalog-cache.ts; without it the catalog is read).
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  buyerId: bigint,
  key: string,
  body: SubmitBody,
  catalog?: CheckoutCatalogCache,
  writer?: OrderWriter,
): Promise<OrderResult> {
  // A second submit with a key this server is still placing (a double click, a quick retry) waits
  // for the first and gets its contract. If the first failed, the next one waiting is placed as
  // usual, the others wait for it: one placement per key at a time on this server, so a group
  // never holds one key twice (across servers, the key lock in the transaction does the same).
  let inFlight = placing.get(db);
  if (!inFlight) placing.set(db, (inFlight = new Map<string, Promise<OrderResult>>()));
  const id = `${buyerId}:${key}`;
  for (let first = inFlight.get(id); first; first = inFlight.get(id)) {
    const placed = await first.then(
      (r) => r,
      () => null,
    );
    if (placed) return placed;
  }
  const placed = placeOrderPriced(db, caller, buyerId, key, body, catalog, writer);
  inFlight.set(id, placed);
  try {
    return await placed;
  } finally {
    if (inFlight.get(id) === placed) inFlight.delete(id);
  }
}
/** The submits each database's server is placing, by buyer and key. */
const placing = new WeakMap<Db, Map<string, Promise<OrderResult>>>();

async function placeOrderPriced(
  db: Db,
  caller: Caller,
  buyerId: bigint,
  key: string,
  body: SubmitBody,
  catalog?: CheckoutCatalogCache,
  writer?: OrderWriter,
): Promise<OrderResult> {
  const alone = (plan: OrderPlan | null) => placeOrderAlone(db, caller, buyerId, key, body, catalog, plan);
  let plan: OrderPlan;
  try {
    plan = planOrder(caller, buyerId, key, body, await buildPreview(db, caller, body, { forSubmit: true, catalog }));
  } catch {
    // Answered inside the transaction, which first looks for an earlier contract with this key: a
    // retry of a placed order (its cart lines gone, its price changed since) gets that order.
    return alone(null);
  }
  if (!writer || !plan.together) return alone(plan);
  return new Promise((resolve, reject) => writer.add({ plan, resolve, reject, alone: () => alone(plan) }));
}

/** One order in a transaction of its own; `planned` (priced before) or priced inside it. */
async function placeOrderAlone(
  db: Db,
  caller: Caller,
  buyerId: bigint,
  key: string,
  body: SubmitBody,
  catalog: CheckoutCatalogCache | undefined,
  planned: OrderPlan | null,
): Promise<OrderResult> {
  try {
    return await transactionBetween(db, lockAndFindExisting(buyerId, key), async (tx, [found]) => {
      // A retry (or a double click) finds the contract the first submit made, after waiting for it.
      const again = existingOf(found!.rows[0]);
      if (again) return { value: again };
      const plan =
        planned ??
        planOrder(caller, buyerId, key, body, await buildPreview(tx, caller, body, { forSubmit: true, catalog }));
      const { ctx } = plan;

      // Coupons: each owner coupon is used once; a promotion code counts its uses.
      for (const c of ctx.chosenCoupons) {
        const used = await tx
          .update(ownerCoupons)
          .set({ status: 'USED', usedAt: new Date() })
          .where(
            and(
              eq(ownerCoupons.id, c.ownerCouponId),
              eq(ownerCoupons.buyerId, buyerId),
              eq(ownerCoupons.status, 'NOT_USED'),
            ),
          )
          .returning({ id: ownerCoupons.id });
        if (!used.length) throw fail(409, ERROR_CODES.couponNotUsable, 'This coupon code cannot be used');
      }
      for (const id of ctx.promotionCampaignIds) {
        const used = await tx
          .update(couponCampaigns)
          .set({ usedCount: sql`${couponCampaigns.usedCount} + 1` })
          .where(
            and(
              eq(couponCampaigns.id, id),
              sql`(${couponCampaigns.totalUses} IS NULL OR ${couponCampaigns.usedCount} < ${couponCampaigns.totalUses})`,
            ),
          )
          .returning({ id: couponCampaigns.id });
        if (!used.length) throw fail(409, ERROR_CODES.couponNotUsable, 'This coupon code cannot be used');
      }

      const giftTaken = await takeGiftStock(tx, plan.gifts);
      const { contractId, orderIds } = (
        await writeOrders(clientOf(tx) as pg.PoolClient, [{ plan, giftTaken: (k) => giftTaken.has(k) }], plan.now)
      )[0]!;

      // Cross-border orders' customs declarations, with the orders (they are never written together with others').
      await writeCustomsDeclarations(tx, caller, buyerId, contractId, orderIds, ctx.result);
      if (body.groupBuy) await takeGroupSlot(tx, body.groupBuy, orderIds[0]!, buyerId, plan.now);
      await spendPoints(tx, { buyerId, points: plan.spentPoints, tradeContractId: contractId });
      if (ctx.chosenCoupons.length) {
        await tx
          .update(ownerCoupons)
          .set({ tradeContractId: contractId })
          .where(
            inArray(
              ownerCoupons.id,
              ctx.chosenCoupons.map((c) => c.ownerCouponId),
            ),
          );
      }
      await cartLinesBought(clientOf(tx) as pg.PoolClient, [plan]);
      if (plan.isFreeTrade) await onOrdersPaid(tx, contractId, 'POINTS', plan.now);
      if (plan.isFreeTrade && caller.user?.userType === 'REGISTERED')
        await earnPoints(tx, { buyerId, points: ctx.result.earnPoints, tradeContractId: contractId });
      // Not enough stock rolls all of the above back (the closing statement fails, so no COMMIT).
      return { value: resultOf({ ...plan.facts, id: contractId }, orderIds), closing: takeStockOrFailSql(plan.stock) };
    });
  } catch (err) {
    const short = stockShortOf(err);
    if (short !== null) throw fail(409, ERROR_CODES.itemSoldOut, 'item solt out', { skuId: short });
    throw err;
  }
}

/** Exceed flow: store the order request once per key; the seller negotiates before any payment. */
export async function submitExceedRequest(
  db: Db,
  caller: Caller,
  buyerId: bigint,
  key: string,
  body: { requirements?: string } & Record<string, unknown>,
) {
  const preview = await buildPreview(db, caller, body as never, { forSubmit: false });
  if (!preview.result.isExceed)
    throw fail(400, ERROR_CODES.invalidRequest, 'Only oversized or bulk items need an order request');
  // The shops quote for this address (shipping, tax): a half-typed one the preview let pass is refused here.
  if (!preview.shippingAddress)
    throw preview.addressError ?? fail(400, ERROR_CODES.shippingAddressRequired, 'please fill in the shipping address');
  // The request and its split into one bulk request per shop concerned land together.
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(preTradeRequests)
      .values({
        buyerId,
        idempotencyKey: key,
        site: caller.site.code,
        requirements: body.requirements ?? null,
        payload: { request: body, preview: preview.result },
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await splitPreTradeRequest(tx, row.id, buyerId, caller.site.code, body, preview.result);
      // A sent request takes its lines out of the cart, as an order does: what is bought now is the seller's quote.
      const cartLineIds = preview.result.renderTradeOrderTOList
        .flatMap((o) => o.lines.map((l) => l.cartLineId))
        .filter((id): id is string => !!id);
      if (cartLineIds.length)
        await tx.execute(
          sql`SELECT cart_lines_bought(${JSON.stringify(cartLineIds.map((id) => ({ buyer_id: String(buyerId), id })))}::jsonb)`,
        );
    }
    return (
      row ??
      (
        await tx
          .select()
          .from(preTradeRequests)
          .where(and(eq(preTradeRequests.buyerId, buyerId), eq(preTradeRequests.idempotencyKey, key)))
      )[0]!
    );
  });
  return { id: String(saved.id), status: saved.status };
}
