/// <reference types="vite/client" />
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import de from '../locales/de.json';
import ja from '../locales/ja.json';
import es from '../locales/es.json';
import it from '../locales/it.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

/**
 * Each area may keep its texts in its own folder (locales/<area>/<lng>.json); they merge into
 * one translation per language. English is the source (the spec's own texts); the others fall
 * back to it key by key.
 */
const areaFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
function withAreas(lng: string, base: Record<string, unknown>) {
  const merged = { ...base };
  for (const [file, mod] of Object.entries(areaFiles)) if (file.endsWith(`/${lng}.json`)) Object.assign(merged, mod.default);
  return merged;
}
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries({ en, de, ja, es, it, fr, nl }).map(([lng, res]) => [lng, { translation: withAreas(lng, res) }])),
  lng: document.documentElement.lang || 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
