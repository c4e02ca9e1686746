import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
// The config provider imports Chinese itself (its default), so it is already in the first load.
import zhCN from 'antd-mobile/es/locales/zh-CN';
// English is the language most visits start in (and Hindi's stand-in): a few hundred bytes here save a request of its own.
import enUS from 'antd-mobile/es/locales/en-US';
import type { Language } from '@wallet/contract/core';

type LocaleModule = { default: Parameters<typeof setDefaultConfig>[0]['locale'] };

/** antd-mobile's own texts (close, delete, loading…) per language; Hindi has none and reads English. */
const LIBRARY_LOCALES: Record<Language, () => Promise<LocaleModule>> = {
  en: async () => ({ default: enUS }),
  'en-US': async () => ({ default: enUS }),
  hi: async () => ({ default: enUS }),
  'zh-CN': async () => ({ default: zhCN }),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  ms: () => import('antd-mobile/es/locales/ms-MY'),
};

/** The library defaults to Chinese; every component it draws follows the app's language instead. */
export function applyLibraryLocale(language: Language): void {
  LIBRARY_LOCALES[language]().then(
    (module) => setDefaultConfig({ locale: module.default }),
    () => undefined,
  );
}
