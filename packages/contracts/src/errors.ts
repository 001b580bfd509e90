/**
 * Stable error codes. The API answers `{ code, message, details? }`; the web app maps the code
 * to a translated message (locales key `errors.<code>`), so codes never change once shipped.
 */
export const ERROR_CODES = {
  invalidRequest: 'Common.invalidRequest',
  malformedJson: 'Common.malformedJson',
  unauthorized: 'Common.unauthorized',
  forbidden: 'Common.forbidden',
  notFound: 'Common.notFound',
  tooManyRequests: 'Common.tooManyRequests',
  csrfRejected: 'Common.csrfRejected',
  payloadTooLarge: 'Common.payloadTooLarge',
  internal: 'Common.internal',
  invalidCredentials: 'Auth.invalidCredentials',
  emailTaken: 'Auth.emailTaken',
  accountDisabled: 'Auth.accountDisabled',
  itemNotFound: 'Catalog.itemNotFound',
  skuNotFound: 'Catalog.skuNotFound',
  skuMismatch: 'Catalog.skuMismatch',
  itemSoldOut: 'Trade.itemSoldOut',
  cartLineNotFound: 'Cart.lineNotFound',
  quantityOutOfRange: 'Cart.quantityOutOfRange',
  notEnterpriseUser: 'Enterprise.notEnterpriseUser',
  notMainAccount: 'Enterprise.notMainAccount',
  addressNotFound: 'Address.notFound',
  shippingAddressRequired: 'Checkout.shippingAddressRequired',
  billingAddressRequired: 'Checkout.billingAddressRequired',
  shippingMethodRequired: 'Checkout.shippingMethodRequired',
  pickupPointRequired: 'Checkout.pickupPointRequired',
  shippingNotSupported: 'Checkout.shippingNotSupported',
  privacyNotAgreed: 'Checkout.privacyNotAgreed',
  notifyWayRequired: 'Checkout.notifyWayRequired',
  quickQuizRequired: 'Checkout.quickQuizRequired',
  cannotBuy: 'Checkout.cannotBuy',
  exceedOnly: 'Checkout.exceedOnly',
  presaleAlone: 'Checkout.presaleAlone',
  priceChanged: 'Trade.priceChanged',
  couponNotUsable: 'Coupon.notUsable',
  couponCombination: 'Coupon.notValidInCombination',
  promotionCodeLength: 'Coupon.codeLength',
  notEnoughPoints: 'Points.notEnough',
  idempotencyKeyRequired: 'Common.idempotencyKeyRequired',
  tradeContractNotExist: 'Trade.tradeContractNotExist',
  alreadyPaid: 'Payment.alreadyPaid',
  paymentPending: 'Payment.pending',
  channelUnavailable: 'Payment.channelUnavailable',
  contractNotPayable: 'Payment.contractNotPayable',
  badSignature: 'Payment.badSignature',
  paymentRecordNotClosable: 'Payment.recordNotClosable',
  creditLimitExceeded: 'Payment.creditLimitExceeded',
  orderLimitExceeded: 'Payment.orderLimitExceeded',
  selectCard: 'Payment.selectCard',
  cardNotFound: 'Card.notFound',
  balanceNotStarted: 'Payment.balanceNotStarted',
  proofRequired: 'Payment.proofRequired',
  fileTooLarge: 'Upload.fileTooLarge',
  fileType: 'Upload.fileType',
  tradeOrderNotExist: 'Trade.tradeOrderNotExist',
  packageNotExist: 'Trade.packageNotExist',
  operationNotAllowed: 'Trade.operationNotAllowed',
  postponeLimitReached: 'Trade.postponeLimitReached',
  invalidShipment: 'Trade.invalidShipment',
  trackingNumberUsed: 'Trade.trackingNumberUsed',
  carrierNotFound: 'Trade.carrierNotFound',
  notSeller: 'Merchant.notSeller',
  refundFailed: 'Payment.refundFailed',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** Header every state-changing browser request carries (CSRF defence together with Origin). */
export const CSRF_HEADER = 'x-mall-request';
