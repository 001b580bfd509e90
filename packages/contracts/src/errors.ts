/**
 * Stable error codes. The API answers `{ code, message, details? }`; the web app maps the code
 * to a translated message (locales key `errors.<code>`), so codes never change once shipped.
 */
export const ERROR_CODES = {
  invalidRequest: 'Common.invalidRequest',
  malformedJson: 'Common.malformedJson',
  /** A text field holds a NUL character or a broken (lone surrogate) character. */
  invalidText: 'Common.invalidText',
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
  /** Off the item's quantity steps or finer than its precision (weight items in 0.5 kg steps). */
  quantityStep: 'Cart.quantityStep',
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
  /** A cross-border order on a site that asks for the buyer's real-name certificate, and none saved for the site. */
  certificateRequired: 'Checkout.certificateRequired',
  /** A delivery day or time was sent on a site that offers none (only JP does). */
  deliveryDayNotOffered: 'Checkout.deliveryDayNotOffered',
  /** The delivery day is not one of the days the site offers (SITES[..].features.deliveryDayTime). */
  deliveryDayOutOfRange: 'Checkout.deliveryDayOutOfRange',
  /** The delivery time is not one of the site's time slots. */
  deliveryTimeNotOffered: 'Checkout.deliveryTimeNotOffered',
  priceChanged: 'Trade.priceChanged',
  couponNotUsable: 'Coupon.notUsable',
  couponCombination: 'Coupon.notValidInCombination',
  promotionCodeLength: 'Coupon.codeLength',
  notEnoughPoints: 'Points.notEnough',
  memberLevelNotFound: 'Member.levelNotFound',
  idempotencyKeyRequired: 'Common.idempotencyKeyRequired',
  tradeContractNotExist: 'Trade.tradeContractNotExist',
  alreadyPaid: 'Payment.alreadyPaid',
  paymentPending: 'Payment.pending',
  channelUnavailable: 'Payment.channelUnavailable',
  contractNotPayable: 'Payment.contractNotPayable',
  /** Merged payment or cancel: some selected order can no longer be paid or cancelled (details.tradeOrderIds names them). */
  mergeNotPayable: 'Payment.mergeNotPayable',
  /** Merged payment: the selected orders are of different currencies or sites. */
  mergeMixed: 'Payment.mergeMixed',
  /** Merged payment: fewer than two checkouts selected (one is paid the usual way), or more than MERGE_MAX_ORDERS orders. */
  mergeCount: 'Payment.mergeCount',
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
  /** The image declares more pixels than UPLOAD_MAX_PIXELS (read from its header, never decoded). */
  imageTooLarge: 'Upload.imageTooLarge',
  /** The file starts like an image but does not decode as one. */
  imageUnreadable: 'Upload.imageUnreadable',
  /** Too many uploads are being processed right now (503 with Retry-After). */
  uploadBusy: 'Upload.busy',
  /** The proof of invoice is not an upload of this account. */
  proofNotFound: 'Payment.proofNotFound',
  tradeOrderNotExist: 'Trade.tradeOrderNotExist',
  packageNotExist: 'Trade.packageNotExist',
  operationNotAllowed: 'Trade.operationNotAllowed',
  postponeLimitReached: 'Trade.postponeLimitReached',
  invalidShipment: 'Trade.invalidShipment',
  trackingNumberUsed: 'Trade.trackingNumberUsed',
  /** The tracking number does not have the chosen carrier's format (see tracking.ts). */
  trackingNumberFormat: 'Trade.trackingNumberFormat',
  carrierNotFound: 'Trade.carrierNotFound',
  notSeller: 'Merchant.notSeller',
  // Bulk order requests (exceed flow)
  bulkRequestNotExist: 'Bulk.requestNotExist',
  /** The request moved on (quoted, accepted, declined) since the page was loaded. */
  bulkStatusChanged: 'Bulk.statusChanged',
  /** The quote's validity date has passed: ask the seller to revise it. */
  bulkQuoteExpired: 'Bulk.quoteExpired',
  /** The quote must price every line of the request, with a validity date from today on. */
  bulkQuoteInvalid: 'Bulk.quoteInvalid',
  /** The billing address of a bulk order changes only while it is unpaid. */
  bulkOrderNotEditable: 'Bulk.orderNotEditable',
  /** A frozen seller keeps query, delivery and after-sales rights only (SPEC §6). */
  merchantFrozen: 'Merchant.frozen',
  /** A cleared seller (stopped or removed) may only query (SPEC §6). */
  merchantCleared: 'Merchant.cleared',
  merchantStateChanged: 'Merchant.stateChanged',
  applicationNotExist: 'Merchant.applicationNotExist',
  applicationStatusChanged: 'Merchant.applicationStatusChanged',
  applicationAlreadyPassed: 'Merchant.applicationAlreadyPassed',
  notOperator: 'Operator.notOperator',
  /** Risk screening holds the order until the operator approves it: it cannot be paid yet. */
  orderUnderReview: 'Risk.underReview',
  /** The operator decided on an order that is no longer held (decided already, or cancelled by the buyer). */
  riskNotHeld: 'Risk.notHeld',
  articleNotExist: 'Content.articleNotExist',
  /** Service use codes: no such code in the seller's shops (or the buyer's order has none to show). */
  serviceCodeNotFound: 'ServiceCode.notFound',
  serviceCodeWrongPassword: 'ServiceCode.wrongPassword',
  serviceCodeUsed: 'ServiceCode.used',
  serviceCodeRefunded: 'ServiceCode.refunded',
  serviceCodeExpired: 'ServiceCode.expired',
  serviceCodeOrderNotPaid: 'ServiceCode.orderNotPaid',
  /** The code's line is in an open after-sales request (a refund of it may be under way). */
  serviceCodeInAfterSales: 'ServiceCode.inAfterSales',
  /** Group-buy: the group has no free slot, its time ran out, the campaign ended or sold out, the buyer is in it already. */
  groupBuyFull: 'GroupBuy.full',
  groupBuyExpired: 'GroupBuy.expired',
  groupBuyCampaignEnded: 'GroupBuy.campaignEnded',
  groupBuySoldOut: 'GroupBuy.soldOut',
  groupBuyAlreadyJoined: 'GroupBuy.alreadyJoined',
  groupBuyNotFound: 'GroupBuy.notFound',
  /** A group order asked for with more than one unit, another SKU or other lines. */
  groupBuyOneUnit: 'GroupBuy.oneUnit',
  /** A group's orders ship once the group has filled. */
  groupBuyNotFilled: 'GroupBuy.notFilled',
  refundFailed: 'Payment.refundFailed',
  reverseNotExist: 'AfterSales.reverseNotExist',
  reverseLineInProgress: 'AfterSales.lineInProgress',
  reverseNoLine: 'AfterSales.noLine',
  reverseLineNotAllowed: 'AfterSales.lineNotAllowed',
  reverseQtyOutOfRange: 'AfterSales.quantityOutOfRange',
  refundAmountRequired: 'AfterSales.refundAmountRequired',
  refundAmountOutOfRange: 'AfterSales.refundAmountOutOfRange',
  refundAmountZero: 'AfterSales.refundAmountZero',
  reverseReasonRequired: 'AfterSales.reasonRequired',
  reverseTypeNotAllowed: 'AfterSales.typeNotAllowed',
  exchangeSkuRequired: 'AfterSales.exchangeSkuRequired',
  exchangeSkuInvalid: 'AfterSales.exchangeSkuInvalid',
  evidenceTooLarge: 'AfterSales.evidenceTooLarge',
  evidenceNotFound: 'AfterSales.evidenceNotFound',
  reverseStatusChanged: 'AfterSales.statusChanged',
  returnAddressMissing: 'AfterSales.returnAddressMissing',
  reviewRateRequired: 'Review.rateRequired',
  reviewContentRequired: 'Review.contentRequired',
  reviewContentTooLong: 'Review.contentTooLong',
  reviewLineNotBought: 'Review.lineNotBought',
  reviewOrderNotFinished: 'Review.orderNotFinished',
  reviewAlreadyExists: 'Review.alreadyReviewed',
  reviewNotExist: 'Review.notExist',
  reviewFollowUpExists: 'Review.followUpExists',
  reviewImageNotFound: 'Review.imageNotFound',
  reviewAlreadyReplied: 'Review.alreadyReplied',
  // Account settings (certificates, notice emails, profile, bind / change / delete, invitation code)
  certificateNameRequired: 'Certificate.nameRequired',
  certificateNumberRequired: 'Certificate.numberRequired',
  certificateNumberInvalid: 'Certificate.numberInvalid',
  certificateNotExist: 'Certificate.notExist',
  certificateLimit: 'Certificate.limitReached',
  noticeEmailDuplicate: 'Enterprise.noticeEmailDuplicate',
  noticeEmailLimit: 'Enterprise.noticeEmailLimit',
  noticeEmailNotExist: 'Enterprise.noticeEmailNotExist',
  emailAlreadyBound: 'Account.emailAlreadyBound',
  mobileAlreadyBound: 'Account.mobileAlreadyBound',
  mobileTaken: 'Account.mobileTaken',
  noEmailToChange: 'Account.noEmailToChange',
  noMobileToChange: 'Account.noMobileToChange',
  oldVerificationRequired: 'Account.oldVerificationRequired',
  destroyPaymentPending: 'Account.destroyPaymentPending',
  destroyAfterSalesOpen: 'Account.destroyAfterSalesOpen',
  destroyOrdersToShip: 'Account.destroyOrdersToShip',
  destroyNotOwnAddress: 'Account.destroyNotOwnAddress',
  invitationCodeUnknown: 'Invitation.codeUnknown',
  invitationOwnCode: 'Invitation.ownCode',
  invitationAlreadyFilled: 'Invitation.alreadyFilled',
  /** Third-party sign-in (OIDC): unknown or unconfigured provider name. */
  oidcProviderUnknown: 'Account.oidcProviderUnknown',
  /** The provider could not be reached (discovery or token exchange failed). */
  oidcProviderUnavailable: 'Account.oidcProviderUnavailable',
  /** The callback's state is unknown, expired, already used or not this browser's. */
  oidcStateInvalid: 'Account.oidcStateInvalid',
  /** The provider answered with an error, or its ID token did not validate. */
  oidcSignInFailed: 'Account.oidcSignInFailed',
  /** The provider's verified email belongs to an existing account: log in with the password and bind from account security. */
  oidcEmailRegistered: 'Account.oidcEmailRegistered',
  /** A new account needs a verified email from the provider. */
  oidcEmailUnverified: 'Account.oidcEmailUnverified',
  /** This provider identity is bound to another account. */
  thirdAccountBoundElsewhere: 'Account.thirdAccountBoundElsewhere',
  /** This account already has an identity of that provider bound. */
  thirdAccountAlreadyBound: 'Account.thirdAccountAlreadyBound',
  thirdAccountNotBound: 'Account.thirdAccountNotBound',
  /** Unbinding would leave the account without any way to sign in (no password, last identity). */
  lastSignInMethod: 'Account.lastSignInMethod',
  // Account security core: codes, captcha, password reset / change, login hardening.
  codeInvalid: 'Account.codeInvalid',
  codeExpired: 'Account.codeExpired',
  codeTooManyTries: 'Account.codeTooManyTries',
  /** A code was sent less than 60 s ago (429; details.retryAfterSeconds). */
  codeResendTooSoon: 'Account.codeResendTooSoon',
  codeFormat: 'Account.codeFormat',
  mobileFormat: 'Account.mobileFormat',
  captchaInvalid: 'Account.captchaInvalid',
  resetTokenInvalid: 'Account.resetTokenInvalid',
  passwordIncorrect: 'Account.passwordIncorrect',
  /** Too many failed logins for this account: solve the captcha and send it with the login. */
  captchaRequired: 'Auth.captchaRequired',
  /** The site does not offer this kind of subscription (its sms or email subscribe flag is off). */
  subscriptionNotOffered: 'Subscription.notOffered',
  /** A confirm or unsubscribe link that is unknown (mistyped, or from another shop). */
  subscriptionLinkInvalid: 'Subscription.linkInvalid',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** Header every state-changing browser request carries (CSRF defence together with Origin). */
export const CSRF_HEADER = 'x-mall-request';
