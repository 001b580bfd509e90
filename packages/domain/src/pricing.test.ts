/**
 * Pricing engine tests. Every expected figure is computed by hand in the comment next to it
 * (bigint minor units: cents for USD/GBP/EUR, yen for JPY). Rounding is half up unless a
 * comment says otherwise; "incl. VAT of g at r" means g - round(g / (1 + r)).
 */
import { describe, expect, it } from 'vitest';
import { CURRENCY_DIGITS, SITES, type SiteCode } from '@mall/contracts';
import {
  allocate,
  couponDiscount,
  discountPercent,
  includedTax,
  priceContract,
  type PricingCoupon,
  type PricingInput,
  type PricingLine,
  type PricingShop,
} from './pricing.js';

const line = (key: string, unitMinor: bigint, qty = '1', pointsUnit: number | null = null): PricingLine => ({
  key,
  unitMinor,
  qty,
  pointsUnit,
});
const shop = (
  shopId: string,
  lines: PricingLine[],
  shippingMinor: bigint | null = null,
  coupon?: PricingCoupon,
): PricingShop => ({ shopId, lines, shippingMinor, ...(coupon ? { coupon } : {}) });

/** A priceContract input for a real site row; points off with a zero balance unless overridden. */
function forSite(
  code: SiteCode,
  shops: PricingShop[],
  over: Partial<PricingInput> = {},
  points: Partial<PricingInput['points']> = {},
): PricingInput {
  const s = SITES[code];
  return {
    currency: s.currency,
    taxRate: s.taxRate,
    taxDisplay: s.taxDisplay,
    shops,
    ...over,
    points: { enabled: false, balance: 0, rule: s.points, ...points },
  };
}

const amountCoupon = (
  id: string,
  amountMinor: bigint,
  minSpendMinor = 0n,
  extra: Partial<PricingCoupon> = {},
): PricingCoupon => ({ id, scope: 'SHOP', type: 'AMOUNT', amountMinor, minSpendMinor, useLimit: false, ...extra });
const percentCoupon = (
  id: string,
  discountValue: string,
  minSpendMinor = 0n,
  extra: Partial<PricingCoupon> = {},
): PricingCoupon => ({
  id,
  scope: 'SHOP',
  type: 'DISCOUNT_COUPON',
  discountValue,
  minSpendMinor,
  useLimit: false,
  ...extra,
});
const promo = (code: string, c: PricingCoupon): PricingCoupon => ({ ...c, scope: 'PLATFORM', code });

describe('site table rows used by the pricing engine', () => {
  it('has the rates, display modes and currencies of the spec', () => {
    expect(SITES.US).toMatchObject({ taxRate: '0.0725', taxDisplay: 'EXCLUSIVE', currency: 'USD' });
    expect(SITES.UK).toMatchObject({ taxRate: '0.20', taxDisplay: 'INCLUSIVE', currency: 'GBP' });
    expect(SITES.DE).toMatchObject({ taxRate: '0.19', taxDisplay: 'INCLUSIVE', currency: 'EUR' });
    expect(SITES.JP).toMatchObject({ taxRate: '0.10', taxDisplay: 'INCLUSIVE', currency: 'JPY' });
    expect(SITES.ES).toMatchObject({ taxRate: '0.21', taxDisplay: 'INCLUSIVE', currency: 'EUR' });
    expect(SITES.IT).toMatchObject({ taxRate: '0.22', taxDisplay: 'INCLUSIVE', currency: 'EUR' });
    expect(SITES.FR).toMatchObject({ taxRate: '0.20', taxDisplay: 'INCLUSIVE', currency: 'EUR' });
    expect(SITES.NL).toMatchObject({ taxRate: '0.21', taxDisplay: 'INCLUSIVE', currency: 'EUR' });
    expect(CURRENCY_DIGITS.JPY).toBe(0);
    expect(SITES.US.points).toMatchObject({ pointsPerUnit: 100, earnPerUnit: '1' });
    expect(SITES.JP.points).toMatchObject({ pointsPerUnit: 1, earnPerUnit: '0.01' });
  });
});

