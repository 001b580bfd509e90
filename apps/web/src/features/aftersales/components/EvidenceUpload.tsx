/**
 * Evidence images of an application (SPEC §5, §9): at most 6, 1 MB each (UPLOAD_LIMITS.evidence), png/jpeg/bmp/webp,
 * with an n/6 counter (the shared ImageUpload with the after-sales limits and texts).
 */
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS, uploadMegabytes } from '@mall/contracts/constants';
import { ImageUpload, imageUploadTexts } from '../../../shared/ImageUpload';
import { uploadEvidence } from '../api/upload';
import { aftersalesError } from './labels';

export function EvidenceUpload({
  value,
  onChange,
  error,
  onBusyChange,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  error?: string | null;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { maxFiles: max, maxBytes } = UPLOAD_LIMITS.evidence;
  const mb = uploadMegabytes('evidence');
  return (
    <ImageUpload
      value={value.map((url) => ({ url }))}
      onChange={(images) => onChange(images.map((i) => i.url))}
      upload={async (f) => ({ url: await uploadEvidence(f) })}
      max={max}
      maxBytes={maxBytes}
      error={error}
      onBusyChange={onBusyChange}
      testId="evidence"
      texts={imageUploadTexts(t, 'aftersales.evidence', { max, mb }, (e) => aftersalesError(t, e))}
    />
  );
}
