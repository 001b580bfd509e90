/**
 * POST /api/uploads (multipart, one file) for evidence images. The client checks type and the
 * after-sales limit (1 MB, SPEC §9) first; the server sniffs the type again.
 */
import { useMutation } from '@tanstack/react-query';
import { AFTER_SALES, CSRF_HEADER } from '@mall/contracts';
import { ApiError } from '../../../shared/api';

export const EVIDENCE_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'image/webp'] as const;

/** Why a file is refused before it is sent, or null. */
export function evidenceProblem(file: File): 'type' | 'size' | null {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AFTER_SALES.evidenceMaxBytes) return 'size';
  return null;
}

export async function uploadEvidence(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/uploads', { method: 'POST', body: form, headers: { [CSRF_HEADER]: '1' }, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Common.network', 'Network error, please check your connection');
  }
  const body = await res.json().catch(() => ({})) as { url?: string; code?: string; message?: string };
  if (!res.ok || !body.url) throw new ApiError(res.status, body.code ?? 'Common.internal', body.message ?? res.statusText);
  return body.url;
}

export function useUploadEvidence() {
  return useMutation({ mutationFn: uploadEvidence });
}
