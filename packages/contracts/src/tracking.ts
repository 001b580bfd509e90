/**
 * Tracking numbers (SPEC §5 "Return shipping": required, letters and digits only), checked per
 * carrier where the carrier's numbers have a known format, so a UPS number is not accepted for
 * DHL. The same schema validates the seller's ship form, the exchange shipping and the buyer's
 * send-back form in the browser and the requests on the server (error `Trade.trackingNumberFormat`).
 * The table is documented in the README ("Tracking numbers").
 */
import { z } from 'zod';
import { normaliseTrackingNumber, TRACKING_FORMATS, TRACKING_MESSAGES, trackingNumberIssue } from './tracking-rules.js';

export {
  normaliseTrackingNumber,
  TRACKING_FORMATS,
  TRACKING_MESSAGES,
  TRACKING_NUMBER_MAX,
  trackingNumberIssue,
  type TrackingFormat,
  type TrackingIssue,
} from './tracking-rules.js';

/**
 * The tracking number schema for one carrier (unknown carrier or none chosen yet: letters and
 * digits). Trims and upper-cases, so "1z999…" is stored as "1Z999…".
 */
export function trackingNumberSchema(carrierCode?: string | null) {
  return z.string().transform((v, ctx) => {
    const issue = trackingNumberIssue(carrierCode, v);
    if (issue) {
      ctx.addIssue({
        code: 'custom',
        message: TRACKING_MESSAGES[issue],
        params: {
          issue,
          carrierCode: carrierCode ?? null,
          example: carrierCode ? (TRACKING_FORMATS[carrierCode]?.example ?? null) : null,
        },
      });
      return z.NEVER;
    }
    return normaliseTrackingNumber(v);
  });
}
