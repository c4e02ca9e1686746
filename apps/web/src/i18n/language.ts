import i18n from 'i18next';
import { INITIAL_STORED_LANGUAGE, FALLBACK_LANGUAGE, matchLanguage, type Language } from '@wallet/contract/core';
import { serverInfoQuery, takeServerInfoFromPage } from '../api/public-info';
import { queryClient } from '../api/query-client';
import { languageStore } from '../api/storage';
import { preloadTexts } from './index';

/** A server that does not answer this soon is not waited for: the app starts in `en-us`. */
export const SERVER_LANGUAGE_WAIT_MS = 3_000;

const defaultLanguage = () => matchLanguage(INITIAL_STORED_LANGUAGE) ?? FALLBACK_LANGUAGE;

async function serverLanguage(): Promise<Language | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SERVER_LANGUAGE_WAIT_MS);
  });
  const asked = queryClient
    .fetchQuery({ ...serverInfoQuery, retry: false })
    .then(({ lang }) => matchLanguage(lang))
    .catch(() => undefined);
  try {
    return await Promise.race([asked, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The language to start in: the stored one; with none stored, the server's
 * default, which becomes the stored one (`en-us` when the server cannot say).
 * Asking first, rather than starting in `en-us` and switching, downloads one
 * language file and never shows a page in a language the reader did not get.
 */
export async function startingLanguage(): Promise<Language> {
  const onPage = takeServerInfoFromPage();
  const stored = matchLanguage(languageStore.get());
  if (stored) return stored;
  // The page brought the server's answer: nothing to wait for.
  const fromPage = onPage && matchLanguage(onPage.lang);
  if (fromPage) {
    languageStore.set(fromPage);
    return fromPage;
  }
  // Most servers speak English: its texts download while the server is asked, not after.
  preloadTexts(defaultLanguage());
  const language = await serverLanguage();
  if (!language) return defaultLanguage();
  languageStore.set(language);
  return language;
}

export async function chooseLanguage(language: Language): Promise<void> {
  languageStore.set(language);
  await i18n.changeLanguage(language);
}
