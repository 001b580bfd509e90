import { describe, expect, it } from 'vitest';
import { CURRENCY_DIGITS, type Currency } from '@mall/contracts';
import {
  applyRate,
  decimalToFraction,
  divRoundHalfUp,
  formatMoney,
  fromMinor,
  lineAmount,
  MONEY_PATTERN_KEYS,
  money,
  sumMinor,
  toMinor,
  toProviderAmount,
} from './money.js';

describe('toMinor', () => {
  it('converts USD and EUR major units to cents', () => {
    expect(toMinor('129.99', 'USD')).toBe(12999n);
    expect(toMinor('0.05', 'USD')).toBe(5n);
    expect(toMinor('7', 'EUR')).toBe(700n);
    expect(toMinor('7.5', 'EUR')).toBe(750n);
    expect(toMinor(' 12.30 ', 'EUR')).toBe(1230n);
  });

  it('treats JPY as having no minor digits', () => {
    expect(toMinor('12999', 'JPY')).toBe(12999n);
    expect(toMinor('100.0', 'JPY')).toBe(100n); // trailing zeros are not extra precision
  });

  it('handles negatives', () => {
    expect(toMinor('-5.25', 'USD')).toBe(-525n);
    expect(toMinor('-0.5', 'EUR')).toBe(-50n);
    expect(toMinor('-300', 'JPY')).toBe(-300n);
  });

  it('accepts trailing zeros beyond the currency digits', () => {
    expect(toMinor('1.230', 'USD')).toBe(123n);
  });

  it('rejects more decimals than the currency has', () => {
    expect(() => toMinor('1.234', 'USD')).toThrow(RangeError);
    expect(() => toMinor('0.001', 'EUR')).toThrow(/EUR has 2 decimals/);
    expect(() => toMinor('100.5', 'JPY')).toThrow(/JPY has 0 decimals/);
  });

  it('rejects garbage', () => {
    for (const bad of ['', 'abc', '1,50', '1.2.3', '$5', '1e3', '.5', '5.', '--1', 'NaN']) {
      expect(() => toMinor(bad, 'USD'), bad).toThrow(RangeError);
    }
  });
});

describe('fromMinor', () => {
  it('formats minor units as major-unit decimal strings', () => {
    expect(fromMinor(12999n, 'USD')).toBe('129.99');
    expect(fromMinor(5n, 'USD')).toBe('0.05');
    expect(fromMinor(0n, 'EUR')).toBe('0.00');
    expect(fromMinor(100n, 'EUR')).toBe('1.00');
    expect(fromMinor(12999n, 'JPY')).toBe('12999');
  });

  it('handles negatives', () => {
    expect(fromMinor(-525n, 'USD')).toBe('-5.25');
    expect(fromMinor(-5n, 'EUR')).toBe('-0.05');
    expect(fromMinor(-300n, 'JPY')).toBe('-300');
  });

  it('round-trips with toMinor', () => {
    for (const [v, c] of [
      ['129.99', 'USD'],
      ['-0.01', 'EUR'],
      ['123456789012.34', 'USD'],
      ['98765', 'JPY'],
    ] as const) {
      expect(fromMinor(toMinor(v, c), c)).toBe(v);
    }
  });

  it('money() builds a wire value', () => {
    expect(money(49900n, 'USD')).toEqual({ value: '499.00', currency: 'USD' });
    expect(money(74850n, 'JPY')).toEqual({ value: '74850', currency: 'JPY' });
  });
});

describe('divRoundHalfUp', () => {
  it('rounds half away from zero', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n); // 2.5 -> 3
    expect(divRoundHalfUp(7n, 2n)).toBe(4n); // 3.5 -> 4
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n); // -2.5 -> -3
    expect(divRoundHalfUp(37485n, 10n)).toBe(3749n);
  });

  it('rounds below half down and above half up', () => {
    expect(divRoundHalfUp(14n, 10n)).toBe(1n);
    expect(divRoundHalfUp(16n, 10n)).toBe(2n);
    expect(divRoundHalfUp(-14n, 10n)).toBe(-1n);
    expect(divRoundHalfUp(-16n, 10n)).toBe(-2n);
    expect(divRoundHalfUp(10n, 5n)).toBe(2n);
    expect(divRoundHalfUp(0n, 7n)).toBe(0n);
  });

  it('rejects a zero or negative denominator', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1n, -2n)).toThrow(RangeError);
  });
});

