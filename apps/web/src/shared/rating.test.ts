import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@mall/contracts';
import { formatRating } from './rating';

describe('formatRating', () => {
  it('writes one decimal as Intl does in every language of the shop', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (const n of [0, 1, 3.5, 4.25, 4.3, 4.96, 5])
        expect(formatRating(n, language), `${language} ${n}`).toBe(intl.format(n));
    }
    expect(formatRating(4.3, 'de')).toBe('4,3');
    expect(formatRating(4.3, 'ja')).toBe('4.3');
  });
});
