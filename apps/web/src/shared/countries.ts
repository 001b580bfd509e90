import { useTranslation } from 'react-i18next';

/**
 * Country names in the page's language from their ISO 3166 code ("DE" -> "Deutschland",
 * "Germany", "ドイツ"), by Intl.DisplayNames: the region table and the site table only hold
 * English names. One formatter per language, made on first use.
 */
const formatters = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, language: string): string {
  // Intl throws on anything but a region code; a name the data holds instead is shown as it is.
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = formatters.get(language);
  if (!names) formatters.set(language, (names = new Intl.DisplayNames([language], { type: 'region' })));
  return names.of(code) ?? code;
}

/** countryName in the current language, and that language (for sorting the names). */
export function useCountryName(): { countryName: (code: string) => string; language: string } {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return { countryName: (code: string) => countryName(code, language), language };
}
