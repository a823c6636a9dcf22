// The texts of SPEC §9's one locale (en-US), looked up by dotted key, with {{name}} interpolation and
// English plurals (`key_one` / `key_other` chosen by `count`). This replaced i18next and react-i18next
// (15 kB gzipped of the chat route's 200 kB budget) because the product ships one fixed language and
// used nothing else of them. The chosen language is kept under i18nextLng, as before.
import enUS from './locales/en-US.json';

export const Language = 'en-US';

type Texts = { [key: string]: string | Texts };
export interface TOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

const texts: Texts = {};
const plurals = new Intl.PluralRules(Language);
let initialized = false;

function lookup(key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, options: TOptions | undefined) =>
  options ? text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole)) : text;

export const t: TFunction = (key, options) => {
  const plural = typeof options?.count === 'number' ? (lookup(`${key}_${plurals.select(options.count)}`) ?? lookup(`${key}_other`)) : undefined;
  return interpolate(plural ?? lookup(key) ?? options?.defaultValue ?? key, options);
};

export const i18n = {
  language: Language,
  t,
  exists: (key: string) => lookup(key) !== undefined || lookup(`${key}_other`) !== undefined,
};

function merge(into: Texts, from: Texts): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

export function initI18n(): typeof i18n {
  if (initialized) return i18n;
  initialized = true;
  merge(texts, enUS as Texts);
  try {
    localStorage.setItem('i18nextLng', Language);
  } catch {
    // Storage may be unavailable (private mode); the language is fixed anyway.
  }
  return i18n;
}

/**
 * Adds a feature's texts, deep-merged. Lazily loaded features (the admin areas, for example) keep
 * their texts in their own `<feature>.texts.json` and call this at module load, so the chat route's
 * initial bundle carries only the texts it shows.
 */
export function addTexts(more: Record<string, unknown>): void {
  initI18n();
  merge(texts, more as Texts);
}

/** The texts for a component. The language never changes at run time, so nothing re-renders for it. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  return { t, i18n };
}
