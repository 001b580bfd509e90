import { describe, expect, it } from 'vitest';
import { SITES } from '@mall/contracts';
import { deliveryChoiceProblem, deliveryDayChoices, siteToday } from './delivery-day.js';

const JP = SITES.JP;
// 00:30 on 1 February in Tokyo, still 31 January in UTC.
const now = new Date('2025-01-31T15:30:00Z');

describe('delivery day choices', () => {
  it("JP offers 7 days from the day after tomorrow in Tokyo's calendar, and its time slots", () => {
    expect(siteToday('Asia/Tokyo', now)).toBe('2025-02-01');
    const c = deliveryDayChoices(JP, now);
    expect(c.delayDays).toBe(2);
    expect(c.dayList).toEqual([
      '2025-02-03',
      '2025-02-04',
      '2025-02-05',
      '2025-02-06',
      '2025-02-07',
      '2025-02-08',
      '2025-02-09',
    ]);
    expect(c.dayTimeList).toEqual(JP.features.deliveryDayTime!.timeSlots);
    // An hour earlier it is still 31 January in Tokyo.
    expect(deliveryDayChoices(JP, new Date('2025-01-31T14:30:00Z')).dayList[0]).toBe('2025-02-02');
  });

  it('other sites offer none', () => {
    expect(deliveryDayChoices(SITES.US, now)).toEqual({ delayDays: 0, dayList: [], dayTimeList: [] });
  });

  it('accepts no preference, or a day and a slot of the lists', () => {
    expect(deliveryChoiceProblem(JP, undefined, now)).toBeNull();
    expect(deliveryChoiceProblem(JP, { deliveryDay: '', deliveryTime: '' }, now)).toBeNull();
    expect(deliveryChoiceProblem(JP, { deliveryDay: '2025-02-03', deliveryTime: '14:00-16:00' }, now)).toBeNull();
    expect(deliveryChoiceProblem(JP, { deliveryDay: '2025-02-09' }, now)).toBeNull();
    expect(deliveryChoiceProblem(SITES.US, {}, now)).toBeNull();
  });

  it('refuses a day outside the range, a slot not in the list, and any choice where the site offers none', () => {
    for (const day of ['2025-02-02', '2025-02-10', '2030-01-01', '2025-02-3', 'tomorrow']) {
      expect(deliveryChoiceProblem(JP, { deliveryDay: day }, now), day).toMatchObject({
        code: 'Checkout.deliveryDayOutOfRange',
        message: 'Please choose one of the delivery days offered',
        details: { first: '2025-02-03', last: '2025-02-09' },
      });
    }
    expect(deliveryChoiceProblem(JP, { deliveryDay: '2025-02-04', deliveryTime: '03:00-05:00' }, now)).toMatchObject({
      code: 'Checkout.deliveryTimeNotOffered',
      message: 'Please choose one of the delivery times offered',
    });
    expect(deliveryChoiceProblem(SITES.DE, { deliveryDay: '2025-02-04' }, now)).toMatchObject({
      code: 'Checkout.deliveryDayNotOffered',
    });
    expect(deliveryChoiceProblem(SITES.US, { deliveryTime: '08:00-12:00' }, now)).toMatchObject({
      code: 'Checkout.deliveryDayNotOffered',
    });
  });
});
