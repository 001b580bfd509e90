/**
 * Money helpers. Amounts live as bigint minor units with a currency; the wire carries
 * decimal strings in major units. No float ever holds money.
 */
import { CURRENCY_DIGITS, type Currency } from '@mall/contracts';

export interface MoneyValue {
  value: string;
  currency: Currency;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "129.99" USD -> 12999n. Throws on malformed input or more decimals than the currency has. */
export function toMinor(value: string, currency: Currency): bigint {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${value}`);
  const digits = CURRENCY_DIGITS[currency];
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > digits) throw new RangeError(`${currency} has ${digits} decimals: ${value}`);
  const minor = BigInt(m[2]!) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
  return m[1] ? -minor : minor;
}

/** 12999n USD -> "129.99"; 12999n JPY -> "12999". */
export function fromMinor(minor: bigint, currency: Currency): string {
  const digits = CURRENCY_DIGITS[currency];
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  if (digits === 0) return `${neg ? '-' : ''}${abs}`;
  const scale = 10n ** BigInt(digits);
  const frac = (abs % scale).toString().padStart(digits, '0');
  return `${neg ? '-' : ''}${abs / scale}.${frac}`;
}

export function money(minor: bigint, currency: Currency): MoneyValue {
  return { value: fromMinor(minor, currency), currency };
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** Integer division rounding half away from zero (commercial rounding). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const neg = numerator < 0n;
  const abs = neg ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return neg ? -q : q;
}

/** Scale of a decimal string as [integer numerator, power-of-ten denominator]. */
export function decimalToFraction(value: string): [bigint, bigint] {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal: ${value}`);
  const frac = m[3] ?? '';
  const num = BigInt(m[2]! + frac) * (m[1] ? -1n : 1n);
  return [num, 10n ** BigInt(frac.length)];
}

/** unit price x quantity ("1.5" kg) in minor units, rounded half up to the minor unit. */
export function lineAmount(unitMinor: bigint, qty: string): bigint {
  const [num, den] = decimalToFraction(qty);
  return divRoundHalfUp(unitMinor * num, den);
}

/** amount x rate ("0.19"), rounded half up: taxes, discounts. */
export function applyRate(amountMinor: bigint, rate: string): bigint {
  return lineAmount(amountMinor, rate);
}

/**
 * Amount handed to a payment provider in its minor units (SPEC §9: x100, x1 for JPY).
 * Our minor units already are that, so this only checks the range.
 */
export function toProviderAmount(m: MoneyValue): number {
  const minor = toMinor(m.value, m.currency);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(minor);
}

/** Localised display, e.g. "$129.99", "129,99 €", "￥12,999". */
/**
 * One formatter per locale and currency: building an Intl.NumberFormat costs about a millisecond
 * (several on a phone), formatting with a built one a few microseconds, and a page shows dozens
 * of prices.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(m: MoneyValue, locale: string): string {
  const key = `${locale}|${m.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = CURRENCY_DIGITS[m.currency];
    format = new Intl.NumberFormat(locale, {
      style: 'currency', currency: m.currency, minimumFractionDigits: digits, maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  // Intl takes a string here, so no precision is lost for large amounts.
  return format.format(m.value as unknown as number);
}
