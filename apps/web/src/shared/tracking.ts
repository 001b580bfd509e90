import type { TFunction } from 'i18next';
import { normaliseTrackingNumber, TRACKING_FORMATS, trackingNumberIssue } from '@mall/contracts/constants';
import type { Carrier } from '@mall/contracts';

/**
 * Checks a tracking number for the chosen carrier with the same rules as the server's schema
 * (`trackingNumberSchema` is built on trackingNumberIssue and normaliseTrackingNumber, without
 * zod here): required, letters and digits, and the carrier's own format where it has one.
 * Returns the normalised number, or the translated error of the form.
 */
export function checkTracking(
  t: TFunction,
  carrier: Pick<Carrier, 'code' | 'entityName'> | null | undefined,
  value: string,
  keys: { required: string; invalid: string },
): { ok: true; value: string } | { ok: false; error: string } {
  const issue = trackingNumberIssue(carrier?.code, value);
  if (!issue) return { ok: true, value: normaliseTrackingNumber(value) };
  if (issue === 'CARRIER_FORMAT' && carrier) {
    return {
      ok: false,
      error: t('tracking.carrierFormat', {
        carrier: carrier.entityName,
        example: TRACKING_FORMATS[carrier.code]?.example ?? '',
      }),
    };
  }
  return { ok: false, error: t(issue === 'REQUIRED' ? keys.required : keys.invalid) };
}

/** The placeholder of a tracking number field: the chosen carrier's example, else the form's own hint. */
export function trackingPlaceholder(
  t: TFunction,
  carrier: Pick<Carrier, 'code'> | null | undefined,
  fallbackKey: string,
): string {
  const example = carrier ? TRACKING_FORMATS[carrier.code]?.example : undefined;
  return example ? t('tracking.example', { example }) : t(fallbackKey);
}
