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

/**
 * How each site locale writes each currency, as ICU (Intl.NumberFormat, CLDR) writes it:
 * [prefix, suffix, negative prefix, negative suffix, group separator, decimal separator,
 * minimum grouping digits (2: "1234,56 €" but "12.345,67 €")]. Taken from Intl once and checked
 * against it for every pair in money.test.ts. Why not Intl itself: the first Intl.NumberFormat of
 * a page loads ICU's number data, 30-40 ms of a phone's main thread (4x that in Lighthouse) inside
 * the render of the first price; with the table the first price costs what the others do.
 */
type MoneyPattern = readonly [string, string, string, string, string, string, 1 | 2];
const NB = '\u00a0';
const NNB = '\u202f';
const MONEY_PATTERNS: Record<string, MoneyPattern> = {
  'en-US|USD': ['$', '', '-$', '', ',', '.', 1],
  'en-US|GBP': ['£', '', '-£', '', ',', '.', 1],
  'en-US|EUR': ['€', '', '-€', '', ',', '.', 1],
  'en-US|JPY': ['¥', '', '-¥', '', ',', '', 1],
  'en-GB|USD': ['US$', '', '-US$', '', ',', '.', 1],
  'en-GB|GBP': ['£', '', '-£', '', ',', '.', 1],
  'en-GB|EUR': ['€', '', '-€', '', ',', '.', 1],
  'en-GB|JPY': ['JP¥', '', '-JP¥', '', ',', '', 1],
  'de-DE|USD': ['', `${NB}$`, '-', `${NB}$`, '.', ',', 1],
  'de-DE|GBP': ['', `${NB}£`, '-', `${NB}£`, '.', ',', 1],
  'de-DE|EUR': ['', `${NB}€`, '-', `${NB}€`, '.', ',', 1],
  'de-DE|JPY': ['', `${NB}¥`, '-', `${NB}¥`, '.', '', 1],
  'ja-JP|USD': ['$', '', '-$', '', ',', '.', 1],
  'ja-JP|GBP': ['£', '', '-£', '', ',', '.', 1],
  'ja-JP|EUR': ['€', '', '-€', '', ',', '.', 1],
  'ja-JP|JPY': ['￥', '', '-￥', '', ',', '', 1],
  'es-ES|USD': ['', `${NB}US$`, '-', `${NB}US$`, '.', ',', 2],
  'es-ES|GBP': ['', `${NB}GBP`, '-', `${NB}GBP`, '.', ',', 2],
  'es-ES|EUR': ['', `${NB}€`, '-', `${NB}€`, '.', ',', 2],
  'es-ES|JPY': ['', `${NB}JPY`, '-', `${NB}JPY`, '.', '', 2],
  'it-IT|USD': ['', `${NB}USD`, '-', `${NB}USD`, '.', ',', 2],
  'it-IT|GBP': ['', `${NB}£`, '-', `${NB}£`, '.', ',', 2],
  'it-IT|EUR': ['', `${NB}€`, '-', `${NB}€`, '.', ',', 2],
  'it-IT|JPY': ['', `${NB}JPY`, '-', `${NB}JPY`, '.', '', 2],
  'fr-FR|USD': ['', `${NB}$US`, '-', `${NB}$US`, NNB, ',', 1],
  'fr-FR|GBP': ['', `${NB}£GB`, '-', `${NB}£GB`, NNB, ',', 1],
  'fr-FR|EUR': ['', `${NB}€`, '-', `${NB}€`, NNB, ',', 1],
  'fr-FR|JPY': ['', `${NB}JPY`, '-', `${NB}JPY`, NNB, '', 1],
  'nl-NL|USD': [`US$${NB}`, '', `US$${NB}-`, '', '.', ',', 1],
  'nl-NL|GBP': [`£${NB}`, '', `£${NB}-`, '', '.', ',', 1],
  'nl-NL|EUR': [`€${NB}`, '', `€${NB}-`, '', '.', ',', 1],
  'nl-NL|JPY': [`JP¥${NB}`, '', `JP¥${NB}-`, '', '.', '', 1],
};

/** The amount in `pattern`'s writing, or null when it has more non-zero decimals than the currency. */
function writeMoney(
  value: string,
  digits: number,
  [pre, suf, negPre, negSuf, group, decimal, minGrouping]: MoneyPattern,
): string | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const extra = (m[3] ?? '').slice(digits);
  if (/[^0]/.test(extra)) return null; // Intl would round: let it
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  let grouped = int;
  if (int.length >= 3 + minGrouping) {
    grouped = int.slice(0, ((int.length - 1) % 3) + 1);
    for (let i = grouped.length; i < int.length; i += 3) grouped += group + int.slice(i, i + 3);
  }
  const number = digits > 0 ? `${grouped}${decimal}${(m[3] ?? '').slice(0, digits).padEnd(digits, '0')}` : grouped;
  return m[1] ? `${negPre}${number}${negSuf}` : `${pre}${number}${suf}`;
}

/** Other locales and currencies: one Intl formatter per pair, built on first use. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Localised display, e.g. "$129.99", "129,99 €", "￥12,999". */
export function formatMoney(m: MoneyValue, locale: string): string {
  const key = `${locale}|${m.currency}`;
  const digits = CURRENCY_DIGITS[m.currency];
  const pattern = MONEY_PATTERNS[key];
  const written = pattern ? writeMoney(m.value, digits, pattern) : null;
  if (written !== null) return written;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: m.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  // Intl takes a string here, so no precision is lost for large amounts.
  return format.format(m.value as unknown as number);
}

/** The pairs formatMoney writes without Intl (money.test.ts checks each against Intl). */
export const MONEY_PATTERN_KEYS = Object.keys(MONEY_PATTERNS);
