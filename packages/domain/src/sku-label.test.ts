import { describe, expect, it } from 'vitest';
import { skuLabel } from './sku-label.js';

describe('SKU label', () => {
  it('does not repeat attributes the name already says (the cart line of the desk)', () => {
    expect(
      skuLabel('Black / 140x70', [
        { attrKey: 'Color', attrVal: 'Black' },
        { attrKey: 'Size', attrVal: '140x70 cm' },
      ]),
    ).toBe('Black / 140x70');
    expect(skuLabel('Arabica medium roast', [{ attrKey: 'Roast', attrVal: 'Medium' }])).toBe('Arabica medium roast');
  });

  it('adds the attributes the name does not say, once each', () => {
    expect(
      skuLabel('Grey', [
        { attrKey: 'Color', attrVal: 'Grey' },
        { attrKey: 'Size', attrVal: 'L' },
      ]),
    ).toBe('Grey · Size: L');
    expect(skuLabel('Light bar', [])).toBe('Light bar');
    expect(skuLabel('Black', [{ attrKey: 'Size', attrVal: 'L' }])).toBe('Black · Size: L'); // "l" of "black" is not the size
    expect(
      skuLabel('', [
        { attrKey: 'Color', attrVal: 'Black' },
        { attrKey: 'Size', attrVal: '160x80 cm' },
      ]),
    ).toBe('Black · 160x80 cm');
  });
});
