import { ENGLISH_MESSAGES, MESSAGE_CATALOGUES, fillTemplate, type FieldProblem, type MessageCatalogue } from '@wallet/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zhCN from './zh-CN.json';

export const CONSOLE_LANGUAGES = ['en', 'zh-CN'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

const KEY = 'console-lang';

function storedLanguage(): ConsoleLanguage {
  const stored = localStorage.getItem(KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The server's field messages, in the console's language: a form checks with the contract's schema and says what the server would. */
let serverMessages: MessageCatalogue = ENGLISH_MESSAGES;

async function loadServerMessages(language: ConsoleLanguage): Promise<void> {
  serverMessages = await MESSAGE_CATALOGUES[language]();
}

export function fieldMessage(problem: Pick<FieldProblem, 'key' | 'params'>): string {
  return fillTemplate(serverMessages.field[problem.key], problem.params);
}

export async function initI18n(language: ConsoleLanguage = storedLanguage()): Promise<void> {
  await loadServerMessages(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

export async function changeLanguage(language: ConsoleLanguage): Promise<void> {
  localStorage.setItem(KEY, language);
  await loadServerMessages(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
