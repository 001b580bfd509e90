import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import de from '../locales/de.json';
import ja from '../locales/ja.json';
import es from '../locales/es.json';
import it from '../locales/it.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

/** English is the source (the spec's own texts); the others fall back to it key by key. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de }, ja: { translation: ja }, es: { translation: es }, it: { translation: it }, fr: { translation: fr }, nl: { translation: nl } },
  lng: document.documentElement.lang || 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
