import { orderLeaf, proofHolds, toHex, type OrderLeafFields, type OrderProof } from '@wallet/contract/game';
import type { CheckProblem, NamedCheck } from './fairness-verdict';

type ProofProblem = Extract<CheckProblem, 'leafMismatch' | 'proofBroken' | 'rootMismatch' | 'loadFailed'>;

export interface OrderInSet {
  orderNo: string;
  /** None: the order is a leaf of the period's published root. */
  problem?: ProofProblem;
}

/**
 * One order is in the set fixed at the lock: its proof starts at the hash of
 * this order's own fields (not another's), climbs to its root, and that root
 * is the one the period published. No proof: it could not be loaded.
 */
export function orderInSet(order: OrderLeafFields, proof: OrderProof | undefined, ordersRoot: string): OrderInSet {
  const problem: ProofProblem | undefined = !proof
    ? 'loadFailed'
    : proof.leaf.toLowerCase() !== toHex(orderLeaf(order))
      ? 'leafMismatch'
      : !proofHolds(proof)
        ? 'proofBroken'
        : proof.root.toLowerCase() !== ordersRoot.toLowerCase()
          ? 'rootMismatch'
          : undefined;
  return problem ? { orderNo: order.orderNo, problem } : { orderNo: order.orderNo };
}

/** All the user's orders of the period are in its set of `total`; the first that is not (or could not be checked) is named. */
export function ordersCheck(orders: readonly OrderInSet[], total: number | null): NamedCheck {
  const counts = { mine: orders.length, total: total ?? orders.length };
  // More of one's own orders than the whole set fixed at the lock: some were left out of it.
  if (counts.mine > counts.total) return { name: 'ordersInSet', outcome: 'fails', problem: 'moreThanLocked', params: counts };
  const failed = orders.find((order) => order.problem !== undefined && order.problem !== 'loadFailed');
  if (failed) return { name: 'ordersInSet', outcome: 'fails', problem: failed.problem!, params: { ...counts, orderNo: failed.orderNo } };
  const unloaded = orders.find((order) => order.problem === 'loadFailed');
  if (unloaded) return { name: 'ordersInSet', outcome: 'unchecked', problem: 'loadFailed', params: { ...counts, orderNo: unloaded.orderNo } };
  return { name: 'ordersInSet', outcome: 'holds', params: counts };
}
