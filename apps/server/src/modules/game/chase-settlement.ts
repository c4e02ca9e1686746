import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import type { TransferRequest } from '../../ledger/transfer.js';
import { lockChases, returnOf } from './chase-rows.js';

/**
 * The chased periods of a period just drawn, in the draw's transaction and
 * before it locks any account (chases, then their periods, then accounts, as
 * every change of a chase): each placed one becomes won (its orders paid
 * something) or lost; a win of a stop-on-win chase cancels the chase's
 * waiting periods. Answers the transfers that return those, for the
 * settlement to post with its own.
 */
export async function settleChasedPeriods(
  trx: Kysely<Database>,
  dialect: DialectName,
  period: Pick<PeriodsTable, 'project_id' | 'period_no'>,
  payouts: Map<string, number>,
  now: number,
): Promise<TransferRequest[]> {
  const placed = await trx
    .selectFrom('chase_periods as cp')
    .innerJoin('chases as c', 'c.chase_no', 'cp.chase_no')
    .innerJoin('chase_orders as co', (join) => join.onRef('co.chase_no', '=', 'cp.chase_no').onRef('co.seq', '=', 'cp.seq'))
    .select(['cp.chase_no', 'cp.seq', 'c.user_id', 'c.stop_on_win', 'co.order_no'])
    .where('cp.project_id', '=', period.project_id)
    .where('cp.period_no', '=', period.period_no)
    .where('cp.state', '=', 'placed')
    .execute();
  if (placed.length === 0) return [];

  const byChase = new Map<string, { seq: number; userId: string; stopOnWin: boolean; payout: number }>();
  for (const row of placed) {
    const chase = byChase.get(row.chase_no) ?? { seq: row.seq, userId: row.user_id, stopOnWin: row.stop_on_win === 1, payout: 0 };
    chase.payout += payouts.get(row.order_no) ?? 0;
    byChase.set(row.chase_no, chase);
  }
  await lockChases(trx, dialect, [...byChase.keys()]);

  const returns: TransferRequest[] = [];
  for (const [chaseNo, chase] of [...byChase].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await trx
      .updateTable('chase_periods')
      .set({ state: chase.payout > 0 ? 'won' : 'lost', payout: chase.payout, ended_at: now })
      .where('chase_no', '=', chaseNo)
      .where('seq', '=', chase.seq)
      .where('state', '=', 'placed')
      .execute();
    if (chase.payout === 0 || !chase.stopOnWin) continue;
    const stopped = await trx
      .updateTable('chase_periods')
      .set({ state: 'cancelled', reason: 'STOPPED_ON_WIN', ended_at: now })
      .where('chase_no', '=', chaseNo)
      .where('state', '=', 'waiting')
      .returning(['seq', 'amount'])
      .execute();
    for (const row of stopped.sort((a, b) => a.seq - b.seq)) returns.push(returnOf(chase.userId, chaseNo, row.seq, Number(row.amount)));
  }
  return returns;
}