describe('every site: two lines in two shops with shipping', () => {
  // 2-decimal sites: shop A 19.99 x 2 = 39.98 (3998) + shipping 5.99 (599);
  //                  shop B 45.50 x 1 = 45.50 (4550) + shipping 3.50 (350).
  // skuAmt = 3998 + 4550 = 8548; shipping = 599 + 350 = 949.
  // INCLUSIVE: needPay = goods + shipping = 8548 + 949 = 9497 -> earn ceil(94.97 x 1) = 95.
  // Shop gross: A = 3998 + 599 = 4597, B = 4550 + 350 = 4900.
  const twoDecimalCart = () => [shop('A', [line('a1', 1999n, '2')], 599n), shop('B', [line('b1', 4550n, '1')], 350n)];
  // JP (yen): shop A 1980 x 2 = 3960 + shipping 500; shop B 4500 x 1 + shipping 330.
  const yenCart = () => [shop('A', [line('a1', 1980n, '2')], 500n), shop('B', [line('b1', 4500n, '1')], 330n)];

  type Row = {
    code: SiteCode;
    cart: () => PricingShop[];
    sku: bigint;
    shopTax: [bigint, bigint];
    tax: bigint;
    shipNoTax: bigint;
    needPay: bigint;
    earn: number;
  };
  const rows: Row[] = [
    // US EXCLUSIVE 0.0725 on goods only: A 3998 x 0.0725 = 289.855 -> 290; B 4550 x 0.0725 = 329.875 -> 330; tax 620.
    // shippingNoTax = 949 (no tax on shipping); needPay 8548 + 949 + 620 = 10117 -> earn ceil(101.17) = 102.
    {
      code: 'US',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [290n, 330n],
      tax: 620n,
      shipNoTax: 949n,
      needPay: 10117n,
      earn: 102,
    },
    // UK 0.20: A 4597/1.2 = 3830.83 -> 3831, VAT 766; B 4900/1.2 = 4083.33 -> 4083, VAT 817; total 1583.
    // shippingNoTax = round(949/1.2 = 790.83) = 791.
    {
      code: 'UK',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [766n, 817n],
      tax: 1583n,
      shipNoTax: 791n,
      needPay: 9497n,
      earn: 95,
    },
    // DE 0.19: A 4597/1.19 = 3863.03 -> 3863, VAT 734; B 4900/1.19 = 4117.65 -> 4118, VAT 782; total 1516.
    // shippingNoTax = round(949/1.19 = 797.48) = 797.
    {
      code: 'DE',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [734n, 782n],
      tax: 1516n,
      shipNoTax: 797n,
      needPay: 9497n,
      earn: 95,
    },
    // JP 0.10, yen: gross A 3960 + 500 = 4460, /1.1 = 4054.55 -> 4055, VAT 405; B 4500 + 330 = 4830, /1.1 = 4390.91 -> 4391, VAT 439.
    // tax 844; shipping 830, shippingNoTax = round(830/1.1 = 754.55) = 755; skuAmt 3960 + 4500 = 8460;
    // needPay 8460 + 830 = 9290 yen -> earn ceil(9290 x 0.01 = 92.9) = 93.
    {
      code: 'JP',
      cart: yenCart,
      sku: 8460n,
      shopTax: [405n, 439n],
      tax: 844n,
      shipNoTax: 755n,
      needPay: 9290n,
      earn: 93,
    },
    // ES 0.21: A 4597/1.21 = 3799.17 -> 3799, VAT 798; B 4900/1.21 = 4049.59 -> 4050, VAT 850; total 1648.
    // shippingNoTax = round(949/1.21 = 784.30) = 784.
    {
      code: 'ES',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [798n, 850n],
      tax: 1648n,
      shipNoTax: 784n,
      needPay: 9497n,
      earn: 95,
    },
    // IT 0.22: A 4597/1.22 = 3768.03 -> 3768, VAT 829; B 4900/1.22 = 4016.39 -> 4016, VAT 884; total 1713.
    // shippingNoTax = round(949/1.22 = 777.87) = 778.
    {
      code: 'IT',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [829n, 884n],
      tax: 1713n,
      shipNoTax: 778n,
      needPay: 9497n,
      earn: 95,
    },
    // FR 0.20: same arithmetic as UK: 766 + 817 = 1583; shippingNoTax 791.
    {
      code: 'FR',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [766n, 817n],
      tax: 1583n,
      shipNoTax: 791n,
      needPay: 9497n,
      earn: 95,
    },
    // NL 0.21: same arithmetic as ES: 798 + 850 = 1648; shippingNoTax 784.
    {
      code: 'NL',
      cart: twoDecimalCart,
      sku: 8548n,
      shopTax: [798n, 850n],
      tax: 1648n,
      shipNoTax: 784n,
      needPay: 9497n,
      earn: 95,
    },
  ];

  it.each(rows)('$code', ({ code, cart, sku, shopTax, tax, shipNoTax, needPay, earn }) => {
    const r = priceContract(forSite(code, cart()));
    expect(r.skuAmt).toBe(sku);
    expect(r.shops.map((s) => s.taxAmt)).toEqual(shopTax);
    expect(r.totalTaxAmt).toBe(tax);
    expect(r.shippingNoTaxAmt).toBe(shipNoTax);
    expect(r.needPayAmt).toBe(needPay);
    expect(r.earnPoints).toBe(earn);
    expect(r.taxRate).toBe(SITES[code].taxRate);
    // No coupons, no points: nothing discounted.
    expect(r.shopDiscountAmt).toBe(0n);
    expect(r.platformDiscountAmt).toBe(0n);
    expect(r.points.discountAmount).toBe(0n);
    expect(r.shops.every((s) => s.shippingKnown)).toBe(true);
  });

  it('per shop figures on the US site add up to the totals', () => {
    const r = priceContract(forSite('US', twoDecimalCart()));
    // A: 3998 + 599 + 290 = 4887; B: 4550 + 350 + 330 = 5230; 4887 + 5230 = 10117.
    expect(r.shops.map((s) => s.needPayAmt)).toEqual([4887n, 5230n]);
    expect(r.shippingAmt).toBe(949n); // 599 + 350
  });
});

