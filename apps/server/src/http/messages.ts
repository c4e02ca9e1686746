import {
  ENGLISH_MESSAGES,
  LANGUAGES,
  MESSAGE_CATALOGUES,
  fillTemplate,
  type FieldProblem,
  type Language,
  type MessageCatalogue,
  type Reason,
} from '@wallet/contract';

export interface Messages {
  reason(language: Language, reason: Reason): string;
  fields(language: Language, problems: FieldProblem[]): Record<string, string>;
  success(language: Language): string;
}

/** Loads every language's catalogue once, at start. A missing text falls back to English. */
export async function loadMessages(): Promise<Messages> {
  const catalogues = new Map<Language, MessageCatalogue>();
  await Promise.all(LANGUAGES.map(async (lang) => catalogues.set(lang, await MESSAGE_CATALOGUES[lang]())));
  const of = (language: Language) => catalogues.get(language) ?? ENGLISH_MESSAGES;

  return {
    reason: (language, reason) => of(language).reason[reason] ?? ENGLISH_MESSAGES.reason[reason],
    fields: (language, problems) =>
      Object.fromEntries(
        problems.map((p) => [p.field, fillTemplate(of(language).field[p.key] ?? ENGLISH_MESSAGES.field[p.key], p.params)]),
      ),
    success: (language) => of(language).success.OK,
  };
}
