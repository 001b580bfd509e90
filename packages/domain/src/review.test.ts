import { describe, expect, it } from 'vitest';
import { isReviewableLine, ratingSummary, reviewProblem, shortName } from './review.js';

describe('review rules', () => {
  it('a first review needs 1..5 stars and text of at most 300 characters; a follow-up needs no stars', () => {
    expect(reviewProblem({ rate: undefined, content: 'ok', imageCount: 0, followUp: false })).toBe('rateRequired');
    expect(reviewProblem({ rate: 6, content: 'ok', imageCount: 0, followUp: false })).toBe('rateRequired');
    expect(reviewProblem({ rate: 0, content: 'ok', imageCount: 0, followUp: false })).toBe('rateRequired');
    expect(reviewProblem({ rate: 5, content: '   ', imageCount: 0, followUp: false })).toBe('contentRequired');
    expect(reviewProblem({ rate: 5, content: 'x'.repeat(301), imageCount: 0, followUp: false })).toBe('contentTooLong');
    expect(reviewProblem({ rate: 5, content: '好'.repeat(300), imageCount: 6, followUp: false })).toBeNull();
    expect(reviewProblem({ rate: 5, content: 'ok', imageCount: 7, followUp: false })).toBe('tooManyImages');
    expect(reviewProblem({ content: 'still great', imageCount: 0, followUp: true })).toBeNull();
  });
  it('DIY parts are not reviewed on their own; gifts are', () => {
    expect(isReviewableLine('DIY_CHILD')).toBe(false);
    expect(isReviewableLine('GIFT_CHILD')).toBe(true);
    expect(isReviewableLine('NORMAL')).toBe(true);
  });
  it('names are shortened to their first and last letter', () => {
    expect(shortName('Demo Buyer')).toBe('D***r');
    expect(shortName('A')).toBe('A***');
    expect(shortName('')).toBe('***');
  });
  it('rating summary: average to one decimal and count per star', () => {
    expect(
      ratingSummary([
        { rate: 5, n: 3 },
        { rate: 4, n: 1 },
        { rate: 1, n: 1 },
      ]),
    ).toEqual({ average: 4, count: 5, perStar: [1, 0, 0, 1, 3] });
    expect(ratingSummary([])).toEqual({ average: null, count: 0, perStar: [0, 0, 0, 0, 0] });
  });
});
