import { STATEMENT_EXPORT_MAX_DAYS } from '@wallet/contract/core';

/** Days `from` … `to`, both included, as `YYYY-MM-DD`. */
export type DayRange = { from: string; to: string };

/** The phone's calendar day of a moment, as `YYYY-MM-DD`. */
export function calendarDay(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The calendar day `days` before `day`. */
function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return calendarDay(new Date(year, month - 1, date - days));
}

/** The last 30 days, today included. */
export function lastThirtyDays(now: Date): DayRange {
  const today = calendarDay(now);
  return { from: daysBefore(today, 29), to: today };
}

/** The first day a download ending on `to` may start on: one file holds at most 366 days, both ends included. */
export const earliestStart = (to: string): string => daysBefore(to, STATEMENT_EXPORT_MAX_DAYS - 1);

export type RangeProblem = 'reversed' | 'tooLong';

/** Why the server would refuse the range: an end before the start, or more days than one file holds. */
export function rangeProblem({ from, to }: DayRange): RangeProblem | undefined {
  if (to < from) return 'reversed';
  return from < earliestStart(to) ? 'tooLong' : undefined;
}