describe('weight quantity', () => {
  it('rounds unit x decimal quantity half up to the minor unit', () => {
    const r = priceContract(forSite('US', [shop('A', [line('w', 2499n, '1.5')])]));
    // 2499 x 1.5 = 3748.5 -> 3749 (half up).
    expect(r.shops[0]!.lines[0]!.skuAmt).toBe(3749n);
    expect(r.skuAmt).toBe(3749n);
    // tax 3749 x 0.0725 = 271.8025 -> 272; needPay 3749 + 272 = 4021.
    expect(r.totalTaxAmt).toBe(272n);
    expect(r.needPayAmt).toBe(4021n);
  });
});

describe('shop coupons', () => {
  it('AMOUNT coupon with the minimum spend met', () => {
    const c = amountCoupon('c1', 1000n, 5000n, { shopId: 'A' });
    const r = priceContract(forSite('US', [shop('A', [line('a', 3000n, '2')], null, c)]));
    // goods 3000 x 2 = 6000 >= 5000 -> 1000 off; goods 5000; tax 5000 x 0.0725 = 362.5 -> 363; needPay 5363.
    expect(r.shopDiscountAmt).toBe(1000n);
    expect(r.shops[0]!.couponApplied).toBe(true);
    expect(r.totalTaxAmt).toBe(363n);
    expect(r.needPayAmt).toBe(5363n);
  });

  it('AMOUNT coupon with the minimum spend exactly met', () => {
    const c = amountCoupon('c1', 1000n, 5000n);
    const r = priceContract(forSite('US', [shop('A', [line('a', 5000n)], null, c)]));
    // 5000 >= 5000 -> 1000 off; goods 4000; tax 4000 x 0.0725 = 290; needPay 4290.
    expect(r.shopDiscountAmt).toBe(1000n);
    expect(r.needPayAmt).toBe(4290n);
  });

  it('AMOUNT coupon with the minimum spend not met', () => {
    const c = amountCoupon('c1', 1000n, 5000n);
    const r = priceContract(forSite('US', [shop('A', [line('a', 4999n)], null, c)]));
    // 4999 < 5000 -> no discount; tax 4999 x 0.0725 = 362.4275 -> 362; needPay 4999 + 362 = 5361.
    expect(r.shopDiscountAmt).toBe(0n);
    expect(r.shops[0]!.couponApplied).toBe(false);
    expect(r.needPayAmt).toBe(5361n);
  });

  it('AMOUNT coupon larger than the goods is capped at the goods', () => {
    const c = amountCoupon('c1', 5000n);
    const r = priceContract(forSite('US', [shop('A', [line('a', 3000n)], 499n, c)]));
    // 5000 off 3000 of goods -> 3000 off; goods 0; tax 0; needPay = shipping 499.
    expect(r.shopDiscountAmt).toBe(3000n);
    expect(r.shops[0]!.lines[0]).toMatchObject({ discountAmt: 3000n, needPayAmt: 0n });
    expect(r.totalTaxAmt).toBe(0n);
    expect(r.needPayAmt).toBe(499n);
    expect(couponDiscount(c, 3000n)).toBe(3000n); // min(5000, 3000)
  });

  it('DISCOUNT_COUPON "8.5" pays 85 %', () => {
    const c = percentCoupon('d1', '8.5');
    // 3999 x 0.85 = 3399.15 -> pays 3399, discount 3999 - 3399 = 600.
    expect(couponDiscount(c, 3999n)).toBe(600n);
    // 1990 x 0.85 = 1691.5 -> pays 1692 (half up), discount 1990 - 1692 = 298.
    expect(couponDiscount(c, 1990n)).toBe(298n);
    // 10000 x 0.85 = 8500 -> discount 1500.
    expect(couponDiscount(c, 10000n)).toBe(1500n);
    const r = priceContract(forSite('UK', [shop('A', [line('a', 3999n)], null, c)]));
    // UK is INCLUSIVE: needPay = 3999 - 600 = 3399.
    expect(r.shopDiscountAmt).toBe(600n);
    expect(r.needPayAmt).toBe(3399n);
  });

  it('DISCOUNT_COUPON respects its minimum spend', () => {
    const c = percentCoupon('d1', '8.5', 5000n);
    expect(couponDiscount(c, 4999n)).toBe(0n); // 4999 < 5000
    expect(couponDiscount(c, 5000n)).toBe(750n); // 5000 x 0.85 = 4250 -> 750 off
  });

  it('displays the discount percent as 100 - 10 x value', () => {
    expect(discountPercent('8.5')).toBe(15); // 100 - 85
    expect(discountPercent('9')).toBe(10); // 100 - 90
    expect(discountPercent('7')).toBe(30); // 100 - 70
  });

  it('spreads a shop coupon over the shop lines', () => {
    const c = amountCoupon('c1', 1000n);
    const r = priceContract(forSite('UK', [shop('A', [line('a', 3000n, '2'), line('b', 4000n)], null, c)]));
    // lines 6000 and 4000 (sum 10000): 1000 x 6000/10000 = 600, 1000 x 4000/10000 = 400.
    expect(r.shops[0]!.lines.map((l) => l.discountAmt)).toEqual([600n, 400n]);
    expect(r.shops[0]!.lines.map((l) => l.needPayAmt)).toEqual([5400n, 3600n]); // 6000-600, 4000-400
  });
});

