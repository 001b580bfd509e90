/**
 * The message under a VAT ID field, in the page's language: from the refusal's code and its
 * parameters (the country checked, an example of its format), whether the refusal is the form's
 * own check (checkVatId) or the server's answer (the same check; its details carry the
 * parameters). The server's English text is never shown.
 */
import type { TFunction } from 'i18next';
import { VAT_ID_ERRORS, VAT_ID_FORMATS, type VatIdErrorParams } from '@mall/domain';
import { ApiError } from '../../../shared/api';

const VAT_ID_CODES: readonly string[] = Object.values(VAT_ID_ERRORS);

/** A server refusal of the VAT ID's format (shown under the field rather than above the form). */
export const isVatIdError = (e: unknown): e is ApiError => e instanceof ApiError && VAT_ID_CODES.includes(e.code);

function paramsOf(details: unknown): Partial<VatIdErrorParams> {
  if (!details || typeof details !== 'object') return {};
  const d = details as Record<string, unknown>;
  return {
    ...(typeof d.country === 'string' && { country: d.country }),
    ...(typeof d.example === 'string' && { example: d.example }),
  };
}

/**
 * `code` with `params` (or a server's `details`); `formCountry` stands in when the server sent no
 * country (an older server), and the example comes from the country's known format when absent.
 */
export function vatIdMessage(
  t: TFunction,
  countryName: (code: string) => string,
  code: string,
  params: unknown,
  formCountry = '',
): string {
  const p = paramsOf(params);
  const country = (p.country || formCountry).toUpperCase();
  const example = p.example ?? VAT_ID_FORMATS[country]?.example ?? '';
  if (code === VAT_ID_ERRORS.malformed && example)
    return t('errors.Invoice.vatIdMalformed', { country: countryName(country), example });
  return t('errors.Invoice.vatIdCountryNotSupported', { country: countryName(country) });
}
