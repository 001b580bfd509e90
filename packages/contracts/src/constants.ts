/** Business constants and limits of SPEC §9 (and the ones §5 states as numbers). */
export const QUANTITY = { min: 1, max: 10, step: 1 } as const;
/** Weight items allow decimals; quantities are kept to this many digits everywhere. */
export const QUANTITY_DECIMALS = 3;
export const ORDER_LIST_PAGE_SIZE = 5;
export const REVIEW_LIST_PAGE_SIZE = 4;
export const REGION_LIST_PAGE_SIZE = 999;
export const PAYMENT_POLL_MS = 3000;
export const CARD_SETUP_POLL_MS = 1000;
export const PAY_SUCCESS_COUNTDOWN_S = 10;
export const RATE_LIMIT_SUBMIT_DELAY_MS = 1000;
export const FAKE_COUNTDOWN_MS = 300000;
export const METERS_PER_MILE = 1609.34;
export const MAX_LEN = {
  name: 100,
  city: 100,
  street: 200,
  detailAddress: 200,
  company: 200,
  email: 50,
  notificationEmail: 255,
  phone: 20,
  hearFrom: 200,
  inviteCode: 20,
  quickQuiz: 200,
  requirements: 500,
  reviewText: 300,
  afterSalesNotes: 500,
  password: 128,
  nickname: 50,
} as const;
export const PROMOTION_CODE_LENGTH = { min: 4, max: 20 } as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Greeting by hour of day (SPEC §1): before 11 morning, 11-13 noon, 13-18 afternoon, else evening. */
export const GREETING_HOURS = { noon: 11, afternoon: 13, evening: 18 } as const;
export const PASSWORD_MIN = 8;
export const SESSION_TTL_DAYS = 30;
export const ADDRESS_CACHE_DAYS = 7;
export const ENTERPRISE_CHILD_PAGE_SIZE = 100000;
/** Receipt: shipped orders auto-confirm this many days after the last parcel left. */
export const RECEIPT_DEADLINE_DAYS = 10;
/** Postpone (SPEC §4): each postpone adds these days (the server decides), at most this many times. */
export const POSTPONE_DAYS = 5;
export const POSTPONE_LIMIT = 2;
/** Cancel-after-pay button debounce (SPEC §5, §9). */
export const CANCEL_DEBOUNCE_MS = 60;
/** Order list: at most this many lines per order, then a count. */
export const ORDER_LIST_MAX_LINES = 3;
/** Mobile infinite scroll loads the next page within this many pixels of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 150;
/** A sub-account order handed to the main account stays payable this many days. */
export const MASTER_PAY_DAYS = 7;
/** Merged payment and cancel (SPEC §4 MERGE_PAY, MERGE_CANCEL): at most this many orders at once; the carousel shows at most MERGE_CAROUSEL_SLIDES (SPEC §9). */
export const MERGE_MAX_ORDERS = 20;
export const MERGE_CAROUSEL_SLIDES = 5;
/** After-sales (SPEC §5, §9): evidence images, list paging, and the timed rules (days; the server's defaults, configurable). */
export const AFTER_SALES = {
  evidenceMax: 6,
  evidenceMaxBytes: 1024 * 1024,
  listPageSize: 10,
  /** Pagination is shown when the total exceeds this. */
  paginationAbove: 10,
  auditDays: 3,
  returnDays: 7,
  confirmDays: 10,
} as const;

/** Review limits (SPEC §5). Here, not in comment.ts, so a page that reads them does not load the review schemas (and zod). */
export const REVIEW = {
  imagesMax: 6,
  stars: 5,
  textMax: MAX_LEN.reviewText,
  pageSize: REVIEW_LIST_PAGE_SIZE,
  itemPageSize: 5,
} as const;

/**
 * Uploads per purpose (SPEC §5): the proof of invoice one file of 10 MB ('File size cannot exceed
 * 10M'), after-sales evidence 6 images of 1 MB each, review photos 6 of 10 MB. The server enforces
 * these on upload (POST /api/uploads?purpose=..., /api/uploads/review-images); the forms state
 * them and check a file before sending it.
 */
export const UPLOAD_LIMITS = {
  invoice: { maxBytes: UPLOAD_MAX_BYTES, maxFiles: 1 },
  evidence: { maxBytes: AFTER_SALES.evidenceMaxBytes, maxFiles: AFTER_SALES.evidenceMax },
  review: { maxBytes: UPLOAD_MAX_BYTES, maxFiles: REVIEW.imagesMax },
} as const;
export type UploadPurpose = keyof typeof UPLOAD_LIMITS;
export const UPLOAD_PURPOSES = Object.keys(UPLOAD_LIMITS) as UploadPurpose[];
/** A limit in whole megabytes, as the forms state it ("1 MB each"). */
export const uploadMegabytes = (purpose: UploadPurpose) => UPLOAD_LIMITS[purpose].maxBytes / (1024 * 1024);
/**
 * Pixels an uploaded image may declare (width x height, read from its header before it is
 * decoded): an A4 page scanned at 600 dpi (35 MP) or a phone photo fits; a small file that
 * unpacks to a huge canvas (7000 x 7000 = 49 MP, seconds of CPU) is refused.
 */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/*
 * Allowed values the pages read (URL filters, selects, labels). They live here, without zod, so a
 * page that needs them does not load zod and the schemas: `@mall/contracts/constants`. The
 * schemas are built from these same arrays (z.enum(ORDER_TABS) in order.ts, ...).
 */
