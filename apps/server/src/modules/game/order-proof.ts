import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ordersTree, type OrdersTree } from '@wallet/contract/game';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { leavesOf, lockPeriod } from './period-lock.js';

/** Trees of locked periods kept: a locked set never changes, and proofs are asked for around the draw. */
const TREES_KEPT = 32;

/**
 * The proofs of the users' orders (PRODUCT §6): the path from an order to the
 * root of its period's orders as they are. Each locked period's tree is built
 * once and kept while it gives the root fixed at the lock; should the orders
 * ever give another, the proof says so itself (its root is not the one
 * published, which the client compares) and the log tells the operators.
 */
export function createOrderProofs(db: Kysely<Database>, log: FastifyBaseLogger) {
  const trees = new Map<string, OrdersTree>();

  async function treeOf(period: { project_id: string; period_no: string }, published: string): Promise<OrdersTree> {
    const key = `${period.project_id}/${period.period_no}`;
    const kept = trees.get(key);
    if (kept) return kept;
    const tree = ordersTree((await leavesOf(db, period)).leaves);
    if (tree.root !== published) {
      log.error({ projectId: period.project_id, periodNo: period.period_no, published, now: tree.root }, 'the orders of a locked period no longer give its root');
      return tree;
    }
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
      let root = order.orders_root;
      if (root === null) {
        if (now < Number(order.locks_at)) throw new AppError('PERIOD_NOT_LOCKED');
        // Its lock time has come and no round has fixed the root yet: this call does.
        await lockPeriod(db, order, now);
        root = (await db.selectFrom('periods').select('orders_root').where('project_id', '=', order.project_id).where('period_no', '=', order.period_no).executeTakeFirstOrThrow()).orders_root;
      }
      // A period drawn before roots were kept has none, and so no proof.
      if (root === null) throw new AppError('NOT_FOUND');
      return (await treeOf(order, root)).proofOf(orderNo)!;
    },
  };
}

export type OrderProofs = ReturnType<typeof createOrderProofs>;
