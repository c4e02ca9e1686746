import type { Kysely } from 'kysely';
import { orderProofOf, ordersRootOf } from '@wallet/contract/game';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { leavesOf, lockPeriod } from './period-lock.js';

/**
 * The path from one of the user's orders to the root its period fixed at the
 * lock (PRODUCT §6): rebuilt from the orders as they are, and answered only
 * when that gives the root published, so a proof never vouches for a set
 * that changed.
 */
export async function orderProof(db: Kysely<Database>, userId: string, orderNo: string, now: number) {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('periods as p', (join) => join.onRef('p.project_id', '=', 'o.project_id').onRef('p.period_no', '=', 'o.period_no'))
    .select(['o.project_id', 'o.period_no', 'p.locks_at', 'p.orders_root'])
    .where('o.order_no', '=', orderNo)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND');
  if (order.orders_root === null) {
    if (now < Number(order.locks_at)) throw new AppError('PERIOD_NOT_LOCKED');
    // Its lock time has come and no round has fixed the root yet: this call does.
    await lockPeriod(db, order, now);
  }
  const { root } = await db.selectFrom('periods').select('orders_root as root').where('project_id', '=', order.project_id).where('period_no', '=', order.period_no).executeTakeFirstOrThrow();
  const { leaves } = await leavesOf(db, order);
  const proof = orderProofOf(leaves, orderNo);
  if (!proof || root === null || proof.root !== root || ordersRootOf(leaves) !== root) throw new Error(`period ${order.project_id}/${order.period_no}: its orders no longer give the root fixed at the lock`);
  return proof;
}
