/**
 * Which tax rate an order pays (SPEC §3 Contract preview taxRate; §9 "tax shown as taxRate x
 * 100 percent"). VAT sites (INCLUSIVE: UK, DE, JP, ES, IT, FR, NL) have one standard rate in
 * the site table. US sales tax (EXCLUSIVE) follows the state the goods go to: the ship-to
 * address's state, or the store's state for pickup orders. The site's own rate is only used
 * while that state is not known yet (a preview before an address is typed) or not in the table.
 *
 * The demo table holds each state's base sales tax rate (no county or city add-ons); states
 * without a sales tax are 0. It is documented in the README ("Sales tax").
 */
import type { Site } from '@mall/contracts';

export const US_STATE_TAX_RATES: Readonly<Record<string, string>> = {
  AL: '0.04',
  AK: '0',
  AZ: '0.056',
  AR: '0.065',
  CA: '0.0725',
  CO: '0.029',
  CT: '0.0635',
  DE: '0',
  DC: '0.06',
  FL: '0.06',
  GA: '0.04',
  HI: '0.04',
  ID: '0.06',
  IL: '0.0625',
  IN: '0.07',
  IA: '0.06',
  KS: '0.065',
  KY: '0.06',
  LA: '0.05',
  ME: '0.055',
  MD: '0.06',
  MA: '0.0625',
  MI: '0.06',
  MN: '0.06875',
  MS: '0.07',
  MO: '0.04225',
  MT: '0',
  NE: '0.055',
  NV: '0.0685',
  NH: '0',
  NJ: '0.06625',
  NM: '0.04875',
  NY: '0.04',
  NC: '0.0475',
  ND: '0.05',
  OH: '0.0575',
  OK: '0.045',
  OR: '0',
  PA: '0.06',
  RI: '0.07',
  SC: '0.06',
  SD: '0.042',
  TN: '0.07',
  TX: '0.0625',
  UT: '0.061',
  VT: '0.06',
  VA: '0.053',
  WA: '0.065',
  WV: '0.06',
  WI: '0.05',
  WY: '0.04',
};

/** Where the goods go: a country (ISO alpha-2) and, for the US, a state code ("NY" or "US-NY"). */
export interface TaxPlace {
  countryCode: string | null;
  state: string | null;
}

/** "US-NY" / "ny" -> "NY"; anything else -> null. */
export function usStateCode(state: string | null | undefined): string | null {
  if (!state) return null;
  const code = state.trim().toUpperCase().replace(/^US-/, '');
  return code in US_STATE_TAX_RATES ? code : null;
}

/** The rate (decimal string, "0.04") an order with this destination pays on this site. */
export function taxRateFor(site: Pick<Site, 'taxDisplay' | 'taxRate' | 'countryCode'>, place: TaxPlace | null): string {
  if (site.taxDisplay !== 'EXCLUSIVE' || site.countryCode !== 'US' || !place || place.countryCode !== 'US')
    return site.taxRate;
  const state = usStateCode(place.state);
  return state ? US_STATE_TAX_RATES[state]! : site.taxRate;
}
