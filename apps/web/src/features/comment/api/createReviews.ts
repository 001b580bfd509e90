/**
 * bbc_content_BatchCreateCommonCommentFlow: first reviews (topId -1, with a rating) and
 * follow-ups (topId = the first review, parentId -1, no rating) in one call; all or none.
 * Errors carry details.index: which review of the batch was refused.
 */
import { useMutation } from '@tanstack/react-query';
import type { CreateReviewInput } from '@mall/contracts';
import { api, ApiError } from '../../../shared/api';
import { useInvalidateComments } from './keys';

export type CreatedReview = { id: string; topId: string | null; postId: string };

export const createReviews = (list: CreateReviewInput[]) =>
  api<CreatedReview[]>('/api/trantor/flow/bbc_content_BatchCreateCommonCommentFlow', { body: list });

export function useCreateReviews() {
  const invalidate = useInvalidateComments();
  return useMutation({ mutationFn: createReviews, onSettled: () => invalidate() });
}

/** Which review of the batch an error is about (details.index), if it says. */
export function errorIndex(e: unknown): number | null {
  if (!(e instanceof ApiError)) return null;
  const i = (e.details as { index?: unknown } | undefined)?.index;
  return typeof i === 'number' && Number.isInteger(i) ? i : null;
}
