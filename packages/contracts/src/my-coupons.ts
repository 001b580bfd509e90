/**
 * My coupons (SPEC §2 /buyer/my-coupons, §3 Coupon, §9 "Coupon list pages of 4"): the buyer's
 * coupons by tab from the same owner coupons the checkout offers. Path not shown in the spec:
 * POST /sapi/mall-customer/customer/pageMyCoupons.
 */
import { z } from 'zod';
import { CheckoutCoupon } from './checkout.js';
import { COUPON_LIST_PAGE_SIZE, MY_COUPON_TABS } from './constants.js';

export { COUPON_LIST_PAGE_SIZE, MY_COUPON_TABS, type MyCouponTab } from './constants.js';

export const PageMyCouponsBody = z.strictObject({
  tab: z.enum(MY_COUPON_TABS).default('AVAILABLE'),
  pageNo: z.number().int().min(1).max(10000).default(1),
  pageSize: z.number().int().min(1).max(50).default(COUPON_LIST_PAGE_SIZE),
});
export type PageMyCouponsBody = z.input<typeof PageMyCouponsBody>;

export const MyCoupon = CheckoutCoupon.omit({ selected: true, usable: true }).extend({
  status: z.enum(MY_COUPON_TABS),
  usedTime: z.string().nullable(),
  /** The shop a shop coupon is for (null: platform coupon, any shop). */
  shopName: z.string().nullable(),
});
export type MyCoupon = z.infer<typeof MyCoupon>;

export const MyCouponPage = z.object({
  data: z.array(MyCoupon),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Count of every tab, for the tab labels. */
  counts: z.object({ AVAILABLE: z.number().int(), USED: z.number().int(), EXPIRED: z.number().int() }),
});
export type MyCouponPage = z.infer<typeof MyCouponPage>;
