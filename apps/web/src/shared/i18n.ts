/// <reference types="vite/client" />
/**
 * The shop's texts on i18next + react-i18next, made to render on the server as in the browser.
 * Components use react-i18next as published (`useTranslation()` under an `<I18nextProvider>`).
 *
 * Each area keeps its texts in its own folder (locales/<area>/<lng>.json) under its own top-level
 * key(s) (AREA_KEYS); the base file (locales/<lng>.json: top bar, shared words, errors) is always
 * there. An i18next instance holds ONE language: its texts merged over English key by key (English
 * is the source and every language's fallback), in one namespace, so `t('orders.title')` is the
 * key path of the JSON files. It starts with the base texts and the areas it is given
 * (`resourcesFor` + `createI18n`: the server per request, the browser once in main.tsx); a route
 * adds its areas before it shows (`loadAreas`, awaited by the router's `page()`); another language
 * replaces the texts held (`changeLanguage`). No other language's files are loaded.
 *
 * Plurals are i18next's JSON v4 format: `key_one`, `key_other`, ... by Intl.PluralRules, and
 * `key_zero` for a count of 0 when present (i18next looks it up first). As a safety net, a lookup
 * into an area not loaded yet starts loading it and answers `defaultValue` or '' (never the raw
 * key); the components re-render when it arrives.
 */
import i18next, { type i18n as I18n, type ResourceStore } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Texts = Record<string, unknown>;

export const SUPPORTED_LANGUAGES = ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'] as const;
type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Each area file and the top-level keys it holds (i18n.test.ts checks this against the files). */
export const AREA_KEYS = {
  account: ['accountSecurity'],
  aftersales: ['aftersales'],
  bulk: ['bulk'],
  buyerhome: ['buyerHome'],
  certificates: ['certificates'],
  comment: ['comment'],
  content: ['content'],
  coupons: ['myCoupons'],
  gallery: ['gallery'],
  membership: ['membership'],
  oidc: ['oidc'],
  operator: ['operator'],
  orders: ['orders'],
  ratings: ['ratings'],
  security: ['security'],
  seller: ['seller', 'sellerAfterSales', 'sellerReviews'],
  subscription: ['subscription'],
  supermember: ['superMember'],
} as const satisfies Record<string, readonly string[]>;
export type Area = keyof typeof AREA_KEYS;
const AREA_OF = new Map<string, Area>(
  Object.entries(AREA_KEYS).flatMap(([area, keys]) => keys.map((key) => [key, area as Area] as const)),
);
const areaOf = (key: string) => AREA_OF.get(key.split('.', 1)[0]!);

/**
 * One language's texts, already merged over English: the base file's, and each area's (its
 * top-level keys). Plain JSON: the server can send it to the browser as it is.
 */
export interface Resources {
  base: Texts;
  areas: Partial<Record<Area, Texts>>;
}

const NS = 'translation';
const baseFiles = import.meta.glob<Texts>('../locales/*.json', { import: 'default' });
const areaFiles = import.meta.glob<Texts>('../locales/*/*.json', { import: 'default' });

const supported = (lng: string): Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';

function file(files: Record<string, () => Promise<Texts>>, path: string): Promise<Texts> {
  const load = files[path];
  return load ? load() : Promise.reject(new Error(`no texts at ${path}`));
}

const isTexts = (v: unknown): v is Texts => v !== null && typeof v === 'object' && !Array.isArray(v);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * `own` over `english`, key by key. A counted text is one unit: when the language has any form
 * of it (`key`, `key_one`, `key_other`...), English's forms of it are not mixed in (English's
 * `key_zero` must not win over the language's own `key_other`).
 */
function mergeOver(own: Texts, english: Texts): Texts {
  const ownTexts = new Set(Object.keys(own).map((k) => k.replace(PLURAL_SUFFIX, '')));
  const out: Texts = {};
  for (const [key, value] of Object.entries(english)) {
    if (!ownTexts.has(key.replace(PLURAL_SUFFIX, '')) || (isTexts(value) && isTexts(own[key]))) out[key] = value;
  }
  for (const [key, value] of Object.entries(own)) {
    const under = english[key];
    out[key] = isTexts(value) && isTexts(under) ? mergeOver(value, under) : value;
  }
  return out;
}

