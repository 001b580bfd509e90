import type { TFunction } from 'i18next';
import { ApiError } from './api';

/** Translated message for an API error code (SPEC §8 texts), falling back to a generic one. */
export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors.${err.code}`;
    const translated = t(key, { defaultValue: '' });
    return translated || err.message || t('errors.Common.internal');
  }
  return t('errors.Common.internal');
}

export function notifyError(t: TFunction, err: unknown) {
  const message = errorMessage(t, err);
  // Loaded when first needed: the top bar uses this, and toasts are no part of a first paint.
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'red', message }));
}

/** The caller is not logged in (or its session ended). */
export const isUnauthorized = (e: unknown) =>
  e instanceof ApiError && (e.status === 401 || e.code === 'Common.unauthorized');
