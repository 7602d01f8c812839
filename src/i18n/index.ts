/**
 * i18next set up synchronously with the bundled English resources, so the first render and
 * jsdom tests see translated strings without waiting (i18next 26: `initAsync: false`, the
 * successor of `initImmediate`).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** The English resources: every user-facing string, nested by screen. */
export const EN_RESOURCES = en;

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export default i18n;
