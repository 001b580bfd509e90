/**
 * The pricing engine behind the contract preview (SPEC §3 "Contract preview", §4 Checkout).
 * Pure: the server feeds it lines, coupons, shipping and points; everything is bigint minor
 * units. The order of operations, which every figure depends on:
 *   1. line amount = unit x quantity (half up)
 *   1b. member discount (levelAmt): the buyer's benefit rate x the shop's goods (half up)
 *   2. shop coupon on the shop's goods after the member discount (one per shop, minimum spend)
 *   3. platform coupon, then promotion codes, on the goods left; allocated to shops pro rata
 *   4. shipping per shop
 *   5. tax: EXCLUSIVE sites add rate x goods after discounts; INCLUSIVE sites report the VAT
 *      contained in goods and shipping; a shop may carry its own rate (see tax.ts)
 *   6. points deduction (only when discountable points > 0), in whole steps, above a minimum
 *   7. earned points = ceil(amount paid in major units x earn rate x member multiplier)
 */
import { CURRENCY_DIGITS, type Currency } from '@mall/contracts';
import { applyRate, decimalToFraction, divRoundHalfUp, lineAmount } from './money.js';
import { earnedPoints, memberDiscount } from './membership.js';

export interface PricingCoupon {
  id: string;
  scope: 'SHOP' | 'PLATFORM';
  /** AMOUNT: a fixed amount off; DISCOUNT_COUPON: pay value/10 of the price ("8.5" pays 85 %). */
  type: 'AMOUNT' | 'DISCOUNT_COUPON';
  amountMinor?: bigint;
  discountValue?: string;
  minSpendMinor: bigint;
  /** Not valid in combination with other platform coupons or promotion codes. */
  useLimit: boolean;
  shopId?: string;
  code?: string;
}

export interface PricingLine {
  key: string;
  unitMinor: bigint;
  qty: string;
  /** Points-redemption lines cost points per unit instead of money. */
  pointsUnit: number | null;
}

export interface PricingShop {
  shopId: string;
  lines: PricingLine[];
  /** Minor units of the chosen shipping method; null when unknown or none chosen. */
  shippingMinor: bigint | null;
  coupon?: PricingCoupon;
  /** This shop's rate when it differs from the contract's (a pickup order pays the store's state's sales tax). */
  taxRate?: string;
}

export interface PointsRule {
  /** Points worth one major unit (100 -> 1 point = 0.01; JPY 1 -> 1 point = 1 yen). */
  pointsPerUnit: number;
  step: number;
  minimum: number;
  /** Points earned per major unit paid. */
  earnPerUnit: string;
  /** Largest share of the amount payable with points ("0.5"). */
  maxShare: string;
}

export interface PricingInput {
  currency: Currency;
  taxRate: string;
  taxDisplay: 'INCLUSIVE' | 'EXCLUSIVE';
  shops: PricingShop[];
  platformCoupon?: PricingCoupon;
  promotionCodes?: PricingCoupon[];
  points: { enabled: boolean; balance: number; requested?: number; rule: PointsRule };
  /** The buyer's member benefits (membership levels, paid service); none for guests. */
  member?: { discountRate: string; pointsMultiplier: string };
}

export type UselessReason = 'MIN_SPEND' | 'COMBINATION';

export interface PricedLine {
  key: string;
  skuAmt: bigint;
  discountAmt: bigint;
  needPayAmt: bigint;
  points: number;
}
export interface PricedShop {
  shopId: string;
  lines: PricedLine[];
  skuAmt: bigint;
  levelAmt: bigint;
  shopDiscountAmt: bigint;
  platformDiscountAmt: bigint;
  shippingAmt: bigint;
  shippingKnown: boolean;
  taxRate: string;
  taxAmt: bigint;
  needPayAmt: bigint;
  couponApplied: boolean;
}
export interface PricingResult {
  shops: PricedShop[];
  skuAmt: bigint;
  /** Member discount over all shops (SPEC levelAmt). */
  levelAmt: bigint;
  shopDiscountAmt: bigint;
  platformCouponDiscountAmt: bigint;
  promotionDiscountAmt: bigint;
  /** Platform coupon plus promotion codes. */
  platformDiscountAmt: bigint;
  shippingAmt: bigint;
  shippingNoTaxAmt: bigint;
  totalTaxAmt: bigint;
  taxRate: string;
  points: {
    balance: number;
    discountablePoint: number;
    discountableAmount: bigint;
    chosenIntegral: number;
    discountAmount: bigint;
  };
  /** Points owed by points-redemption lines. */
  actualNeedPayPoints: number;
  needPayAmt: bigint;
  earnPoints: number;
  couponCodeUsedList: string[];
  uselessPromotionCode: { code: string; reason: UselessReason }[];
  platformCouponApplied: boolean;
  /** False when the buyer's points do not cover points-redemption lines. */
  enoughPoints: boolean;
}