describe('allocate', () => {
  it('splits by weight with the largest remainder first, parts adding up exactly', () => {
    // 10 over 1:1:1 -> 3.33 each: floors 3,3,3 = 9, the 1 left goes to the first of equal remainders.
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    // 100 over 1:2:3 -> 16.67, 33.33, 50: floors 16,33,50 = 99; remainders 4/6, 2/6, 0 -> first gets the 1.
    expect(allocate(100n, [1n, 2n, 3n])).toEqual([17n, 33n, 50n]);
    // 1001 over 3000:7000 -> 300.3, 700.7: floors 300,700 = 1000; larger remainder (.7) gets the 1.
    expect(allocate(1001n, [3000n, 7000n])).toEqual([300n, 701n]);
    expect(allocate(0n, [1n, 2n])).toEqual([0n, 0n]);
    expect(allocate(5n, [0n, 0n])).toEqual([0n, 0n]);
  });
});

describe('platform coupon', () => {
  it('is allocated to shops pro rata and the line discounts add up to the shop discounts', () => {
    const platform: PricingCoupon = {
      id: 'p',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 1000n,
      minSpendMinor: 0n,
      useLimit: false,
    };
    const r = priceContract(
      forSite(
        'US',
        [
          shop('A', [line('a1', 3000n)]),
          shop('B', [line('b1', 2000n, '2'), line('b2', 3000n)], null, amountCoupon('sb', 500n)),
        ],
        { platformCoupon: platform },
      ),
    );
    // Goods after shop coupons: A 3000, B 4000 + 3000 - 500 = 6500; base 9500; platform 1000 off.
    // A: 1000 x 3000/9500 = 315.79 -> 315 (rem .79); B: 1000 x 6500/9500 = 684.21 -> 684 (rem .21);
    // 1 left -> A: A 316, B 684; 316 + 684 = 1000.
    expect(r.platformCouponDiscountAmt).toBe(1000n);
    expect(r.platformDiscountAmt).toBe(1000n);
    expect(r.platformCouponApplied).toBe(true);
    expect(r.shops.map((s) => s.platformDiscountAmt)).toEqual([316n, 684n]);
    expect(r.shops.map((s) => s.shopDiscountAmt)).toEqual([0n, 500n]);
    // B lines 4000 and 3000 share 500 + 684 = 1184: 676.57 -> 676 (rem .57), 507.43 -> 507 (rem .43); 1 left -> first.
    expect(r.shops[1]!.lines.map((l) => l.discountAmt)).toEqual([677n, 507n]);
    expect(r.shops[0]!.lines.map((l) => l.discountAmt)).toEqual([316n]);
    for (const s of r.shops) {
      expect(s.lines.reduce((a, l) => a + l.discountAmt, 0n)).toBe(s.shopDiscountAmt + s.platformDiscountAmt);
    }
    // Tax: A (3000 - 316) = 2684 x 0.0725 = 194.59 -> 195; B (6500 - 684) = 5816 x 0.0725 = 421.66 -> 422.
    // needPay 2684 + 195 + 5816 + 422 = 9117.
    expect(r.shops.map((s) => s.taxAmt)).toEqual([195n, 422n]);
    expect(r.needPayAmt).toBe(9117n);
  });

  it('is not applied when its minimum spend is not met', () => {
    const platform: PricingCoupon = {
      id: 'p',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 1000n,
      minSpendMinor: 20000n,
      useLimit: false,
    };
    const r = priceContract(forSite('UK', [shop('A', [line('a', 10000n)])], { platformCoupon: platform }));
    // 10000 < 20000 -> nothing.
    expect(r.platformCouponDiscountAmt).toBe(0n);
    expect(r.platformCouponApplied).toBe(false);
    expect(r.needPayAmt).toBe(10000n);
  });
});

