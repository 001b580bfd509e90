/** Order contracts (SPEC §2 Orders, §3 Order / Order line / Shipment package, §7 Orders). */
import { z } from 'zod';
import { OrderGroupBuy } from './group-buy.js';
import { Address } from './address.js';
import { PickupStore } from './checkout.js';
import { ORDER_LIST_PAGE_SIZE, ORDER_STATUS_VALUES, ORDER_TABS, ORDER_TIMESPANS } from './constants.js';
import { Attribute, Id, Money, Quantity } from './schemas.js';

export { ORDER_STATUS_VALUES, ORDER_TABS, ORDER_TIMESPANS } from './constants.js';
export const OrderDisplayStatus = z.enum(ORDER_STATUS_VALUES);
export const OrderTab = z.enum(ORDER_TABS);
export type OrderTab = z.infer<typeof OrderTab>;
/** Time filters of the list (SPEC §2): last 3 months, this year, last year, long ago (before last year). */
export const OrderTimespan = z.enum(ORDER_TIMESPANS);
export type OrderTimespan = z.infer<typeof OrderTimespan>;
export const TradeTypeFilter = z.enum(['NORMAL_SALE_B2C', 'NORMAL_POINT_REDEEM', 'NORMAL_SALE_CBE', 'NET_B2B']);
export const Operation = z.string();

export const OrderListBody = z.strictObject({
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(ORDER_LIST_PAGE_SIZE),
  /** Keyword: an order number or part of an item name. */
  queryParams: z.strictObject({ keyword: z.string().trim().max(100).optional() }).optional(),
  searchStatus: OrderTab.default('ALL_ORDER'),
  deviceSource: z.enum(['PC', 'H5']).optional(),
  timeline: OrderTimespan.optional(),
  orderStatus: z.literal('CREATED').optional(),
  tradeType: TradeTypeFilter.optional(),
  /** Enterprise main account: only sub-account orders waiting for the main account's payment. */
  isMainPay: z.boolean().optional(),
  /** Enterprise main account: whose orders (its own id and/or sub-account ids); others are ignored. */
  enterpriseUserIds: z.array(Id).max(1000).optional(),
});
export type OrderListBody = z.input<typeof OrderListBody>;
export const OrderCountBody = OrderListBody.pick({
  deviceSource: true,
  tradeType: true,
  isMainPay: true,
  enterpriseUserIds: true,
});
export type OrderCountBody = z.input<typeof OrderCountBody>;
export const OrderCounts = z.array(z.object({ displayOrderStatus: OrderTab, quantity: z.number().int() }));
export type OrderCounts = z.infer<typeof OrderCounts>;

export const OrderLineSku = z.object({
  id: Id,
  name: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  unitName: z.string().nullable(),
  item: z.object({ id: Id, urlKey: z.string().nullable(), itemName: z.string() }),
});
/**
 * A service line's use code (SPEC §3 tradeOrderLineCouponsBOList). In an order read the code is
 * masked and the password empty: the buyer reads them through checkVerifyCode (VerifyCodes).
 * REFUNDED: the unit was refunded before it was used, so the code is void.
 */
export const ServiceCoupon = z.object({
  couponCode: z.string(),
  couponsPassword: z.string(),
  usedStatus: z.enum(['NOT_USED', 'USED', 'REFUNDED']),
  usedTime: z.string().nullable(),
});
export type ServiceCoupon = z.infer<typeof ServiceCoupon>;

/** checkVerifyCode: POST /api/orders/{id}/verify-codes answers an order's service codes in full. */
export const VerifyCodes = z.object({
  tradeOrderId: Id,
  lines: z.array(
    z.object({
      tradeOrderLineId: Id,
      itemName: z.string(),
      serviceRemainingTimes: z.number().int().nullable(),
      expirationTime: z.string().nullable(),
      tradeOrderLineCouponsBOList: z.array(ServiceCoupon),
    }),
  ),
});
export type VerifyCodes = z.infer<typeof VerifyCodes>;

