/**
 * Checkout contracts (SPEC §3 Contract preview, Shipping method, Pickup store, Coupon, Points,
 * Submit payload, Order result; §5 checkout validation). Paths are documented in the OpenAPI.
 */
import { z } from 'zod';
import { Address, EMAIL_PATTERN, HEAR_FROM_OPTIONS } from './address.js';
import { MAX_LEN, PROMOTION_CODE_LENGTH } from './constants.js';
import { ERROR_CODES } from './errors.js';
import { BundlePart, Id, ItemBusinessType, Money, Quantity, ShopRef, Sku, SiteCodeSchema } from './schemas.js';
import { Certificate } from './certificate.js';
import { VatInvoiceRequestBody } from './invoice.js';
import { GroupBuyChoice } from './group-buy.js';

/** A line to price: the SKU and quantity (cartLineId when it came from the cart). */
export const PreviewLine = z.strictObject({ skuId: Id, qty: Quantity, cartLineId: Id.optional() });
/** A saved address by id (registered buyers) or a full address entered at checkout. */
export const AddressChoice = z.union([z.strictObject({ id: Id }), z.record(z.string(), z.unknown())]);
export const ShippingChoice = z.strictObject({ shopId: Id, shippingMethodId: Id });
export const PromotionCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(PROMOTION_CODE_LENGTH.min, ERROR_CODES.promotionCodeLength)
  .max(PROMOTION_CODE_LENGTH.max, ERROR_CODES.promotionCodeLength);
export const ShippingTimeChoice = z.strictObject({
  deliveryDay: z.string().max(20).optional(),
  deliveryTime: z.string().max(20).optional(),
});

export const PreviewBody = z.strictObject({
  orderSource: z.enum(['CART', 'BUY_NOW']).default('CART'),
  previewTradeContractLineReqTOList: z.array(PreviewLine).min(1).max(100),
  selectedAddress: AddressChoice.optional(),
  /** Absent: bill to the shipping address. */
  billingAddress: AddressChoice.optional(),
  preCalShippingList: z.array(ShippingChoice).max(50).optional(),
  pickUpStoreId: Id.optional(),
  promotionCodeList: z.array(PromotionCode).max(5).optional(),
  /** Owner coupon ids chosen by the buyer (one per shop, one platform coupon). */
  couponIds: z.array(Id).max(20).optional(),
  noUsePlatformCoupon: z.boolean().optional(),
  enablePointDeduction: z.boolean().optional(),
  usedPointNum: z.number().int().min(0).max(100_000_000).optional(),
  shippingTimeInfo: ShippingTimeChoice.optional(),
  tradeSource: z.strictObject({ channel: z.string().max(20), touchPoint: z.string().max(20) }).optional(),
  site: SiteCodeSchema.optional(),
  /** A group-buy order: one unit of the campaign's SKU at the group price (starting or joining a group). */
  groupBuy: GroupBuyChoice.optional(),
});
export type PreviewBody = z.infer<typeof PreviewBody>;

