/**
 * Languages that write a decimal comma (CLDR, as Intl.NumberFormat does: rating.test.ts). A
 * rating is 0-5 with one decimal, so there is no grouping to write: done without Intl, whose
 * first NumberFormat on a page loads ICU's number data (tens of ms of a phone's main thread).
 */
const DECIMAL_COMMA = new Set(['de', 'es', 'it', 'fr', 'nl']);

/** A rating with one decimal in `language` (4.3, 4,3). */
export function formatRating(n: number, language: string): string {
  const text = n.toFixed(1);
  return DECIMAL_COMMA.has(language.split('-')[0]!) ? text.replace('.', ',') : text;
}
