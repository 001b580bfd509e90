/**
 * Review photos: the shared picker with the review limits (SPEC §5, §9: at most 6, counter n/6;
 * 10 MB each (UPLOAD_LIMITS.review), resized by the server into a display image and a thumbnail), with the review texts.
 */
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS, uploadMegabytes } from '@mall/contracts/constants';
import { errorMessage } from '../../../shared/errors';
import { ImageUpload, imageUploadTexts } from '../../../shared/ImageUpload';
import { uploadReviewImage, type ReviewImage } from '../api/uploadImage';

export function ReviewImagesInput({
  value,
  onChange,
  error,
  onBusyChange,
  disabled,
  label,
}: {
  value: ReviewImage[];
  onChange: (v: ReviewImage[]) => void;
  error?: string;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const { maxFiles: max, maxBytes } = UPLOAD_LIMITS.review;
  const mb = uploadMegabytes('review');
  return (
    <ImageUpload
      value={value}
      onChange={(v) => onChange(v as ReviewImage[])}
      upload={uploadReviewImage}
      max={max}
      maxBytes={maxBytes}
      error={error}
      onBusyChange={onBusyChange}
      disabled={disabled}
      testId="review-images"
      texts={imageUploadTexts(t, 'comment.images', { max, mb }, (e) => errorMessage(t, e), label)}
    />
  );
}
