import { describe, expect, it } from 'vitest';
import { LANGUAGES, UPLOAD_LIMITS, uploadMegabytes } from '@mall/contracts';
import { createI18n, resourcesFor } from './i18n';

// One limit, stated where it is enforced: the forms' texts take the size from
// UPLOAD_LIMITS, which the server enforces per purpose, instead of writing a number of their own.
const LIMIT_TEXTS: [file: string, path: string][] = [
  ['aftersales', 'aftersales.evidence.hint'],
  ['aftersales', 'aftersales.evidence.tooLarge'],
  ['comment', 'comment.images.hint'],
  ['comment', 'comment.images.tooLarge'],
  ['', 'payment.proofHint'],
  ['', 'payment.fileTooLarge'],
];

const files = import.meta.glob<Record<string, unknown>>(
  ['../locales/*.json', '../locales/aftersales/*.json', '../locales/comment/*.json'],
  { eager: true, import: 'default' },
);
const text = (texts: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);

describe('upload limits in the forms', () => {
  it('every language states the size as {{mb}}, never a number of its own', () => {
    for (const lang of LANGUAGES) {
      for (const [area, path] of LIMIT_TEXTS) {
        const value = text(files[`../locales/${area ? `${area}/` : ''}${lang}.json`]!, path);
        expect(value, `${lang} ${path}`).toMatch(/\{\{mb\}\}/);
        expect(String(value).replace(/\{\{\w+\}\}/g, ''), `${lang} ${path}`).not.toMatch(/\d\s*(MB|Mo|M\b)/);
      }
    }
  });

  it("the English texts read the contracts' limits: evidence 1 MB, review photos and the proof 10 MB", async () => {
    const i18n = createI18n('en', await resourcesFor('en', ['aftersales', 'comment']));
    expect(
      i18n.t('aftersales.evidence.hint', { max: UPLOAD_LIMITS.evidence.maxFiles, mb: uploadMegabytes('evidence') }),
    ).toBe('Up to 6 images, 1 MB each (png, jpeg, bmp, webp)');
    expect(i18n.t('comment.images.tooLarge', { name: 'a.png', mb: uploadMegabytes('review') })).toBe(
      'a.png is larger than 10 MB.',
    );
    expect(i18n.t('payment.fileTooLarge', { mb: uploadMegabytes('invoice') })).toBe('File size cannot exceed 10M');
  });
});