describe('promotion codes', () => {
  // UK (INCLUSIVE) keeps needPay = goods - discounts; one shop with 100.00 of goods.
  const cart = () => [shop('A', [line('a', 10000n)])];
  const P1 = promo('SAVE10', amountCoupon('p1', 1000n));
  const P2 = promo('TENOFF', percentCoupon('p2', '9'));
  const LIMITED = promo('SOLO5', amountCoupon('p3', 500n, 0n, { useLimit: true }));

  it('applies two codes, each on what is left, when none has useLimit', () => {
    const r = priceContract(forSite('UK', cart(), { promotionCodes: [P1, P2] }));
    // SAVE10: 1000 off 10000 -> 9000 left; TENOFF ("9" pays 90 %): 9000 x 0.9 = 8100 -> 900 off.
    expect(r.promotionDiscountAmt).toBe(1900n); // 1000 + 900
    expect(r.platformDiscountAmt).toBe(1900n);
    expect(r.couponCodeUsedList).toEqual(['SAVE10', 'TENOFF']);
    expect(r.uselessPromotionCode).toEqual([]);
    expect(r.needPayAmt).toBe(8100n); // 10000 - 1900
  });

  it('rejects any code after a useLimit platform coupon (COMBINATION)', () => {
    const platform: PricingCoupon = {
      id: 'pc',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 500n,
      minSpendMinor: 0n,
      useLimit: true,
    };
    const r = priceContract(forSite('UK', cart(), { platformCoupon: platform, promotionCodes: [P1] }));
    expect(r.platformCouponDiscountAmt).toBe(500n);
    expect(r.promotionDiscountAmt).toBe(0n);
    expect(r.uselessPromotionCode).toEqual([{ code: 'SAVE10', reason: 'COMBINATION' }]);
    expect(r.couponCodeUsedList).toEqual([]);
    expect(r.needPayAmt).toBe(9500n); // 10000 - 500
  });

  it('lets a code through when the useLimit platform coupon was not applied', () => {
    const platform: PricingCoupon = {
      id: 'pc',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 500n,
      minSpendMinor: 50000n,
      useLimit: true,
    };
    const r = priceContract(forSite('UK', cart(), { platformCoupon: platform, promotionCodes: [P1] }));
    // platform: 10000 < 50000 -> not applied; SAVE10 1000 off.
    expect(r.platformCouponApplied).toBe(false);
    expect(r.couponCodeUsedList).toEqual(['SAVE10']);
    expect(r.needPayAmt).toBe(9000n);
  });

  it('rejects a useLimit code after another applied code (COMBINATION)', () => {
    const r = priceContract(forSite('UK', cart(), { promotionCodes: [P1, LIMITED] }));
    expect(r.couponCodeUsedList).toEqual(['SAVE10']);
    expect(r.uselessPromotionCode).toEqual([{ code: 'SOLO5', reason: 'COMBINATION' }]);
    expect(r.promotionDiscountAmt).toBe(1000n);
  });

  it('rejects a useLimit code after a (non-limited) platform coupon (COMBINATION)', () => {
    const platform: PricingCoupon = {
      id: 'pc',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 200n,
      minSpendMinor: 0n,
      useLimit: false,
    };
    const r = priceContract(forSite('UK', cart(), { platformCoupon: platform, promotionCodes: [LIMITED] }));
    expect(r.uselessPromotionCode).toEqual([{ code: 'SOLO5', reason: 'COMBINATION' }]);
    expect(r.platformDiscountAmt).toBe(200n);
  });

  it('rejects every code after an applied useLimit code (COMBINATION)', () => {
    const r = priceContract(forSite('UK', cart(), { promotionCodes: [LIMITED, P1] }));
    expect(r.couponCodeUsedList).toEqual(['SOLO5']);
    expect(r.uselessPromotionCode).toEqual([{ code: 'SAVE10', reason: 'COMBINATION' }]);
    expect(r.needPayAmt).toBe(9500n); // 10000 - 500
  });

  it('reports MIN_SPEND for a code whose minimum spend is not met, and still applies the others', () => {
    const BIG = promo('BIG50', amountCoupon('p4', 5000n, 20000n));
    const r = priceContract(forSite('UK', cart(), { promotionCodes: [BIG, P1] }));
    // BIG50: 10000 < 20000 -> MIN_SPEND; SAVE10 1000 off.
    expect(r.uselessPromotionCode).toEqual([{ code: 'BIG50', reason: 'MIN_SPEND' }]);
    expect(r.couponCodeUsedList).toEqual(['SAVE10']);
    expect(r.needPayAmt).toBe(9000n);
  });

  it("checks a code's minimum spend against the goods left after the platform coupon", () => {
    const platform: PricingCoupon = {
      id: 'pc',
      scope: 'PLATFORM',
      type: 'AMOUNT',
      amountMinor: 1000n,
      minSpendMinor: 0n,
      useLimit: false,
    };
    const MID = promo('MID95', amountCoupon('p5', 500n, 9500n));
    const r = priceContract(forSite('UK', cart(), { platformCoupon: platform, promotionCodes: [MID] }));
    // 10000 - 1000 = 9000 left < 9500 -> MIN_SPEND.
    expect(r.uselessPromotionCode).toEqual([{ code: 'MID95', reason: 'MIN_SPEND' }]);
    expect(r.promotionDiscountAmt).toBe(0n);
  });
});

