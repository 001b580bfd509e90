import { describe, expect, it } from 'vitest';
import { SITES } from '@mall/contracts';
import { US_STATE_TAX_RATES, taxRateFor, usStateCode } from './tax.js';

describe('sales tax by ship-to state (US) and VAT per site', () => {
  it('a New York destination pays the NY rate, California the CA rate', () => {
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: 'NY' })).toBe('0.04');
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: 'US-CA' })).toBe('0.0725');
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: 'tx' })).toBe('0.0625');
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: 'OR' })).toBe('0');
  });

  it('uses the site rate while the state is unknown', () => {
    expect(taxRateFor(SITES.US, null)).toBe(SITES.US.taxRate);
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: null })).toBe(SITES.US.taxRate);
    expect(taxRateFor(SITES.US, { countryCode: 'US', state: 'Atlantis' })).toBe(SITES.US.taxRate);
  });

  it('VAT sites keep their one standard rate wherever the goods go', () => {
    expect(taxRateFor(SITES.DE, { countryCode: 'DE', state: 'BE' })).toBe('0.19');
    expect(taxRateFor(SITES.NL, { countryCode: 'US', state: 'NY' })).toBe('0.21');
  });

  it('covers the 50 states and DC', () => {
    expect(Object.keys(US_STATE_TAX_RATES)).toHaveLength(51);
    expect(usStateCode('US-WA')).toBe('WA');
    expect(usStateCode('')).toBeNull();
  });
});