/** What a seller types in to redeem a code: spaces, dashes and case do not matter. */
export const RedeemServiceCodeBody = z.strictObject({
  couponCode: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8,16}$/, 'Enter the code as shown to the buyer')),
  couponsPassword: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The password has 6 digits'),
});
export type RedeemServiceCodeBody = z.input<typeof RedeemServiceCodeBody>;
export const RedeemedServiceCode = z.object({
  couponCode: z.string(),
  usedStatus: z.literal('USED'),
  usedTime: z.string(),
  tradeOrderId: Id,
  tradeOrderCode: z.string(),
  itemName: z.string(),
  serviceRemainingTimes: z.number().int(),
});
export type RedeemedServiceCode = z.infer<typeof RedeemedServiceCode>;
export const OrderLine = z.object({
  id: Id,
  tradeOrderLineCode: z.string(),
  tradeQty: Quantity,
  deliveredQty: Quantity,
  canCancelQty: Quantity,
  canReverseQty: Quantity,
  lineGroupTypeDict: z.enum(['NORMAL', 'DIY_MAIN', 'DIY_CHILD', 'GIFT_CHILD']),
  /** GIFT, DIY_SLAVE, WEIGHT, SERVICE, PRESALE, POINTS or NORMAL. */
  itemBusinessType: z.string(),
  reverseStatus: z.enum(['NOT_REQUESTED', 'PROCESSING', 'DONE']),
  sku: OrderLineSku,
  shopId: Id,
  sellerId: Id,
  tradeOrderLinePrice: z.object({
    displayUnitAmt: Money,
    skuAmt: Money,
    needPaySkuAmt: Money,
    paidAmt: Money,
    actualNeedPayPoints: z.number().int(),
  }),
  diySkuLineList: z.array(z.lazy((): z.ZodTypeAny => OrderLine)),
  giftLineList: z.array(z.lazy((): z.ZodTypeAny => OrderLine)),
  tradeOrderLineCouponsBOList: z.array(ServiceCoupon),
  serviceRemainingTimes: z.number().int().nullable(),
  expirationTime: z.string().nullable(),
  presale: z
    .object({
      balancePaymentStartTime: z.string(),
      balancePaymentEndTime: z.string(),
      preSaleUnitAmount: Money,
      balanceSaleUnitAmount: Money,
    })
    .nullable(),
});
export type OrderLine = Omit<z.infer<typeof OrderLine>, 'diySkuLineList' | 'giftLineList'> & {
  diySkuLineList: OrderLine[];
  giftLineList: OrderLine[];
};

