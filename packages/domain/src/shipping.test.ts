import { describe, expect, it } from 'vitest';
import { METERS_PER_MILE } from '@mall/contracts';
import { distanceMeters, distanceMiles, sortShippingMethods, type SortableShippingMethod } from './shipping.js';

const m = (shippingMethodCode: string, shippingAmt: bigint | null): SortableShippingMethod => ({
  shippingMethodCode,
  shippingAmt,
});
const codes = (list: SortableShippingMethod[]) => list.map((x) => x.shippingMethodCode);

describe('sortShippingMethods (SPEC §4)', () => {
  it('sorts by ascending amount, pickup second to last, unknown last, ties in input order', () => {
    const input = [
      m('EXPRESS', 1500n),
      m('PICKUP', 0n),
      m('UNKNOWN_1', null),
      m('ECONOMY', 300n),
      m('STANDARD', 500n),
      m('UNKNOWN_2', null),
      m('STANDARD_2', 500n),
      m('FREE', 0n),
    ];
    // Known: FREE 0 < ECONOMY 300 < STANDARD 500 = STANDARD_2 500 (input order) < EXPRESS 1500;
    // then PICKUP (even though it costs 0), then the unknown ones in input order.
    expect(codes(sortShippingMethods(input))).toEqual([
      'FREE',
      'ECONOMY',
      'STANDARD',
      'STANDARD_2',
      'EXPRESS',
      'PICKUP',
      'UNKNOWN_1',
      'UNKNOWN_2',
    ]);
  });

  it('puts pickup before unknown amounts even when pickup itself is unknown', () => {
    expect(codes(sortShippingMethods([m('UNKNOWN', null), m('PICKUP', null), m('STD', 999n)]))).toEqual([
      'STD',
      'PICKUP',
      'UNKNOWN',
    ]);
  });

  it('keeps the configured order for equal amounts and does not mutate its input', () => {
    const input = [m('B', 500n), m('A', 500n), m('C', 500n)];
    const before = codes(input);
    expect(codes(sortShippingMethods(input))).toEqual(['B', 'A', 'C']);
    expect(codes(input)).toEqual(before);
    expect(sortShippingMethods([])).toEqual([]);
  });

  it('keeps the extra fields of the methods', () => {
    const out = sortShippingMethods([
      { ...m('X', 2n), shippingMethodId: 'x' },
      { ...m('Y', 1n), shippingMethodId: 'y' },
    ]);
    expect(out.map((x) => x.shippingMethodId)).toEqual(['y', 'x']);
  });
});

describe('distance', () => {
  it('uses 1609.34 metres per mile', () => {
    expect(METERS_PER_MILE).toBe(1609.34);
  });

  it('is 0.00 for identical points', () => {
    expect(distanceMeters(37.7749, -122.4194, 37.7749, -122.4194)).toBe(0);
    expect(distanceMiles(37.7749, -122.4194, 37.7749, -122.4194)).toBe('0.00');
  });

  it('one degree of latitude is R x pi/180', () => {
    // 6371008.8 m x 0.01745329 = 111195.08 m; / 1609.34 = 69.0936 -> "69.09".
    expect(Math.abs(distanceMeters(0, 0, 1, 0) - 111195.08)).toBeLessThan(0.01);
    expect(distanceMiles(0, 0, 1, 0)).toBe('69.09');
  });

  it('San Francisco to San Jose is about 42 miles, as a 2-decimal string', () => {
    // dLat = 0.4367 deg; dLon = 0.5331 deg x cos(37.556 deg) = 0.5331 x 0.7927 = 0.4226 deg;
    // sqrt(0.4367^2 + 0.4226^2) = sqrt(0.19071 + 0.17859) = 0.6077 deg x 69.0936 mi/deg = 41.99 mi.
    const s = distanceMiles(37.7749, -122.4194, 37.3382, -121.8863);
    expect(s).toMatch(/^\d+\.\d{2}$/);
    expect(Math.abs(Number(s) - 41.99)).toBeLessThan(0.05);
    // Symmetric.
    expect(distanceMiles(37.3382, -121.8863, 37.7749, -122.4194)).toBe(s);
  });
});