describe('points', () => {
  // US cart: 100.00 of goods, no shipping; tax 10000 x 0.0725 = 725; payable 10725.
  // maxShare 0.5: 10725 x 0.5 = 5362.5 cents -> at most 5362 points (100 points = 1.00) -> step 100 -> 5300.
  const usCart = () => [shop('A', [line('a', 10000n)])];

  it('are not deducted when disabled (the offer is still computed)', () => {
    const r = priceContract(forSite('US', usCart(), {}, { enabled: false, balance: 10000 }));
    expect(r.points.discountablePoint).toBe(5300);
    expect(r.points.chosenIntegral).toBe(0);
    expect(r.points.discountAmount).toBe(0n);
    expect(r.needPayAmt).toBe(10725n);
    expect(r.earnPoints).toBe(108); // ceil(107.25)
  });

  it('are capped at maxShare of the payable amount (USD: 100 points = 1.00)', () => {
    const r = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 10000 }));
    // min(10000, 5362) = 5362 -> 5300 points = 53.00 (5300 cents).
    expect(r.points.discountablePoint).toBe(5300);
    expect(r.points.discountableAmount).toBe(5300n);
    expect(r.points.chosenIntegral).toBe(5300);
    expect(r.points.discountAmount).toBe(5300n);
    // needPay 10725 - 5300 = 5425 -> earn ceil(54.25) = 55.
    expect(r.needPayAmt).toBe(5425n);
    expect(r.earnPoints).toBe(55);
  });

  it('are deducted in whole steps (balance 1234, step 100 -> 1200)', () => {
    const r = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 1234 }));
    // min(1234, 5362) = 1234 -> 1200 points = 12.00; needPay 10725 - 1200 = 9525 -> earn ceil(95.25) = 96.
    expect(r.points.balance).toBe(1234);
    expect(r.points.discountablePoint).toBe(1200);
    expect(r.points.discountAmount).toBe(1200n);
    expect(r.needPayAmt).toBe(9525n);
    expect(r.earnPoints).toBe(96);
  });

  it('offer nothing when the balance is below the minimum, and are then not deducted', () => {
    // 499 -> step 400 < minimum 500 -> 0.
    const r = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 499, requested: 499 }));
    expect(r.points.discountablePoint).toBe(0);
    expect(r.points.discountableAmount).toBe(0n);
    expect(r.points.chosenIntegral).toBe(0);
    expect(r.points.discountAmount).toBe(0n);
    expect(r.needPayAmt).toBe(10725n);
    // Exactly the minimum is allowed: 550 -> 500 >= 500.
    const m = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 550 }));
    expect(m.points.discountablePoint).toBe(500);
    expect(m.needPayAmt).toBe(10225n); // 10725 - 500
  });

  it('use the requested amount when it is less than the discountable points', () => {
    const r = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 10000, requested: 850 }));
    // discountable 5300; requested 850 -> step 800 = 8.00; needPay 10725 - 800 = 9925.
    expect(r.points.discountablePoint).toBe(5300);
    expect(r.points.chosenIntegral).toBe(800);
    expect(r.points.discountAmount).toBe(800n);
    expect(r.needPayAmt).toBe(9925n);
    // requested above the discountable points is cut to them: min(9000, 5300) = 5300.
    const big = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 10000, requested: 9000 }));
    expect(big.points.chosenIntegral).toBe(5300);
    // requested below the minimum: 300 < 500 -> 0.
    const small = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 10000, requested: 300 }));
    expect(small.points.chosenIntegral).toBe(0);
    expect(small.needPayAmt).toBe(10725n);
  });

  it('never let points cover more than maxShare even by half a minor unit', () => {
    // UK (INCLUSIVE): payable 11.99 = 1199; 50 % = 599.5 pence -> at most 599 points -> step 100 -> 500.
    // (600 points = 6.00 would be 50.04 % of 11.99.)
    const uk = priceContract(forSite('UK', [shop('A', [line('a', 1199n)])], {}, { enabled: true, balance: 10000 }));
    expect(uk.points.discountablePoint).toBe(500);
    expect(uk.needPayAmt).toBe(699n); // 1199 - 500
    // JP: payable 1199 yen; 50 % = 599.5 yen -> 599 points -> 500.
    const jp = priceContract(forSite('JP', [shop('A', [line('a', 1199n)])], {}, { enabled: true, balance: 10000 }));
    expect(jp.points.discountablePoint).toBe(500);
    expect(jp.needPayAmt).toBe(699n);
  });

  it('are worth 1 yen each on JPY', () => {
    // JP: 12345 yen, VAT included (12345 - round(12345/1.1 = 11222.73) = 1122); payable 12345.
    const r = priceContract(forSite('JP', [shop('A', [line('a', 12345n)])], {}, { enabled: true, balance: 2000 }));
    expect(r.totalTaxAmt).toBe(1122n);
    // min(2000, floor(6172.5) = 6172) = 2000 -> 2000 points = 2000 yen.
    expect(r.points.discountablePoint).toBe(2000);
    expect(r.points.discountableAmount).toBe(2000n);
    expect(r.points.discountAmount).toBe(2000n);
    // needPay 12345 - 2000 = 10345 -> earn ceil(103.45) = 104.
    expect(r.needPayAmt).toBe(10345n);
    expect(r.earnPoints).toBe(104);
    // Large balance: cap 6172 -> step 6100 points = 6100 yen; needPay 6245 -> earn ceil(62.45) = 63.
    const cap = priceContract(forSite('JP', [shop('A', [line('a', 12345n)])], {}, { enabled: true, balance: 100000 }));
    expect(cap.points.discountablePoint).toBe(6100);
    expect(cap.needPayAmt).toBe(6245n);
    expect(cap.earnPoints).toBe(63);
  });

  describe('points-redemption lines', () => {
    // Shop: money line 100.00 plus a redemption line of 1000 points (its unit price is ignored).
    const mixed = () => [shop('A', [line('a', 10000n), line('p', 5000n, '1', 1000)])];

    it('cost no money, add to actualNeedPayPoints and reduce the points available for deduction', () => {
      const r = priceContract(forSite('US', mixed(), {}, { enabled: true, balance: 3000 }));
      expect(r.shops[0]!.lines[1]).toMatchObject({ skuAmt: 0n, discountAmt: 0n, needPayAmt: 0n, points: 1000 });
      expect(r.skuAmt).toBe(10000n); // only the money line
      expect(r.actualNeedPayPoints).toBe(1000);
      // spare 3000 - 1000 = 2000; cap 5362 -> 2000 points = 20.00; needPay 10725 - 2000 = 8725; earn ceil(87.25) = 88.
      expect(r.points.discountablePoint).toBe(2000);
      expect(r.points.discountAmount).toBe(2000n);
      expect(r.needPayAmt).toBe(8725n);
      expect(r.earnPoints).toBe(88);
      expect(r.enoughPoints).toBe(true);
    });

    it('can leave too few points to deduct any', () => {
      // spare 1400 - 1000 = 400 -> below minimum 500 -> 0 (without the line 1400 would give 1400).
      const r = priceContract(forSite('US', mixed(), {}, { enabled: true, balance: 1400 }));
      expect(r.points.discountablePoint).toBe(0);
      expect(r.needPayAmt).toBe(10725n);
      expect(r.enoughPoints).toBe(true);
      const without = priceContract(forSite('US', usCart(), {}, { enabled: true, balance: 1400 }));
      expect(without.points.discountablePoint).toBe(1400);
    });

    it('sets enoughPoints false when the balance is short', () => {
      const r = priceContract(forSite('US', mixed(), {}, { enabled: true, balance: 800 }));
      // 800 < 1000 owed.
      expect(r.enoughPoints).toBe(false);
      expect(r.points.discountablePoint).toBe(0);
      expect(r.actualNeedPayPoints).toBe(1000);
    });

    it('round fractional quantities up to whole points', () => {
      const r = priceContract(
        forSite(
          'US',
          [
            shop('A', [
              line('p1', 0n, '1.5', 333), // 333 x 1.5 = 499.5 -> 500
              line('p2', 0n, '2.5', 300), // 300 x 2.5 = 750 exactly -> 750
              line('p3', 0n, '1.1', 100), // 100 x 1.1 = 110 exactly -> 110 (no float overshoot to 111)
            ]),
          ],
          {},
          { balance: 5000 },
        ),
      );
      expect(r.shops[0]!.lines.map((l) => l.points)).toEqual([500, 750, 110]);
      expect(r.actualNeedPayPoints).toBe(1360); // 500 + 750 + 110
    });

    it('a points-only order has nothing to pay in money', () => {
      const r = priceContract(
        forSite('US', [shop('A', [line('p', 0n, '1', 1200)])], {}, { enabled: true, balance: 5000 }),
      );
      expect(r.skuAmt).toBe(0n);
      expect(r.totalTaxAmt).toBe(0n);
      expect(r.needPayAmt).toBe(0n);
      expect(r.actualNeedPayPoints).toBe(1200);
      // payable 0 -> cap 0 -> nothing to deduct.
      expect(r.points.discountablePoint).toBe(0);
      expect(r.points.discountAmount).toBe(0n);
      expect(r.earnPoints).toBe(0);
      expect(r.enoughPoints).toBe(true);
    });
  });
});

