import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUANTITY_RULE,
  addQuantity,
  clampQuantity,
  compareQuantity,
  isValidQuantity,
  quantityIssue,
  stepQuantity,
  type QuantityRule,
} from './quantity.js';

const WEIGHT: QuantityRule = { min: '0.5', max: '10', step: '0.5', decimals: 1 };

describe('default rule (min 1, max 10, step 1)', () => {
  it('is the SPEC default', () => {
    expect(DEFAULT_QUANTITY_RULE).toEqual({ min: '1', max: '10', step: '1', decimals: 0 });
  });

  it('clamps into [1, 10]', () => {
    expect(clampQuantity('0')).toBe('1');
    expect(clampQuantity('11')).toBe('10');
    expect(clampQuantity('-3')).toBe('1');
    expect(clampQuantity('999999')).toBe('10');
    expect(clampQuantity('5')).toBe('5');
    expect(clampQuantity(7)).toBe('7');
  });

  it('falls back to min on invalid input', () => {
    expect(clampQuantity('abc')).toBe('1');
    expect(clampQuantity('')).toBe('1');
    expect(clampQuantity('1e3')).toBe('1');
    expect(clampQuantity('2,5')).toBe('1');
  });

  it('rounds decimals to whole units (half up)', () => {
    expect(clampQuantity('2.4')).toBe('2');
    expect(clampQuantity('2.5')).toBe('3');
  });

  it('steps up and down, clamped at both ends', () => {
    expect(stepQuantity('1', 1)).toBe('2');
    expect(stepQuantity('2', -1)).toBe('1');
    expect(stepQuantity('1', -1)).toBe('1');
    expect(stepQuantity('10', 1)).toBe('10');
    expect(stepQuantity('abc', 1)).toBe('2');
  });

  it('validates whole quantities in range', () => {
    expect(isValidQuantity('1', DEFAULT_QUANTITY_RULE)).toBe(true);
    expect(isValidQuantity('10', DEFAULT_QUANTITY_RULE)).toBe(true);
    expect(isValidQuantity('0', DEFAULT_QUANTITY_RULE)).toBe(false);
    expect(isValidQuantity('11', DEFAULT_QUANTITY_RULE)).toBe(false);
    expect(isValidQuantity('1.5', DEFAULT_QUANTITY_RULE)).toBe(false);
    expect(isValidQuantity('2.0', DEFAULT_QUANTITY_RULE)).toBe(true); // trailing zero is no extra precision
    expect(isValidQuantity('-1', DEFAULT_QUANTITY_RULE)).toBe(false);
    expect(isValidQuantity('abc', DEFAULT_QUANTITY_RULE)).toBe(false);
    expect(isValidQuantity('', DEFAULT_QUANTITY_RULE)).toBe(false);
  });
});

describe('weight rule (min 0.5, max 10, step 0.5, 1 decimal)', () => {
  it('snaps to the 0.5 kg steps, half up', () => {
    expect(clampQuantity('1.3', WEIGHT)).toBe('1.5');
    expect(clampQuantity('0.7', WEIGHT)).toBe('0.5');
    expect(clampQuantity('1.25', WEIGHT)).toBe('1.5');
    expect(clampQuantity('1.24', WEIGHT)).toBe('1');
    expect(clampQuantity('1.5', WEIGHT)).toBe('1.5');
    expect(clampQuantity('2', WEIGHT)).toBe('2');
    expect(clampQuantity('9.8', WEIGHT)).toBe('10');
  });

  it('clamps into [0.5, 10]', () => {
    expect(clampQuantity('0', WEIGHT)).toBe('0.5');
    expect(clampQuantity('0.2', WEIGHT)).toBe('0.5');
    expect(clampQuantity('10.5', WEIGHT)).toBe('10');
    expect(clampQuantity('abc', WEIGHT)).toBe('0.5');
  });

  it('steps by 0.5 and clamps at the ends', () => {
    expect(stepQuantity('1', 1, WEIGHT)).toBe('1.5');
    expect(stepQuantity('1.5', -1, WEIGHT)).toBe('1');
    expect(stepQuantity('9.8', 1, WEIGHT)).toBe('10');
    expect(stepQuantity('10', 1, WEIGHT)).toBe('10');
    expect(stepQuantity('0.5', -1, WEIGHT)).toBe('0.5');
  });

  it('validates precision and range', () => {
    expect(isValidQuantity('1.5', WEIGHT)).toBe(true);
    expect(isValidQuantity('0.5', WEIGHT)).toBe(true);
    expect(isValidQuantity('10', WEIGHT)).toBe(true);
    expect(isValidQuantity('1.50', WEIGHT)).toBe(true);
    expect(isValidQuantity('1.25', WEIGHT)).toBe(false);
    expect(isValidQuantity('0.4', WEIGHT)).toBe(false);
    expect(isValidQuantity('10.5', WEIGHT)).toBe(false);
  });

  it('accepts only the step grid from the minimum (1.3 kg and 0.7 kg are not sold)', () => {
    expect(isValidQuantity('1.3', WEIGHT)).toBe(false);
    expect(isValidQuantity('0.7', WEIGHT)).toBe(false);
    expect(isValidQuantity('2.5', WEIGHT)).toBe(true);
    expect(quantityIssue('1.3', WEIGHT)).toBe('STEP');
    expect(quantityIssue('1.25', WEIGHT)).toBe('PRECISION');
    expect(quantityIssue('0.4', WEIGHT)).toBe('RANGE');
    expect(quantityIssue('x', WEIGHT)).toBe('FORMAT');
    expect(quantityIssue('1.5', WEIGHT)).toBeNull();
  });
});

describe('a grid anchored at the minimum (min 2, step 3, max 10)', () => {
  const ODD: QuantityRule = { min: '2', max: '10', step: '3', decimals: 0 };
  it('allows 2, 5, 8 only; max 10 is off the grid so 8 is the top', () => {
    expect(['2', '5', '8'].every((q) => isValidQuantity(q, ODD))).toBe(true);
    expect(['3', '4', '6', '9', '10'].some((q) => isValidQuantity(q, ODD))).toBe(false);
    expect(clampQuantity('4', ODD)).toBe('5');
    expect(clampQuantity('10', ODD)).toBe('8');
    expect(stepQuantity('8', 1, ODD)).toBe('8');
    expect(stepQuantity('3', 1, ODD)).toBe('5');
  });
});

describe('compareQuantity and addQuantity', () => {
  it('compares decimal strings numerically', () => {
    expect(compareQuantity('1.5', '1.50')).toBe(0);
    expect(compareQuantity('2', '10')).toBe(-1);
    expect(compareQuantity('10', '9.999')).toBe(1);
    expect(compareQuantity('0', '0.001')).toBe(-1);
  });

  it('adds at a given precision', () => {
    expect(addQuantity('1.5', '2.5', 1)).toBe('4');
    expect(addQuantity('0.5', '0.25', 2)).toBe('0.75');
    expect(addQuantity('3', '4', 0)).toBe('7');
  });
});
