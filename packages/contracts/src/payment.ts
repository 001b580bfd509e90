/** Payment contracts (SPEC §3 Payment channel, §4 Payment start/polling, §7 Payment). */
import { z } from 'zod';
import { Id, Money, SiteCodeSchema } from './schemas.js';

/** Channels with a provider in this shop (SPEC §9); which are offered depends on the configured keys. */
export const PAY_CHANNELS = [
  'MOCKPAY',
  'INVOICE_ME',
  'STRIPE_PAY_PC',
  'STRIPE_PAY_QUICK',
  'PAYPAL_PAY_PC',
  'ADYEN_PC',
  'ADYEN_LINK',
  'KLARNA',
  'AFFIRM_PC',
  'BRAINTREE',
] as const;
export const PaymentRecordStatus = z.enum(['NONE', 'PAY_PENDING', 'PAY_SUCCESS', 'PAY_FAILED', 'CLOSED']);
export type PaymentRecordStatus = z.infer<typeof PaymentRecordStatus>;

export const PayChannelBody = z.strictObject({
  environment: z.enum(['PC', 'H5']).optional(),
  countryCode: z.string().max(3).optional(),
  excludeCountry: z.string().max(3).optional(),
  site: SiteCodeSchema.optional(),
  /** Paying with points removes the pay-later provider (SPEC §4). */
  isPoint: z.boolean().optional(),
});
export const PayChannel = z.object({
  channelName: z.string(),
  paymentMethods: z.array(z.object({ type: z.string(), name: z.string() })),
  configMap: z.record(z.string(), z.string()),
  anonymous: z.boolean(),
  /**
   * Hosts of the channel's own pages (hosted payment page, return pages) that the shop may send
   * the buyer to besides its own origin; every other redirect target goes home. MOCKPAY and
   * INVOICE_ME are served by the shop itself, so theirs is empty.
   */
  redirectHosts: z.array(z.string()),
});
export const PayChannelResult = z.object({
  payChannelGroups: z.array(z.object({ groupName: z.string(), channels: z.array(PayChannel) })),
});
export type PayChannelResult = z.infer<typeof PayChannelResult>;

export const FirstPayBody = z.strictObject({
  contractId: Id,
  payChannel: z.enum(PAY_CHANNELS),
  payMethod: z
    .enum([
      'card',
      'wallet',
      'savedCard',
      'invoice',
      'paypal',
      'klarna',
      'affirm',
      // Adyen's names of its payment methods (ADYEN_PC's Drop-in shows the one chosen; ADYEN_LINK's page offers them all).
      'scheme',
      'applepay',
      'googlepay',
      'paywithgoogle',
      'afterpaytouch',
      'paybylink',
    ])
    .optional(),
  /** With payMethod savedCard: which of the buyer's cards. */
  cardId: Id.optional(),
  /** INVOICE_ME when the account needs a proof of invoice: the uploaded file's URL. */
  proofOfInvoiceUrl: z
    .string()
    .regex(/^\/uploads\/[0-9a-f-]{36}\.(png|jpg|bmp|webp)$/)
    .optional(),
});
export const FirstPayResult = z.object({
  redirectInfo: z.null(),
  needConfirm: z.boolean(),
  channelToken: z.string(),
  redirectUrl: z.string(),
  channel: z.string(),
  paymentRecordId: Id,
  /** An embedded widget's session (Stripe's client secret, PayPal's order id): the browser finishes the payment with it. */
  clientSession: z.record(z.string(), z.string()).nullable().optional(),
});
export type FirstPayResult = z.infer<typeof FirstPayResult>;

export const ContractRef = z.strictObject({ contractId: Id });
/**
 * The pay-result poll. `sessionResult`: what Adyen's Drop-in handed the page when its payment
 * completed; with it the shop reads the session's outcome from Adyen at once instead of waiting
 * for the notification.
 */
export const PayResultBody = z.strictObject({ contractId: Id, sessionResult: z.string().min(1).max(4000).optional() });
/** Enterprise credit for payment terms (INVOICE_ME). */
export const CreditBalance = z.object({ availableCreditAmt: Money, needPi: z.boolean(), isMain: z.boolean() });
export type CreditBalance = z.infer<typeof CreditBalance>;
export const PaymentStatus = z.object({
  payUniqueKey: z.string(),
  paymentRecordStatus: PaymentRecordStatus,
  paymentRecordId: Id.nullable(),
});
export type PaymentStatus = z.infer<typeof PaymentStatus>;
export const ClosePaymentBody = z.strictObject({ payUniqueKey: z.string().max(100), paymentRecordId: Id });

