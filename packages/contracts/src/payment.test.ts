import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PAYMENT_DECLINE_REASONS } from './index.js';

const locale = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../apps/web/src/locales/${lng}.json`, import.meta.url), 'utf8'));

describe('payment decline reasons', () => {
  it('every reason MOCKPAY or the shop can record has a sentence in every language (and a fallback for others)', () => {
    for (const lng of LANGUAGES) {
      const declined = locale(lng).payResult.declined as Record<string, string>;
      for (const reason of [...PAYMENT_DECLINE_REASONS, 'other']) {
        expect(declined[reason], `${lng}: ${reason}`).toMatch(/\S{3}/);
        // A sentence for people, not the code again.
        expect(declined[reason]).not.toContain('_');
      }
    }
  });
});
