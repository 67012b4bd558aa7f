// Language state outside React: which catalogs make up a language, the stored local choice,
// and activation (load + merge catalogs, switch Lingui, set <html lang>).
import { i18n, type Messages } from '@lingui/core';
import { loadTranscriptKitMessages } from '@scribe/transcript-kit/i18n';
import { loadUiMessages } from '@scribe/ui/i18n';

export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Spec §3: the browser storage key of the local language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language the user chose in this browser, or null when there is no local choice. */
export function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage blocked (privacy mode): behave as "no local choice"
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

type CatalogLoader = (language: Language) => Promise<Messages>;

// Each package owns its catalog; a language is the merge of all of them (the app's last, so it wins).
// The app's catalogs are dynamic imports: other languages stay out of the first download.
const catalogLoaders: CatalogLoader[] = [
  loadUiMessages,
  loadTranscriptKitMessages,
  async (language) => (await import(`../locales/${language}/messages.po`)).messages,
];

const loaded = new Set<Language>();
let latestRequest = 0;

/** Loads the catalogs of `language` (once) and makes it the active language. */
export async function activateLanguage(language: Language): Promise<void> {
  const request = ++latestRequest;
  if (!loaded.has(language)) {
    const parts = await Promise.all(catalogLoaders.map((load) => load(language)));
    i18n.load(language, Object.assign({}, ...parts) as Messages);
    loaded.add(language);
  }
  // A later call won the race (the user clicked twice): keep its language.
  if (request !== latestRequest) return;
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** The language to start with: the local choice, else the default (the server's comes after sign-in). */
export function initialLanguage(): Language {
  return readStoredLanguage() ?? defaultLanguage;
}
