import { describe, expect, it } from 'vitest';
import { ID_NUMBER_RULES, isValidIdNumber, maskIdNumber, normaliseIdNumber } from './certificate.js';
import { SITE_CODES } from './sites.js';

describe('ID number rules per site', () => {
  it.each(SITE_CODES)('%s: its example passes, a changed digit or a wrong shape does not', (site) => {
    const example = ID_NUMBER_RULES[site].example;
    expect(isValidIdNumber(site, example)).toBe(true);
    const n = normaliseIdNumber(example);
    // Change the last digit-like character: the pattern may still fit, the check digit must not.
    const i = [...n].findLastIndex((c) => /\d/.test(c));
    const changed = n.slice(0, i) + String((Number(n[i]) + 1) % 10) + n.slice(i + 1);
    if (site !== 'US' && site !== 'UK' && !(site === 'DE' && n.length === 9))
      expect(isValidIdNumber(site, changed)).toBe(false);
    expect(isValidIdNumber(site, 'abc')).toBe(false);
    expect(isValidIdNumber(site, '')).toBe(false);
  });

  it('known national numbers', () => {
    expect(isValidIdNumber('ES', '12345678Z')).toBe(true);
    expect(isValidIdNumber('ES', '12345678A')).toBe(false);
    expect(isValidIdNumber('ES', 'X1234567L')).toBe(true);
    expect(isValidIdNumber('NL', '111222333')).toBe(true);
    expect(isValidIdNumber('NL', '123456789')).toBe(false);
    expect(isValidIdNumber('US', '000-12-3456')).toBe(false);
    expect(isValidIdNumber('DE', 'T220001293')).toBe(true);
    expect(isValidIdNumber('DE', 'T220001294')).toBe(false);
  });

  it('masks all but the last four', () => {
    expect(maskIdNumber('12345678Z')).toBe('*****678Z');
  });
});
