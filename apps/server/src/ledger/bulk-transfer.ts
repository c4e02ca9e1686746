import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { insertRows, updateRows } from '../db/bulk-rows.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { HOUSE_ACCOUNT_BOUND, isUserAccount } from './accounts.js';
import { balancedPostings, transferRow, type TransferRequest } from './transfer.js';

/**
 * Many transfers at once, for the house paying out in bulk (a period's
 * settlement): the accounts are locked (PostgreSQL: in id order, so users'
 * before the house's, like every single transfer) and read once, the entries'
 * running balances computed in order, and transfers, entries and balances
 * written in a few statements. Unlike `postTransfer` a credit is never
 * refused for the ceiling: what the house owes must be paid.
 */
export async function postTransfersInBulk(trx: Kysely<Database>, dialect: DialectName, requests: TransferRequest[], now: number): Promise<void> {
  const transfers = requests.map((request) => ({ id: randomUUID(), request, postings: balancedPostings(request) }));
  const accountIds = [...new Set(transfers.flatMap((t) => t.postings.map((p) => p.id)))];
  const locked =
    dialect === 'postgres'
      ? await sql<{ id: string; balance: string | number }>`select id, balance from ledger_accounts where id = any(${accountIds}::text[]) order by id collate "C" for update`.execute(trx)
      : await sql<{ id: string; balance: string | number }>`select id, balance from ledger_accounts where id in (select value from json_each(${JSON.stringify(accountIds)}))`.execute(trx);
  const balances = new Map(locked.rows.map((row) => [row.id, Number(row.balance)]));

  const entries = transfers.flatMap(({ id, postings }) =>
    postings.map((posting) => {
      const before = balances.get(posting.id);
      if (before === undefined) throw new Error(`ledger account missing: ${posting.id}`);
      const after = before + posting.amount;
      const bound = isUserAccount(posting.ref) ? 0 : -HOUSE_ACCOUNT_BOUND;
      if (after < bound) throw new Error(`bulk transfer would take ${posting.id} below ${bound}`);
      balances.set(posting.id, after);
      return { transfer_id: id, account_id: posting.id, amount: posting.amount, balance_after: after, created_at: now };
    }),
  );
  const text = 'text' as const;
  const bigint = 'bigint' as const;
  await insertRows(
    trx,
    dialect,
    'ledger_transfers',
    [['id', text], ['kind', text], ['user_id', text], ['reference', text], ['memo', text], ['operator_id', text], ['created_at', bigint]],
    transfers.map((t) => transferRow(t.id, t.request, now)),
  );
  // Entry ids follow the order of the rows, so each account's running balance reads in id order, as verify checks.
  await insertRows(trx, dialect, 'ledger_entries', [['transfer_id', text], ['account_id', text], ['amount', bigint], ['balance_after', bigint], ['created_at', bigint]], entries);
  await updateRows(trx, dialect, 'ledger_accounts', 'id', 'balance', [...balances]);
}