export const CannotUsedType = z.enum(['ORDER_AMOUNT_NOT_SUPPORTED', 'REGION_NOT_SUPPORTED']);
export const ShippingMethod = z.object({
  shippingMethodId: Id,
  shippingMethodCode: z.string(),
  shippingMethod: z.string(),
  shippingMethodDesc: z.string(),
  /** Null when the cost is unknown. */
  shippingAmt: Money.nullable(),
  canSelect: z.boolean(),
  canotUsedType: CannotUsedType.nullable(),
  shopId: Id,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;
export const PickupStore = z.object({
  id: Id,
  storeName: z.string(),
  storeAddress: z.string(),
  storeCity: z.string(),
  storeState: z.string(),
  storeZipCode: z.string(),
  address: z.string(),
  businessHours: z.string(),
  supportPickUp: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  /** Miles with 2 decimals from the shipping address. */
  distance: z.string(),
});
export type PickupStore = z.infer<typeof PickupStore>;
export const CheckoutCoupon = z.object({
  ownerCouponId: Id,
  memberCouponType: z.enum(['DISCOUNT_COUPON', 'AMOUNT']),
  couponCampaignName: z.string(),
  couponCampaignDescription: z.string(),
  scope: z.enum(['SHOP', 'PLATFORM']),
  shopId: Id.nullable(),
  deductionAmt: Money.nullable(),
  discountValue: z.string().nullable(),
  minSpend: Money,
  startTime: z.string(),
  endTime: z.string(),
  useLimit: z.boolean(),
  selected: z.boolean(),
  usable: z.boolean(),
  /** Display: percent off (100 - 10 x value) or amount. */
  display: z.object({ type: z.enum(['percent', 'amount']), discount: z.string() }),
});
export type CheckoutCoupon = z.infer<typeof CheckoutCoupon>;
export const PreviewLineOut = z.object({
  skuId: Id,
  cartLineId: Id.nullable(),
  sku: Sku,
  item: z.object({
    id: Id,
    urlKey: z.string(),
    itemName: z.string(),
    businessTypeDict: ItemBusinessType,
    isExceed: z.boolean(),
    category: z.string(),
  }),
  qty: Quantity,
  unitPrice: Money,
  skuAmt: Money,
  discountAmt: Money,
  needPayAmt: Money,
  points: z.number().int(),
  lineGroupTypeDict: z.enum(['NORMAL', 'DIY_MAIN']),
  diyChildren: z.array(BundlePart),
  gifts: z.array(BundlePart),
  presale: z
    .object({ deposit: Money, balance: Money, balancePaymentStartTime: z.string(), balancePaymentEndTime: z.string() })
    .nullable(),
  stockOk: z.boolean(),
});
export const RenderTradeOrder = z.object({
  shop: ShopRef,
  shopId: Id,
  sellerId: Id,
  lines: z.array(PreviewLineOut),
  skuAmt: Money,
  shopDiscountAmt: Money,
  platformDiscountAmt: Money,
  shippingAmt: Money,
  taxAmt: Money,
  needPayAmt: Money,
  /** This order's tax rate (US: the ship-to state's, or the pickup store's state's). */
  taxRate: z.string(),
  availableShopCouponList: z.array(CheckoutCoupon),
  shippingMethods: z.array(ShippingMethod),
  selectedShippingMethodId: Id.nullable(),
  pickupStores: z.array(PickupStore),
  /** NORMAL_SALE_CBE for a shop selling cross-border into the site, else the contract's trade type. */
  tradeType: z.string().optional(),
  /** A cross-border order: its origin, declared value, duties per line and import tax (taxAmt is 0). */
  crossBorder: z
    .object({
      originCountry: z.string(),
      declaredValue: Money,
      dutyAmt: Money,
      importTaxAmt: Money,
      importTaxRate: z.string(),
      lines: z.array(
        z.object({ skuId: Id, hsCode: z.string(), customsCategory: z.string(), dutyRate: z.string(), dutyAmt: Money }),
      ),
    })
    .nullable()
    .optional(),
});
export const PreviewResult = z.object({
  renderTradeOrderTOList: z.array(RenderTradeOrder),
  selectedAddress: Address.nullable(),
  billingAddress: Address.nullable(),
  promotionCodeList: z.array(z.string()),
  uselessPromotionCode: z.array(
    z.object({ code: z.string(), reason: z.enum(['MIN_SPEND', 'COMBINATION', 'NOT_FOUND', 'EXPIRED']) }),
  ),
  availableCouponList: z.array(CheckoutCoupon),
  availablePlatformCouponList: z.array(CheckoutCoupon),
  skuAmt: Money,
  shopDiscountAmt: Money,
  platformDiscountAmt: Money,
  platformCouponDiscountAmt: Money,
  promotionDiscountAmt: Money,
  shippingAmt: Money,
  shippingAmtExcludeShopDiscount: Money,
  shippingNoTaxAmt: Money,
  totalTaxAmt: Money,
  /** The rate of every order of the checkout, or the ship-to address's when a pickup order differs. */
  taxRate: z.string(),
  taxDisplay: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  levelAmt: Money,
  needPayAmt: Money,
  actualNeedPayPoints: z.number().int(),
  earnPoints: z.number().int(),
  pointDeductionResult: z.object({
    available: z.boolean(),
    pointBalance: z.number().int(),
    discountablePoint: z.number().int(),
    discountableAmount: Money,
    chosenIntegral: z.number().int(),
    discountAmount: Money,
    step: z.number().int(),
    minimum: z.number().int(),
  }),
  couponCodeUsedList: z.array(z.string()),
  activityUsedList: z.array(z.string()),
  visibleTO: z.object({ addressInfoIsVisible: z.boolean(), memberPointsIsVisible: z.boolean() }),
  buyCanBuyTO: z.object({ canBuy: z.boolean(), content: z.string().nullable(), operation: z.number().int() }),
  /** The buyer's real-name certificate (number masked) and whether there is one (1) or not (0). */
  userCertificate: Certificate.nullable(),
  certificateStatus: z.number().int(),
  shippingTimeInfo: z.object({
    isPreSale: z.boolean(),
    delayDays: z.number().int(),
    dayList: z.array(z.string()),
    dayTimeList: z.array(z.string()),
    shippingMethodId: Id.nullable(),
    shippingMethod: z.string().nullable(),
  }),
  tradeType: z.enum(['NORMAL_SALE_B2C', 'NORMAL_POINT_REDEEM', 'NORMAL_SALE_CBE', 'NET_B2B']),
  isExceed: z.boolean(),
  userType: z.enum(['REGISTERED', 'TOURIST']),
  /** Presale orders pay this deposit first; the rest is the balance. */
  presaleDepositAmt: Money.nullable(),
  /**
   * Cross-border orders in this checkout: their duties and import taxes (in needPayAmt), and
   * whether the site asks for a real-name certificate and the buyer has one saved for the site.
   */
  crossBorder: z
    .object({
      dutyAmt: Money,
      importTaxAmt: Money,
      certificateRequired: z.boolean(),
      certificateValid: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type PreviewResult = z.infer<typeof PreviewResult>;

export const NotifyInfo = z
  .strictObject({
    notifyType: z.enum(['phone', 'email']),
    areaCode: z.string().trim().max(6).optional(),
    contactInfo: z
      .string()
      .trim()
      .min(1)
      .max(MAX_LEN.notificationEmail - 1),
  })
  .superRefine((n, ctx) => {
    if (n.notifyType === 'email' && !EMAIL_PATTERN.test(n.contactInfo))
      ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: 'validation.email' });
    if (n.notifyType === 'phone') {
      if (!n.areaCode || !/^\+?\d{1,4}$/.test(n.areaCode))
        ctx.addIssue({ code: 'custom', path: ['areaCode'], message: 'validation.areaCode' });
      if (!/^\d{5,15}$/.test(n.contactInfo.replace(/[\s-]/g, '')))
        ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: 'validation.phone' });
    }
  });

/** SPEC §3 Submit payload: the preview choices plus what the buyer typed on step 0. */
export const SubmitBody = PreviewBody.extend({
  tradeOrderReqList: z
    .array(
      z.strictObject({
        shopId: Id,
        sellerId: Id.optional(),
        remark: z.string().trim().max(200).optional(),
        // The US site adds line details; they are stored, never trusted for prices.
        lines: z
          .array(
            z.strictObject({
              shopSkuId: Id,
              tradeQty: Quantity,
              itemName: z.string().max(300).optional(),
              skuName: z.string().max(300).optional(),
              price: z.string().max(30).optional(),
              itemImage: z.string().max(500).optional(),
              itemUrlKey: z.string().max(200).optional(),
              category: z.string().max(100).optional(),
            }),
          )
          .max(100)
          .optional(),
      }),
    )
    .max(50)
    .optional(),
  notifyInfo: NotifyInfo.optional(),
  hearFrom: z.enum(HEAR_FROM_OPTIONS).optional(),
  hearFromInput: z.string().trim().max(MAX_LEN.quickQuiz).optional(),
  inviteCode: z.string().trim().max(MAX_LEN.inviteCode).optional(),
  requirements: z.string().trim().max(MAX_LEN.requirements).optional(),
  pickUpStoreSnapShot: z.record(z.string(), z.unknown()).optional(),
  privacyAgreed: z.boolean().optional(),
  smsSubscribe: z.boolean().optional(),
  /**
   * A VAT invoice for the orders of this checkout (VAT sites only): the company's details, asked
   * for at once for every order (each shop issues its own once the order is paid). At most one.
   */
  buyerSelectedInvoiceList: z.array(VatInvoiceRequestBody).max(1).optional(),
  /** What the buyer saw; a different server figure means the price changed. */
  needPayAmt: z.string().max(30),
  shippingAmt: z.string().max(30).optional(),
  totalTaxAmt: z.string().max(30).optional(),
});
export type SubmitBody = z.infer<typeof SubmitBody>;

export const OrderResult = z.object({
  id: Id,
  payUniqueKey: z.string(),
  paymentOrderId: z.string(),
  tradeOrderIdList: z.array(Id),
  needPayAmt: Money,
  buyerId: Id,
  totalAmt: Money,
  isFreeTrade: z.boolean(),
});
export type OrderResult = z.infer<typeof OrderResult>;

export const ExceedRequestBody = PreviewBody.extend({
  requirements: z.string().trim().max(MAX_LEN.requirements).optional(),
  remark: z.string().trim().max(200).optional(),
});
export const ExceedRequestResult = z.object({ id: Id, status: z.string() });
