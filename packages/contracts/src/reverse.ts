/**
 * After-sales (reverse order) contracts: SPEC §2 "After-sales", §3 "After-sales (reverse)
 * order", §4 "After-sales statuses", §5 after-sales and return-shipping rules, §7 "After-sales".
 * The web app validates its forms with these same schemas.
 */
import { z } from 'zod';
import { AFTER_SALES, APPLY_TYPES, MAX_LEN, REVERSE_STATUS_VALUES } from './constants.js';
import { Carrier, TrackEntry } from './order.js';
import { Attribute, Id, Money, Quantity } from './schemas.js';

export { APPLY_TYPES, REVERSE_STATUS_VALUES } from './constants.js';
export const ReverseStatus = z.enum(REVERSE_STATUS_VALUES);
export type ReverseStatusValue = z.infer<typeof ReverseStatus>;
export const ReverseType = z.enum([
  'SALE_CANCEL_AFTER_PAID',
  'SALE_REFUND',
  'SALE_RETURN',
  'SALE_EXCHANGE',
  'PURCHASE_RETURN',
  'SALE_CANCEL_BEFORE_DELIVERY',
]);
export type ReverseTypeValue = z.infer<typeof ReverseType>;
/** What a buyer applies for from an order. */
export const ApplyType = z.enum(APPLY_TYPES);
export type ApplyType = z.infer<typeof ApplyType>;

/** Reasons a buyer picks from (the server lists those of the chosen type; the web app translates the codes). */
export const REVERSE_REASONS = [
  'NO_LONGER_NEEDED',
  'ORDERED_BY_MISTAKE',
  'DELIVERY_TOO_SLOW',
  'DAMAGED',
  'QUALITY_ISSUE',
  'NOT_AS_DESCRIBED',
  'WRONG_ITEM',
  'MISSING_PARTS',
  'WRONG_SIZE_OR_COLOUR',
  'OTHER',
] as const;
export const ReverseReason = z.enum(REVERSE_REASONS);
export type ReverseReason = z.infer<typeof ReverseReason>;
export const REASONS_BY_TYPE: Record<ApplyType, readonly ReverseReason[]> = {
  SALE_CANCEL_BEFORE_DELIVERY: ['NO_LONGER_NEEDED', 'ORDERED_BY_MISTAKE', 'DELIVERY_TOO_SLOW', 'OTHER'],
  SALE_REFUND: ['DAMAGED', 'QUALITY_ISSUE', 'NOT_AS_DESCRIBED', 'MISSING_PARTS', 'WRONG_ITEM', 'OTHER'],
  SALE_RETURN: [
    'NO_LONGER_NEEDED',
    'DAMAGED',
    'QUALITY_ISSUE',
    'NOT_AS_DESCRIBED',
    'WRONG_ITEM',
    'MISSING_PARTS',
    'OTHER',
  ],
  SALE_EXCHANGE: ['WRONG_SIZE_OR_COLOUR', 'DAMAGED', 'QUALITY_ISSUE', 'WRONG_ITEM', 'OTHER'],
  PURCHASE_RETURN: ['NO_LONGER_NEEDED', 'DAMAGED', 'QUALITY_ISSUE', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'OTHER'],
};

/** Evidence image URLs as the upload call returns them. */
export const EvidenceUrl = z.string().regex(/^\/uploads\/[0-9a-f-]{36}\.(png|jpg|bmp|webp)$/, 'invalid image');
/** Refund amount: a decimal string with at most two decimals (SPEC §5 step 0.01). */
export const RefundAmount = z
  .string()
  .trim()
  .min(1, 'Please enter refund amount')
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Please enter refund amount');

const ApplyLine = z.strictObject({
  tradeOrderLine: z.strictObject({ id: Id }),
  reverseQty: Quantity,
  /** SALE_EXCHANGE: the replacement SKU (same item). */
  derivativeSku: z.strictObject({ id: Id }).optional(),
});