/**
 * Gives every counted text each plural form the language has, from its `_other` when missing
 * (Spanish, Italian and French have a 'many' form for whole millions that few texts spell out):
 * i18next would otherwise answer the bare key for it, where the shop showed the `_other` text.
 */
function withPluralForms(texts: Texts, forms: readonly string[]): Texts {
  const out: Texts = {};
  for (const [key, value] of Object.entries(texts)) out[key] = isTexts(value) ? withPluralForms(value, forms) : value;
  for (const [key, value] of Object.entries(texts)) {
    if (!key.endsWith('_other')) continue;
    const text = key.slice(0, -'other'.length);
    for (const form of forms) if (!(text + form in out)) out[text + form] = value;
  }
  return out;
}

/** One file's texts in `lng` (undefined: English's own file) merged over English's, as an instance holds them. */
export function mergeTexts(lng: string, own: Texts | undefined, english: Texts): Texts {
  return withPluralForms(
    own ? mergeOver(own, english) : english,
    new Intl.PluralRules(lng).resolvedOptions().pluralCategories,
  );
}

/** Freezes merged texts: they are shared by every instance (every request on the server), so none may change them. */
function deepFreeze(texts: Texts): Texts {
  for (const value of Object.values(texts)) if (isTexts(value)) deepFreeze(value);
  return Object.freeze(texts);
}

/**
 * Merged texts by file: a file is merged once per language and process. i18next copies a bundle's
 * top-level keys into its store and never writes into the objects below them (no two files share a
 * top-level key), so the merged objects can be shared; they are frozen to keep it so.
 */
const merged = new Map<string, Promise<Texts>>();

function loadTexts(
  lng: Language,
  files: Record<string, () => Promise<Texts>>,
  path: (lng: string) => string,
): Promise<Texts> {
  const key = path(lng);
  let texts = merged.get(key);
  if (!texts) {
    texts = Promise.all([file(files, path('en')), lng === 'en' ? undefined : file(files, path(lng))]).then(
      ([english, own]) => deepFreeze(mergeTexts(lng, own, english)),
    );
    // A failed load (a chunk that did not arrive) is tried again next time.
    texts.catch(() => merged.delete(key));
    merged.set(key, texts);
  }
  return texts;
}

const loadBase = (lng: Language) => loadTexts(lng, baseFiles, (l) => `../locales/${l}.json`);
const loadArea = (lng: Language, area: Area) => loadTexts(lng, areaFiles, (l) => `../locales/${area}/${l}.json`);

/** The base texts and these areas' texts of `language` (an unknown language: English). */
export async function resourcesFor(language: string, areas: readonly Area[]): Promise<Resources> {
  const lng = supported(language);
  const [base, ...texts] = await Promise.all([loadBase(lng), ...areas.map((area) => loadArea(lng, area))]);
  return { base, areas: Object.fromEntries(areas.map((area, i) => [area, texts[i]])) };
}

const allTexts = (resources: Resources): Texts =>
  Object.assign({}, resources.base, ...Object.values(resources.areas)) as Texts;

/**
 * What an instance has loaded. Kept by its store: useTranslation hands out copies of the instance
 * (whose `language` does not follow changes), which share it.
 */
interface State {
  /** The instance itself. */
  i18n: I18n;
  /** The language a changeLanguage under way goes to: the last one asked for wins. */
  changingTo?: Language;
  /** Areas whose texts the held language has. */
  loaded: Set<Area>;
  /** Every area asked for so far: another language loads them all. */
  wanted: Set<Area>;
  /** Area loads under way, by `<lng>/<area>`. */
  pending: Map<string, Promise<void>>;
  /** Areas some lookup needed before they were here: their arrival re-renders the components. */
  lookedUpEarly: Set<Area>;
}
const states = new WeakMap<ResourceStore, State>();
function stateOf(instanceOrCopy: I18n): State {
  const state = states.get(instanceOrCopy.store);
  if (!state) throw new Error('not an instance made by createI18n');
  return state;
}

/** Emitted when texts some lookup waited for arrive; useTranslation re-renders on it (createI18n). */
const TEXTS_ARRIVED = 'textsArrived';

