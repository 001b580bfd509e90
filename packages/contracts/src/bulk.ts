/**
 * Bulk ("exceed") order requests negotiated into BULK orders (SPEC §2 Exceed variant, Merchant
 * shopping guide; §4 Exceed flow; §7 submit pre-trade order request, update billing address of a
 * trade order, order detail by bulk order id). One request per shop concerned.
 */
import { z } from 'zod';
import { Address } from './address.js';
import { AddressChoice } from './checkout.js';
import { BULK_RETURN_DAYS_MAX } from './constants.js';
import { Id, Money } from './schemas.js';

export const BULK_REQUEST_STATUS_VALUES = ['WAITING_QUOTE', 'QUOTED', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
export const BULK_MESSAGE_MAX = 1000;
export const BULK_QUOTE_NOTE_MAX = 500;

/** A price typed by the seller: up to 9 digits and 2 decimals (0 decimals on JPY is checked by the server). */
const Price = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Please enter a price');

export const BulkQuoteBody = z.strictObject({
  /** One exclusive unit price per line of the request, in its order. */
  unitPrices: z.array(Price).min(1).max(100),
  shipping: Price,
  /** The last day the quote may be accepted (YYYY-MM-DD, end of that day UTC). */
  validUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a date'),
  note: z.string().trim().max(BULK_QUOTE_NOTE_MAX).optional(),
  /** Days after delivery the buyer may return goods at the quoted prices (PURCHASE_RETURN); 0 = no returns. */
  returnDays: z.number().int().min(0).max(BULK_RETURN_DAYS_MAX).optional(),
});
export type BulkQuoteBody = z.infer<typeof BulkQuoteBody>;

export const BulkMessageBody = z.strictObject({
  body: z.string().trim().min(1, 'Please write a message').max(BULK_MESSAGE_MAX),
});
export type BulkMessageBody = z.infer<typeof BulkMessageBody>;

export const BulkBillingAddressBody = z.strictObject({ billingAddress: AddressChoice });
export type BulkBillingAddressBody = z.infer<typeof BulkBillingAddressBody>;

export const BulkRequestLine = z.object({
  skuId: Id,
  itemId: Id,
  itemName: z.string(),
  skuName: z.string(),
  image: z.string(),
  unit: z.string().nullable(),
  qty: z.string(),
  /** The catalog price when asked, and the quoted exclusive price once quoted. */
  listUnitPrice: Money,
  quotedUnitPrice: Money.nullable(),
  quotedAmt: Money.nullable(),
  diyChildren: z.array(z.object({ skuId: Id, itemName: z.string(), skuName: z.string(), qty: z.string() })),
});
export const BulkMessage = z.object({
  id: Id,
  author: z.enum(['BUYER', 'SELLER']),
  body: z.string(),
  createdAt: z.string(),
});
export const BulkQuote = z.object({
  version: z.number().int(),
  goodsAmt: Money,
  shippingAmt: Money,
  taxAmt: Money,
  taxDisplay: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  needPayAmt: Money,
  validUntil: z.string(),
  quotedAt: z.string(),
  note: z.string().nullable(),
  /** Days after delivery a purchase return is accepted at the quoted prices (0: none). */
  returnDays: z.number().int(),
});
export const BulkRequestView = z.object({
  id: Id,
  status: z.enum(BULK_REQUEST_STATUS_VALUES),
  guideStep: z.number().int(),
  site: z.string(),
  shop: z.object({ id: Id, name: z.string() }),
  buyerName: z.string(),
  requirements: z.string().nullable(),
  shippingAddress: Address.nullable(),
  listAmt: Money,
  lines: z.array(BulkRequestLine),
  quote: BulkQuote.nullable(),
  /** The BULK order made by accepting, and whether it is paid. */
  order: z
    .object({ id: Id, tradeOrderCode: z.string(), contractId: Id, status: z.string(), paid: z.boolean() })
    .nullable(),
  messages: z.array(BulkMessage),
  createdAt: z.string(),
  /** What the viewer may do now. */
  actions: z.array(z.enum(['quote', 'revise', 'accept', 'decline', 'message', 'pay'])),
});
export type BulkRequestView = z.infer<typeof BulkRequestView>;
export const BulkRequestSummary = BulkRequestView.omit({ messages: true, lines: true }).extend({
  lineCount: z.number().int(),
  firstItemName: z.string(),
});
export type BulkRequestSummary = z.infer<typeof BulkRequestSummary>;

/** §7 order detail by bulk order id: what the confirm-pay view shows. */
export const BulkOrderDetail = z.object({
  orderId: Id,
  tradeOrderCode: z.string(),
  contractId: Id,
  requestId: Id.nullable(),
  status: z.string(),
  shopName: z.string(),
  shippingAddress: Address.nullable(),
  billingAddress: Address.nullable(),
  lines: z.array(
    z.object({
      id: Id,
      parentId: Id.nullable(),
      lineGroupType: z.string(),
      itemName: z.string(),
      skuName: z.string(),
      image: z.string(),
      unit: z.string().nullable(),
      qty: z.string(),
      unitPrice: Money,
      amount: Money,
    }),
  ),
  skuAmt: Money,
  shippingAmt: Money,
  taxAmt: Money,
  taxDisplay: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  needPayAmt: Money,
  /** The billing address may change until the order is paid. */
  billingEditable: z.boolean(),
});
export type BulkOrderDetail = z.infer<typeof BulkOrderDetail>;
