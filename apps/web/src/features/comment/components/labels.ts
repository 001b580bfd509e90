/**
 * Review texts and small rules shared by the review screens: the form's problems (SPEC §5, the
 * domain's reviewProblem), the lines of an order that may be reviewed, the review form's URL.
 */
import type { TFunction } from 'i18next';
import { REVIEW } from '@mall/contracts/constants';
import { isReviewableLine, reviewProblem, skuLabel, type ReviewProblem } from '@mall/domain';

/** The text of a problem of the review form. */
export function problemText(t: TFunction, p: ReviewProblem): string {
  switch (p) {
    case 'rateRequired':
      return t('comment.errors.rateRequired');
    case 'contentRequired':
      return t('comment.errors.contentRequired');
    case 'contentTooLong':
      return t('comment.errors.contentTooLong', { max: REVIEW.textMax });
    case 'tooManyImages':
      return t('comment.errors.tooManyImages', { max: REVIEW.imagesMax });
  }
}

export interface DraftErrors {
  rate?: string;
  content?: string;
  images?: string;
}

/**
 * The problems of one review, each at its field: the rating (first reviews only), then the text
 * and images with the follow-up's rules (they are the same for both).
 */
export function draftErrors(
  t: TFunction,
  d: { rate: number; content: string; imageCount: number },
  followUp: boolean,
): DraftErrors {
  const out: DraftErrors = {};
  if (
    !followUp &&
    reviewProblem({ rate: d.rate || null, content: d.content, imageCount: d.imageCount, followUp: false }) ===
      'rateRequired'
  ) {
    out.rate = problemText(t, 'rateRequired');
  }
  const rest = reviewProblem({ content: d.content, imageCount: d.imageCount, followUp: true });
  if (rest === 'tooManyImages') out.images = problemText(t, rest);
  else if (rest) out.content = problemText(t, rest);
  return out;
}

/** Characters as the server counts them (code points, so an emoji is one). */
export const textLength = (s: string) => [...s].length;
/** Cuts typed or pasted text at the limit. */
export const capText = (s: string, max: number = REVIEW.textMax) =>
  textLength(s) > max ? [...s].slice(0, max).join('') : s;

/** SKU name plus the attributes not already in it ("Black · Size: L"). */
export function skuText(s: {
  skuName?: string;
  name?: string;
  attributes: { attrKey: string; attrVal: string }[];
}): string {
  return skuLabel(s.skuName ?? s.name, s.attributes);
}

/** An order's lines a buyer reviews: top-level lines and their gifts (DIY parts are not reviewed). */
export function reviewableLineIds(
  lines: { id: string; lineGroupTypeDict: string; giftLineList?: { id: string; lineGroupTypeDict: string }[] }[],
): string[] {
  return lines
    .flatMap((l) => [l, ...(l.giftLineList ?? [])])
    .filter((l) => isReviewableLine(l.lineGroupTypeDict))
    .map((l) => l.id);
}

/** SPEC §2: /buyer/comment-add?orderId=&orderLineIds=[json array]. */
export const commentAddUrl = (orderId: string, lineIds: string[]) =>
  `/buyer/comment-add?${new URLSearchParams({ orderId, orderLineIds: JSON.stringify(lineIds) })}`;

/** Review dates: the day is enough. */
export const REVIEW_DATE = 'YYYY-MM-DD';
