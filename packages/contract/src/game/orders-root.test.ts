import { describe, expect, it } from 'vitest';
import { orderProofOf, ordersRootOf, proofHolds, type OrderLeafFields } from './orders-root.js';

/*
 * The orders root against vectors computed by hand (Python's hashlib, step by
 * step, in docs/fairness.md): the leaves sorted by orderNo whatever order they
 * come in, an odd level carrying its last node up, one order, none.
 */

const ORDERS: OrderLeafFields[] = [
  { orderNo: 'O3', option: 'big', quantity: 2, amount: '2.00' },
  { orderNo: 'O1', option: 'sum-10', quantity: 1, amount: '1.00' },
  { orderNo: 'O5', option: 'triple-6', quantity: 3, amount: '3.00' },
  { orderNo: 'O2', option: 'small', quantity: 10, amount: '10.00' },
  { orderNo: 'O4', option: 'odd', quantity: 1, amount: '1.00' },
];

const ROOTS: [number, string][] = [
  [0, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  [1, '54b910555d6d5b6b2a918e845cf44f318f382e2b6c1ed210ac5da724d1d35c1b'],
  [2, '0813b324f4abd7588ece9ab584368ddd83748f2b3b7695b8d03e523cae1ca453'],
  [3, '0a35c3568f444c898829c3498dad35f9ad2140beedc4f26f915a9dc70511deb3'],
  [5, '6baa526f33013a0a9ea7e7bdd19baf702b10acd62d9e071bbd3b2533c77b5f18'],
];

describe('the orders root', () => {
  it.each(ROOTS)('of the first %i orders is the hand-computed one', (count, root) => {
    expect(ordersRootOf(ORDERS.slice(0, count))).toBe(root);
    expect(ordersRootOf([...ORDERS.slice(0, count)].reverse())).toBe(root);
  });

  it('proves each of five orders with the path the hand computation gives', () => {
    // O5 is alone on the right at the first two levels: carried up, so its one step is the left half's root.
    expect(orderProofOf(ORDERS, 'O5')).toEqual({
      leaf: '5a2d71c5d7b27c9a58dfab99f6ac32a01f46399e7adca8afb4834fad8f406576',
      path: [{ side: 'left', hash: '44452307e2229ef2bcbdf0b7002741c705cb6f84c54f52d4af4a9c56b3462e4c' }],
      root: ROOTS[4]![1],
    });
    expect(orderProofOf(ORDERS, 'O3')).toEqual({
      leaf: '54b910555d6d5b6b2a918e845cf44f318f382e2b6c1ed210ac5da724d1d35c1b',
      path: [
        { side: 'right', hash: '87f244857e7efc8ca01a43434b48a9d095e32b33b1ca4069e4e2a3e84eec6bd2' },
        { side: 'left', hash: '68c36c194816533ba9dae094296ad4dabb72cfda883de83badf4ab38222a3d64' },
        { side: 'right', hash: '5a2d71c5d7b27c9a58dfab99f6ac32a01f46399e7adca8afb4834fad8f406576' },
      ],
      root: ROOTS[4]![1],
    });
    for (const order of ORDERS) expect(proofHolds(orderProofOf(ORDERS, order.orderNo)!)).toBe(true);
    // One order: its leaf is the root, with no step.
    expect(orderProofOf(ORDERS.slice(0, 1), 'O3')).toEqual({ leaf: ROOTS[1]![1], path: [], root: ROOTS[1]![1] });
  });

  it('fails a proof with anything changed, and has none for an order not in the set', () => {
    const proof = orderProofOf(ORDERS, 'O3')!;
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    expect(proofHolds({ ...proof, leaf: flip(proof.leaf) })).toBe(false);
    expect(proofHolds({ ...proof, root: flip(proof.root) })).toBe(false);
    expect(proofHolds({ ...proof, path: proof.path.map((step, i) => (i === 1 ? { ...step, hash: flip(step.hash) } : step)) })).toBe(false);
    expect(proofHolds({ ...proof, path: proof.path.map((step, i) => (i === 0 ? { ...step, side: 'left' as const } : step)) })).toBe(false);
    expect(proofHolds({ ...proof, path: proof.path.slice(1) })).toBe(false);
    expect(proofHolds({ ...proof, leaf: 'not hex' })).toBe(false);
    expect(orderProofOf(ORDERS, 'O9')).toBeUndefined();
  });

  it('changes with any field of any order', () => {
    const root = ordersRootOf(ORDERS);
    expect(ordersRootOf(ORDERS.map((o, i) => (i === 2 ? { ...o, amount: '3.01' } : o)))).not.toBe(root);
    expect(ordersRootOf(ORDERS.map((o, i) => (i === 4 ? { ...o, option: 'even' } : o)))).not.toBe(root);
    expect(ordersRootOf(ORDERS.slice(1))).not.toBe(root);
  });
});
