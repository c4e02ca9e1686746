import type { ResourceKey } from 'i18next';

/**
 * A language's texts come in two parts. The first holds what the first
 * screens (home, login, the frame around every page) may show; the later part
 * (locales/later/) the sections only other pages show, which a first visit
 * never downloads. The parts share no top-level section, so either may arrive
 * first and be added without replacing the other.
 */
export type TextsPart = 'first' | 'later';

// One chunk per language and part: a visitor downloads only the text they read. English and US English share theirs,
// so a first visit that starts in `en-us` and adopts the server's `en` downloads nothing more.
const firstParts = import.meta.glob<{ default: ResourceKey }>(['./locales/*.json', '!./locales/en.json', '!./locales/en-US.json']);
const laterParts = import.meta.glob<{ default: ResourceKey }>(['./locales/later/*.json', '!./locales/later/en.json']);

function loadPart(language: string, part: TextsPart): Promise<ResourceKey> {
  const english = language === 'en' || language === 'en-US';
  if (english && part === 'first') return import('./english-texts').then((module) => module.ENGLISH_TEXTS[language]);
  if (english) return import('./locales/later/en.json').then((module) => module.default);
  const load = (part === 'first' ? firstParts : laterParts)[`./locales/${part === 'first' ? '' : 'later/'}${language}.json`];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no texts for ${language}`));
}

const loading = new Map<string, Promise<ResourceKey>>();

/** A part of a language's texts, downloaded once; a failed download is tried again on the next call. */
export function textsPart(language: string, part: TextsPart): Promise<ResourceKey> {
  const key = `${language} ${part}`;
  let texts = loading.get(key);
  if (!texts) {
    texts = loadPart(language, part);
    loading.set(key, texts);
    texts.catch(() => loading.delete(key));
  }
  return texts;
}
