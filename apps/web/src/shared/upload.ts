/**
 * Image uploads (multipart, one file per request): the accepted types, the check made before a
 * file is sent (the server sniffs the type again) and the POST itself.
 */
import { CSRF_HEADER } from '@mall/contracts/constants';
import { ApiError } from './api';

/** Image types every upload endpoint accepts (png, jpeg, bmp, webp). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'image/webp'] as const;

/** Why a file is refused before it is sent, or null. */
export function imageProblem(file: File, maxBytes: number): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** POSTs one file as `file` and returns the JSON answer; `ok` tells whether the answer is usable. */
export async function uploadFile<T>(path: string, file: File, ok: (body: Partial<T>) => boolean): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      body: form,
      headers: { [CSRF_HEADER]: '1' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Common.network', 'Network error, please check your connection');
  }
  const body = (await res.json().catch(() => ({}))) as Partial<T> & { code?: string; message?: string };
  if (!res.ok || !ok(body))
    throw new ApiError(res.status, body.code ?? 'Common.internal', body.message ?? res.statusText);
  return body as T;
}