export const ORDER_STATUS_VALUES = [
  'PENDING_PAY',
  'PENDING_DEPOSIT',
  'PENDING_BALANCE',
  'UN_DELIVERY',
  'UN_RECEIVED',
  'COMPLETE',
  'CLOSED',
  'CANCELED',
  'CANCEL_ALL',
  'PROCESSING',
  'UNDER_REVIEW',
] as const;
/** Order list tabs (SPEC §2). */
export const ORDER_TABS = ['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'CANCEL_ALL'] as const;
/** Time filters of the order list (SPEC §2): last 3 months, this year, last year, long ago (before last year). */
export const ORDER_TIMESPANS = ['LAST_3_MONTHS', 'THIS_YEAR', 'LAST_YEAR', 'LONG_AGO'] as const;
export const REVERSE_STATUS_VALUES = [
  'AS_APPLIED',
  'WAITING_FOR_AUDIT_BY_SELLER',
  'WAITING_FOR_BUYER_RETURN',
  'WAITING_FOR_QC_DONE',
  'WAITING_FOR_REFUND',
  'WAITING_FOR_SELLER_SHIP',
  'WAITING_FOR_BUYER_CONFIRMED',
  'REFUND_PENDING',
  'REFUND_DONE',
  'REVERSE_DONE',
  'REVERSE_CANCELED',
  'REVERSE_CLOSE',
  'REFUND_FAIL',
] as const;
/** What a buyer applies for from an order (PURCHASE_RETURN: an enterprise's return of a BULK order under its quote). */
export const APPLY_TYPES = [
  'SALE_REFUND',
  'SALE_RETURN',
  'SALE_EXCHANGE',
  'SALE_CANCEL_BEFORE_DELIVERY',
  'PURCHASE_RETURN',
] as const;
/** Days after delivery a BULK order may be returned when its quote says nothing else (0 in a quote: no returns). */
export const BULK_RETURN_DAYS_DEFAULT = 30;
export const BULK_RETURN_DAYS_MAX = 365;
export const MY_COUPON_TABS = ['AVAILABLE', 'USED', 'EXPIRED'] as const;
export type MyCouponTab = (typeof MY_COUPON_TABS)[number];
/** SPEC §9: coupon lists page by 4. */
export const COUPON_LIST_PAGE_SIZE = 4;
export const MEMBERSHIP = { historyPageSize: 10, levelPageSize: 20 } as const;
/** Kinds of points ledger lines (the buyer's history filter). */
export const POINT_LINE_KINDS = [
  'WELCOME',
  'INVITATION',
  'ADJUSTMENT',
  'EARN',
  'ORDER',
  'ORDER_CLOSED',
  'REFUND',
  'EARN_REVERSED',
  'EXPIRY',
] as const;
export const PAID_SERVICE_PERIOD_CODES = ['MONTHLY', 'YEARLY'] as const;
/**
 * The shop's own identity provider: the `{provider}` path segment of the §7 account calls
 * (`/auth/{provider}/...`), e.g. `POST /auth/mall/password/reset-by-verify-token`.
 */
export const IDENTITY_PROVIDER = 'mall';
/** Query parameter the OIDC callback puts an error code in when it sends the buyer back to a page. */
export const OIDC_ERROR_PARAM = 'oidcError';
export const HEAR_FROM_OPTIONS = [
  'advertisement',
  'onlineSearch',
  'socialMedia',
  'referral',
  'emailMarketing',
  'industryAssociation',
  'qrCode',
  'other',
] as const;
export const GENDERS = ['MALE', 'FEMALE', 'UN_KNOW'] as const;
export const ADDRESS_TYPES = ['COMPANY', 'PERSON'] as const;
export const EMAIL_PATTERN = /^[^\s@"]+@[^\s@"]+\.[^\s@"]{2,}$/;
/**
 * Why a provider declined a payment (the payment record's failedReason): every reason MOCKPAY
 * sends (test card 4000…0002 card_declined, 4000…9995 insufficient_funds, a saved card whose
 * token it does not know invalid_token), plus the shop's own (an approval for another amount,
 * a declined event without a reason). The web app has a sentence for each.
 */
export const PAYMENT_DECLINE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'invalid_token',
  'amount_mismatch',
  'declined',
] as const;
export type PaymentDeclineReason = (typeof PAYMENT_DECLINE_REASONS)[number];
