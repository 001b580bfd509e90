import { describe, expect, it } from 'vitest';
import { slidesOf } from './MergeCarousel';
import { mergeOrderIds } from './MergePayPage';

describe('merge-order carousel (SPEC §9: 5 slides)', () => {
  it('one slide per order up to five', () => {
    expect(slidesOf(['a', 'b'])).toEqual([['a'], ['b']]);
    expect(slidesOf(['a', 'b', 'c', 'd', 'e'])).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });
  it('more than five: four slides of one order, the fifth with the rest', () => {
    expect(slidesOf(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual([['a'], ['b'], ['c'], ['d'], ['e', 'f', 'g']]);
  });
});

describe('the orders of /buyer/merge-pay', () => {
  it('keeps ids only, each once', () => {
    expect(mergeOrderIds('12,13,12, x,14;15,')).toEqual(['12', '13']);
    expect(mergeOrderIds('12,13,14')).toEqual(['12', '13', '14']);
    expect(mergeOrderIds(null)).toEqual([]);
  });
});
