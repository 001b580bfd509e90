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
 * Each area may keep its texts in its own folder (locales/<area>/<lng>.json); they merge into
 * one table per language. English is the source (the spec's own texts): its base file (top bar,
 * shared words, errors) ships in the main bundle, its area files arrive with the first lazily
 * loaded page (`loadAreaTexts`, awaited by the router's `page()`), so the shell does not carry
 * every feature's texts. Other languages are fetched whole when a buyer picks one and fall back
 * to English key by key.
 */
import { useSyncExternalStore } from 'react';
import en from '../locales/en.json';

type Texts = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: string; returnObjects?: boolean };

export const SUPPORTED_LANGUAGES = ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'] as const;

const enAreas = import.meta.glob<{ default: Texts }>('../locales/*/en.json');
const otherFiles = import.meta.glob<{ default: Texts }>(['../locales/*.json', '../locales/*/*.json', '!../locales/en.json', '!../locales/*/en.json']);

function merge(base: Texts, areas: { default: Texts }[]): Texts {
  const merged = { ...base };
  for (const mod of areas) Object.assign(merged, mod.default);
  return merged;
}

async function loadLanguage(lng: string): Promise<Texts> {
  const files = Object.entries(otherFiles);
  const main = files.find(([file]) => file === `../locales/${lng}.json`);
  if (!main) throw new Error(`no texts for ${lng}`);
  const areas = files.filter(([file]) => file !== main[0] && file.endsWith(`/${lng}.json`));
  const [base, ...rest] = await Promise.all([main[1](), ...areas.map(([, load]) => load())]);
  return merge(base!.default, rest);
}

const tables: Record<string, Texts> = { en };
let enAreasLoaded: Promise<void> | undefined;
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

function pluralForm(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** The text for `key` in one language's table, with the plural suffixes tried first. */
function find(lng: string, key: string, count: number | undefined): unknown {
  const table = tables[lng];
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

function translate(lng: string, key: string, options?: Options): unknown {
  let value = find(lng, key, options?.count);
  if (value === undefined && lng !== 'en') value = find('en', key, options?.count);
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
    return find(i18n.language, key, undefined) !== undefined || find('en', key, undefined) !== undefined;
  },
  /** Fetches the language's texts first, then switches: the page stays in the old language meanwhile. */
  async changeLanguage(lng: string): Promise<TFunction> {
    const target = (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? lng : 'en';
    if (!tables[target]) tables[target] = await loadLanguage(target);
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

/** English area texts (the fallback of every language); loaded once, before the first lazy page shows. */
export function loadAreaTexts(): Promise<void> {
  enAreasLoaded ??= Promise.all(Object.values(enAreas).map((load) => load())).then((areas) => {
    tables.en = merge(tables.en!, areas);
    i18n.t = bindT(i18n.language);
    listeners.forEach((notify) => notify());
  });
  return enAreasLoaded;
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => { listeners.delete(notify); };
}

/** Same shape as react-i18next's hook; re-renders the component when the language changes. */
export function useTranslation() {
  const t = useSyncExternalStore(subscribe, () => i18n.t, () => i18n.t);
  return { t, i18n, ready: true } as const;
}

export default i18n;
