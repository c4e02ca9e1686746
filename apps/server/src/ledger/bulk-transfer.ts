import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { accountIdOf } from './accounts.js';
import { LockedAccounts } from './locked-accounts.js';
import type { TransferRequest } from './transfer.js';

/**
 * Many transfers at once, for the house paying out in bulk (a period's
 * settlement): the accounts locked and read once, the entries' running
 * balances computed in order, and transfers, entries and balances written in
 * a few statements. Unlike `postTransfer` a credit is never refused for the
 * ceiling: what the house owes must be paid.
 */
export async function postTransfersInBulk(trx: Kysely<Database>, dialect: DialectName, requests: TransferRequest[], now: number): Promise<void> {
  const accounts = await LockedAccounts.lock(
    trx,
    dialect,
    requests.flatMap((request) => request.postings.map((posting) => accountIdOf(posting.account))),
  );
  accounts.post(requests, now, { housePays: true });
  await accounts.write(trx, dialect);
}
