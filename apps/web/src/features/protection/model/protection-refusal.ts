import { LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@wallet/contract/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error';

/** A recharge, order or chase refused by the player's own protection (a limit it would pass, or a break that runs), with the server's words. */
export type ProtectionRefusal = { mess: string } & (
  | { kind: 'limit'; limit: LimitKind; left: { period: LimitPeriod; remaining: string } | undefined }
  | { kind: 'break'; until: number | undefined; permanent: boolean }
);

const LIMIT_REASONS: Readonly<Record<string, LimitKind>> = { DEPOSIT_LIMIT: 'deposit', LOSS_LIMIT: 'loss' };

const isPeriod = (value: unknown): value is LimitPeriod => (LIMIT_PERIODS as readonly unknown[]).includes(value);

/** The refusal a failed call carries, when it is one of these. */
export function protectionRefusalOf(error: unknown): ProtectionRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.reason === 'SELF_EXCLUDED') {
    const { until, permanent } = error.data;
    return { mess: error.mess, kind: 'break', until: typeof until === 'number' ? until : undefined, permanent: permanent === true };
  }
  const limit = LIMIT_REASONS[error.reason];
  if (!limit) return undefined;
  const passed = error.data['limit'] as { period?: unknown; remaining?: unknown } | undefined;
  const left = isPeriod(passed?.period) && typeof passed.remaining === 'string' ? { period: passed.period, remaining: passed.remaining } : undefined;
  return { mess: error.mess, kind: 'limit', limit, left };
}

/** How the reader's language writes amounts and moments (useAmountFormat, formatRecordTime). */
export interface Formats {
  amount: (amount: string) => string;
  time: (time: number) => string;
}

/** What is left under the limit, or until when the break runs; nothing when the server did not say. */
export function refusalSentence(refusal: ProtectionRefusal, t: TFunction, formats: Formats): string | undefined {
  if (refusal.kind === 'limit')
    return refusal.left && t(`protection.refusal.${refusal.limit}Left`, { period: t(`protection.periods.${refusal.left.period}`), remaining: formats.amount(refusal.left.remaining) });
  if (refusal.permanent) return t('protection.break.permanent');
  return refusal.until === undefined ? undefined : t('protection.break.until', { until: formats.time(refusal.until) });
}
