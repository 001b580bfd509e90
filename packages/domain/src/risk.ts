/**
 * Risk screening rules (SPEC §7 "risk-check call when enabled", §9 flag riskCheck): a new order is
 * scored from what the shop knows when it is placed, and held for the operator when the score
 * reaches the threshold. Pure: the server gathers the signals (modules/risk), these rules score
 * them. A provider (a screening service) may replace the rules behind the server's RiskScreener.
 */

/** Why an order scored: one code per rule that fired. */
export const RISK_REASONS = [
  'NEW_ACCOUNT_AMOUNT',
  'COUNTRY_MISMATCH',
  'DISPOSABLE_EMAIL',
  'ORDER_VELOCITY',
  'CARD_VELOCITY',
  'ADDRESS_VELOCITY',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** What the rules look at, gathered when the order is placed. Counts cover the last hour and include this order. */
export interface RiskSignals {
  currency: string;
  /** What the buyer is asked to pay, in minor units of `currency`. */
  amountMinor: bigint;
  /** Days since the account was made (a guest's row counts from its first use). */
  accountAgeDays: number;
  /** Orders the buyer paid before this one. */
  paidOrdersBefore: number;
  shippingCountry: string | null;
  /** Null: billing is the shipping address. */
  billingCountry: string | null;
  email: string | null;
  /** Orders placed in the last hour by the same buyer, email, IP address and device (device null: the client sent no id). */
  ordersByBuyer: number;
  ordersByEmail: number;
  ordersByIp: number;
  ordersByDevice: number | null;
  /** Cards the buyer saved in the last hour. */
  cardsByBuyer: number;
  /** Distinct shipping addresses of the buyer's orders in the last hour. */
  addressesByBuyer: number;
}

export interface RiskRules {
  /** Score at which an order is held. */
  threshold: number;
  /** An account younger than this with no paid order is new. */
  newAccountDays: number;
  /** A new account's order above this (minor units, by currency) scores. */
  newAccountAmountMinor: Record<string, bigint>;
  /** More than this many orders in an hour score (IP and device are shared by households and offices, so higher). */
  maxOrdersPerBuyer: number;
  maxOrdersPerIp: number;
  maxCardsPerBuyer: number;
  maxAddressesPerBuyer: number;
  points: Record<RiskReason, number>;
}

/**
 * The defaults: one strong sign (a new account's large order, a throwaway email) is not enough
 * to hold an order, two are, and so is one with a country mismatch or with two kinds of velocity.
 * Busy but otherwise ordinary buyers (a traveller, a shared office IP) stay below: a mismatch with
 * two kinds of velocity scores 65.
 */
export const DEFAULT_RISK_RULES: RiskRules = {
  threshold: 70,
  newAccountDays: 7,
  newAccountAmountMinor: { USD: 100_000n, GBP: 80_000n, EUR: 90_000n, JPY: 150_000n },
  maxOrdersPerBuyer: 5,
  maxOrdersPerIp: 20,
  maxCardsPerBuyer: 3,
  maxAddressesPerBuyer: 3,
  points: {
    NEW_ACCOUNT_AMOUNT: 45,
    DISPOSABLE_EMAIL: 45,
    COUNTRY_MISMATCH: 25,
    ORDER_VELOCITY: 20,
    CARD_VELOCITY: 20,
    ADDRESS_VELOCITY: 20,
  },
};

/** Throwaway mailbox services (a small list; a screening provider knows many more). */
export const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
  'mailinator.com',
  'guerrillamail.com',
  'sharklasers.com',
  '10minutemail.com',
  'tempmail.com',
  'temp-mail.org',
  'yopmail.com',
  'trashmail.com',
  'getnada.com',
  'dispostable.com',
  'throwawaymail.com',
  'maildrop.cc',
  'fakeinbox.com',
  'mailnesia.com',
];

/** Whether the email's domain (or a parent of it) is a throwaway mailbox service. */
export function isDisposableEmail(email: string | null): boolean {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export interface RiskScore {
  score: number;
  reasons: { code: RiskReason; points: number }[];
}

/** Scores an order: the points of every rule that fires, added up. */
export function scoreRisk(s: RiskSignals, rules: RiskRules = DEFAULT_RISK_RULES): RiskScore {
  const fired: RiskReason[] = [];
  const limit = rules.newAccountAmountMinor[s.currency];
  if (
    s.accountAgeDays < rules.newAccountDays &&
    s.paidOrdersBefore === 0 &&
    limit !== undefined &&
    s.amountMinor > limit
  )
    fired.push('NEW_ACCOUNT_AMOUNT');
  if (s.billingCountry && s.shippingCountry && s.billingCountry.toUpperCase() !== s.shippingCountry.toUpperCase())
    fired.push('COUNTRY_MISMATCH');
  if (isDisposableEmail(s.email)) fired.push('DISPOSABLE_EMAIL');
  if (
    s.ordersByBuyer > rules.maxOrdersPerBuyer ||
    s.ordersByEmail > rules.maxOrdersPerBuyer ||
    s.ordersByIp > rules.maxOrdersPerIp ||
    (s.ordersByDevice ?? 0) > rules.maxOrdersPerIp
  )
    fired.push('ORDER_VELOCITY');
  if (s.cardsByBuyer > rules.maxCardsPerBuyer) fired.push('CARD_VELOCITY');
  if (s.addressesByBuyer > rules.maxAddressesPerBuyer) fired.push('ADDRESS_VELOCITY');
  const reasons = fired.map((code) => ({ code, points: rules.points[code] }));
  return { score: reasons.reduce((a, r) => a + r.points, 0), reasons };
}

/** An order is held when its score reaches the threshold. */
export const isRiskHeld = (score: number, threshold: number): boolean => score >= threshold;

/**
 * How long a held order waits for the operator before it is cancelled by itself (RISK_REVIEW_EXPIRED),
 * giving its stock, coupons and points back: three days covers a weekend.
 */
export const RISK_REVIEW_HOURS = 72;

/** When a held order is cancelled if nobody decides: RISK_REVIEW_HOURS after it was held. */
export const riskReviewEndsAt = (heldAt: Date): Date => new Date(heldAt.getTime() + RISK_REVIEW_HOURS * 3_600_000);
