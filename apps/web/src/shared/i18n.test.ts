import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@mall/contracts';
import i18n, { AREA_KEYS, loadAreas, pluralForm, subscribe, type Area } from './i18n';

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

  it('knows which area file holds each top-level key, in every language', () => {
    const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
    expect(Object.keys(files).length).toBeGreaterThan(0);
    for (const [file, texts] of Object.entries(files)) {
      const area = file.split('/')[2] as Area;
      expect(AREA_KEYS[area], file).toBeDefined();
      expect(Object.keys(texts).sort(), file).toEqual([...AREA_KEYS[area]].sort());
    }
  });

  it('loads only the areas a route asks for, with plural forms and the zero form', async () => {
    expect(i18n.exists('orders.points')).toBe(false);
    await loadAreas(['orders']);
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 point');
    expect(i18n.t('orders.points', { count: 2500 })).toBe('2500 points');
    // Another area's text is not there yet: nothing shows (not the key) while it loads.
    expect(i18n.t('ratings.title')).toBe('');
    expect(i18n.t('ratings.title', { defaultValue: 'Reviews' })).toBe('Reviews');
    await loadAreas(['seller']);
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 0 })).toBe('Please enter a whole amount');
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 2 })).toBe('Please enter an amount with at most 2 decimals');
  });

  it('loads an area a lookup needs and tells the subscribers when it arrives', async () => {
    const notified = vi.fn();
    const unsubscribe = subscribe(notified);
    const before = i18n.t;
    expect(i18n.t('superMember.title')).toBe('');
    expect(i18n.t('superMember.title', { defaultValue: 'Super member' })).toBe('Super member');
    expect(i18n.t('certificates.title', { returnObjects: true })).toEqual([]);
    await vi.waitFor(() => expect(notified).toHaveBeenCalled());
    // A new translator function: the hook's snapshot changes, so components re-render.
    expect(i18n.t).not.toBe(before);
    expect(i18n.t('superMember.title')).not.toBe('');
    expect(i18n.t('superMember.title')).not.toBe('superMember.title');
    // Loaded, and still missing: the key, as before.
    expect(i18n.t('superMember.nowhere.toBeFound')).toBe('superMember.nowhere.toBeFound');
    unsubscribe();
  });

  it('re-renders nobody for an area that arrives before anything looked into it', async () => {
    const notified = vi.fn();
    const unsubscribe = subscribe(notified);
    const before = i18n.t;
    await loadAreas(['membership']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notified).not.toHaveBeenCalled();
    expect(i18n.t).toBe(before);
    expect(i18n.t('membership.nav.label')).toBe('Membership');
    unsubscribe();
  });

  it('switches language after fetching its texts and the areas asked for, German plurals and English fallback', async () => {
    await loadAreas(['orders']);
    const seen: string[] = [];
    const pending = i18n.changeLanguage('de');
    seen.push(i18n.language);
    await pending;
    seen.push(i18n.language);
    // The page stays in the old language until the new texts are there.
    expect(seen).toEqual(['en', 'de']);
    expect(i18n.t('topbar.cartWithCount', { count: 2 })).toBe('Warenkorb, 2 Positionen');
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 Punkt');
    // An area a later route asks for comes in the picked language (and English, its fallback).
    await loadAreas(['membership']);
    expect(i18n.t('membership.nav.label')).toBe('Mitgliedschaft');
    await i18n.changeLanguage('xx');
    expect(i18n.language).toBe('en');
  });

  it('picks the plural form Intl.PluralRules picks, for whole numbers and others, in every language', () => {
    const numbers = [...Array.from({ length: 2500 }, (_, i) => i), 1e5, 1e6, 1e6 + 1, 2e6, 3e6 + 1, 1e7, 1e9, 1e12, -1, 0.5, 1.5, 2.25];
    for (const language of LANGUAGES) {
      const rules = new Intl.PluralRules(language);
      for (const n of numbers) expect(pluralForm(language, n), `${language} ${n}`).toBe(rules.select(n));
    }
  });
});
