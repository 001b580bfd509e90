/**
 * POST /api/uploads/review-images (multipart, one file, at most 10 MB): the server resizes it
 * into a display image and a thumbnail and returns both URLs.
 */
import type { ReviewImageFile } from '@mall/contracts';
import { uploadFile } from '../../../shared/upload';

export type ReviewImage = Required<ReviewImageFile>;

export const uploadReviewImage = (file: File): Promise<ReviewImage> =>
  uploadFile<ReviewImage>('/api/uploads/review-images', file, (b) => !!b.url && !!b.thumbUrl);
