import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUserAccount, type AccountRef } from './accounts.js';

/** Three parameters a row: well within SQLite's 32 766 and PostgreSQL's 65 535 a statement. */
const ROWS_PER_STATEMENT = 5_000;

export interface TotalsMove {
  kind: string;
  postings: { id: string; ref: AccountRef; amount: number }[];
}

/**
 * Adds the transfers' user postings to their accounts' totals per transfer
 * kind (`ledger_totals`), in the transaction that writes their entries and
 * after their accounts' UPDATEs: the account's lock guards its totals, so
 * they take no lock of their own order. The house's accounts keep none.
 */
export async function addToTotals(trx: Kysely<Database>, transfers: TotalsMove[]): Promise<void> {
  const sums = new Map<string, { account_id: string; kind: string; total: number }>();
  for (const transfer of transfers) {
    for (const posting of transfer.postings) {
      if (!isUserAccount(posting.ref)) continue;
      const key = `${posting.id} ${transfer.kind}`;
      const row = sums.get(key) ?? { account_id: posting.id, kind: transfer.kind, total: 0 };
      row.total += posting.amount;
      sums.set(key, row);
    }
  }
  const rows = [...sums.values()];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await trx
      .insertInto('ledger_totals')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((conflict) => conflict.columns(['account_id', 'kind']).doUpdateSet((eb) => ({ total: eb('ledger_totals.total', '+', eb.ref('excluded.total')) })))
      .execute();
  }
}
