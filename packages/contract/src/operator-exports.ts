/** Streamed CSV exports: `GET /admin/api/export/<kind>.csv?from=&to=&…` with the operator's bearer token. */
export const EXPORT_KINDS = ['recharges', 'withdrawals', 'orders', 'statement', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A calendar day in the configured time zone, from 1900 to 2099. */
export const DATE_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function exportPath(kind: ExportKind): `/admin/api/export/${ExportKind}.csv` {
  return `/admin/api/export/${kind}.csv`;
}
