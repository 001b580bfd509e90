import { describe, expect, it } from 'vitest';
import { checkVatId, EU_COUNTRIES, REVERSE_CHARGE_NOTE, reverseChargeApplies, VAT_ID_FORMATS } from './vat-id.js';

describe('VAT ID formats', () => {
  it("accepts each country's own example and refuses it one digit short", () => {
    for (const [country, f] of Object.entries(VAT_ID_FORMATS)) {
      const ok = checkVatId(country, f.example);
      expect(ok, country).toEqual({ ok: true, vatId: f.example, country });
      const short = checkVatId(country, f.example.slice(0, -1).replace(/[A-Z]$/, ''));
      // RO takes 2 to 10 digits, so one digit fewer is still a Romanian VAT ID.
      if (country !== 'RO') expect(short.ok, `${country} ${f.example.slice(0, -1)}`).toBe(false);
    }
    expect(EU_COUNTRIES.every((c) => VAT_ID_FORMATS[c])).toBe(true);
  });

  it('normalises spaces, dots, dashes and case, and adds a missing prefix', () => {
    expect(checkVatId('DE', 'de 123.456-789')).toEqual({ ok: true, vatId: 'DE123456789', country: 'DE' });
    expect(checkVatId('NL', '123456789b01')).toEqual({ ok: true, vatId: 'NL123456789B01', country: 'NL' });
    expect(checkVatId('FR', 'fr 4A 123456789')).toEqual({ ok: true, vatId: 'FR4A123456789', country: 'FR' });
    expect(checkVatId('GR', 'GR 123456789')).toEqual({ ok: true, vatId: 'EL123456789', country: 'GR' });
    expect(checkVatId('UK', 'uk 123 4567 89')).toEqual({ ok: true, vatId: 'GB123456789', country: 'GB' });
    expect(checkVatId('JP', 't7000-0120-50002')).toEqual({ ok: true, vatId: 'T7000012050002', country: 'JP' });
  });

  it('checks the shapes that are more than a digit count', () => {
    expect(checkVatId('NL', 'NL123456789A01').ok).toBe(false);
    expect(checkVatId('FR', 'FRIO123456789').ok).toBe(false); // I and O are not used
    expect(checkVatId('ES', 'ESB12345678').ok).toBe(true);
    expect(checkVatId('ES', 'ES12345678Z').ok).toBe(true);
    expect(checkVatId('ES', 'ES123456789').ok).toBe(false); // one end must be a letter
    expect(checkVatId('IT', 'IT1234567890').ok).toBe(false);
    expect(checkVatId('AT', 'AT12345678').ok).toBe(false); // the U is part of it
    expect(checkVatId('SE', 'SE123456789702').ok).toBe(false);
    expect(checkVatId('GB', 'GBGD001').ok).toBe(true);
    expect(checkVatId('GB', 'GBGD500').ok).toBe(false);
    expect(checkVatId('GB', 'GBHA599').ok).toBe(true);
    expect(checkVatId('GB', 'GB123456789012').ok).toBe(true);
    expect(checkVatId('JP', 'T123456789012').ok).toBe(false);
    expect(checkVatId('DE', 'FR12345678901').ok).toBe(false); // another country's ID
  });

  it('refuses with a stable code, a message that shows the expected shape, and the country and example for translated messages', () => {
    expect(checkVatId('DE', 'DE12345')).toEqual({
      ok: false,
      code: 'Invoice.vatIdMalformed',
      message: 'This is not a valid VAT ID for DE: it should be DE followed by 9 digits (e.g. DE123456789)',
      params: { country: 'DE', example: 'DE123456789' },
    });
    expect(checkVatId('US', '12-3456789')).toMatchObject({
      ok: false,
      code: 'Invoice.vatIdCountryNotSupported',
      params: { country: 'US' },
    });
  });
});

describe('EU reverse charge', () => {
  const de = { country: 'DE', vatId: 'DE123456789' };
  it('applies between VAT-registered businesses of two member states', () => {
    expect(reverseChargeApplies(de, { country: 'FR', vatId: 'FR12345678901' })).toBe(true);
    expect(reverseChargeApplies(de, { country: 'GR', vatId: 'EL123456789' })).toBe(true);
  });
  it('not in one member state, not without a VAT ID, not outside the EU', () => {
    expect(reverseChargeApplies(de, { country: 'DE', vatId: 'DE987654321' })).toBe(false);
    expect(reverseChargeApplies(de, { country: 'FR', vatId: null })).toBe(false);
    expect(reverseChargeApplies({ country: 'DE', vatId: null }, { country: 'FR', vatId: 'FR12345678901' })).toBe(false);
    expect(reverseChargeApplies(de, { country: 'GB', vatId: 'GB123456789' })).toBe(false);
    expect(
      reverseChargeApplies({ country: 'JP', vatId: 'T7000012050002' }, { country: 'FR', vatId: 'FR12345678901' }),
    ).toBe(false);
    expect(REVERSE_CHARGE_NOTE).toMatch(/Reverse charge/);
  });
});
