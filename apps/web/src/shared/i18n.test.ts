import { describe, expect, it, vi } from 'vitest';
import {
  AREA_KEYS,
  SUPPORTED_LANGUAGES,
  changeLanguage,
  createI18n,
  loadAreas,
  mergeTexts,
  resourcesFor,
  type Area,
} from './i18n';

const NS = 'translation';
/** The languages whose texts the instance holds. */
const held = (i18n: { hasResourceBundle: (lng: string, ns: string) => boolean }) =>
  SUPPORTED_LANGUAGES.filter((lng) => i18n.hasResourceBundle(lng, NS));
const english = async (areas: Area[] = []) => createI18n('en', await resourcesFor('en', areas));

// The behaviours of i18next the pages rely on, checked against the shop's real texts.
describe('texts', () => {
  it('interpolates values into the English base texts, without HTML escaping (React escapes)', async () => {
    const i18n = await english();
    expect(i18n.t('topbar.cartWithCount', { count: 3 })).toBe('Cart, 3 lines');
    expect(i18n.t('common.remaining', { count: 12 })).toBe('12 characters left');
    expect(i18n.t('errors.field.tooLong', { max: '<b>' })).toContain('<b>');
  });

  it('answers with the key when a text is missing, or with defaultValue when given', async () => {
    const i18n = await english();
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');
    expect(i18n.t('nowhere.toBeFound', { defaultValue: '' })).toBe('');
    expect(i18n.exists('nowhere.toBeFound')).toBe(false);
    expect(i18n.exists('common.loading')).toBe(true);
  });

  it('returns arrays of texts with returnObjects, interpolated', async () => {
    const i18n = await english();
    const paragraphs = i18n.t('policy.text.terms', { returnObjects: true, site: 'FlexiDesk US' });
    expect(Array.isArray(paragraphs)).toBe(true);
    expect((paragraphs as string[]).join(' ')).not.toContain('{{site}}');
    // Without returnObjects a list is not handed out as text.
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

  it('picks plural forms, and the zero form for a count of 0 when there is one', async () => {
    const i18n = await english(['orders', 'seller']);
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 point');
    expect(i18n.t('orders.points', { count: 2500 })).toBe('2500 points');
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 0 })).toBe('Please enter a whole amount');
    expect(i18n.t('sellerAfterSales.refund.amountInvalid', { count: 2 })).toBe(
      'Please enter an amount with at most 2 decimals',
    );
  });

  it('falls back to English key by key, a counted text as one unit', () => {
    const en = { a: 'A', nested: { b: 'B', c: 'C' }, n_zero: 'none', n_one: 'one', n_other: 'many', list: ['x', 'y'] };
    const merged = mergeTexts('de', { nested: { b: 'Bde' }, n_one: 'eins', n_other: 'viele' }, en);
    expect(merged).toEqual({ a: 'A', nested: { b: 'Bde', c: 'C' }, n_one: 'eins', n_other: 'viele', list: ['x', 'y'] });
    // The files themselves are not changed.
    expect(en.nested).toEqual({ b: 'B', c: 'C' });
  });

  it('gives each counted text the plural forms its language has, from its _other text', async () => {
    expect(
      mergeTexts(
        'es',
        { n_one: 'un punto', n_other: '{{count}} puntos' },
        { n_one: '1 point', n_other: '{{count}} points' },
      ),
    ).toEqual({ n_one: 'un punto', n_other: '{{count}} puntos', n_many: '{{count}} puntos' });
    const i18n = createI18n('es', await resourcesFor('es', ['orders']));
    expect(i18n.t('orders.points', { count: 2_000_000 })).toBe(
      i18n.t('orders.points', { count: 2 }).replace('2', '2000000'),
    );
  });

  it('loads only the areas asked for, once each', async () => {
    const i18n = await english();
    const added = vi.spyOn(i18n, 'addResourceBundle');
    await Promise.all([loadAreas(i18n, ['orders']), loadAreas(i18n, ['orders'])]);
    await loadAreas(i18n, ['orders']);
    expect(added).toHaveBeenCalledTimes(1);
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 point');
    expect(i18n.exists('membership.nav.label')).toBe(false);
  });

  it('loads an area a lookup needs, answering nothing (not the key) meanwhile, and re-renders when it arrives', async () => {
    const i18n = await english();
    const arrived = vi.fn();
    i18n.on('textsArrived', arrived);
    expect(i18n.t('superMember.title')).toBe('');
    expect(i18n.t('superMember.title', { defaultValue: 'Super member' })).toBe('Super member');
    expect(i18n.t('certificates.title', { returnObjects: true })).toEqual([]);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledTimes(2));
    expect(i18n.t('superMember.title')).not.toBe('');
    expect(i18n.t('superMember.title')).not.toBe('superMember.title');
    // Loaded, and still missing: the key.
    expect(i18n.t('superMember.nowhere.toBeFound')).toBe('superMember.nowhere.toBeFound');
    // An area a route loads before anything looks into it re-renders nobody.
    await loadAreas(i18n, ['membership']);
    expect(arrived).toHaveBeenCalledTimes(2);
  });

  it('switches language after loading its texts and the areas asked for, and holds only that language', async () => {
    const i18n = await english(['orders']);
    const seen: string[] = [];
    const pending = changeLanguage(i18n, 'de');
    seen.push(i18n.language);
    await pending;
    seen.push(i18n.language);
    // The page stays in the old language until the new texts are there.
    expect(seen).toEqual(['en', 'de']);
    expect(i18n.t('topbar.cartWithCount', { count: 2 })).toBe('Warenkorb, 2 Positionen');
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 Punkt');
    expect(held(i18n)).toEqual(['de']);
    // An area a later route asks for comes in the picked language.
    await loadAreas(i18n, ['membership']);
    expect(i18n.t('membership.nav.label')).toBe('Mitgliedschaft');
    // An unknown language is English.
    await changeLanguage(i18n, 'xx');
    expect(i18n.language).toBe('en');
    expect(i18n.t('membership.nav.label')).toBe('Membership');
    expect(held(i18n)).toEqual(['en']);
  });

  it('brings an area a route asked for during a language change in the new language; the last change asked for wins', async () => {
    const i18n = await english();
    const toGerman = changeLanguage(i18n, 'de');
    const orders = loadAreas(i18n, ['orders']);
    await Promise.all([toGerman, orders]);
    expect(i18n.t('orders.points', { count: 1 })).toBe('1 Punkt');
    await Promise.all([changeLanguage(i18n, 'fr'), changeLanguage(i18n, 'nl')]);
    expect(i18n.language).toBe('nl');
    expect(held(i18n)).toEqual(['nl']);
  });

  it("starts in the language given, with the components' key paths", async () => {
    const i18n = createI18n('ja', await resourcesFor('ja', ['orders']));
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('ja');
    expect(i18n.resolvedLanguage).toBe('ja');
    expect(i18n.t('orders.points', { count: 1 })).not.toMatch(/orders|point/);
  });
});
