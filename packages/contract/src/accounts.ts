import { z } from 'zod';
import { matchLanguage } from './languages.js';
import type { FieldMessageKey } from './validation.js';

/** Account field rules of PRODUCT §4, shared by the app's forms and the server. */

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;
export const PAY_PASSWORD_PATTERN = /^[0-9]{6}$/;
export const CODE_PATTERN = /^[0-9]{6}$/;
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@.]{2,63}$/;
export const MOBILE_PATTERN = /^\+?[0-9]{6,15}$/;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

/** A string that must match a rule; breaking it names the rule, not a generic format. */
function ruled(pattern: RegExp, messageKey: FieldMessageKey) {
  return z.string().refine((value) => pattern.test(value), { message: messageKey, params: { messageKey } });
}

export const usernameSchema = ruled(USERNAME_PATTERN, 'USERNAME_RULE');
export const passwordSchema = ruled(PASSWORD_PATTERN, 'PASSWORD_RULE');
export const payPasswordSchema = ruled(PAY_PASSWORD_PATTERN, 'PAY_PASSWORD_RULE');
export const codeSchema = ruled(CODE_PATTERN, 'CODE_RULE');

export type ContactKind = 'email' | 'mobile';

/** What codes for a contact are filed under: e-mail addresses compare without case. */
export const contactKey = (contact: string) => contact.toLowerCase();

export function contactKindOf(contact: string): ContactKind | undefined {
  // Measured on the key: some letters ('İ') grow when lower-cased, and the key must fit the same 254 characters.
  if (EMAIL_PATTERN.test(contact) && contactKey(contact).length <= 254) return 'email';
  if (MOBILE_PATTERN.test(contact)) return 'mobile';
  return undefined;
}

/** An e-mail address or a mobile number, trimmed; e-mail addresses compare without case. */
export const contactSchema = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => contactKindOf(value) !== undefined, {
    message: 'CONTACT_RULE',
    params: { messageKey: 'CONTACT_RULE' },
  });

export const inviteCodeSchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => INVITE_CODE_PATTERN.test(value), {
    message: 'INVITE_CODE_UNKNOWN',
    params: { messageKey: 'INVITE_CODE_UNKNOWN' },
  });

export const captchaIdSchema = z.string().min(1).max(64);
export const captchaCodeSchema = z.string().trim().min(1).max(12);

/** A tag matching one of the 14 languages (any case, `pt-BR` → pt); stored in its canonical spelling. */
export const accountLanguageSchema = z.string().max(16).transform((value, ctx) => {
  const language = matchLanguage(value);
  if (language === undefined) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE' });
    return z.NEVER;
  }
  return language;
});

/** What the app shows of its own account. Times are milliseconds since the epoch. */
export const userProfileSchema = z.object({
  username: z.string(),
  avatar: z.string().nullable(),
  inviteCode: z.string(),
  lang: z.string(),
  /** The bound e-mail or mobile, masked; null when none is bound. */
  contact: z.string().nullable(),
  createdAt: z.number(),
});

export type UserProfile = z.output<typeof userProfileSchema>;

/** Lists take a page and a page size, and answer with the page they show. */
export const pageQueryShape = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
};

export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}