/** trade_RenderReverseTradeOrderForApplyFlow: [{ tradeOrder: {id}, reverseTradeOrderLineList?, reverseTradeOrderType? }] */
export const RenderApplyBody = z
  .array(
    z.strictObject({
      tradeOrder: z.strictObject({ id: Id }),
      reverseTradeOrderType: ApplyType.optional(),
      reverseTradeOrderLineList: z
        .array(z.strictObject({ tradeOrderLine: z.strictObject({ id: Id }), reverseQty: Quantity.optional() }))
        .max(200)
        .optional(),
    }),
  )
  .min(1)
  .max(1);

export const ApplyLineView = z.object({
  id: Id,
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  unitName: z.string().nullable(),
  itemId: Id,
  skuId: Id,
  lineGroupTypeDict: z.string(),
  tradeQty: Quantity,
  canCancelQty: Quantity,
  canReverseQty: Quantity,
  /** A line already in an open after-sales: shown checked and disabled. */
  inAfterSales: z.boolean(),
  reverseStatus: z.enum(['NOT_REQUESTED', 'PROCESSING', 'DONE']),
  /** What this line may still give back (for the quantity asked, or all of it). */
  refundableAmt: Money,
  unitPaidAmt: Money,
  /** Weight items take decimals. */
  isWeight: z.boolean(),
  gifts: z.array(z.object({ name: z.string(), image: z.string(), qty: Quantity })),
  diyParts: z.array(z.object({ name: z.string(), image: z.string(), qty: Quantity })),
});
export type ApplyLineView = z.infer<typeof ApplyLineView>;
export const RenderApplyResult = z.object({
  tradeOrder: z.object({
    id: Id,
    tradeOrderCode: z.string(),
    displayStatus: z.string(),
    orderedTime: z.string(),
    paidAmt: Money,
  }),
  reverseTradeOrderLineList: z.array(ApplyLineView),
  availableRefundAmt: Money,
  availableReverseReasons: z.array(ReverseReason),
  availableReverseTypes: z.array(ApplyType),
  /** The type the answer was rendered for. */
  reverseTradeOrderType: ApplyType.nullable(),
});
export type RenderApplyResult = z.infer<typeof RenderApplyResult>;

/** One initiate request (SPEC §7: the four initiate flows take [request]). */
export const ApplyRequest = z.strictObject({
  tradeOrder: z.strictObject({ id: Id }),
  reverseTradeOrderLineList: z.array(ApplyLine).max(200),
  /** Not sent for an exchange; fixed (the server's figure) for cancel-before-delivery. The server checks it
   *  (AfterSales.refundAmountRequired / refundAmountOutOfRange); the web validates with RefundAmount. */
  applyRefundAmt: z.string().trim().max(20).optional(),
  /** Required; checked by the server with its own code (AfterSales.reasonRequired). */
  reverseReason: ReverseReason.optional(),
  reverseText: z.string().trim().max(MAX_LEN.afterSalesNotes, 'Notes can be at most 500 characters').optional(),
  attachmentList: z.array(EvidenceUrl).max(AFTER_SALES.evidenceMax, 'At most 6 images').optional(),
});
export type ApplyRequest = z.infer<typeof ApplyRequest>;
export const ApplyBody = z.array(ApplyRequest).min(1).max(1);
export const ApplyResult = z.object({
  id: Id,
  reverseTradeOrderCode: z.string(),
  reverseTradeOrderStatus: ReverseStatus,
  reverseTradeOrderType: ReverseType,
});
export type ApplyResult = z.infer<typeof ApplyResult>;

/** bbc_trade_B2cListItemInfoForExchangeOrRessiueFlow: [{ diyItemId }] -> the item's SKUs to exchange for. */
export const ExchangeSkusBody = z
  .array(z.strictObject({ diyItemId: Id, tradeOrderLineId: Id.optional() }))
  .min(1)
  .max(1);
export const ExchangeSku = z.object({
  id: Id,
  name: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  salePrc: Money,
  inStock: z.boolean(),
});
export type ExchangeSku = z.infer<typeof ExchangeSku>;
export const ExchangeSkusResult = z.array(ExchangeSku);

