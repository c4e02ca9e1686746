import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { ordersRootOf } from '@wallet/contract/game';
import type { Database, PeriodsTable } from '../../db/schema.js';

type PeriodKey = Pick<PeriodsTable, 'project_id' | 'period_no'>;

/** A period's orders as their leaves name them (PRODUCT §6, "Orders root"), with the total of their amounts in cents. */
export async function leavesOf(db: Kysely<Database>, period: PeriodKey) {
  const orders = await db
    .selectFrom('orders')
    .select(['order_no', 'option_code', 'quantity', 'amount'])
    .where('project_id', '=', period.project_id)
    .where('period_no', '=', period.period_no)
    .execute();
  return {
    leaves: orders.map((order) => ({ orderNo: order.order_no, option: order.option_code, quantity: order.quantity, amount: formatMoney(Number(order.amount)) })),
    totalCents: orders.reduce((sum, order) => sum + Number(order.amount), 0),
  };
}

/**
 * The lock: once its time has come, the period is marked locked and the
 * root of its orders fixed, in one transaction. An order takes the period's
 * row FOR SHARE and goes in only while `locked_at` is null, so on PostgreSQL
 * the UPDATE here waits for orders under way to commit, and the orders read
 * after it (a statement of its own, read committed) are every order there
 * will ever be; an order that comes after waits for this commit and then
 * sees the period locked. SQLite runs one transaction at a time. Exactly one
 * instance fixes the root: the UPDATE's `locked_at is null` decides.
 */
export async function lockPeriod(db: Kysely<Database>, period: PeriodKey, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('periods')
      .set({ locked_at: now })
      .where('project_id', '=', period.project_id)
      .where('period_no', '=', period.period_no)
      .where('locked_at', 'is', null)
      .where('locks_at', '<=', now)
      // A period drawn before roots were kept has none: one made now would vouch for a set nobody fixed at its lock.
      .where('drawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) return false;
    const { leaves, totalCents } = await leavesOf(trx, period);
    await trx
      .updateTable('periods')
      .set({ orders_root: ordersRootOf(leaves), order_count: leaves.length, ordered_amount: totalCents })
      .where('project_id', '=', period.project_id)
      .where('period_no', '=', period.period_no)
      .execute();
    return true;
  });
}

/** Periods past their lock time without a root, oldest first: the lock of each, by whichever instance gets there. */
export async function lockDuePeriods(db: Kysely<Database>, now: number, limit: number, log: FastifyBaseLogger): Promise<number> {
  const due = await db
    .selectFrom('periods')
    .select(['project_id', 'period_no'])
    .where('drawn_at', 'is', null)
    .where('locked_at', 'is', null)
    .where('locks_at', '<=', now)
    .orderBy('locks_at')
    .limit(limit)
    .execute();
  let locked = 0;
  for (const period of due) {
    // One lock that fails holds up no other: it is tried again next round.
    try {
      if (await lockPeriod(db, period, now)) locked += 1;
    } catch (error) {
      log.error({ err: error, projectId: period.project_id, periodNo: period.period_no }, 'period lock failed');
    }
  }
  return locked;
}
