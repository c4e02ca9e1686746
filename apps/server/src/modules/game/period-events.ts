import type { Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import type { Dice, PeriodWindow } from '@wallet/contract/game';
import type { Database, PeriodsTable } from '../../db/schema.js';
import type { EventDraft, LiveEvents } from '../events/index.js';
import { chaseReturnedEvent } from './chase-rows.js';
import { diceOf, statusAt, type Announcement, type PeriodStatus } from './periods.js';

/** A period as the live `period` event shows it. */
export function periodEvent(row: PeriodsTable, status: PeriodStatus, onceKey?: string): EventDraft {
  return {
    type: 'period',
    ...(onceKey ? { onceKey } : {}),
    data: { projectId: row.project_id, periodNo: row.period_no, status, opensAt: Number(row.opens_at), locksAt: Number(row.locks_at), drawsAt: Number(row.draws_at), dice: diceOf(row) },
  };
}

/** In the creating transaction: the period is there, its seed's hash published. */
export const createdEvent = (row: PeriodsTable, now: number): EventDraft => periodEvent(row, statusAt(row, now));

/** The chases a win in this draw stopped (their waiting periods cancelled and returned by the settlement, at `now`). */
async function chasesStoppedBy(trx: Kysely<Database>, row: PeriodsTable, now: number): Promise<EventDraft[]> {
  const stopped = await trx
    .selectFrom('chase_periods as cp')
    .innerJoin('chases as c', 'c.chase_no', 'cp.chase_no')
    .select(['c.user_id', 'cp.chase_no'])
    .distinct()
    .where('cp.reason', '=', 'STOPPED_ON_WIN')
    .where('cp.ended_at', '=', now)
    .where('cp.chase_no', 'in', trx.selectFrom('chase_periods').select('chase_no').where('project_id', '=', row.project_id).where('period_no', '=', row.period_no))
    .orderBy('cp.chase_no')
    .execute();
  return stopped.map((chase) => chaseReturnedEvent(chase.user_id, chase.chase_no));
}

/**
 * In the draw's transaction, once its orders are settled: the period drawn, to each user who ordered their orders'
 * results, and to each whose chase a win stopped, the balance with its return.
 */
export async function drawnEvents(trx: Kysely<Database>, row: PeriodsTable, drawn: Dice, now: number): Promise<EventDraft[]> {
  const dice: [number, number, number] = [drawn[0], drawn[1], drawn[2]];
  const orders = await trx
    .selectFrom('orders')
    .select(['order_no', 'user_id', 'amount', 'payout'])
    .where('project_id', '=', row.project_id)
    .where('period_no', '=', row.period_no)
    .orderBy('user_id')
    .orderBy('order_no')
    .execute();
  const byUser = new Map<string, typeof orders>();
  for (const order of orders) byUser.set(order.user_id, [...(byUser.get(order.user_id) ?? []), order]);
  const settled: EventDraft[] = [...byUser].map(([userId, mine]) => {
    const payout = mine.reduce((sum, order) => sum + Number(order.payout ?? 0), 0);
    const amount = mine.reduce((sum, order) => sum + Number(order.amount), 0);
    return {
      type: 'settled',
      userId,
      data: {
        projectId: row.project_id,
        periodNo: row.period_no,
        dice,
        orders: mine.map((order) => ({
          orderNo: order.order_no,
          amount: formatMoney(Number(order.amount)),
          payout: formatMoney(Number(order.payout ?? 0)),
          profit: formatMoney(Number(order.payout ?? 0) - Number(order.amount)),
        })),
        payout: formatMoney(payout),
        profit: formatMoney(payout - amount),
      },
    };
  });
  return [periodEvent({ ...row, dice: dice.join(',') }, 'drawn'), ...settled, ...(await chasesStoppedBy(trx, row, now))];
}

/**
 * What the runner tells of periods: their creation and draw in those
 * transactions, published once committed; and the current period's status
 * as the clock gives it (open, then locked), told once whichever instance
 * gets there first: a status has no row of its own to change, so its event
 * is written under a key. Each instance remembers the last status it saw
 * told, so a round asks the database nothing while the status stays.
 */
export function periodAnnouncements(db: Kysely<Database>, events: LiveEvents) {
  const publish = () => events.publish();
  const created: Announcement<[PeriodsTable]> = { write: (trx, row) => events.write(trx, [createdEvent(row, row.created_at)], row.created_at), publish };
  const drawnAt = (now: number): Announcement<[PeriodsTable, Dice]> => ({ write: async (trx, row, dice) => events.write(trx, await drawnEvents(trx, row, dice, now), now), publish });
  const told = new Map<string, string>();

  async function status(projectId: string, window: PeriodWindow, now: number): Promise<void> {
    const onceKey = `period:${projectId}:${window.periodNo}:${now < window.locksAt ? 'open' : 'locked'}`;
    if (told.get(projectId) === onceKey) return;
    const row = await db.selectFrom('periods').selectAll().where('project_id', '=', projectId).where('period_no', '=', window.periodNo).executeTakeFirst();
    if (!row || statusAt(row, now) === 'drawn' || statusAt(row, now) === 'upcoming') return;
    if (!(await events.isWritten(onceKey))) {
      await db.transaction().execute((trx) => events.write(trx, [periodEvent(row, statusAt(row, now), onceKey)], now));
      publish();
    }
    told.set(projectId, onceKey);
  }
  return { created, drawnAt, status };
}
