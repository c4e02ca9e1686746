import type { Kysely } from 'kysely';
import type { ChaseOutcome } from '@wallet/contract';
import type { Dice } from '@wallet/contract/game';
import type { Database, PeriodsTable } from '../../db/schema.js';
import type { MessageDraft } from '../messages/index.js';
import type { ProjectNames } from './projects.js';

/** The project's name as the message was made: the operator's, and per language (read in the reader's, see renderMessage). */
export async function projectName(trx: Kysely<Database>, projectId: string): Promise<{ project: string; projectNames?: ProjectNames }> {
  const row = await trx.selectFrom('projects').select(['name', 'names']).where('id', '=', projectId).executeTakeFirst();
  if (!row) return { project: projectId };
  return row.names ? { project: row.name, projectNames: JSON.parse(row.names) as ProjectNames } : { project: row.name };
}

/** One message per user who ordered in the period: what they ordered, what it paid, and so the net result. */
export async function periodResultMessages(
  trx: Kysely<Database>,
  period: Pick<PeriodsTable, 'project_id' | 'period_no'>,
  dice: Dice,
  orders: { user_id: string; amount: number | string; payout: number }[],
): Promise<MessageDraft[]> {
  const byUser = new Map<string, { amount: number; payout: number }>();
  for (const order of orders) {
    const sums = byUser.get(order.user_id) ?? { amount: 0, payout: 0 };
    byUser.set(order.user_id, { amount: sums.amount + Number(order.amount), payout: sums.payout + order.payout });
  }
  const project = await projectName(trx, period.project_id);
  return [...byUser].map(([userId, { amount, payout }]) => ({
    userId,
    ref: `${period.project_id}/${period.period_no}`,
    kind: 'order_result',
    params: { ...project, periodNo: period.period_no, dice: `${dice[0]} · ${dice[1]} · ${dice[2]}`, amount, payout },
  }));
}

function outcomeOf(reasons: (string | null)[]): ChaseOutcome {
  if (reasons.includes('STOPPED_ON_WIN')) return 'stopped';
  return reasons.includes('CANCELLED') || reasons.includes('SELF_EXCLUDED') ? 'cancelled' : 'completed';
}

/**
 * The message of each of these chases that has just ended: none of its
 * periods waits or is placed any more. Asked by whatever just ended a chased
 * period (the draw, a skip, a cancel) in its transaction, holding the chase's
 * lock, so exactly one of them sees the last period end.
 */
export async function chaseFinishedMessages(trx: Kysely<Database>, chaseNos: string[]): Promise<MessageDraft[]> {
  if (chaseNos.length === 0) return [];
  const periods = await trx
    .selectFrom('chase_periods as cp')
    .innerJoin('chases as c', 'c.chase_no', 'cp.chase_no')
    .select(['cp.chase_no', 'cp.state', 'cp.reason', 'cp.amount', 'cp.payout', 'c.user_id', 'c.project_id'])
    .where('cp.chase_no', 'in', [...new Set(chaseNos)])
    .orderBy('cp.chase_no')
    .execute();
  const drafts: MessageDraft[] = [];
  for (const chaseNo of [...new Set(chaseNos)].sort()) {
    const own = periods.filter((period) => period.chase_no === chaseNo);
    if (own.length === 0 || own.some((period) => period.state === 'waiting' || period.state === 'placed')) continue;
    const returned = own.filter((period) => period.state === 'skipped' || period.state === 'cancelled').reduce((sum, period) => sum + Number(period.amount), 0);
    drafts.push({
      userId: own[0]!.user_id,
      ref: chaseNo,
      kind: 'chase_finished',
      params: {
        ...(await projectName(trx, own[0]!.project_id)),
        outcome: outcomeOf(own.map((period) => period.reason)),
        periods: own.length,
        payout: own.reduce((sum, period) => sum + Number(period.payout ?? 0), 0),
        returned,
      },
    });
  }
  return drafts;
}

/** The chases that had a period in this draw. */
export async function chasesInPeriod(trx: Kysely<Database>, period: Pick<PeriodsTable, 'project_id' | 'period_no'>): Promise<string[]> {
  const rows = await trx.selectFrom('chase_periods').select('chase_no').where('project_id', '=', period.project_id).where('period_no', '=', period.period_no).where('state', 'in', ['won', 'lost']).execute();
  return rows.map((row) => row.chase_no);
}
