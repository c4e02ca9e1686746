type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';

/** "15 minutes" ("15 min" short), "1 day": the language's own unit names and plurals, with the Latin digits of every amount beside them. */
export const unitText = (value: number, unit: Unit, locale: string, display: 'long' | 'short' = 'long'): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display, numberingSystem: 'latn' }).format(value);

/** A stretch of time in whole hours and minutes ("1 hour, 5 minutes"); under a minute reads as 0 minutes. */
export function formatDuration(ms: number, locale: string): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts = [...(hours > 0 ? [unitText(hours, 'hour', locale)] : []), ...(minutes > 0 || hours === 0 ? [unitText(minutes, 'minute', locale)] : [])];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(parts);
}
