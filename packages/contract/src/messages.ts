import type { Language } from './languages.js';
import type { Reason } from './reasons.js';
import type { FieldMessageKey } from './validation.js';
import type { SuccessKey } from './success.js';
import type { InboxKey } from './user-messages.js';
import en from './messages/en.json' with { type: 'json' };

export type NotifyKey = 'CODE_SUBJECT' | 'REGISTER_CODE_BODY' | 'RESET_CODE_BODY' | 'BIND_CODE_BODY' | 'CONTACT_CHANGED_SUBJECT' | 'CONTACT_CHANGED_BODY';

/** The shape every language's catalogue must have: one text per reason and per field problem. */
export interface MessageCatalogue {
  reason: Record<Reason, string>;
  field: Record<FieldMessageKey, string>;
  success: Record<SuccessKey, string>;
  /** Texts of the messages the Notifier sends (codes by e-mail or SMS). */
  notify: Record<NotifyKey, string>;
  /** Texts of the user's messages, worded when read. */
  inbox: Record<InboxKey, string>;
}

export const ENGLISH_MESSAGES: MessageCatalogue = en;

/** Loads one language's catalogue; each is its own module so an app can load only the one it needs. */
export const MESSAGE_CATALOGUES: Record<Language, () => Promise<MessageCatalogue>> = {
  en: async () => en,
  'en-US': async () => (await import('./messages/en-US.json', { with: { type: 'json' } })).default,
  'zh-CN': async () => (await import('./messages/zh-CN.json', { with: { type: 'json' } })).default,
  'zh-TW': async () => (await import('./messages/zh-TW.json', { with: { type: 'json' } })).default,
  pt: async () => (await import('./messages/pt.json', { with: { type: 'json' } })).default,
  hi: async () => (await import('./messages/hi.json', { with: { type: 'json' } })).default,
  es: async () => (await import('./messages/es.json', { with: { type: 'json' } })).default,
  fr: async () => (await import('./messages/fr.json', { with: { type: 'json' } })).default,
  ko: async () => (await import('./messages/ko.json', { with: { type: 'json' } })).default,
  ja: async () => (await import('./messages/ja.json', { with: { type: 'json' } })).default,
  de: async () => (await import('./messages/de.json', { with: { type: 'json' } })).default,
  ru: async () => (await import('./messages/ru.json', { with: { type: 'json' } })).default,
  ar: async () => (await import('./messages/ar.json', { with: { type: 'json' } })).default,
  ms: async () => (await import('./messages/ms.json', { with: { type: 'json' } })).default,
};

/** Replaces `{name}` placeholders. */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
