import { z } from 'zod';
import { moneyText, amountSchema } from '../money-schemas.js';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
  TIMEOUT_DAYS,
} from '../protection-rules.js';
import { dateSchema } from './operator-dashboard.js';
import { defineCall } from './define.js';

const oneOf = <const T extends readonly number[]>(values: T) => z.literal(values);

/** One amount per rolling window; null: no limit. */
const perPeriod = <T extends z.ZodType>(value: T) => z.object({ day: value, week: value, month: value });

export const playerProtectionView = z.object({
  deposit: perPeriod(moneyText.nullable()),
  loss: perPeriod(moneyText.nullable()),
  realityCheckMinutes: z.number().int(),
  /** Higher or removed limits waiting for their 24 hours; saving the limit again cancels one. */
  pending: z.array(z.object({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS), amount: moneyText.nullable(), effectiveAt: z.number() })),
  timeoutUntil: z.number().nullable(),
  selfExcludedUntil: z.number().nullable(),
  selfExcludedPermanent: z.boolean(),
  /** What each window holds now: recharges not refused or expired, and the net loss (ordered − paid out, undrawn orders and chase reserves in full). */
  used: z.object({ deposit: perPeriod(moneyText), loss: perPeriod(moneyText) }),
});

export type PlayerProtection = z.infer<typeof playerProtectionView>;

export const protectionChangeView = z.object({
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.number(),
});

export const playerLimits = defineCall({
  path: '/api/user/limits',
  access: 'user',
  summary:
    "This user's deposit and loss limits per rolling day (24 h), week (7 days) and month (30 days), what each window holds now, the reality-check interval, limits waiting for their 24 hours, and any time-out or self-exclusion (ms; a permanent one ends in 9999 and says `selfExcludedPermanent`).",
  body: z.strictObject({}),
  result: playerProtectionView,
});

export const saveLimit = defineCall({
  path: '/api/user/limits/save',
  access: 'user',
  summary:
    'Sets a deposit or loss limit (`amount` null removes it): a new or lower one applies at once, a higher or removed one after 24 hours (under `pending`; saving the limit in force again cancels it). `{kind: "realityCheck", minutes: 0|15|30|60}` sets the reality check (0: none). Every change is audited.',
  success: 'SAVED',
  body: z
    .strictObject({
      kind: z.enum([...LIMIT_KINDS, 'realityCheck']),
      period: z.enum(LIMIT_PERIODS).optional(),
      amount: amountSchema.nullable().optional(),
      minutes: oneOf(REALITY_CHECK_MINUTES).optional(),
    })
    .superRefine((body, ctx) => {
      const require = (field: 'period' | 'amount' | 'minutes') =>
        ctx.addIssue({ code: 'custom', path: [field], message: 'required', params: { messageKey: 'REQUIRED' } });
      const refuse = (field: 'period' | 'amount' | 'minutes') =>
        ctx.addIssue({ code: 'custom', path: [field], message: 'unknown', params: { messageKey: 'UNKNOWN_FIELD' } });
      if (body.kind === 'realityCheck') {
        if (body.minutes === undefined) require('minutes');
        if (body.period !== undefined) refuse('period');
        if (body.amount !== undefined) refuse('amount');
      } else {
        if (body.period === undefined) require('period');
        if (body.amount === undefined) require('amount');
        if (body.minutes !== undefined) refuse('minutes');
      }
    }),
  result: playerProtectionView,
});

export const takeTimeout = defineCall({
  path: '/api/user/timeout',
  access: 'user',
  summary:
    'A break of 1, 7, 30 or 42 days: until it ends recharges, orders and chases answer 403 SELF_EXCLUDED and waiting chases are cancelled and refunded now; sign-in, records and withdrawals still work. A longer one extends it; nothing shortens it.',
  success: 'SAVED',
  body: z.strictObject({ days: oneOf(TIMEOUT_DAYS) }),
  result: playerProtectionView,
});

export const selfExclude = defineCall({
  path: '/api/user/selfExclude',
  access: 'user',
  summary:
    'Self-exclusion for 6, 12 or 60 months, or for good (0), confirmed with the login password (PASSWORD_WRONG on `password`): as a time-out, but longer; nobody can shorten it, neither the user nor an operator.',
  success: 'SAVED',
  body: z.strictObject({ months: oneOf(SELF_EXCLUSION_MONTHS), password: z.string().min(1).max(20) }),
  result: playerProtectionView,
});

export const realityCheck = defineCall({
  path: '/api/user/realityCheck',
  access: 'user',
  summary:
    "What the reality check shows: when this session signed in, the interval the user chose, and since sign-in the amount ordered, paid out and the net result (paid out − ordered; orders not yet drawn count as ordered).",
  body: z.strictObject({}),
  result: z.object({ signedInAt: z.number(), serverTime: z.number(), minutes: z.number().int(), ordered: moneyText, paidOut: moneyText, net: moneyText }),
});

export const exportStatement = defineCall({
  path: '/api/user/statement/export',
  access: 'user',
  summary:
    'The statement of the days `from` … `to` (YYYY-MM-DD in the configured time zone, at most 366) as `text/csv` (UTF-8 with a byte-order mark), oldest first: time, kind, account, amount, balance after, reference. Not an envelope: a refusal is, as every refusal.',
  download: 'csv',
  body: z.strictObject({ from: dateSchema, to: dateSchema }),
  result: z.unknown(),
});
