import { formatMoney } from '@wallet/contract';

/** Text we wrote ourselves (amounts, times, ids): never read as a formula. */
interface Plain {
  plain: string;
}

export type Cell = string | number | null | Plain;

export const money = (cents: number | null): Cell => (cents === null ? null : { plain: formatMoney(cents) });

/** Milliseconds as an ISO time in UTC, the one form every spreadsheet reads the same. */
export const isoTime = (at: number | null): Cell => (at === null ? null : { plain: new Date(at).toISOString() });

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One CSV cell (RFC 4180); text that users or operators typed is kept from running as a spreadsheet formula (OWASP CSV injection). */
function cell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return quoted(value.plain);
  return quoted(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export function csvLine(values: readonly Cell[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}
