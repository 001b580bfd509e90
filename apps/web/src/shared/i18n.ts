/// <reference types="vite/client" />
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/**
 * Each area may keep its texts in its own folder (locales/<area>/<lng>.json); they merge into
 * one translation per language. English is the source (the spec's own texts) and ships in the
 * main bundle; the others fall back to it key by key and are fetched when a buyer picks one
 * (a language is ~1/7 of all texts: bundling all seven tripled the JSON every page loaded).
 */
const enAreas = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/en.json', { eager: true });
const otherFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '../locales/*/*.json', '!../locales/en.json', '!../locales/*/en.json']);

function merge(base: Record<string, unknown>, areas: { default: Record<string, unknown> }[]) {
  const merged = { ...base };
  for (const mod of areas) Object.assign(merged, mod.default);
  return merged;
}

async function loadLanguage(lng: string): Promise<Record<string, unknown>> {
  const files = Object.entries(otherFiles);
  const main = files.find(([file]) => file === `../locales/${lng}.json`);
  if (!main) throw new Error(`no texts for ${lng}`);
  const areas = files.filter(([file]) => file !== main[0] && file.endsWith(`/${lng}.json`));
  const [base, ...rest] = await Promise.all([main[1](), ...areas.map(([, load]) => load())]);
  return merge(base!.default, rest);
}

/** changeLanguage('de') fetches German first, then switches: the page stays English meanwhile. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    loadLanguage(lng).then((res) => done(null, res as ResourceKey), (err: Error) => done(err, false));
  },
};

void i18n.use(lazyLanguages).use(initReactI18next).init({
  resources: { en: { translation: merge(en, Object.values(enAreas)) } },
  // The bundled English counts as loaded; other languages come through the backend above.
  partialBundledLanguages: true,
  lng: document.documentElement.lang || 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