export { PAYMENT_DECLINE_REASONS, type PaymentDeclineReason } from './constants.js';

/** One trade order of a contract as the pay pages show it: its real number, shop, amount and a short line summary. */
export const ContractOrder = z.object({
  id: Id,
  tradeOrderCode: z.string(),
  shopName: z.string(),
  needPayAmt: Money,
  status: z.string(),
  /** BULK orders (agreed through an order request) confirm their billing address before paying. */
  tradeOrderType: z.enum(['NORMAL', 'BULK']).optional(),
  /** The first lines (DIY parts and gifts left out) and how many such lines the order has in all. */
  lines: z.array(
    z.object({
      itemName: z.string(),
      skuName: z.string(),
      qty: z.string(),
      unit: z.string().nullable(),
      image: z.string(),
    }),
  ),
  lineCount: z.number().int(),
});
export type ContractOrder = z.infer<typeof ContractOrder>;

export const PayResult = z.object({
  contractId: Id,
  /** PAY_SUCCESS / PRE_AUTH_SUCCESS: success; PAY_PENDING: keep polling; anything else: failed. */
  status: z.enum(['PAY_SUCCESS', 'PRE_AUTH_SUCCESS', 'PAY_PENDING', 'PAY_FAILED', 'CLOSED', 'NONE']),
  failedReason: z.string().nullable(),
  paymentRecordId: Id.nullable(),
  needPayAmt: Money,
  /** The contract's orders: their numbers are what the buyer sees in the order list and types into the guest lookup. */
  tradeOrderList: z.array(ContractOrder),
  /** The email given at checkout (a guest looks the orders up with it). */
  email: z.string().nullable(),
});
export type PayResult = z.infer<typeof PayResult>;

export const ContractDetail = z.object({
  id: Id,
  status: z.enum(['PENDING_PAY', 'PAID', 'CLOSED']),
  needPayAmt: Money,
  payUniqueKey: z.string(),
  paymentOrderId: z.string(),
  payDeadlineMillis: z.number().nullable(),
  buyerId: Id,
  isPoint: z.boolean(),
  tradeOrderList: z.array(ContractOrder),
  email: z.string().nullable(),
  /** Sub-account order handed to the main account: PENDING until the main account pays. */
  masterStatus: z.enum(['PENDING', 'PAID']).nullable(),
  /** What the next payment pays: everything, or the presale's deposit or balance. */
  stageAmt: Money,
  presale: z
    .object({
      stage: z.enum(['DEPOSIT', 'BALANCE', 'PAID']),
      deposit: Money,
      balance: Money,
      balancePaymentStartTime: z.string(),
      balancePaymentEndTime: z.string(),
    })
    .nullable(),
});
export const MasterPendingList = z.array(
  z.object({
    contractId: Id,
    buyerName: z.string(),
    needPayAmt: Money,
    submittedAt: z.string(),
    tradeOrderCodes: z.array(z.string()),
  }),
);
export type MasterPendingList = z.infer<typeof MasterPendingList>;
export type ContractDetail = z.infer<typeof ContractDetail>;
export const IdBody = z.strictObject({ id: Id });

/** What MOCKPAY signs and posts to the shop. */
export const MockpayEvent = z.object({
  id: z.string(),
  type: z.enum([
    'payment.approved',
    'payment.declined',
    'payment.pending',
    'payment.cancelled',
    'setup.succeeded',
    'refund.succeeded',
    'refund.failed',
  ]),
  created: z.number(),
  data: z.object({
    paymentId: z.string(),
    merchantReference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    reason: z.string().nullable(),
    /** setup.succeeded: the saved card's token, last four digits and network. */
    token: z.string().optional(),
    cardTail: z.string().optional(),
    brand: z.string().optional(),
    /** refund.*: MOCKPAY's refund id (merchantReference is the shop's idempotency key). */
    refundId: z.string().optional(),
  }),
});
export type MockpayEvent = z.infer<typeof MockpayEvent>;
