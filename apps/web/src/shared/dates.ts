/**
 * A date as Intl.DateTimeFormat writes it with `dateStyle: 'medium'` in the shop's languages
 * ("Mar 4, 2026", "04.03.2026", "2026/03/04", "4 mar 2026", "4 mars 2026"), in the browser's
 * time zone, written from CLDR's patterns and month names (dates.test.ts checks every month of
 * every language against Intl). Why not Intl itself: a page's first Intl.DateTimeFormat loads
 * ICU's calendar and time-zone data, about 50 ms of a phone's main thread inside the render that
 * shows the first date (the item page's reviews), four times that in Lighthouse's throttled run.
 * Other languages and locales (a site's "en-GB", "de-DE") go to Intl, one cached formatter each.
 */
type Writer = (year: number, month: number, day: number) => string;

const two = (n: number) => String(n).padStart(2, '0');
const dayMonthYear =
  (months: readonly string[]): Writer =>
  (y, m, d) =>
    `${d} ${months[m]} ${y}`;

const MEDIUM_DATE: Record<string, Writer> = {
  en: (y, m, d) =>
    `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m]} ${d}, ${y}`,
  de: (y, m, d) => `${two(d)}.${two(m + 1)}.${y}`,
  ja: (y, m, d) => `${y}/${two(m + 1)}/${two(d)}`,
  es: dayMonthYear(['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic']),
  it: dayMonthYear(['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic']),
  fr: dayMonthYear(['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.']),
  nl: dayMonthYear(['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec']),
};

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** `date` (ISO text or Date) in `language`'s medium date style, local time. */
export function formatMediumDate(date: string | Date, language: string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  const write = MEDIUM_DATE[language];
  // Years before 1000 would need padding rules per language: Intl writes those.
  if (write && at.getFullYear() >= 1000 && at.getFullYear() <= 9999)
    return write(at.getFullYear(), at.getMonth(), at.getDate());
  let format = intlFormats.get(language);
  if (!format) intlFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })));
  return format.format(at);
}

/** The languages formatMediumDate writes without Intl (dates.test.ts checks each). */
export const MEDIUM_DATE_LANGUAGES = Object.keys(MEDIUM_DATE);
