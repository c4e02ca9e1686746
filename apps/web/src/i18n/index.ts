import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, textDirection, type Language } from '@wallet/contract/core';
import { applyLibraryLocale } from './library-locale';

// One chunk per language: a visitor downloads only the text they read. English and US English share theirs,
// so a first visit that starts in `en-us` and adopts the server's `en` downloads nothing more.
const locales = import.meta.glob<{ default: ResourceKey }>(['./locales/*.json', '!./locales/en.json', '!./locales/en-US.json']);

function loadTexts(language: string): Promise<ResourceKey> {
  if (language === 'en' || language === 'en-US') return import('./english-texts').then((module) => module.ENGLISH_TEXTS[language]);
  const load = locales[`./locales/${language}.json`];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no texts for ${language}`));
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
  return i18n
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
    });
}
