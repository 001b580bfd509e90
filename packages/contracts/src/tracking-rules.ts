/**
 * Tracking number rules (SPEC §5 "Return shipping": required, letters and digits only; per
 * carrier where the carrier's numbers have a known format). No zod here: the browser checks with
 * these functions without loading it, and `trackingNumberSchema` (tracking.ts) is built on them.
 */
export interface TrackingFormat {
  /** Whole-number pattern, on the trimmed upper-case number. */
  pattern: RegExp;
  /** What the format is, for the error text. */
  example: string;
}

export const TRACKING_FORMATS: Readonly<Record<string, TrackingFormat>> = {
  /** 1Z, 6-character shipper number, 2-digit service, 8-character package id. */
  UPS: { pattern: /^1Z[0-9A-Z]{16}$/, example: '1Z999AA10123456784' },
  /** 12, 15, 20 or 22 digits (Express, Ground, SmartPost). */
  FEDEX: { pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, example: '771234567890' },
  /** 20 or 22 digits (IMpb), or an international S10 number ending in US. */
  USPS: { pattern: /^(\d{20}|\d{22}|[A-Z]{2}\d{9}US)$/, example: '9400100000000000000001' },
  /** Express waybill: 10 digits; piece id: JD or JJD and 18 digits. */
  DHL: { pattern: /^(\d{10}|J?JD\d{18})$/, example: '1234567890' },
  /** 3S barcode (3S, 4-character customer code, 7 to 9 digits) or an S10 number ending in NL. */
  POSTNL: { pattern: /^(3S[0-9A-Z]{4}\d{7,9}|[A-Z]{2}\d{9}NL)$/, example: '3SABCD1234567' },
  /** 12 digits. */
  YAMATO: { pattern: /^\d{12}$/, example: '123456789012' },
};

/** Any carrier: letters and digits only (SPEC §5), at most 40. */
export const TRACKING_NUMBER_MAX = 40;
const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

export type TrackingIssue = 'REQUIRED' | 'CHARACTERS' | 'CARRIER_FORMAT';

/** Why a tracking number is not accepted for this carrier (by code), or null. */
export function trackingNumberIssue(carrierCode: string | null | undefined, value: string): TrackingIssue | null {
  const v = value.trim();
  if (!v) return 'REQUIRED';
  if (v.length > TRACKING_NUMBER_MAX || !LETTERS_AND_DIGITS.test(v)) return 'CHARACTERS';
  const format = carrierCode ? TRACKING_FORMATS[carrierCode] : undefined;
  if (format && !format.pattern.test(v.toUpperCase())) return 'CARRIER_FORMAT';
  return null;
}

/** How an accepted number is stored: "1z999…" as "1Z999…". */
export const normaliseTrackingNumber = (value: string) => value.trim().toUpperCase();

/** Messages of the schema below (SPEC §5 texts; the carrier one names the format). */
export const TRACKING_MESSAGES = {
  REQUIRED: 'Please enter tracking number',
  CHARACTERS: 'Please enter a correct tracking number',
  CARRIER_FORMAT: 'This is not a tracking number of the chosen carrier',
} as const;
