import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, textDirection, type Language } from '@wallet/contract/core';
import { applyLibraryLocale } from './library-locale';

// One chunk per language: a visitor downloads only the text they read.
const locales = import.meta.glob<{ default: ResourceKey }>('./locales/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = locales[`./locales/${language}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

function applyDocumentLanguage(language: string): void {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : FALLBACK_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
  applyLibraryLocale(lang);
}

export function initI18n(language: Language): Promise<unknown> {
  i18n.on('languageChanged', applyDocumentLanguage);
  return i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['translation'],
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}