export const IdRequest = z
  .array(z.strictObject({ id: Id }))
  .min(1)
  .max(1);
/** Return tracking numbers: letters and digits only (SPEC §5). */
export const TrackingNumber = z
  .string()
  .trim()
  .min(1, 'Please enter tracking number')
  .max(40)
  .regex(/^[A-Za-z0-9]+$/, 'Please enter a correct tracking number');
export const PostBackBody = z
  .array(
    z.strictObject({
      id: Id,
      fulfillmentProgressList: z
        .array(z.strictObject({ serviceCode: TrackingNumber, fulfillmentServiceProvider: z.strictObject({ id: Id }) }))
        .min(1)
        .max(1),
      returnMode: z.literal('SELF_DELIVERY'),
    }),
  )
  .min(1)
  .max(1);

export const ReverseShipment = z.object({
  id: Id,
  /** RETURN: buyer to seller; EXCHANGE: the replacement, seller to buyer. */
  direction: z.enum(['RETURN', 'EXCHANGE']),
  fulfillmentProgressStatus: z.literal('SEND_DELIVERY'),
  serviceCode: z.string(),
  fulfillmentServiceProvider: Carrier,
  logisticsList: z.array(TrackEntry),
  createdAt: z.string(),
});
export type ReverseShipment = z.infer<typeof ReverseShipment>;

const SkuView = z.object({
  id: Id,
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  attributes: z.array(Attribute),
  unitName: z.string().nullable(),
  salePrc: Money.nullable(),
});
export const ReverseLine = z.object({
  id: Id,
  reverseQty: Quantity,
  applyRefundAmt: Money,
  sku: SkuView,
  /** The exchange item (SALE_EXCHANGE). */
  derivativeSku: SkuView.nullable(),
  tradeOrderLine: z.object({
    id: Id,
    tradeOrderLineBusinessType: z.enum(['NORMAL', 'GIFT', 'EXCHANGE']),
    lineGroupTypeDict: z.string(),
  }),
});
export type ReverseLine = z.infer<typeof ReverseLine>;

export const ReturnAddress = z.object({
  contactName: z.string(),
  phone: z.string(),
  detailAddress: z.string(),
  districtList: z.array(z.string()),
  postalCode: z.string(),
});
export type ReturnAddress = z.infer<typeof ReturnAddress>;

export const ReverseSummary = z.object({
  id: Id,
  reverseTradeOrderCode: z.string(),
  createdAt: z.string(),
  reverseTradeOrderType: ReverseType,
  reverseTradeOrderStatus: ReverseStatus,
  operationList: z.array(z.string()),
  shopId: Id,
  shopName: z.string(),
  skuTotalCount: z.number(),
  applyRefundAmt: Money,
  actualRefundAmt: Money.nullable(),
  tradeOrder: z.object({ id: Id, tradeOrderCode: z.string(), timeline: z.object({ orderedTime: z.string() }) }),
  reverseTradeOrderLineList: z.array(ReverseLine),
});
export type ReverseSummary = z.infer<typeof ReverseSummary>;

export const ReverseDetail = ReverseSummary.extend({
  tradeContract: z.object({ createdAt: z.string() }),
  orderedTime: z.string(),
  reverseReason: ReverseReason,
  reverseNotes: z.object({
    reverseReason: ReverseReason,
    reverseText: z.string().nullable(),
    auditRejectReason: z.string().nullable(),
  }),
  remarkList: z.array(
    z.object({
      remark: z.string().nullable(),
      attachmentList: z.object({ files: z.array(z.object({ url: z.string() })) }),
    }),
  ),
  actualRefundShippingAmt: Money.nullable(),
  sellerConfirmRefundShippingAmt: Money.nullable(),
  changeToReturn: z.boolean(),
  returnAddress: ReturnAddress.nullable(),
  seller: z.object({ id: Id }),
  auditRejectReason: z.string().nullable(),
  qcRejectReason: z.string().nullable(),
  /** Gifts that go back with the returned lines (shown in their own block). */
  giftLineList: z.array(z.object({ name: z.string(), image: z.string(), qty: Quantity })),
  fulfillmentProgressList: z.array(ReverseShipment),
  /** The refund as the payment provider carries it out. */
  refund: z
    .object({
      status: z.enum(['REFUND_PENDING', 'REFUND_DONE', 'REFUND_FAIL']),
      amount: Money,
      failedReason: z.string().nullable(),
    })
    .nullable(),
  /** The next deadline that moves it by itself, and what happens then (countdown on the page). */
  deadline: z.object({ at: z.string(), kind: z.enum(['AUTO_APPROVE', 'AUTO_CLOSE', 'AUTO_CONFIRM']) }).nullable(),
  /** The order (business type REVERSE_REISSUE) the seller settled this after-sales with by sending the goods again. */
  reissueOrder: z.object({ id: Id, tradeOrderCode: z.string() }).nullable(),
});
export type ReverseDetail = z.infer<typeof ReverseDetail>;

