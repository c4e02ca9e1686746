import type { TFunction } from 'i18next';
import { accountRules } from './account-rules';

/** A field check: the message to show, or undefined when the value is fine. */
export type Rule<Values> = (value: string, values: Values) => string | undefined | Promise<string | undefined>;

/** The part of a zod schema a check needs; the contract's account schemas fit it. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { code: string; params?: unknown }[] } };
}

/** Texts the app has for the rules the contract names (`rules.<KEY>` in the locale files). */
export const RULE_KEYS = [
  'USERNAME_RULE',
  'PASSWORD_RULE',
  'PAY_PASSWORD_RULE',
  'CONTACT_RULE',
  'CODE_RULE',
  'INVITE_CODE_UNKNOWN',
  'PASSWORDS_DIFFER',
  'SAME_PASSWORD',
  'INVALID_VALUE',
] as const;

export type RuleKey = (typeof RULE_KEYS)[number];

/** The rule a value breaks, by the `messageKey` the contract put on it, or undefined when it keeps them all. */
export function brokenRule(schema: FieldSchema, value: unknown): RuleKey | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const params = result.error.issues[0]?.params as { messageKey?: unknown } | undefined;
  const key = params?.messageKey;
  return (RULE_KEYS as readonly unknown[]).includes(key) ? (key as RuleKey) : 'INVALID_VALUE';
}

/** Each check in turn; the first message wins. */
export function checks<Values>(...rules: Rule<Values>[]): Rule<Values> {
  return async (value, values) => {
    for (const rule of rules) {
      const message = await rule(value, values);
      if (message) return message;
    }
    return undefined;
  };
}

export function required<Values>(message: string): Rule<Values> {
  return (value) => (value.trim() ? undefined : message);
}

/**
 * A filled-in value must pass a contract schema; an empty one is left to
 * `required`. Should the rules fail to download, the server still checks.
 */
export function contractRule<Values>(pick: (rules: Awaited<ReturnType<typeof accountRules>>) => FieldSchema, t: TFunction): Rule<Values> {
  return async (value) => {
    if (!value) return undefined;
    const rules = await accountRules().catch(() => undefined);
    const broken = rules && brokenRule(pick(rules), value);
    return broken ? t(`rules.${broken}`) : undefined;
  };
}

/** The field repeats another (a password typed twice). */
export function sameAs<Values extends Record<string, unknown>>(field: keyof Values, t: TFunction): Rule<Values> {
  return (value, values) => (value && value !== values[field] ? t('rules.PASSWORDS_DIFFER') : undefined);
}

/** The field differs from another (a new password from the current one). */
export function differentFrom<Values extends Record<string, unknown>>(field: keyof Values, t: TFunction): Rule<Values> {
  return (value, values) => (value && value === values[field] ? t('rules.SAME_PASSWORD') : undefined);
}
