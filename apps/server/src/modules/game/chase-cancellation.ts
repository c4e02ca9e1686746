import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { accountIdOf, userAccount } from '../../ledger/accounts.js';
import { postTransfers } from '../../ledger/transfer.js';
import type { LiveEvents } from '../events/index.js';
import { writeMessages } from '../messages/index.js';
import { chaseReturnedEvent, lockChases, returnOf } from './chase-rows.js';
import { chaseFinishedMessages } from './result-messages.js';

export interface CancelledChase {
  chaseNo: string;
  periods: { seq: number; periodNo: string; amount: number }[];
}

/**
 * Cancels every waiting period of these chases of one user and returns each
 * amount (chase → available), in the caller's transaction: the chases locked
 * first, in number order, as everything that changes a chase does. A period
 * being placed meanwhile stays placed. Tells the user (message, live event)
 * of each chase that ends. `balance`: the available balance after, when
 * anything came back.
 */
export async function cancelWaitingPeriods(
  trx: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  chaseNos: string[],
  reason: 'CANCELLED' | 'SELF_EXCLUDED',
  now: number,
  liveEvents?: LiveEvents,
): Promise<{ chases: CancelledChase[]; balance: number | null }> {
  const sorted = [...new Set(chaseNos)].sort();
  if (sorted.length === 0) return { chases: [], balance: null };
  await lockChases(trx, dialect, sorted);
  const cancelled = await trx
    .updateTable('chase_periods')
    .set({ state: 'cancelled', reason, ended_at: now })
    .where('chase_no', 'in', sorted)
    .where('state', '=', 'waiting')
    .returning(['chase_no', 'seq', 'period_no', 'amount'])
    .execute();
  if (cancelled.length === 0) return { chases: [], balance: null };
  cancelled.sort((a, b) => (a.chase_no === b.chase_no ? a.seq - b.seq : a.chase_no < b.chase_no ? -1 : 1));
  const posted = await postTransfers(
    trx,
    cancelled.map((period) => returnOf(userId, period.chase_no, period.seq, Number(period.amount))),
    now,
  );
  const ended = [...new Set(cancelled.map((period) => period.chase_no))];
  await writeMessages(trx, await chaseFinishedMessages(trx, ended), now);
  await liveEvents?.write(trx, ended.map((chaseNo) => chaseReturnedEvent(userId, chaseNo)), now);
  const balance = posted.balances.get(accountIdOf(userAccount(userId, 'available'))) ?? null;
  return {
    chases: ended.map((chaseNo) => ({
      chaseNo,
      periods: cancelled.filter((period) => period.chase_no === chaseNo).map((period) => ({ seq: period.seq, periodNo: period.period_no, amount: Number(period.amount) })),
    })),
    balance,
  };
}

/** The user's chases with a period still waiting. */
async function chasesWaitingOf(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('chases as c')
    .innerJoin('chase_periods as cp', 'cp.chase_no', 'c.chase_no')
    .select('c.chase_no')
    .distinct()
    .where('c.user_id', '=', userId)
    .where('cp.state', '=', 'waiting')
    .execute();
  return rows.map((row) => row.chase_no);
}

export type CancelWaitingChases = (trx: Kysely<Database>, userId: string, now: number) => Promise<string[]>;

/** For a break from play: every waiting chase of the user cancelled and refunded (reason SELF_EXCLUDED); answers the chases that ended. */
export function cancelWaitingChasesOf(dialect: DialectName, liveEvents?: LiveEvents): CancelWaitingChases {
  return async (trx, userId, now) => {
    const { chases } = await cancelWaitingPeriods(trx, dialect, userId, await chasesWaitingOf(trx, userId), 'SELF_EXCLUDED', now, liveEvents);
    return chases.map((chase) => chase.chaseNo);
  };
}