export const ReverseListBody = z.strictObject({
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(AFTER_SALES.listPageSize),
  /** After-sale number (prefix). */
  keyword: z.string().trim().max(40).optional(),
  /** Status filter: 'processing' (open), 'finished', or one status. */
  applied: z.union([z.enum(['processing', 'finished']), ReverseStatus]).optional(),
  reverseOrderIds: z.array(Id).max(100).optional(),
});
export type ReverseListBody = z.input<typeof ReverseListBody>;
export const ReversePage = z.object({
  data: z.array(ReverseSummary),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ReversePage = z.infer<typeof ReversePage>;
export const ReverseByOrderSkuBody = z.strictObject({ tradeOrderId: Id, skuId: Id });
export const ReverseIdBody = z.strictObject({ id: Id });
export const ReverseActionResult = z.object({ id: Id, reverseTradeOrderStatus: ReverseStatus });
/** The seller settled a return or exchange with a reissue order (the same one on a repeated call). */
export const ReissueResult = ReverseActionResult.extend({ reissueOrderId: Id });

// ---------- seller console ----------
export const SellerReverseListBody = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  status: z.enum(['TO_AUDIT', 'TO_RECEIVE', 'TO_REFUND', 'TO_SHIP', 'ALL']).default('TO_AUDIT'),
  keyword: z.string().trim().max(40).optional(),
});
export const SellerReverse = ReverseDetail.extend({
  buyerName: z.string(),
  sellerOperations: z.array(z.string()),
  maxRefundAmt: Money,
  /** What the order can still give back, over all its refunds: goods (with tax) and shipping (once per order). */
  refundableGoodsAmt: Money,
  refundableShippingAmt: Money,
});
export type SellerReverse = z.infer<typeof SellerReverse>;
export const SellerReversePage = z.object({ data: z.array(SellerReverse), total: z.number().int() });
export const AuditBody = z
  .strictObject({ approve: z.boolean(), reason: z.string().trim().max(300).optional() })
  .refine((b) => b.approve || !!b.reason, { message: 'Please give the buyer a reason', path: ['reason'] });
export const QcBody = z
  .strictObject({ pass: z.boolean(), reason: z.string().trim().max(300).optional() })
  .refine((b) => b.pass || !!b.reason, { message: 'Please give the buyer a reason', path: ['reason'] });
export const SellerRefundBody = z.strictObject({ amount: RefundAmount, refundShippingAmt: RefundAmount.optional() });
export const ShipExchangeBody = z.strictObject({ carrierId: Id, serviceCode: TrackingNumber });
export const ReverseEventBody = z.strictObject({
  context: z.string().trim().min(1).max(300),
  areaName: z.string().trim().max(100).optional(),
});
export const ReturnAddressBody = z.strictObject({
  contactName: z.string().trim().min(1).max(MAX_LEN.name),
  phone: z.string().trim().min(1).max(MAX_LEN.phone),
  detailAddress: z.string().trim().min(1).max(MAX_LEN.detailAddress),
  districtList: z.array(z.string().trim().min(1).max(100)).min(1).max(4),
  postalCode: z.string().trim().max(20),
});