const minorPerUnit = (c: Currency) => 10n ** BigInt(CURRENCY_DIGITS[c]);

/** Discount a coupon gives on a base amount, or 0 when its minimum spend is not met. */
export function couponDiscount(c: PricingCoupon, base: bigint): bigint {
  if (base <= 0n || base < c.minSpendMinor) return 0n;
  if (c.type === 'AMOUNT') return (c.amountMinor ?? 0n) < base ? (c.amountMinor ?? 0n) : base;
  const [num, den] = decimalToFraction(c.discountValue ?? '10');
  // value/10 is the share paid: discount = base - round(base x value / 10).
  const paid = divRoundHalfUp(base * num, den * 10n);
  return base - paid;
}

/** Display percent of a discount coupon (SPEC §9): 100 - 10 x value, e.g. "8.5" -> 15. */
export function discountPercent(value: string): number {
  const [num, den] = decimalToFraction(value);
  return 100 - Number((num * 10n) / den);
}

/** Splits `total` over weights, largest remainder first, so the parts add up exactly. */
export function allocate(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n || total === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  let rest = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (rest === 0n) break;
    parts[i]! += 1n;
    rest -= 1n;
  }
  return parts;
}

/** VAT contained in a gross amount: gross - round(gross / (1 + rate)). */
export function includedTax(gross: bigint, rate: string): bigint {
  const [num, den] = decimalToFraction(rate);
  return gross - divRoundHalfUp(gross * den, den + num);
}

