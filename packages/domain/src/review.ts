/**
 * Review rules (SPEC §5 "New review", §4 "Reviews"): what a buyer may review, the checks of a
 * first review and a follow-up, how a reviewer's name is shown, and an item's rating summary.
 */

export const REVIEW_TEXT_MAX = 300;
export const REVIEW_IMAGES_MAX = 6;

/** DIY parts are hidden in review lists (SPEC §3); every other bought line is reviewed on its own. */
export function isReviewableLine(lineGroupType: string): boolean {
  return lineGroupType !== 'DIY_CHILD';
}

export type ReviewProblem = 'rateRequired' | 'contentRequired' | 'contentTooLong' | 'tooManyImages';

/** The first problem of a review, or null. A follow-up has no rating. */
export function reviewProblem(r: {
  rate?: number | null;
  content?: string | null;
  imageCount: number;
  followUp: boolean;
}): ReviewProblem | null {
  if (!r.followUp && !(Number.isInteger(r.rate) && r.rate! >= 1 && r.rate! <= 5)) return 'rateRequired';
  const text = (r.content ?? '').trim();
  if (!text) return 'contentRequired';
  if ([...text].length > REVIEW_TEXT_MAX) return 'contentTooLong';
  if (r.imageCount > REVIEW_IMAGES_MAX) return 'tooManyImages';
  return null;
}

/** Reviewer names are shortened for privacy: first and last letter ("Demo Buyer" -> "D***r"). */
export function shortName(name: string): string {
  const letters = [...name.trim()];
  if (letters.length === 0) return '***';
  if (letters.length === 1) return `${letters[0]}***`;
  return `${letters[0]}***${letters[letters.length - 1]}`;
}

/** Average (one decimal) and count per star, from the counts per rate. */
export function ratingSummary(counts: { rate: number; n: number }[]): {
  average: number | null;
  count: number;
  perStar: number[];
} {
  const perStar = [0, 0, 0, 0, 0];
  for (const c of counts) if (c.rate >= 1 && c.rate <= 5) perStar[c.rate - 1]! += c.n;
  const count = perStar.reduce((s, n) => s + n, 0);
  const sum = perStar.reduce((s, n, i) => s + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, perStar };
}
