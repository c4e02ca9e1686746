/**
 * Periods are aligned to the clock (PRODUCT §6): `periodSeconds` divides a
 * day, period n of a local day runs from local midnight + (n − 1) ×
 * periodSeconds, and its number is the local date `YYYYMMDD` followed by n in
 * 4 digits (5 when a day has more than 9 999). Every instance derives the same
 * numbers from the clock alone.
 */

export interface PeriodTiming {
  /** Divides 86 400; 10 at the least. */
  periodSeconds: number;
  /** Orders close this long before the draw. */
  lockSeconds: number;
}

export interface PeriodWindow {
  periodNo: string;
  /** Its place in the local day, from 1. */
  index: number;
  opensAt: number;
  locksAt: number;
  drawsAt: number;
}

const DAY_SECONDS = 86_400;

/** A period length the clock can be cut into: whole seconds from 10 to a day, dividing the day. */
export const isValidPeriodSeconds = (seconds: number) => Number.isInteger(seconds) && seconds >= 10 && seconds <= DAY_SECONDS && DAY_SECONDS % seconds === 0;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `at` in the time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']!, minute: parts['minute']!, second: parts['second']! };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
export function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The instant of local midnight starting the given local date; the offset is taken at midnight itself, so a DST change later that day does not move it. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day);
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}

const digitsFor = (periodSeconds: number) => (DAY_SECONDS / periodSeconds > 9999 ? 5 : 4);

function windowOf(timing: PeriodTiming, date: { year: number; month: number; day: number }, index: number, midnight: number): PeriodWindow {
  const opensAt = midnight + (index - 1) * timing.periodSeconds * 1000;
  const drawsAt = opensAt + timing.periodSeconds * 1000;
  const ymd = `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;
  return {
    periodNo: `${ymd}${String(index).padStart(digitsFor(timing.periodSeconds), '0')}`,
    index,
    opensAt,
    locksAt: drawsAt - timing.lockSeconds * 1000,
    drawsAt,
  };
}

/** The period whose window [opensAt, drawsAt) holds `at`. */
export function periodAt(timing: PeriodTiming, timeZone: string, at: number): PeriodWindow {
  const w = wallClock(at, timeZone);
  const midnight = localMidnight(w.year, w.month, w.day, timeZone);
  const index = Math.floor((at - midnight) / (timing.periodSeconds * 1000)) + 1;
  return windowOf(timing, w, index, midnight);
}

/** The first local midnight strictly after `at` (a day of 23 or 25 hours included). */
export function nextLocalMidnight(timeZone: string, at: number): number {
  const w = wallClock(at, timeZone);
  const tomorrow = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return localMidnight(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), timeZone);
}

/** The period that follows `period` (the first of the next day after the day's last). */
export function nextPeriod(timing: PeriodTiming, timeZone: string, period: PeriodWindow): PeriodWindow {
  return periodAt(timing, timeZone, period.drawsAt);
}

/** A period by its number; undefined when the number cannot be one of this timing's. */
export function periodByNo(timing: PeriodTiming, timeZone: string, periodNo: string): PeriodWindow | undefined {
  const digits = digitsFor(timing.periodSeconds);
  const match = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})(\\d{${digits}})$`).exec(periodNo);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const index = Number(match[4]);
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (index < 1 || check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return undefined;
  const window = windowOf(timing, date, index, localMidnight(date.year, date.month, date.day, timeZone));
  // Past the day's end (on a day shortened by a clock change, too) the number belongs to no period.
  return periodAt(timing, timeZone, window.opensAt).periodNo === periodNo ? window : undefined;
}
