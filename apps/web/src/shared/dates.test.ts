import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@mall/contracts';
import { formatMediumDate, MEDIUM_DATE_LANGUAGES } from './dates';

describe('formatMediumDate', () => {
  it('covers every language of the shop', () => {
    expect([...MEDIUM_DATE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });

  it('writes every month and day of the shop languages exactly as Intl does, in local time', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
      for (const year of [2000, 2026, 2099]) {
        for (let month = 0; month < 12; month++) {
          for (const day of [1, 9, 10, 28]) {
            const at = new Date(year, month, day, 23, 59);
            expect(formatMediumDate(at, language), `${language} ${at.toISOString()}`).toBe(intl.format(at));
            expect(formatMediumDate(at.toISOString(), language)).toBe(intl.format(at));
          }
        }
      }
    }
    expect(formatMediumDate(new Date(2026, 2, 4), 'en')).toBe('Mar 4, 2026');
    expect(formatMediumDate(new Date(2026, 2, 4), 'de')).toBe('04.03.2026');
  });

  it('leaves other languages to Intl', () => {
    expect(formatMediumDate(new Date(2026, 2, 4), 'pt')).toBe(
      new Intl.DateTimeFormat('pt', { dateStyle: 'medium' }).format(new Date(2026, 2, 4)),
    );
  });
});
