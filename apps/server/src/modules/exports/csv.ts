import { formatMoney, localIsoTime } from '@wallet/contract';

/** Text we wrote ourselves (amounts, times, ids): never read as a formula. */
interface Plain {
  plain: string;
}

export type Cell = string | number | null | Plain;

export const money = (cents: number | null): Cell => (cents === null ? null : { plain: formatMoney(cents) });

/**
 * Milliseconds as ISO 8601 in the configured time zone, with its offset: the
 * date a reader sees is the day the dashboard and the export's days count it
 * on, and anything that reads ISO 8601 still gets the exact instant.
 */
export const isoTime = (at: number | null, timeZone: string): Cell => (at === null ? null : { plain: localIsoTime(at, timeZone) });

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Text a spreadsheet may read as a formula: one that starts, after any
 * spaces or invisible characters (a zero-width space, a byte-order mark), with
 * = + - @ or their full-width forms (＝ ＋ － ＠), which spreadsheets also
 * take; or with a tab or a carriage return (OWASP CSV injection).
 */
const FORMULA_START = /^[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/u;

/** One CSV cell (RFC 4180); text that users or operators typed is kept from running as a spreadsheet formula. */
function cell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return quoted(value.plain);
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

export function csvLine(values: readonly Cell[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}
