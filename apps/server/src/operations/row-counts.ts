import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The rows a backup and its restore both report, so whoever restores sees the copy holds what was backed up. */
const COUNTED = [
  ['users', 'users'],
  ['recharges', 'recharges'],
  ['withdrawals', 'withdrawals'],
  ['orders', 'orders'],
  ['ledger_transfers', 'ledger transfers'],
] as const;

/** "12 users, 40 recharges, 3 withdrawals, 80 orders, 301 ledger transfers" */
export async function describeRowCounts(db: Kysely<Database>): Promise<string> {
  const parts: string[] = [];
  for (const [table, label] of COUNTED) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    parts.push(`${Number(row.n)} ${label}`);
  }
  return parts.join(', ');
}
