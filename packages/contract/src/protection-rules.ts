/** Player protection (PRODUCT §12): the choices a player has, and the windows and delays the server keeps. */

export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Rolling windows: the last 24 hours, 7 days, 30 days. */
export const LIMIT_WINDOW_MS: Record<LimitPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

/** A higher or removed limit waits this long; a new or lower one applies at once. */
export const LIMIT_RAISE_DELAY_MS = DAY_MS;

export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export const TIMEOUT_DAYS = [1, 7, 30, 42] as const;
export type TimeoutDays = (typeof TIMEOUT_DAYS)[number];

/** 0: for good. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 60, 0] as const;
export type SelfExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number];

/**
 * A permanent self-exclusion ends at the last instant of 9999: a client that
 * only compares `now < selfExcludedUntil` refuses as it should, and
 * `selfExcludedPermanent` says it never ends.
 */
export const PERMANENT_EXCLUSION_UNTIL = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The longest statement export: a year and a day. */
export const STATEMENT_EXPORT_MAX_DAYS = 366;

export function timeoutEnd(now: number, days: TimeoutDays): number {
  return now + days * DAY_MS;
}

/** The same day of the month `months` later (the month's last day when it has fewer), at the same time of day, in UTC. */
export function selfExclusionEnd(now: number, months: SelfExclusionMonths): number {
  if (months === 0) return PERMANENT_EXCLUSION_UNTIL;
  const start = new Date(now);
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.getTime();
}