export function priceContract(input: PricingInput): PricingResult {
  const { currency, taxRate, taxDisplay } = input;
  // 1-2. Lines and shop coupons.
  const shops = input.shops.map((s) => {
    const lines = s.lines.map((l) => ({
      key: l.key,
      skuAmt: l.pointsUnit === null ? lineAmount(l.unitMinor, l.qty) : 0n,
      points: l.pointsUnit === null ? 0 : Math.ceil(l.pointsUnit * Number(l.qty) - 1e-9),
    }));
    const skuAmt = lines.reduce((a, l) => a + l.skuAmt, 0n);
    const levelAmt = memberDiscount(skuAmt, input.member?.discountRate ?? '0');
    const shopDiscountAmt = s.coupon ? couponDiscount(s.coupon, skuAmt - levelAmt) : 0n;
    return { s, lines, skuAmt, levelAmt, shopDiscountAmt };
  });

  // 3. Platform coupon, then promotion codes, each on what is left.
  let base = shops.reduce((a, s) => a + s.skuAmt - s.levelAmt - s.shopDiscountAmt, 0n);
  const platformCouponDiscountAmt = input.platformCoupon ? couponDiscount(input.platformCoupon, base) : 0n;
  base -= platformCouponDiscountAmt;
  const couponCodeUsedList: string[] = [];
  const uselessPromotionCode: PricingResult['uselessPromotionCode'] = [];
  let promotionDiscountAmt = 0n;
  let limited = input.platformCoupon?.useLimit === true && platformCouponDiscountAmt > 0n;
  let usedAny = platformCouponDiscountAmt > 0n;
  for (const code of input.promotionCodes ?? []) {
    const name = code.code ?? code.id;
    if (limited || (code.useLimit && usedAny)) {
      uselessPromotionCode.push({ code: name, reason: 'COMBINATION' });
      continue;
    }
    const d = couponDiscount(code, base);
    if (d === 0n) {
      uselessPromotionCode.push({ code: name, reason: 'MIN_SPEND' });
      continue;
    }
    promotionDiscountAmt += d;
    base -= d;
    couponCodeUsedList.push(name);
    usedAny = true;
    limited = limited || code.useLimit;
  }
  const platformDiscountAmt = platformCouponDiscountAmt + promotionDiscountAmt;
  const platformShares = allocate(
    platformDiscountAmt,
    shops.map((s) => s.skuAmt - s.levelAmt - s.shopDiscountAmt),
  );

  // 4-5. Shipping and tax per shop.
  const priced: PricedShop[] = shops.map((s, i) => {
    const goods = s.skuAmt - s.levelAmt - s.shopDiscountAmt - platformShares[i]!;
    const shippingAmt = s.s.shippingMinor ?? 0n;
    const rate = s.s.taxRate ?? taxRate;
    const taxAmt = taxDisplay === 'EXCLUSIVE' ? applyRate(goods, rate) : includedTax(goods + shippingAmt, rate);
    const needPayAmt = goods + shippingAmt + (taxDisplay === 'EXCLUSIVE' ? taxAmt : 0n);
    // Line discounts: the shop's discounts spread over its lines.
    const lineDiscounts = allocate(
      s.levelAmt + s.shopDiscountAmt + platformShares[i]!,
      s.lines.map((l) => l.skuAmt),
    );
    return {
      shopId: s.s.shopId,
      skuAmt: s.skuAmt,
      levelAmt: s.levelAmt,
      shopDiscountAmt: s.shopDiscountAmt,
      platformDiscountAmt: platformShares[i]!,
      shippingAmt,
      shippingKnown: s.s.shippingMinor !== null,
      taxRate: rate,
      taxAmt,
      needPayAmt,
      couponApplied: s.shopDiscountAmt > 0n,
      lines: s.lines.map((l, j) => ({
        key: l.key,
        skuAmt: l.skuAmt,
        discountAmt: lineDiscounts[j]!,
        needPayAmt: l.skuAmt - lineDiscounts[j]!,
        points: l.points,
      })),
    };
  });
  const shippingAmt = priced.reduce((a, s) => a + s.shippingAmt, 0n);
  const totalTaxAmt = priced.reduce((a, s) => a + s.taxAmt, 0n);
  // VAT sites have one rate; shop rates only differ for US sales tax, which is never included.
  const shippingNoTaxAmt = taxDisplay === 'EXCLUSIVE' ? shippingAmt : shippingAmt - includedTax(shippingAmt, taxRate);
  const payable = priced.reduce((a, s) => a + s.needPayAmt, 0n);

  // 6. Points: points-redemption lines first, the rest may pay money.
  const rule = input.points.rule;
  const unit = minorPerUnit(currency);
  const actualNeedPayPoints = priced.reduce((a, s) => a + s.lines.reduce((b, l) => b + l.points, 0), 0);
  const spare = Math.max(0, input.points.balance - actualNeedPayPoints);
  // A cap: payable x maxShare in points, rounded down (rounding half up could exceed the share).
  const [sn, sd] = decimalToFraction(rule.maxShare);
  const maxByAmount = Number((payable * sn * BigInt(rule.pointsPerUnit)) / (sd * unit));
  let discountablePoint = Math.min(spare, maxByAmount);
  discountablePoint -= discountablePoint % rule.step;
  if (discountablePoint < rule.minimum) discountablePoint = 0;
  const pointsToMinor = (p: number) => (BigInt(p) * unit) / BigInt(rule.pointsPerUnit);
  let chosenIntegral = 0;
  if (input.points.enabled && discountablePoint > 0) {
    chosenIntegral = Math.min(input.points.requested ?? discountablePoint, discountablePoint);
    chosenIntegral -= chosenIntegral % rule.step;
    if (chosenIntegral < rule.minimum) chosenIntegral = 0;
  }
  const discountAmount = pointsToMinor(chosenIntegral);
  const needPayAmt = payable - discountAmount;

  // 7. Earned points, multiplied by the member benefit, rounded up.
  const earnPoints = earnedPoints(needPayAmt, unit, rule.earnPerUnit, input.member?.pointsMultiplier ?? '1');

  return {
    shops: priced,
    skuAmt: priced.reduce((a, s) => a + s.skuAmt, 0n),
    levelAmt: priced.reduce((a, s) => a + s.levelAmt, 0n),
    shopDiscountAmt: priced.reduce((a, s) => a + s.shopDiscountAmt, 0n),
    platformCouponDiscountAmt,
    promotionDiscountAmt,
    platformDiscountAmt,
    shippingAmt,
    shippingNoTaxAmt,
    totalTaxAmt,
    taxRate,
    points: {
      balance: input.points.balance,
      discountablePoint,
      discountableAmount: pointsToMinor(discountablePoint),
      chosenIntegral,
      discountAmount,
    },
    actualNeedPayPoints,
    needPayAmt,
    earnPoints: Math.max(0, earnPoints),
    couponCodeUsedList,
    uselessPromotionCode,
    platformCouponApplied: platformCouponDiscountAmt > 0n,
    enoughPoints: actualNeedPayPoints <= input.points.balance,
  };
}
