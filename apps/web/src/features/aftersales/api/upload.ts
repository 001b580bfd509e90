/**
 * POST /api/uploads?purpose=evidence (multipart, one file) for evidence images. The picker checks
 * type and the evidence limit (UPLOAD_LIMITS.evidence) first (shared/upload.ts); the server checks both again.
 */
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../shared/upload';

export const uploadEvidence = (file: File): Promise<string> =>
  uploadFile<{ url: string }>('/api/uploads?purpose=evidence', file, (b) => !!b.url).then((b) => b.url);

export function useUploadEvidence() {
  return useMutation({ mutationFn: uploadEvidence });
}
