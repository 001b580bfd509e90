import { describe, expect, it } from 'vitest';
import i18n, { loadAreaTexts } from './i18n';

// The translator stands in for i18next (vite.config.ts aliases react-i18next to it): these are
// the behaviours of i18next the pages rely on, checked against the shop's real texts.
describe('translator', () => {
  it('interpolates values into the English base texts', () => {
    expect(i18n.t('topbar.cartWithCount', { count: 3 })).toBe('Cart, 3 lines');
    expect(i18n.t('common.remaining', { count: 12 })).toBe('12 characters left');
  });

  it('answers with the key when a text is missing, or with defaultValue when given', () => {
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');
    expect(i18n.t('nowhere.toBeFound', { defaultValue: '' })).toBe('');
    expect(i18n.exists('nowhere.toBeFound')).toBe(false);
    expect(i18n.exists('common.loading')).toBe(true);
  });

  it('returns arrays of texts with returnObjects, interpolated', () => {
    const paragraphs = i18n.t('policy.text.terms', { returnObjects: true, site: 'FlexiDesk US' });
    expect(Array.isArray(paragraphs)).toBe(true);
    expect((paragraphs as string[]).join(' ')).not.toContain('{{site}}');
    // Without returnObjects a non-string is not handed out as text.
    expect(i18n.t('policy.text.terms')).toBe('policy.text.terms');
  });

  it('loads area texts on demand, with plural forms and the zero form', async () => {
    expect(i18n.exists('orders.points')).toBe(false);
    await loadAreaTexts();
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 point');
    expect(i18n.t('orders.points', { count: 2500 })).toBe('2500 points');
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 0 })).toBe('Please enter a whole amount');
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 2 })).toBe('Please enter an amount with at most 2 decimals');
  });

  it('switches language after fetching its texts, German plurals and English fallback', async () => {
    await loadAreaTexts();
    const seen: string[] = [];
    const pending = i18n.changeLanguage('de');
    seen.push(i18n.language);
    await pending;
    seen.push(i18n.language);
    // The page stays in the old language until the new texts are there.
    expect(seen).toEqual(['en', 'de']);
    expect(i18n.t('topbar.cartWithCount', { count: 2 })).toBe('Warenkorb, 2 Positionen');
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 Punkt');
    await i18n.changeLanguage('xx');
    expect(i18n.language).toBe('en');
  });
});
