/**
 * POST /api/uploads (multipart, one file) for evidence images. The picker checks type and the
 * after-sales limit (1 MB, SPEC §9) first (shared/upload.ts); the server sniffs the type again.
 */
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../shared/upload';

export const uploadEvidence = (file: File): Promise<string> =>
  uploadFile<{ url: string }>('/api/uploads', file, (b) => !!b.url).then((b) => b.url);

export function useUploadEvidence() {
  return useMutation({ mutationFn: uploadEvidence });
}