describe('earned points', () => {
  it('round up (USD, 1 point per 1.00)', () => {
    // goods 933 + tax round(933 x 0.0725 = 67.6425) = 68 -> 1001 = 10.01 -> ceil(10.01) = 11.
    const r = priceContract(forSite('US', [shop('A', [line('a', 933n)])]));
    expect(r.needPayAmt).toBe(1001n);
    expect(r.earnPoints).toBe(11);
    // goods 932 + tax round(67.57) = 68 -> 1000 = 10.00 -> exactly 10.
    const even = priceContract(forSite('US', [shop('A', [line('a', 932n)])]));
    expect(even.needPayAmt).toBe(1000n);
    expect(even.earnPoints).toBe(10);
  });

  it('round up (JPY, 0.01 point per yen)', () => {
    const r = priceContract(forSite('JP', [shop('A', [line('a', 12345n)])]));
    // 12345 x 0.01 = 123.45 -> 124.
    expect(r.needPayAmt).toBe(12345n);
    expect(r.earnPoints).toBe(124);
  });
});

describe('shipping per shop', () => {
  it('counts unknown shipping (null) as 0 with shippingKnown false', () => {
    const r = priceContract(forSite('UK', [shop('A', [line('a', 1000n)], null), shop('B', [line('b', 2000n)], 450n)]));
    expect(r.shops.map((s) => s.shippingAmt)).toEqual([0n, 450n]);
    expect(r.shops.map((s) => s.shippingKnown)).toEqual([false, true]);
    expect(r.shippingAmt).toBe(450n);
    // shippingNoTax = round(450/1.2 = 375) = 375; needPay 1000 + 2000 + 450 = 3450.
    expect(r.shippingNoTaxAmt).toBe(375n);
    expect(r.needPayAmt).toBe(3450n);
  });
});

describe('includedTax', () => {
  it('is the VAT contained in a gross amount', () => {
    expect(includedTax(1200n, '0.20')).toBe(200n); // 1200 - 1200/1.2 = 1200 - 1000
    expect(includedTax(119n, '0.19')).toBe(19n); // 119 - 100
    expect(includedTax(1000n, '0.10')).toBe(91n); // 1000 - round(909.09) = 1000 - 909
    expect(includedTax(0n, '0.21')).toBe(0n);
  });
});
