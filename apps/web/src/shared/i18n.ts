/// <reference types="vite/client" />
/**
 * The shop's translator: the part of i18next the app uses (`useTranslation()` → `t`, `i18n`),
 * in ~3 KB instead of i18next + react-i18next's ~18 KB gzip on every page's first load.
 * Vite aliases `react-i18next` to this module (vite.config.ts), so components keep the
 * familiar `import { useTranslation } from 'react-i18next'` and its types.
 *
 * What `t(key, options)` does, as i18next does it:
 * - dotted keys into nested JSON; a missing key falls back to English, then to the key itself;
 * - `{{name}}` interpolation (no HTML escaping: React escapes);
 * - `count` picks `key_zero` (count 0, when present), then the language's plural form
 *   (`key_one`, `key_other`, ... by Intl.PluralRules);
 * - `defaultValue` when the key is missing everywhere; `returnObjects` returns arrays/objects
 *   with their strings interpolated.
 *
 * Each area keeps its texts in its own folder (locales/<area>/<lng>.json) under its own top-level
 * key(s) (AREA_KEYS). English is the source (the spec's own texts): its base file (top bar,
 * shared words, errors) ships in the main bundle; an area's file is fetched when a route that
 * shows it loads (`loadAreas`, awaited by the router's `page()`), so a page carries only its own
 * areas' texts. As a safety net, a lookup into an area not loaded yet starts loading it and
 * answers `defaultValue` or '' (never the raw key) until it arrives and the subscribers re-render.
 * Another language is fetched when a buyer picks one: its base file and the areas asked for so
 * far (later areas in that language arrive with their routes); it falls back to English key by key.
 */
import { useSyncExternalStore } from 'react';
import en from '../locales/en.json';

type Texts = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: string; returnObjects?: boolean };

export const SUPPORTED_LANGUAGES = ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'] as const;

/** Each area file and the top-level keys it holds (i18n.test.ts checks this against the files). */
export const AREA_KEYS = {
  account: ['accountSecurity'], aftersales: ['aftersales'], buyerhome: ['buyerHome'], certificates: ['certificates'],
  comment: ['comment'], content: ['content'], coupons: ['myCoupons'], gallery: ['gallery'], membership: ['membership'],
  oidc: ['oidc'], operator: ['operator'], orders: ['orders'], ratings: ['ratings'], security: ['security'],
  seller: ['seller', 'sellerAfterSales', 'sellerReviews'], supermember: ['superMember'],
} as const satisfies Record<string, readonly string[]>;
export type Area = keyof typeof AREA_KEYS;
const AREA_OF = new Map<string, Area>(Object.entries(AREA_KEYS).flatMap(([area, keys]) => keys.map((key) => [key, area as Area] as const)));

const areaFiles = import.meta.glob<{ default: Texts }>('../locales/*/*.json');
const baseFiles = import.meta.glob<{ default: Texts }>(['../locales/*.json', '!../locales/en.json']);

/** A language's texts: the base file, and each area's file once loaded. */
interface Language { base?: Texts; areas: Partial<Record<Area, Texts>> }
const texts: Record<string, Language> = { en: { base: en, areas: {} } };
/** Areas some route or lookup asked for: a language picked later loads them too. */
const wanted = new Set<Area>();
/**
 * Areas some lookup asked for before their texts (English or the current language's) were
 * here: only their arrival re-renders the subscribers. An area a route loads with its code
 * arrives before anything looks into it, and re-rendering the whole shell for it (the top bar,
 * the layout and the buyer centre's menu, twice on the order list) was main-thread time a phone
 * spent for nothing.
 */
const lookedUpEarly = new Set<Area>();
const loads = new Map<string, Promise<void>>();
const pluralRules = new Map<string, Intl.PluralRules>();
const listeners = new Set<() => void>();

function lookup(table: Texts | undefined, key: string): unknown {
  let node: unknown = table;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

function interpolate(value: unknown, options: Options | undefined): unknown {
  if (typeof value === 'string') {
    if (!options || !value.includes('{{')) return value;
    return value.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const v = lookup(options, name);
      return v === undefined || v === null ? whole : String(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, options));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, options)]));
  return value;
}

/**
 * CLDR's plural category of a whole number in the shop's languages (i18n.test.ts checks them
 * against Intl.PluralRules). Why not Intl: a page's first Intl.PluralRules loads ICU data, about
 * 10 ms of a phone's main thread inside the render of the first counted text.
 */
const oneOrOther = (n: number) => (n === 1 ? 'one' : 'other');
/** Spanish, Italian and French: whole millions are 'many' ("1 millón de puntos"). */
const withMillions = (isOne: (n: number) => boolean) => (n: number) => (isOne(n) ? 'one' : n !== 0 && n % 1_000_000 === 0 ? 'many' : 'other');
const romance = withMillions((n) => n === 1);
const INTEGER_PLURALS: Record<string, (n: number) => string> = {
  en: oneOrOther, de: oneOrOther, nl: oneOrOther, ja: () => 'other',
  es: romance, it: romance, fr: withMillions((n) => n === 0 || n === 1),
};

