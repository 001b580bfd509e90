/**
 * Quantity stepper rules (SPEC §5/§9): default min 1, max 10, step 1, clamped;
 * weight items allow decimals with their configured precision. Quantities are decimal
 * strings; arithmetic is done in integers scaled by 10^decimals.
 */
import { QUANTITY } from '@mall/contracts';
import { decimalToFraction } from './money.js';

export interface QuantityRule {
  min: string;
  max: string;
  step: string;
  decimals: number;
}

export const DEFAULT_QUANTITY_RULE: QuantityRule = {
  min: String(QUANTITY.min), max: String(QUANTITY.max), step: String(QUANTITY.step), decimals: 0,
};

function scaled(value: string, decimals: number): bigint {
  const [num, den] = decimalToFraction(value);
  const target = 10n ** BigInt(decimals);
  // Round half up to the allowed precision.
  const x = num * target * 2n + (num >= 0n ? den : -den);
  return x / (den * 2n);
}

function unscaled(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString();
  const s = value.toString().padStart(decimals + 1, '0');
  const int = s.slice(0, -decimals);
  const frac = s.slice(-decimals).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Rounds to the precision, then clamps into [min, max]. Invalid input yields min. */
export function clampQuantity(value: string | number, rule: QuantityRule = DEFAULT_QUANTITY_RULE): string {
  const str = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(str)) return unscaled(scaled(rule.min, rule.decimals), rule.decimals);
  let q = scaled(str, rule.decimals);
  const min = scaled(rule.min, rule.decimals);
  const max = scaled(rule.max, rule.decimals);
  if (q < min) q = min;
  if (q > max) q = max;
  return unscaled(q, rule.decimals);
}

/** One press of + (direction 1) or - (direction -1), clamped. */
export function stepQuantity(value: string, direction: 1 | -1, rule: QuantityRule = DEFAULT_QUANTITY_RULE): string {
  const q = scaled(clampQuantity(value, rule), rule.decimals);
  const step = scaled(rule.step, rule.decimals);
  return clampQuantity(unscaled(q + step * BigInt(direction), rule.decimals), rule);
}

/** True when the value has at most the allowed decimals and lies in [min, max]. */
export function isValidQuantity(value: string, rule: QuantityRule): boolean {
  if (!/^\d+(\.\d+)?$/.test(value) || decimalsOf(value) > rule.decimals) return false;
  return compareQuantity(value, rule.min) >= 0 && compareQuantity(value, rule.max) <= 0;
}

function decimalsOf(value: string): number {
  const i = value.indexOf('.');
  return i < 0 ? 0 : value.replace(/0+$/, '').length - i - 1;
}

/** Compares two quantity strings: -1, 0, 1. */
export function compareQuantity(a: string, b: string): number {
  const d = scaled(a, 6) - scaled(b, 6);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function addQuantity(a: string, b: string, decimals: number): string {
  return unscaled(scaled(a, decimals) + scaled(b, decimals), decimals);
}
