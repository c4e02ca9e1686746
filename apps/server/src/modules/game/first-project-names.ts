import type { Language } from '@wallet/contract';

/** The first-start projects' names in every language (PRODUCT §11); `en` is also the operator's name. */
export const FIRST_PROJECT_NAMES: Record<'fast3-1m' | 'fast3-3m', Record<Language, string>> = {
  'fast3-1m': {
    en: 'Fast 3 · 1 min',
    'en-US': 'Fast 3 · 1 min',
    'zh-CN': '快三 · 1分钟',
    'zh-TW': '快三 · 1分鐘',
    pt: 'Rápido 3 · 1 min',
    hi: 'फ़ास्ट 3 · 1 मिनट',
    es: 'Rápido 3 · 1 min',
    fr: 'Rapide 3 · 1 min',
    ko: '패스트 3 · 1분',
    ja: 'ファスト3 · 1分',
    de: 'Schnell 3 · 1 Min.',
    ru: 'Быстрая 3 · 1 мин',
    ar: 'سريع 3 · دقيقة واحدة',
    ms: 'Pantas 3 · 1 minit',
  },
  'fast3-3m': {
    en: 'Fast 3 · 3 min',
    'en-US': 'Fast 3 · 3 min',
    'zh-CN': '快三 · 3分钟',
    'zh-TW': '快三 · 3分鐘',
    pt: 'Rápido 3 · 3 min',
    hi: 'फ़ास्ट 3 · 3 मिनट',
    es: 'Rápido 3 · 3 min',
    fr: 'Rapide 3 · 3 min',
    ko: '패스트 3 · 3분',
    ja: 'ファスト3 · 3分',
    de: 'Schnell 3 · 3 Min.',
    ru: 'Быстрая 3 · 3 мин',
    ar: 'سريع 3 · 3 دقائق',
    ms: 'Pantas 3 · 3 minit',
  },
};