export function pluralForm(lng: string, count: number): string {
  const integer = INTEGER_PLURALS[lng];
  if (integer && Number.isSafeInteger(count) && count >= 0) return integer(count);
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

const areaOf = (key: string) => AREA_OF.get(key.split('.', 1)[0]!);

/** The table that holds `key` in one language: its area's file, or the base file. */
function tableFor(lng: string, key: string): Texts | undefined {
  const area = areaOf(key);
  return area ? texts[lng]?.areas[area] : texts[lng]?.base;
}

/** The text for `key` in one language's table, with the plural suffixes tried first. */
function find(lng: string, key: string, count: number | undefined): unknown {
  const table = tableFor(lng, key);
  if (typeof count === 'number') {
    if (count === 0) {
      const zero = lookup(table, `${key}_zero`);
      if (zero !== undefined) return zero;
    }
    const plural = lookup(table, `${key}_${pluralForm(lng, count)}`);
    if (plural !== undefined) return plural;
    const other = lookup(table, `${key}_other`);
    if (other !== undefined) return other;
  }
  return lookup(table, key);
}

/**
 * Safety net for a key of an area no route asked for: starts loading the area (English and `lng`)
 * and answers whether English, the fallback, is still on its way.
 */
function awaitingArea(lng: string, key: string): boolean {
  const area = areaOf(key);
  if (!area || (texts.en!.areas[area] && (lng === 'en' || texts[lng]?.areas[area]))) return false;
  lookedUpEarly.add(area);
  void requestAreas([area], lng === 'en' ? ['en'] : ['en', lng]).catch(() => {});
  return !texts.en!.areas[area];
}

function translate(lng: string, key: string, options?: Options): unknown {
  let value = find(lng, key, options?.count);
  if (value === undefined && lng !== 'en') value = find('en', key, options?.count);
  // Nothing (not the raw key) shows while the area's texts are on their way.
  if (awaitingArea(lng, key) && value === undefined) {
    return options?.returnObjects ? [] : options?.defaultValue !== undefined ? String(interpolate(options.defaultValue, options)) : '';
  }
  if (value === undefined || (typeof value !== 'string' && !options?.returnObjects)) {
    return options?.defaultValue !== undefined ? String(interpolate(options.defaultValue, options)) : key;
  }
  return interpolate(value, options);
}

function initialLanguage(): string {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lang) ? lang : 'en';
}

export interface TFunction {
  (key: string, options?: Options & { returnObjects?: false }): string;
  /** Arrays and objects of texts (policy paragraphs): the caller says what shape it expects. */
  (key: string, options: Options & { returnObjects: true }): unknown;
}

function bindT(lng: string): TFunction {
  return ((key: string, options?: Options) => translate(lng, key, options)) as TFunction;
}

/** The one translator instance (i18next's `i18n` object, the parts the app uses). */
const i18n = {
  language: initialLanguage(),
  get resolvedLanguage() { return i18n.language; },
  t: bindT('en'),
  exists(key: string): boolean {
    awaitingArea(i18n.language, key);
    return find(i18n.language, key, undefined) !== undefined || find('en', key, undefined) !== undefined;
  },
  /** Fetches the language's texts first, then switches: the page stays in the old language meanwhile. */
  async changeLanguage(lng: string): Promise<TFunction> {
    const target = (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? lng : 'en';
    await loadBase(target);
    // The areas shown so far, including ones a route asked for while these were on their way.
    for (let asked = -1; asked !== wanted.size;) {
      asked = wanted.size;
      await requestAreas([...wanted], [target]);
    }
    i18n.language = target;
    i18n.t = bindT(target);
    listeners.forEach((notify) => notify());
    return i18n.t;
  },
};
i18n.t = bindT(i18n.language);
// A page served in another language (document lang) loads its texts right away.
if (i18n.language !== 'en') {
  const lng = i18n.language;
  i18n.language = 'en';
  i18n.t = bindT('en');
  void i18n.changeLanguage(lng);
}

function once(id: string, load: () => Promise<void>): Promise<void> {
  let pending = loads.get(id);
  if (!pending) {
    // A failed fetch is forgotten, so the next route or lookup tries again.
    pending = load().catch((err: unknown) => { loads.delete(id); throw err; });
    loads.set(id, pending);
  }
  return pending;
}

function loadBase(lng: string): Promise<void> {
  if (texts[lng]?.base) return Promise.resolve();
  const load = baseFiles[`../locales/${lng}.json`];
  if (!load) return Promise.reject(new Error(`no texts for ${lng}`));
  return once(lng, async () => { (texts[lng] ??= { areas: {} }).base = (await load()).default; });
}

let notifyQueued = false;
/**
 * An area's texts arrived: if a lookup asked for it early, the translator is rebound (so hooks
 * see a change) and subscribers re-render, once per tick.
 */
function textsArrived(area: Area) {
  if (!lookedUpEarly.delete(area) || notifyQueued) return;
  notifyQueued = true;
  queueMicrotask(() => {
    notifyQueued = false;
    i18n.t = bindT(i18n.language);
    listeners.forEach((notify) => notify());
  });
}

function requestAreas(areas: readonly Area[], languages: readonly string[]): Promise<void> {
  return Promise.all(areas.flatMap((area) => {
    wanted.add(area);
    return languages.map((lng) => {
      const load = areaFiles[`../locales/${area}/${lng}.json`];
      if (texts[lng]?.areas[area] || !load) return undefined;
      return once(`${lng}/${area}`, async () => {
        (texts[lng] ??= { areas: {} }).areas[area] = (await load()).default;
        textsArrived(area);
      });
    });
  })).then(() => undefined);
}

/**
 * The texts of these areas in English (every language's fallback) and in the current language;
 * the router awaits it with the page's code, so a page shows with its texts.
 */
export function loadAreas(areas: readonly Area[]): Promise<void> {
  return requestAreas(areas, [...new Set(['en', i18n.language])]);
}

/** Calls `notify` whenever the texts or the language change (the hook re-renders through it). */
export function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => { listeners.delete(notify); };
}

/** Same shape as react-i18next's hook; re-renders the component when the language changes. */
export function useTranslation() {
  const t = useSyncExternalStore(subscribe, () => i18n.t, () => i18n.t);
  return { t, i18n, ready: true } as const;
}

export default i18n;
