import { describe, expect, it } from 'vitest';
import { bundleUnitMinor, bundleUnitPrice } from './bundle.js';

describe('DIY bundle price rule', () => {
  it('is the main SKU plus every part x its quantity (the demo desk: 298.99 + 188.99 + 38.99)', () => {
    expect(
      bundleUnitMinor(29899n, [
        { unitMinor: 18899n, qty: '1' },
        { unitMinor: 3899n, qty: '1' },
      ]),
    ).toBe(52697n);
    expect(
      bundleUnitPrice({ value: '298.99', currency: 'USD' }, [
        { sku: { salePrc: { value: '188.99', currency: 'USD' } }, qty: '1' },
        { sku: { salePrc: { value: '38.99', currency: 'USD' } }, qty: '1' },
      ]),
    ).toEqual({ value: '526.97', currency: 'USD' });
  });

  it('counts part quantities and rounds each part half up', () => {
    expect(bundleUnitMinor(1000n, [{ unitMinor: 399n, qty: '2' }])).toBe(1798n);
    expect(bundleUnitMinor(0n, [{ unitMinor: 333n, qty: '1.5' }])).toBe(500n); // 499.5 -> 500
  });

  it('without parts is the main price; JPY has no decimals', () => {
    expect(bundleUnitMinor(12345n, [])).toBe(12345n);
    expect(
      bundleUnitPrice({ value: '44850', currency: 'JPY' }, [
        { sku: { salePrc: { value: '28350', currency: 'JPY' } }, qty: '1' },
      ]),
    ).toEqual({ value: '73200', currency: 'JPY' });
  });
});