export const OrderSummary = z.object({
  id: Id,
  tradeOrderCode: z.string(),
  displayStatus: OrderDisplayStatus,
  operationList: z.array(Operation),
  /** The same operations in the spec's uppercase form. */
  operationCodes: z.array(z.string()),
  tradeType: z.string(),
  tradeOrderType: z.enum(['NORMAL', 'BULK']),
  tradeOrderBusinessType: z.enum(['NORMAL', 'REVERSE_REISSUE']),
  payChannel: z.string().nullable(),
  fulfillmentType: z.enum(['DELIVERY', 'PICKUP']),
  timeline: z.object({
    orderedTime: z.string(),
    paidTime: z.string().nullable(),
    depositPaidTime: z.string().nullable(),
  }),
  shop: z.object({ id: Id, siteName: z.string() }),
  buyer: z.object({ id: Id }),
  /** Set when the order belongs to an enterprise sub-account (shown to the main account). */
  enterpriseUser: z.object({ id: Id, username: z.string() }).nullable(),
  /** Paid by the enterprise main account ('paid by main' tag). */
  isMainPay: z.boolean(),
  /** Sub-account order waiting for the main account's payment. */
  masterPending: z.boolean(),
  needPayAmt: Money,
  paidAmt: Money,
  actualNeedPayPoints: z.number().int(),
  skuTotalCount: z.number().int(),
  payDeadlineMillis: z.number().nullable(),
  receiptDeadlineMillis: z.number().nullable(),
  tradeContract: z.object({ id: Id, notFirstTime: z.boolean() }),
  presale: z
    .object({ balancePaymentStartTime: z.string(), balancePaymentEndTime: z.string(), depositAmt: Money })
    .nullable(),
  /** The first 3 top-level lines (list) or all of them (detail). */
  tradeOrderLineList: z.array(OrderLine),
  lineCount: z.number().int(),
  /** A group-buy order (SPEC §3 isInGroup) and its group: slots left, the time limit. */
  isInGroup: z.boolean(),
  groupBuy: OrderGroupBuy.nullable(),
});
export type OrderSummary = Omit<z.infer<typeof OrderSummary>, 'tradeOrderLineList'> & {
  tradeOrderLineList: OrderLine[];
};
export const OrderPage = z.object({
  data: z.array(OrderSummary),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = { data: OrderSummary[]; total: number; pageNo: number; pageSize: number };

/**
 * A payment attempt as this order sees it: `amount` is this order's own share; one payment covers
 * every order of the checkout (contract), so `contractAmount` is what was charged in all.
 */
export const PaymentInfo = z.object({
  recordStatus: z.string(),
  payChannel: z.string(),
  stage: z.string(),
  amount: Money,
  contractAmount: Money,
  createdAt: z.string(),
});
export const OrderDetail = OrderSummary.extend({
  selectedAddress: Address.partial().passthrough().nullable(),
  billingAddress: Address.partial().passthrough().nullable(),
  pickUpStoreInfo: PickupStore.partial().passthrough().nullable(),
  shippingTimeInfo: z.object({
    shippingMethod: z.string().nullable(),
    shippingMethodCode: z.string().nullable(),
    deliveryDay: z.string().nullable(),
    deliveryTime: z.string().nullable(),
  }),
  remark: z.string().nullable(),
  notifyInfo: z.object({ notifyType: z.string(), contactInfo: z.string() }).nullable(),
  /** A reissue order (REVERSE_REISSUE): the after-sales it settles. */
  reissueOf: z.object({ id: Id, reverseTradeOrderCode: z.string() }).nullable(),
  /** Hidden for reissue orders (REVERSE_REISSUE). */
  invoice: z
    .object({
      status: z.enum(['NOT_ISSUED', 'ISSUED']),
      invoiceUrl: z.string().nullable(),
      /** The VAT invoice (not requested, requested, issued, credited by refunds). */
      vatInvoiceStatus: z.enum(['NOT_REQUESTED', 'REQUESTED', 'ISSUED', 'CREDITED']).optional(),
    })
    .nullable(),
  paymentInfo: z
    .object({
      payChannel: z.string().nullable(),
      paymentOrderId: z.string(),
      records: z.array(PaymentInfo),
      /** The other orders of the same checkout, paid in the same payment (empty when the checkout made one order). */
      togetherWith: z.array(z.object({ id: Id, tradeOrderCode: z.string() })),
      /** What the one payment of the checkout comes to (this order plus togetherWith). */
      contractAmount: Money,
      /** Refunds: AFTER_SALES ones of this order, NOT_CAPTURED ones of a second charge the checkout did not keep. */
      refunds: z.array(
        z.object({
          status: z.enum(['REFUND_PENDING', 'REFUND_DONE', 'REFUND_FAIL']),
          reason: z.enum(['AFTER_SALES', 'NOT_CAPTURED']),
          payChannel: z.string(),
          amount: Money,
          createdAt: z.string(),
        }),
      ),
    })
    .nullable(),
  bill: z.object({
    skuAmt: Money,
    shippingAmt: Money,
    orderDiscountAmt: Money,
    pointDiscountAmount: Money,
    taxAmt: Money,
    /** e.g. 0.0725; shown as taxRate x 100 %. */
    taxRate: z.number(),
    taxDisplay: z.enum(['EXCLUSIVE', 'INCLUSIVE']),
    needPayAmt: Money,
    paidAmt: Money,
    actualPaidPoints: z.number().int(),
  }),
  earnPoints: z.number().int(),
  postponeCount: z.number().int(),
  postponeLimit: z.number().int(),
  packageCount: z.number().int(),
  tradeOrderCommentStatus: z.enum(['EVALUATED', 'NOT_EVALUATED']),
});
export type OrderDetail = Omit<z.infer<typeof OrderDetail>, 'tradeOrderLineList'> & { tradeOrderLineList: OrderLine[] };
export const OrderDetailBody = z.strictObject({ id: Id, outTradeOrderCode: z.string().max(64).optional() });

export const TrackEntry = z.object({
  originTime: z.string(),
  formatTime: z.string(),
  context: z.string(),
  areaName: z.string().nullable(),
  operaterType: z.enum(['USER', 'SELLER']),
});
export type TrackEntry = z.infer<typeof TrackEntry>;
export const Carrier = z.object({ id: Id, entityName: z.string(), code: z.string() });
export type Carrier = z.infer<typeof Carrier>;
export const ShipmentPackage = z.object({
  id: Id,
  fulfillmentProgressStatus: z.enum(['SEND_DELIVERY', 'SIGN_IN', 'CANCEL']),
  fulfillmentProgressLineList: z.array(
    z.object({
      actualExecuteQty: Quantity,
      tradeOrderLine: z.object({
        id: Id,
        name: z.string(),
        skuName: z.string(),
        image: z.string(),
        unitName: z.string().nullable(),
      }),
    }),
  ),
  operationList: z.array(z.string()),
  fulfillmentServiceProvider: z.object({ id: Id, entityName: z.string(), code: z.string() }),
  serviceCode: z.string(),
  logisticsList: z.array(TrackEntry),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
});
export type ShipmentPackage = z.infer<typeof ShipmentPackage>;
export const ListPackageBody = z.strictObject({ id: Id, tradeType: z.string().max(40).optional() });
export const PackageList = z.object({ shipments: z.array(ShipmentPackage) });
export type PackageList = z.infer<typeof PackageList>;
export const WaybillQuery = z.strictObject({
  carrierCompanyCode: z.string().min(1).max(40),
  wayBillNumber: z.string().min(1).max(60),
});
export const WaybillResult = z.object({ entries: z.array(TrackEntry) });

/** trade_InitiateReverseTradeOrderForCancelFlow: [{ tradeOrder: {id}, reverseTradeOrderLineList }] */
export const CancelAfterPayBody = z
  .array(
    z.strictObject({
      tradeOrder: z.strictObject({ id: Id }),
      reverseTradeOrderLineList: z
        .array(z.strictObject({ tradeOrderLine: z.strictObject({ id: Id }), reverseQty: Quantity }))
        .max(200)
        .optional(),
    }),
  )
  .min(1)
  .max(1);
export const CancelAfterPayResult = z.object({
  reverseTradeOrderId: Id,
  reverseTradeOrderCode: z.string(),
  reverseTradeOrderStatus: z.string(),
});
/** bbc_trade_BBCPostponeDeliveryFlow: [{ id, fulfillmentProgressList, tradeOrderLineList }] -> days added. */
export const PostponeBody = z
  .array(
    z.strictObject({
      id: Id,
      fulfillmentProgressList: z
        .array(z.strictObject({ id: Id, createdAt: z.string().max(40).optional() }))
        .max(100)
        .optional(),
      tradeOrderLineList: z
        .array(z.strictObject({ id: Id }))
        .max(200)
        .optional(),
    }),
  )
  .min(1)
  .max(1);
export const PostponeResult = z.object({ value: z.number().int(), receiptDeadlineMillis: z.number() });

/** Guest lookup: order number plus the email given at checkout, never the number alone. */
export const GuestLookupBody = z.strictObject({
  tradeOrderCode: z.string().trim().min(1).max(40),
  email: z.string().trim().toLowerCase().email().max(255),
});

// ---------- seller side ----------
export const SellerOrderListBody = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  status: z.enum(['TO_SHIP', 'SHIPPED', 'CANCEL_REQUESTS', 'ALL']).default('TO_SHIP'),
  keyword: z.string().trim().max(100).optional(),
});
export const SellerOrder = z.object({
  id: Id,
  tradeOrderCode: z.string(),
  status: OrderDisplayStatus,
  /** NORMAL_SALE_CBE: a cross-border order, whose customs declaration the console shows. */
  tradeType: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shopName: z.string(),
  buyerName: z.string(),
  shipTo: z.string(),
  shippingMethod: z.string().nullable(),
  fulfillmentType: z.enum(['DELIVERY', 'PICKUP']),
  needPayAmt: Money,
  lines: z.array(
    z.object({
      id: Id,
      name: z.string(),
      skuName: z.string(),
      image: z.string(),
      tradeQty: Quantity,
      shippedQty: Quantity,
      unitName: z.string().nullable(),
      lineGroupTypeDict: z.string(),
    }),
  ),
  packages: z.array(ShipmentPackage),
  cancelRequest: z.object({ id: Id, code: z.string(), status: z.string(), createdAt: z.string() }).nullable(),
  /** A reissue order (REVERSE_REISSUE): the after-sales whose goods it sends again, at no charge. */
  reissueOf: z.object({ id: Id, reverseTradeOrderCode: z.string() }).nullable(),
});
export type SellerOrder = z.infer<typeof SellerOrder>;
export const SellerOrderPage = z.object({ data: z.array(SellerOrder), total: z.number().int() });
/** Pickup orders need neither: they are handed over in the store with a pickup code the server makes. */
export const CreatePackageBody = z.strictObject({
  carrierId: Id.optional(),
  serviceCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,40}$/, 'Please enter a correct tracking number')
    .optional(),
  lines: z
    .array(z.strictObject({ tradeOrderLineId: Id, qty: Quantity }))
    .min(1)
    .max(200),
});
export const TrackingEventBody = z.strictObject({
  context: z.string().trim().min(1).max(300),
  areaName: z.string().trim().max(100).optional(),
});
export const CancelDecisionBody = z.strictObject({ approve: z.boolean() });
