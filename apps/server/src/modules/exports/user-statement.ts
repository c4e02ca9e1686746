import type { Kysely } from 'kysely';
import { daysSpan, type UserAccountKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import type { CsvDownload } from '../../http/send-csv.js';
import { formatAccountAmount } from '../../ledger/accounts.js';
import { isoTime } from './csv.js';
import { csvText } from './csv-stream.js';
import { window } from './sources.js';

const HEADER = ['time', 'kind', 'account', 'amount', 'balance_after', 'reference'];

/**
 * A user's own statement of the days `from` … `to` (PRODUCT §12): one line
 * per ledger entry on their accounts, oldest first, streamed in batches.
 * The header and kinds are the stable codes the statement call answers, so
 * a spreadsheet or a program reads the same file in every language.
 */
export function userStatementCsv(db: Kysely<Database>, userId: string, input: { from: string; to: string }, timeZone: string): CsvDownload {
  const span = daysSpan(input.from, input.to, timeZone);
  const text = csvText(HEADER, async (after, limit) => {
    const rows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .select(['e.id', 'e.created_at', 't.kind', 'a.kind as account', 'e.amount', 'e.balance_after', 't.reference'])
      .where('a.user_id', '=', userId)
      .where(window('e.created_at', 'e.id', span, after))
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const account = row.account as UserAccountKind;
      return {
        cells: [isoTime(row.created_at, timeZone), row.kind, account, { plain: formatAccountAmount(account, row.amount) }, { plain: formatAccountAmount(account, row.balance_after) }, { plain: row.reference }],
        cursor: { at: row.created_at, key: row.id },
      };
    });
  });
  return { filename: `statement-${input.from}-${input.to}.csv`, text };
}
