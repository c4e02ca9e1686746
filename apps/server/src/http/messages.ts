import {
  ENGLISH_MESSAGES,
  LANGUAGES,
  MESSAGE_CATALOGUES,
  fillTemplate,
  type FieldProblem,
  type Language,
  type MessageCatalogue,
  type InboxKey,
  type NotifyKey,
  type SuccessKey,
  type Reason,
} from '@wallet/contract';

export interface Messages {
  reason(language: Language, reason: Reason): string;
  fields(language: Language, problems: FieldProblem[]): Record<string, string>;
  success(language: Language, key?: SuccessKey): string;
  notify(language: Language, key: NotifyKey, params: Record<string, string | number>): string;
  inbox(language: Language, key: InboxKey, params: Record<string, string | number>): string;
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
    success: (language, key = 'OK') => of(language).success[key] ?? ENGLISH_MESSAGES.success[key],
    notify: (language, key, params) => fillTemplate(of(language).notify[key] ?? ENGLISH_MESSAGES.notify[key], params),
    inbox: (language, key, params) => fillTemplate(of(language).inbox[key] ?? ENGLISH_MESSAGES.inbox[key], params),
  };
}
