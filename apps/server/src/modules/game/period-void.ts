import { sql, type Kysely } from 'kysely';
import type { VoidReason } from '@wallet/contract';
import type { DialectName } from '../../db/database.js';
import { updateRows } from '../../db/bulk-rows.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { postTransfersInBulk } from '../../ledger/bulk-transfer.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { writeMessages, type MessageDraft } from '../messages/index.js';
import type { EventDraft, LiveEvents } from '../events/index.js';
import { lockChases } from './chase-rows.js';
import { periodEvent } from './period-events.js';
import { assertSettledTheRoot } from './periods.js';
import { chaseFinishedMessages, projectName } from './result-messages.js';

type Order = { order_no: string; user_id: string; amount: number | string };

/** A placed chased period of a void period ends skipped, its orders refunded with everyone's. */
async function endChasedPeriods(trx: Kysely<Database>, dialect: DialectName, period: PeriodsTable, now: number): Promise<string[]> {
  const placed = await trx
    .selectFrom('chase_periods')
    .select('chase_no')
    .where('project_id', '=', period.project_id)
    .where('period_no', '=', period.period_no)
    .where('state', '=', 'placed')
    .execute();
  const chaseNos = [...new Set(placed.map((row) => row.chase_no))].sort();
  await lockChases(trx, dialect, chaseNos);
  if (chaseNos.length > 0) {
    await trx
      .updateTable('chase_periods')
      .set({ state: 'skipped', reason: 'PERIOD_VOID', ended_at: now })
      .where('project_id', '=', period.project_id)
      .where('period_no', '=', period.period_no)
      .where('state', '=', 'placed')
      .execute();
  }
  return chaseNos;
}

/** One message and one balance event per user: what came back. */
async function refundNotices(trx: Kysely<Database>, period: PeriodsTable, orders: Order[]): Promise<{ messages: MessageDraft[]; events: EventDraft[] }> {
  const byUser = new Map<string, number>();
  for (const order of orders) byUser.set(order.user_id, (byUser.get(order.user_id) ?? 0) + Number(order.amount));
  const project = await projectName(trx, period.project_id);
  const reference = `${period.project_id}/${period.period_no}`;
  return {
    messages: [...byUser].map(([userId, amount]) => ({ userId, ref: reference, kind: 'period_void', params: { ...project, periodNo: period.period_no, amount } })),
    events: [...byUser.keys()].map((userId) => ({ type: 'balance', userId, data: { cause: 'order_voided', reference } })),
  };
}

/**
 * A period whose beacon round could not be had in time (PRODUCT §6): void,
 * every order refunded in full (game → available, whichever way it was
 * paid), its seed still revealed, the reason kept. The same guarded UPDATE
 * as the draw's (`drawn_at is null`) decides between them, so a period is
 * drawn or void, once, whichever instance gets there; and only a locked
 * period, so exactly the orders of its root come back.
 */
export async function voidPeriod(db: Kysely<Database>, dialect: DialectName, row: PeriodsTable, reason: VoidReason, now: number, events?: LiveEvents): Promise<boolean> {
  const voided = await moneyTransaction(db, async (trx) => {
    const update = await trx
      .updateTable('periods')
      .set({ drawn_at: now, void_reason: reason })
      .where('project_id', '=', row.project_id)
      .where('period_no', '=', row.period_no)
      .where('drawn_at', 'is', null)
      .where('orders_root', 'is not', null)
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) !== 1) return false;
    const orders = await trx
      .selectFrom('orders')
      .select(['order_no', 'user_id', 'amount'])
      .where('project_id', '=', row.project_id)
      .where('period_no', '=', row.period_no)
      .where('settled_at', 'is', null)
      .orderBy('user_id')
      .orderBy('order_no')
      .execute();
    // Chases before accounts, as every change of a chase takes them.
    const chaseNos = await endChasedPeriods(trx, dialect, row, now);
    await postTransfersInBulk(
      trx,
      dialect,
      orders.map((order) => ({ kind: 'order_voided', userId: order.user_id, reference: order.order_no, postings: MOVEMENTS.order_voided(order.user_id, Number(order.amount)) })),
      now,
    );
    await updateRows(
      trx,
      dialect,
      'orders',
      'order_no',
      'payout',
      orders.map((order) => [order.order_no, Number(order.amount)]),
      sql`, settled_at = ${now}`,
    );
    await assertSettledTheRoot(trx, row, orders.length);
    const notices = await refundNotices(trx, row, orders);
    await writeMessages(trx, [...notices.messages, ...(await chaseFinishedMessages(trx, chaseNos))], now);
    await events?.write(trx, [periodEvent({ ...row, drawn_at: now, void_reason: reason }, 'void'), ...notices.events], now);
    return true;
  });
  if (voided) events?.publish();
  return voided;
}
