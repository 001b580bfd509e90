/**
 * Quantity stepper rules (SPEC §5/§9): default min 1, max 10, step 1, clamped;
 * weight items allow decimals with their configured precision. The allowed values are the
 * grid min, min + step, min + 2 x step ... up to max: the server accepts only those (cart,
 * checkout) and the web stepper snaps to them. Quantities are decimal strings; arithmetic
 * is done in integers scaled by a power of ten.
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
  min: String(QUANTITY.min),
  max: String(QUANTITY.max),
  step: String(QUANTITY.step),
  decimals: 0,
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

const SCALE = 6;

/** The rule's grid in integers scaled by 10^6: min, step and the largest allowed value. */
function grid(rule: QuantityRule): { min: bigint; step: bigint; top: bigint } {
  const min = scaled(rule.min, SCALE);
  const max = scaled(rule.max, SCALE);
  let step = scaled(rule.step, SCALE);
  // A missing or broken step means every value at the rule's precision.
  if (step <= 0n) step = 10n ** BigInt(SCALE - Math.min(rule.decimals, SCALE));
  const top = max < min ? min : min + ((max - min) / step) * step;
  return { min, step, top };
}

/**
 * Snaps to the rule's grid (min, min + step, min + 2 x step ... up to max, SPEC §5 stepper)
 * to the nearest allowed value, half up, clamped into [min, max]. Invalid input yields min.
 */
export function clampQuantity(value: string | number, rule: QuantityRule = DEFAULT_QUANTITY_RULE): string {
  const str = String(value).trim();
  const g = grid(rule);
  if (!/^-?\d+(\.\d+)?$/.test(str)) return unscaled(g.min, SCALE);
  const q = scaled(str, SCALE);
  if (q <= g.min) return unscaled(g.min, SCALE);
  if (q >= g.top) return unscaled(g.top, SCALE);
  const k = (2n * (q - g.min) + g.step) / (2n * g.step);
  return unscaled(g.min + k * g.step, SCALE);
}

/** One press of + (direction 1) or - (direction -1), from the snapped value, clamped. */
export function stepQuantity(value: string, direction: 1 | -1, rule: QuantityRule = DEFAULT_QUANTITY_RULE): string {
  const g = grid(rule);
  const q = scaled(clampQuantity(value, rule), SCALE);
  return clampQuantity(unscaled(q + g.step * BigInt(direction), SCALE), rule);
}

/** Why a quantity is not allowed, or null: not a number, too many decimals, outside [min, max], off the step grid. */
export type QuantityIssue = 'FORMAT' | 'PRECISION' | 'RANGE' | 'STEP';

export function quantityIssue(value: string, rule: QuantityRule): QuantityIssue | null {
  if (!/^\d+(\.\d+)?$/.test(value)) return 'FORMAT';
  if (decimalsOf(value) > rule.decimals) return 'PRECISION';
  if (compareQuantity(value, rule.min) < 0 || compareQuantity(value, rule.max) > 0) return 'RANGE';
  const g = grid(rule);
  const q = scaled(value, SCALE);
  if ((q - g.min) % g.step !== 0n || q > g.top) return 'STEP';
  return null;
}

/** True when the value has at most the allowed decimals, lies in [min, max] and on the step grid from min. */
export function isValidQuantity(value: string, rule: QuantityRule): boolean {
  return quantityIssue(value, rule) === null;
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