/** A new i18next instance holding `resources` (from resourcesFor) in `language`, ready at once. */
export function createI18n(language: string, resources: Resources): I18n {
  const lng = supported(language);
  const instance = i18next.createInstance();
  const state: State = {
    i18n: instance,
    loaded: new Set(),
    wanted: new Set(),
    pending: new Map(),
    lookedUpEarly: new Set(),
  };
  for (const area of Object.keys(resources.areas) as Area[]) {
    state.loaded.add(area);
    state.wanted.add(area);
  }
  void instance.use(initReactI18next).init({
    lng,
    resources: { [lng]: { [NS]: allTexts(resources) } },
    ns: NS,
    defaultNS: NS,
    // The texts held are already merged over English.
    fallbackLng: false,
    // One namespace: a ':' in a key (an error code) is part of the key.
    nsSeparator: false,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // A text that is a list or an object, asked for without returnObjects: the key, as a missing text.
    returnedObjectHandler: (key) => key,
    react: { bindI18n: `languageChanged ${TEXTS_ARRIVED}` },
    // The safety net (see the top of this file): a text of an area not loaded yet.
    parseMissingKeyHandler: (key, defaultValue, options) => {
      const area = areaOf(key);
      if (!area || state.loaded.has(area)) return defaultValue ?? key;
      state.lookedUpEarly.add(area);
      void loadAreas(instance, [area]).catch(() => {});
      return defaultValue ?? ((options as { returnObjects?: boolean } | undefined)?.returnObjects ? [] : '');
    },
  });
  states.set(instance.store, state);
  return instance;
}

/**
 * Adds these areas' texts in the instance's language (merged over English), once each. The
 * router awaits it with a page's code, so the page shows with its texts.
 */
export async function loadAreas(instance: I18n, areas: readonly Area[]): Promise<void> {
  const state = stateOf(instance);
  const { i18n } = state;
  const lng = supported(i18n.language);
  await Promise.all(
    areas.map((area) => {
      state.wanted.add(area);
      if (state.loaded.has(area)) return Promise.resolve();
      const id = `${lng}/${area}`;
      let pending = state.pending.get(id);
      if (!pending) {
        pending = loadArea(lng, area)
          .then((texts) => {
            // Switched language meanwhile: changeLanguage brought this area in the new one.
            if (supported(i18n.language) !== lng) return;
            i18n.addResourceBundle(lng, NS, texts, true, true);
            state.loaded.add(area);
            if (state.lookedUpEarly.delete(area)) i18n.emit(TEXTS_ARRIVED);
          })
          .finally(() => state.pending.delete(id));
        state.pending.set(id, pending);
      }
      return pending;
    }),
  );
  // The language changed while these loaded: the page needs them in the new one.
  if (supported(i18n.language) !== lng) await loadAreas(i18n, areas);
}

/**
 * Loads `language`'s base texts and every area asked for so far, then switches to it and drops
 * the texts of the language it leaves. The page stays in the old language meanwhile.
 */
export async function changeLanguage(instance: I18n, language: string): Promise<void> {
  const state = stateOf(instance);
  const { i18n } = state;
  const lng = supported(language);
  const from = i18n.language;
  state.changingTo = lng;
  if (lng === from) return;
  let areas = [...state.wanted];
  const resources = await resourcesFor(lng, areas);
  // Areas a route asked for while these loaded.
  while (state.wanted.size > areas.length) {
    const more = [...state.wanted].filter((area) => !areas.includes(area));
    Object.assign(resources.areas, (await resourcesFor(lng, more)).areas);
    areas = [...areas, ...more];
  }
  if (state.changingTo !== lng) return; // a later change won
  state.changingTo = undefined;
  i18n.addResourceBundle(lng, NS, allTexts(resources), true, true);
  state.loaded = new Set(areas);
  await i18n.changeLanguage(lng);
  i18n.removeResourceBundle(from, NS);
}

/**
 * The texts an instance holds, as resourcesFor gives them: what a page rendered on the server
 * used, sent with it so the browser's instance starts with exactly those (entry-server.tsx).
 */
export function resourcesOf(instance: I18n): Resources {
  const state = stateOf(instance);
  const all = (instance.getResourceBundle(supported(instance.language), NS) ?? {}) as Texts;
  const areas: Resources['areas'] = {};
  const base: Texts = {};
  for (const [key, value] of Object.entries(all)) {
    const area = AREA_OF.get(key);
    if (area && state.loaded.has(area)) (areas[area] ??= {})[key] = value;
    else if (!area) base[key] = value;
  }
  return { base, areas };
}
