import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, textDirection, type Language } from '@wallet/contract/core';
import { applyLibraryLocale } from './library-locale';
import { textsPart } from './texts';

/** Set once a page that needs the later texts opens: from then on every language loads with them. */
let laterWanted = false;

function loadTexts(language: string): Promise<ResourceKey> {
  const parts = [textsPart(language, 'first'), ...(laterWanted ? [textsPart(language, 'later')] : [])];
  return Promise.all(parts).then((loaded) => Object.assign({}, ...loaded) as ResourceKey);
}

/** Starts downloading a language's texts before the app asks for them. */
export function preloadTexts(language: Language): void {
  loadTexts(language).catch(() => undefined);
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadTexts(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

let started: Promise<unknown> | undefined;

/** Resolves once the current language has its later texts too (they are added beside the first part, which they never overlap). */
export async function loadLaterTexts(): Promise<void> {
  laterWanted = true;
  // Before the app has started, its first load takes them along.
  if (!started) return;
  await started;
  const language = i18n.language;
  const later = await textsPart(language, 'later');
  i18n.addResourceBundle(language, 'translation', later, true, false);
}

/** A chunk's loader that also waits for the later texts: for everything but the first screens. */
export function withLaterTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLaterTexts()]).then(([loaded]) => loaded);
}

let documentLanguage: Language | undefined;

function applyDocumentLanguage(language: string): void {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : FALLBACK_LANGUAGE;
  if (lang === documentLanguage) return;
  documentLanguage = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
  applyLibraryLocale(lang);
}

export function initI18n(language: Language): Promise<unknown> {
  // Direction and the library's texts are set beside the download of the app's texts, not after it.
  applyDocumentLanguage(language);
  i18n.on('languageChanged', applyDocumentLanguage);
  started = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every file has every key (locales.test.ts), so English as the fallback would be a second download never read.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['translation'],
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      // A text missing from what has loaded shows its key: said in the console, where every browser test looks.
      parseMissingKeyHandler: (key: string) => {
        // Asked before the language's texts are in (a call failing while the app starts offline), every key is missing: nothing to tell.
        if (i18n.hasResourceBundle(i18n.language, 'translation')) {
          // eslint-disable-next-line no-console -- the one place a missing text is told, to the browser tests too
          console.error(`no text for "${key}" in ${i18n.language}`);
        }
        return key;
      },
    });
  return started;
}
