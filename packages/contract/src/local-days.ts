import { localMidnight, offsetAt } from './game/periods.js';
import { DATE_PATTERN } from './operator-exports.js';

/** A calendar day `YYYY-MM-DD` as the instants [start, end) it covers in a time zone: 23 or 25 hours on a DST change. */
export interface LocalDay {
  date: string;
  start: number;
  end: number;
}

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

/** Local midnight starting the day. */
export function dayStart(date: string, timeZone: string): number {
  return localMidnight(...parts(date), timeZone);
}

function dateAfter(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
export const isCalendarDate = (date: string) => DATE_PATTERN.test(date) && dateAfter(date, 0) === date;

/** Local midnight ending the day. */
export function dayEnd(date: string, timeZone: string): number {
  return dayStart(dateAfter(date, 1), timeZone);
}

/**
 * The instants [start, end) that the days `from` … `to` (both included) cover
 * in the time zone; a side not given stays open. Every report that takes days
 * (dashboard, exports, audit) cuts them here, so a moment near midnight falls
 * on the same day in each.
 */
export function daysSpan(from: string | undefined, to: string | undefined, timeZone: string): { start: number | undefined; end: number | undefined } {
  return { start: from === undefined ? undefined : dayStart(from, timeZone), end: to === undefined ? undefined : dayEnd(to, timeZone) };
}

/** Every day from `from` to `to`, both included, in order; none when `to` is before `from`. */
export function localDays(from: string, to: string, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  for (let date = from; date <= to; date = dateAfter(date, 1)) days.push({ date, start: dayStart(date, timeZone), end: dayEnd(date, timeZone) });
  return days;
}

/** How many days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The local date of an instant. */
export function localDateOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** An instant as ISO 8601 in the time zone with its offset (`2026-03-12T00:30:00.000+08:00`): the date it shows is its day there. */
export function localIsoTime(at: number, timeZone: string): string {
  const offset = offsetAt(at, timeZone);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${new Date(at + offset).toISOString().slice(0, 23)}${sign}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}
