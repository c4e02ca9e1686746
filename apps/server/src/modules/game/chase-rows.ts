import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { MOVEMENTS, chasePeriodReference } from '../../ledger/movements.js';
import type { TransferRequest } from '../../ledger/transfer.js';
import type { EventDraft } from '../events/index.js';

/**
 * Takes the chases' row locks (PostgreSQL), in number order: whatever
 * changes a chase's periods (placement, the settlement, a cancel, a skip)
 * takes its chase first, then its periods, then accounts, so none of them
 * waits on another in a circle.
 */
export async function lockChases(trx: Kysely<Database>, dialect: DialectName, chaseNos: string[]): Promise<void> {
  if (dialect !== 'postgres' || chaseNos.length === 0) return;
  await trx
    .selectFrom('chases')
    .select('chase_no')
    .where('chase_no', 'in', [...new Set(chaseNos)])
    .orderBy('chase_no')
    .forUpdate()
    .execute();
}

/** The transfer that gives a skipped or cancelled period's amount back to the balance. */
export const returnOf = (userId: string, chaseNo: string, seq: number, amount: number): TransferRequest => ({
  kind: 'chase_returned',
  userId,
  reference: chasePeriodReference(chaseNo, seq),
  postings: MOVEMENTS.chase_returned(userId, amount),
});

/** What the app is told when a chase gives amounts back (cancel, stop on win, skip): the balance after, read in the returning transaction. */
export const chaseReturnedEvent = (userId: string, chaseNo: string): EventDraft => ({ type: 'balance', userId, data: { cause: 'chase_returned', reference: chaseNo } });
