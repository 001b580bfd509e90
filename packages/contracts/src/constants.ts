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
  name: 100, city: 100, street: 200, detailAddress: 200, company: 200, email: 50, notificationEmail: 255,
  phone: 20, hearFrom: 200, inviteCode: 20, quickQuiz: 200, requirements: 500, reviewText: 300,
  afterSalesNotes: 500, password: 128, nickname: 50,
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
export const REVIEW = { imagesMax: 6, stars: 5, textMax: MAX_LEN.reviewText, pageSize: REVIEW_LIST_PAGE_SIZE, itemPageSize: 5 } as const;
