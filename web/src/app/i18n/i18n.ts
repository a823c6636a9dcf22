// The app's texts, through i18next and react-i18next; the one module the app imports for them.
// - English (en-US, docs/product.md §9) is bundled: `locales/en-US.json` plus the lazily loaded features' own
//   `<feature>.texts.json`, which their `*-texts.ts` add with addTexts() when the feature loads (so the chat
//   route does not carry the admin texts).
// - The language is taken from localStorage `i18nextLng`, then the browser, and kept under `i18nextLng`.
// - Any other language is one file, `web/public/locales/<lng>.json` (every key, the features' too), fetched
//   when that language is chosen; keys it lacks, or a missing file, fall back to en-US. Other English
//   variants (en, en-GB) read the bundled en-US texts without a request.
// - Right-to-left languages (i18n.dir()) flip the document and the MUI theme: see brand-theme-provider.tsx.
// Keys are typed from the JSON files (i18next.d.ts), so a misspelt key fails `npm run typecheck`.
import i18next, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Texts } from './i18n-resources';
import enUS from './locales/en-US.json';

export { useTranslation } from 'react-i18next';
export { t } from 'i18next';
export const i18n = i18next;

export const FallbackLanguage = 'en-US';
export const LanguageStorageKey = 'i18nextLng';

const isEnglish = (lng: string) => lng === 'en' || lng.startsWith('en-');

/** A non-English language's texts: `/locales/<lng>.json`; a failed request leaves en-US in place. */
async function loadLocale(lng: string): Promise<Resource> {
  if (isEnglish(lng)) return {};
  const response = await fetch(`/locales/${encodeURIComponent(lng)}.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`No texts for ${lng} (HTTP ${response.status}).`);
  return (await response.json()) as Resource;
}

const ready = i18next
  .use(LanguageDetector)
  .use(resourcesToBackend((lng: string) => loadLocale(lng)))
  .use(initReactI18next)
  .init({
    resources: { [FallbackLanguage]: { translation: enUS } },
    // en-US is bundled; other languages come from the backend above.
    partialBundledLanguages: true,
    fallbackLng: FallbackLanguage,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: LanguageStorageKey, caches: ['localStorage'] },
    // Bundled English is there at once: t() works before the first render without waiting for a tick.
    initAsync: false,
  });

/** Resolves when the chosen language's texts are in (at once for English). */
export function initI18n(): Promise<unknown> {
  return ready;
}

/**
 * Adds a feature's English texts, deep-merged into the one namespace. Lazily loaded features (the admin
 * areas, for example) keep theirs in their own `<feature>.texts.json` and call this at module load, so
 * the chat route's initial bundle carries only the texts it shows.
 */
export function addTexts(texts: Record<string, unknown>): void {
  i18next.addResourceBundle(FallbackLanguage, 'translation', texts, true, true);
}

/** The texts object at a dotted path of the typed resources (never for a path that is not there). */
type TextsAt<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextsAt<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/**
 * Whether the group of texts at `group` has one named `name`, narrowing `name` to that group's keys. For a
 * name the app does not choose (a route parameter, a name from the server) before it goes into a typed
 * key: `hasText('admin.tabs', tab) ? t(`admin.tabs.${tab}`) : tab`.
 */
export function hasText<const Group extends string>(group: Group, name: string): name is Extract<keyof TextsAt<Texts, Group>, string> {
  return i18next.exists(`${group}.${name}`);
}
