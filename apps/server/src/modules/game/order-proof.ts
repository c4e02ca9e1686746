import type { Kysely } from 'kysely';
import { ordersTree, type OrdersTree } from '@wallet/contract/game';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { leavesOf, lockPeriod } from './period-lock.js';

/** Trees of locked periods kept: a locked set never changes, and proofs are asked for around the draw. */
const TREES_KEPT = 32;

/**
 * The proofs of the users' orders (PRODUCT §6): the path from an order to the
 * root its period fixed at the lock. Each locked period's tree is built once
 * from its orders as they are, and kept only when it gives the root
 * published, so a proof never vouches for a set that changed.
 */
export function createOrderProofs(db: Kysely<Database>) {
  const trees = new Map<string, OrdersTree>();

  async function treeOf(period: { project_id: string; period_no: string }): Promise<OrdersTree> {
    const key = `${period.project_id}/${period.period_no}`;
    const kept = trees.get(key);
    if (kept) return kept;
    const { root } = await db.selectFrom('periods').select('orders_root as root').where('project_id', '=', period.project_id).where('period_no', '=', period.period_no).executeTakeFirstOrThrow();
    const tree = ordersTree((await leavesOf(db, period)).leaves);
    if (root === null || tree.root !== root) throw new Error(`period ${key}: its orders no longer give the root fixed at the lock`);
    if (trees.size >= TREES_KEPT) trees.delete(trees.keys().next().value!);
    trees.set(key, tree);
    return tree;
  }

  return {
    async prove(userId: string, orderNo: string, now: number) {
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
      return (await treeOf(order)).proofOf(orderNo)!;
    },
  };
}

export type OrderProofs = ReturnType<typeof createOrderProofs>;
