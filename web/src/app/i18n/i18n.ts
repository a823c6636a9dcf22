// i18next with the one locale of SPEC §9 (en-US); the chosen language is kept under i18nextLng.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

export const Language = 'en-US';

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    lng: Language,
    fallbackLng: Language,
    resources: { [Language]: { translation: enUS } },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  try {
    localStorage.setItem('i18nextLng', Language);
  } catch {
    // Storage may be unavailable (private mode); the language is fixed anyway.
  }
  return i18n;
}

/**
 * Adds a feature's texts to the one translation namespace, deep-merged. Lazily loaded features (the
 * admin areas, for example) keep their texts in their own `<feature>.texts.json` and call this at
 * module load, so the chat route's initial bundle carries only the texts it shows.
 */
export function addTexts(texts: Record<string, unknown>): void {
  initI18n().addResourceBundle(Language, 'translation', texts, true, false);
}
