import i18n from 'i18next';
import { INITIAL_STORED_LANGUAGE, FALLBACK_LANGUAGE, matchLanguage, type Language } from '@wallet/contract/core';
import { serverInfoQuery } from '../api/public-info';
import { queryClient } from '../api/query-client';
import { languageStore } from '../api/storage';

/** The language to start in: the stored one, else `en-us` until the server's default is known. */
export function initialLanguage(): Language {
  return matchLanguage(languageStore.get() ?? INITIAL_STORED_LANGUAGE) ?? FALLBACK_LANGUAGE;
}

/** With nothing stored yet, the server's default language becomes the stored one. */
export async function adoptServerLanguage(): Promise<void> {
  if (languageStore.get()) return;
  const { lang } = await queryClient.fetchQuery(serverInfoQuery);
  const language = matchLanguage(lang);
  if (!language || languageStore.get()) return;
  languageStore.set(language);
  await i18n.changeLanguage(language);
}

export async function chooseLanguage(language: Language): Promise<void> {
  languageStore.set(language);
  await i18n.changeLanguage(language);
}