describe('lineAmount', () => {
  it('multiplies by whole quantities exactly', () => {
    expect(lineAmount(49900n, '3')).toBe(149700n);
    expect(lineAmount(2399n, '10')).toBe(23990n);
  });

  it('multiplies by weight quantities, rounding half up to the cent', () => {
    // 24.99 x 1.5 = 37.485 -> 37.49
    expect(lineAmount(2499n, '1.5')).toBe(3749n);
    // 23.99 x 0.5 = 11.995 -> 12.00
    expect(lineAmount(2399n, '0.5')).toBe(1200n);
    // 23.99 x 2.5 = 59.975 -> 59.98
    expect(lineAmount(2399n, '2.5')).toBe(5998n);
    // 10.01 x 0.333 = 3.33333 -> 3.33
    expect(lineAmount(1001n, '0.333')).toBe(333n);
  });

  it('works for JPY whole yen', () => {
    expect(lineAmount(3599n, '1.5')).toBe(5399n); // 5398.5 -> 5399
  });

  it('decimalToFraction splits a decimal string', () => {
    expect(decimalToFraction('1.5')).toEqual([15n, 10n]);
    expect(decimalToFraction('-0.25')).toEqual([-25n, 100n]);
    expect(decimalToFraction('7')).toEqual([7n, 1n]);
    expect(() => decimalToFraction('x')).toThrow(RangeError);
  });
});

describe('applyRate (taxes)', () => {
  it('computes tax figures rounded half up', () => {
    expect(applyRate(49900n, '0.0725')).toBe(3618n); // 499.00 x 7.25% = 36.1775 -> 36.18
    expect(applyRate(49999n, '0.19')).toBe(9500n); // 499.99 x 19% = 94.9981 -> 95.00
    expect(applyRate(10000n, '0.20')).toBe(2000n);
    expect(applyRate(74850n, '0.10')).toBe(7485n); // JPY
    expect(applyRate(250n, '0.1')).toBe(25n);
    expect(applyRate(5n, '0.1')).toBe(1n); // 0.5 -> 1
    expect(applyRate(4n, '0.1')).toBe(0n); // 0.4 -> 0
  });

  it('splits a presale deposit of 20%', () => {
    const price = 89899n;
    const deposit = applyRate(price, '0.2');
    expect(deposit).toBe(17980n); // 179.798 -> 179.80
    expect(price - deposit).toBe(71919n);
  });
});

describe('sumMinor and toProviderAmount', () => {
  it('sums bigints', () => {
    expect(sumMinor([1n, 2n, 3n])).toBe(6n);
    expect(sumMinor([])).toBe(0n);
  });

  it('hands providers minor units (x100, x1 for JPY)', () => {
    expect(toProviderAmount({ value: '129.99', currency: 'USD' })).toBe(12999);
    expect(toProviderAmount({ value: '12999', currency: 'JPY' })).toBe(12999);
    expect(() => toProviderAmount({ value: '999999999999999999', currency: 'USD' })).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats en-US USD', () => {
    expect(formatMoney({ value: '1234.5', currency: 'USD' }, 'en-US')).toBe('$1,234.50');
    expect(formatMoney({ value: '0.00', currency: 'USD' }, 'en-US')).toBe('$0.00');
    expect(formatMoney({ value: '-5.00', currency: 'USD' }, 'en-US')).toBe('-$5.00');
  });

  it('formats de-DE EUR with comma decimals and trailing euro sign', () => {
    expect(formatMoney({ value: '1234.56', currency: 'EUR' }, 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney({ value: '459.99', currency: 'EUR' }, 'de-DE')).toBe('459,99\u00a0€');
  });

  it('formats ja-JP JPY without decimals', () => {
    expect(formatMoney({ value: '12999', currency: 'JPY' }, 'ja-JP')).toBe('￥12,999');
    expect(formatMoney({ value: '74850', currency: 'JPY' }, 'ja-JP')).not.toMatch(/[.,]\d{2}$/);
  });

  it('writes every site locale and currency exactly as Intl does, without Intl', () => {
    const values = [
      '0',
      '0.5',
      '-0.00',
      '1',
      '9.99',
      '12.3',
      '999',
      '999.99',
      '1000',
      '1234.5',
      '-1234.56',
      '12345.67',
      '-12345',
      '100000',
      '1234567.89',
      '0007.50',
      '98765432109876543.21',
    ];
    expect(MONEY_PATTERN_KEYS).toHaveLength(8 * 4);
    for (const key of MONEY_PATTERN_KEYS) {
      const [locale, currency] = key.split('|') as [string, Currency];
      const digits = CURRENCY_DIGITS[currency];
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      for (const raw of values) {
        const value = digits === 0 ? raw.replace(/\.\d*$/, '') : raw;
        expect(formatMoney({ value, currency }, locale), `${key} ${value}`).toBe(
          intl.format(value as unknown as number),
        );
      }
    }
    // More decimals than the currency has (not a valid amount) and other locales still go through Intl.
    expect(formatMoney({ value: '1.005', currency: 'USD' }, 'en-US')).toBe('$1.01');
    expect(formatMoney({ value: '1234.5', currency: 'USD' }, 'pt-BR')).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(1234.5),
    );
  });

  it('keeps precision of large amounts (no float conversion)', () => {
    expect(formatMoney({ value: '12345678901234567.89', currency: 'USD' }, 'en-US')).toBe('$12,345,678,901,234,567.89');
  });
});
