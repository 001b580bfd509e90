import { describe, expect, it } from 'vitest';
import { SITES, type CrossBorderRule } from '@mall/contracts';
import { customsCategoryOf, dutyRateFor, importCharges } from './import-duty.js';

const US = SITES.US.crossBorder!;

describe('import duties and taxes', () => {
  it('charges each line the duty of its customs category on the site, and import tax on value, shipping and duty', () => {
    // A $120.00 tea set (ceramics 6 %) and a $59.00 lamp (lighting 3.9 %), $18.00 shipping, import tax 7.25 %.
    const c = importCharges(
      US,
      [
        { key: 'tea', category: 'tableware', valueMinor: 12000n },
        { key: 'lamp', category: 'lighting', valueMinor: 5900n },
      ],
      1800n,
    );
    expect(c.lines.map((l) => [l.key, l.hsCode, l.dutyRate, l.dutyMinor])).toEqual([
      ['tea', '6912.00', '0.06', 720n],
      ['lamp', '9405.40', '0.039', 230n], // 230.1 rounds to 230
    ]);
    expect(c.declaredValueMinor).toBe(17900n);
    expect(c.dutyMinor).toBe(950n);
    // (17900 + 1800 + 950) x 0.0725 = 1497.125 -> 1497
    expect(c.importTaxMinor).toBe(1497n);
  });

  it('uses the default rate for categories without their own, and a heading of its own for unknown catalog categories', () => {
    expect(customsCategoryOf('rewards')).toEqual({ customsCategory: 'general', hsCode: '9999.00' });
    expect(dutyRateFor(US, 'general')).toBe('0.05');
    expect(importCharges(US, [{ key: 'x', category: 'rewards', valueMinor: 1000n }], 0n).dutyMinor).toBe(50n);
  });

  it('follows the rates of the site it is given (per site and category)', () => {
    const eu: CrossBorderRule = {
      certificateRequired: false,
      importTaxRate: '0.19',
      dutyRates: { ceramics: '0.12' },
      defaultDutyRate: '0',
    };
    const c = importCharges(eu, [{ key: 'tea', category: 'tableware', valueMinor: 10000n }], 1000n);
    expect(c.dutyMinor).toBe(1200n);
    expect(c.importTaxMinor).toBe(2318n); // (10000 + 1000 + 1200) x 0.19
    // Furniture has no duty on this site; JPY-style amounts (no minor digits) round the same way.
    expect(importCharges(eu, [{ key: 'desk', category: 'desks', valueMinor: 49999n }], 0n).dutyMinor).toBe(0n);
  });

  it('never charges on a negative value (a line fully discounted)', () => {
    const c = importCharges(US, [{ key: 'free', category: 'tableware', valueMinor: -5n }], 0n);
    expect(c.dutyMinor).toBe(0n);
    expect(c.importTaxMinor).toBe(0n);
  });
});
