import type { z } from 'zod';

/**
 * Runs the same zod schema the server uses and returns Mantine form errors keyed by field,
 * each message translated through `errors.field.<issue code>`.
 */
export function zodValidate<S extends z.ZodType>(schema: S, t: (key: string, opts?: Record<string, unknown>) => string) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (errors[key]) continue;
      const i = issue as { code: string; minimum?: number; maximum?: number; format?: string };
      errors[key] = issue.message.startsWith('validation.') ? t(issue.message)
        : issue.code === 'invalid_format' && i.format === 'email' ? t('errors.field.email')
        : issue.code === 'too_small' ? t('errors.field.tooShort', { min: i.minimum })
        : issue.code === 'too_big' ? t('errors.field.tooLong', { max: i.maximum })
        : t('errors.field.invalid');
    }
    return errors;
  };
}
