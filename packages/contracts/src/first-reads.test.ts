import { describe, expect, it } from 'vitest';
import { firstReads, HOME_ITEMS_PATH, largestPictureOf, ORDER_COUNTS_PATH, ORDER_PAGE_PATH } from './first-reads.js';
import { ORDER_LIST_PAGE_SIZE } from './constants.js';

describe('firstReads', () => {
  it("names the landing pages' first reads, the order list's by the layout the screen shows", () => {
    expect(firstReads('/', { phone: true })).toEqual([{ path: HOME_ITEMS_PATH }]);
    expect(firstReads('/buyer/orders', { phone: true })).toEqual([
      { path: ORDER_PAGE_PATH, body: { pageSize: ORDER_LIST_PAGE_SIZE, searchStatus: 'ALL_ORDER', deviceSource: 'H5', pageNo: 1 } },
      { path: ORDER_COUNTS_PATH, body: { deviceSource: 'H5' } },
    ]);
    expect(firstReads('/buyer/orders/', { phone: false }).map((r) => r.body?.deviceSource)).toEqual(['PC', 'PC']);
    expect(firstReads('/buyer/index', { phone: false }).map((r) => r.path)).toEqual(['/api/buyer/home', ORDER_COUNTS_PATH]);
    expect(firstReads('/cart', { phone: true })).toEqual([]);
    expect(firstReads('/buyer/orders/extra', { phone: true })).toEqual([]);
  });

  it("asks for an item by its key as the item page does, and skips a key that is not a valid address", () => {
    expect(firstReads('/item/standing-desk-e7', { phone: true })).toEqual([{ path: '/api/catalog/items/standing-desk-e7' }]);
    // The browser sends the path encoded; the page encodes the decoded key again, the same way.
    expect(firstReads('/item/caf%C3%A9%20table', { phone: true })).toEqual([{ path: `/api/catalog/items/${encodeURIComponent('café table')}` }]);
    expect(firstReads('/item/%E0%A4%A', { phone: true })).toEqual([]);
  });
});

describe('largestPictureOf', () => {
  it("finds the home page's first tile and the order list's first card's first picture, nothing for other reads", () => {
    expect(largestPictureOf(HOME_ITEMS_PATH)?.({ data: [{ mainImage: '/media/a.svg' }, { mainImage: '/media/b.svg' }] })).toBe('/media/a.svg');
    expect(largestPictureOf(HOME_ITEMS_PATH)?.({ data: [] })).toBeUndefined();
    expect(largestPictureOf(ORDER_PAGE_PATH)?.({ data: [{ tradeOrderLineList: [{ sku: { image: '/media/c.svg' } }] }] })).toBe('/media/c.svg');
    expect(largestPictureOf(ORDER_COUNTS_PATH)).toBeUndefined();
  });
});
