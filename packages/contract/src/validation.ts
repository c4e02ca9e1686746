import { z } from 'zod';
import { parseMoney, type MoneyError, type MoneyParseOptions } from './money.js';

/** Stable keys for what is wrong with one field; the message catalogues translate them. */
export const FIELD_MESSAGE_KEYS = [
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'INVALID_FORMAT',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_FEW_ITEMS',
  'TOO_MANY_ITEMS',
  'TOO_SMALL',
  'TOO_BIG',
  'UNKNOWN_FIELD',
  'INVALID_JSON',
  'MONEY_FORMAT',
  'MONEY_DECIMALS',
  'MONEY_NEGATIVE',
  'MONEY_TOO_LARGE',
  'USERNAME_RULE',
  'PASSWORD_RULE',
  'PAY_PASSWORD_RULE',
  'CONTACT_RULE',
  'CODE_RULE',
  'CAPTCHA_WRONG',
  'CODE_WRONG',
  'INVITE_CODE_UNKNOWN',
  'PASSWORD_WRONG',
  'SAME_PASSWORD',
  'PASSWORDS_DIFFER',
  'AVATAR_UNKNOWN',
  'IMAGE_TYPE',
  'IMAGE_UNKNOWN',
  'AMOUNT_POSITIVE',
  'AMOUNT_RANGE',
  'AMOUNT_NOT_ZERO',
  'AMOUNT_LIMITS_ORDER',
  'POINTS_WHOLE',
  'CARD_NO_RULE',
  'CHANNEL_UNKNOWN',
  'CHANNEL_ID_REPEATED',
  'CHANNEL_DETAILS_REQUIRED',
  'FEE_RATE_RULE',
  'REMARK_REQUIRED',
  'REQUEST_ID_RULE',
  'NO_LAST_CARD',
  'OPTION_UNKNOWN',
  'QUANTITY_RANGE',
  'OPTION_REPEATED',
  'PERIOD_SECONDS_RULE',
  'LOCK_SECONDS_RULE',
  'QUANTITY_LIMITS_ORDER',
  'ODDS_RULE',
  'ODDS_RETURN_RULE',
  'EMAIL_RULE',
  'FEEDBACK_EMPTY',
  'FEEDBACK_TOO_SHORT',
  'FEEDBACK_TOO_LONG',
  'IMAGE_URL_RULE',
  'LINK_RULE',
  'EXPIRY_ORDER',
  'RANGE_TOO_LONG',
  'CURRENCY_CODE_RULE',
] as const satisfies readonly (string | MoneyError)[];

export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

export interface FieldProblem {
  field: string;
  key: FieldMessageKey;
  params: Record<string, string | number>;
}

/** The name used for problems with the body as a whole. */
export const BODY_FIELD = 'body';

function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? BODY_FIELD : path.map(String).join('.');
}

function isFieldMessageKey(value: unknown): value is FieldMessageKey {
  return typeof value === 'string' && (FIELD_MESSAGE_KEYS as readonly string[]).includes(value);
}

/** The value the input holds at a path, or undefined when the path leads nowhere. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function problemOf(issue: z.core.$ZodIssue, value: unknown): Omit<FieldProblem, 'field'> {
  switch (issue.code) {
    case 'invalid_type':
      return { key: value === undefined ? 'REQUIRED' : 'INVALID_TYPE', params: { expected: issue.expected } };
    case 'too_small':
      return {
        key: issue.origin === 'string' ? 'TOO_SHORT' : issue.origin === 'array' ? 'TOO_FEW_ITEMS' : 'TOO_SMALL',
        params: { min: Number(issue.minimum) },
      };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'TOO_LONG' : issue.origin === 'array' ? 'TOO_MANY_ITEMS' : 'TOO_BIG',
        params: { max: Number(issue.maximum) },
      };
    case 'invalid_format':
      return { key: 'INVALID_FORMAT', params: {} };
    case 'custom': {
      const { messageKey, ...rest } = issue.params ?? {};
      const params = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
      return isFieldMessageKey(messageKey) ? { key: messageKey, params } : { key: 'INVALID_VALUE', params: {} };
    }
    default:
      return { key: 'INVALID_VALUE', params: {} };
  }
}

/**
 * A refusal names this many fields at most: a body of a hundred thousand
 * unknown keys gets a short answer, not one larger than itself.
 */
export const MAX_FIELD_PROBLEMS = 10;
const FIELD_NAME_MAX = 64;

/** A field name as a refusal shows it: a made-up key of any length is cut to a readable one. */
const shortFieldName = (field: string) => (field.length > FIELD_NAME_MAX ? `${field.slice(0, FIELD_NAME_MAX)}…` : field);

/**
 * One problem per field (the first zod reports), unknown keys each named on
 * their own, the first ten fields at most. `input` is what was parsed: it tells a missing field from one of
 * the wrong type.
 */
export function fieldProblems(error: z.ZodError, input: unknown): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  const add = (field: string, problem: () => Omit<FieldProblem, 'field'>) => {
    const named = shortFieldName(field);
    if (byField.size < MAX_FIELD_PROBLEMS && !byField.has(named)) byField.set(named, { field: named, ...problem() });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldName([...issue.path, key]), () => ({ key: 'UNKNOWN_FIELD', params: {} }));
      continue;
    }
    add(fieldName(issue.path), () => problemOf(issue, valueAt(input, issue.path)));
  }
  return [...byField.values()];
}

/**
 * A money amount given as a decimal string (or a JSON number), read into
 * integer cents. Problems carry the money message keys.
 */
export function moneySchema(options: MoneyParseOptions = {}) {
  return z.unknown().transform((value, ctx): number => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'required', params: { messageKey: 'REQUIRED' } });
      return z.NEVER;
    }
    const parsed = parseMoney(value, options);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error, params: { messageKey: parsed.error } });
      return z.NEVER;
    }
    return parsed.cents;
  });
}
