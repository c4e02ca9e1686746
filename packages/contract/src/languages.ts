/** The 14 languages of the product, in the order the language picker shows them. */
export const LANGUAGES = [
  'en',
  'en-US',
  'zh-CN',
  'zh-TW',
  'pt',
  'hi',
  'es',
  'fr',
  'ko',
  'ja',
  'de',
  'ru',
  'ar',
  'ms',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** What a device with nothing stored starts with, before the server's default is known. */
export const INITIAL_STORED_LANGUAGE = 'en-us';

/** Native names, so a reader of any language can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'en-US': 'English (US)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  pt: 'Português',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  ko: '한국어',
  ja: '日本語',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
  ms: 'Bahasa Melayu',
};

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export function textDirection(language: Language): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

const byLowerCase = new Map<string, Language>(LANGUAGES.map((code) => [code.toLowerCase(), code]));

/** Region and script subtags that choose between our two Chinese variants. */
const CHINESE_TRADITIONAL = new Set(['tw', 'hk', 'mo', 'hant']);

/**
 * Maps one language tag (any case, `_` or `-`) to a supported language,
 * or undefined when nothing matches. `zh-Hant-HK` → zh-TW, `pt-BR` → pt.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  const exact = byLowerCase.get(lower);
  if (exact) return exact;
  const [primary, ...rest] = lower.split('-');
  if (primary === 'zh') {
    return rest.some((part) => CHINESE_TRADITIONAL.has(part)) ? 'zh-TW' : 'zh-CN';
  }
  if (primary === 'en' && rest.includes('us')) return 'en-US';
  return byLowerCase.get(primary ?? '');
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return undefined;
}
