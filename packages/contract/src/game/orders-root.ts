import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The orders root (PRODUCT §6): a binary Merkle tree (SHA-256) over the
 * orders of a period as they stood at its lock. Leaves: SHA-256 of the UTF-8
 * text `orderNo:option:quantity:amount` (amount as the API writes money,
 * e.g. "10.00"), sorted by orderNo; a parent is SHA-256 of its left child's
 * 32 bytes then its right child's; a level with an odd count carries its
 * last node up unchanged; no orders: SHA-256 of the empty text.
 */

export interface OrderLeafFields {
  orderNo: string;
  option: string;
  quantity: number;
  /** Two decimals, as on the wire. */
  amount: string;
}

/** One step up from a leaf: `side` is where `hash` sits beside the node climbing. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

export interface OrderProof {
  leaf: string;
  path: ProofStep[];
  root: string;
}

export const orderLeafText = (order: OrderLeafFields) => `${order.orderNo}:${order.option}:${order.quantity}:${order.amount}`;

export const orderLeaf = (order: OrderLeafFields): Uint8Array => sha256(utf8ToBytes(orderLeafText(order)));

const parentOf = (left: Uint8Array, right: Uint8Array) => {
  const both = new Uint8Array(64);
  both.set(left, 0);
  both.set(right, 32);
  return sha256(both);
};

const byOrderNo = <T extends { orderNo: string }>(orders: readonly T[]) => [...orders].sort((a, b) => (a.orderNo < b.orderNo ? -1 : a.orderNo > b.orderNo ? 1 : 0));

/** Every level of the tree, leaves first, the root last. */
function levelsOf(leaves: Uint8Array[]): Uint8Array[][] {
  const levels = [leaves];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const level: Uint8Array[] = [];
    for (let i = 0; i < below.length; i += 2) level.push(i + 1 < below.length ? parentOf(below[i]!, below[i + 1]!) : below[i]!);
    levels.push(level);
  }
  return levels;
}

export interface OrdersTree {
  root: string;
  /** The path from one order's leaf to the root; undefined when the order is not among them. */
  proofOf(orderNo: string): OrderProof | undefined;
}

/** The tree of a set of orders, built once: its root, and the proof of any of its orders. */
export function ordersTree(orders: readonly OrderLeafFields[]): OrdersTree {
  if (orders.length === 0) return { root: bytesToHex(sha256(new Uint8Array(0))), proofOf: () => undefined };
  const sorted = byOrderNo(orders);
  const positions = new Map(sorted.map((order, index) => [order.orderNo, index]));
  const levels = levelsOf(sorted.map(orderLeaf));
  const root = bytesToHex(levels[levels.length - 1]![0]!);
  return {
    root,
    proofOf(orderNo) {
      const position = positions.get(orderNo);
      if (position === undefined) return undefined;
      const path: ProofStep[] = [];
      let index = position;
      for (const level of levels.slice(0, -1)) {
        const sibling = index % 2 === 0 ? index + 1 : index - 1;
        if (sibling < level.length) path.push({ side: index % 2 === 0 ? 'right' : 'left', hash: bytesToHex(level[sibling]!) });
        index = Math.floor(index / 2);
      }
      return { leaf: bytesToHex(levels[0]![position]!), path, root };
    },
  };
}

export const ordersRootOf = (orders: readonly OrderLeafFields[]): string => ordersTree(orders).root;

export const orderProofOf = (orders: readonly OrderLeafFields[], orderNo: string): OrderProof | undefined => ordersTree(orders).proofOf(orderNo);

/** The proof climbs from its leaf to its root; malformed hex never holds. */
export function proofHolds(proof: OrderProof): boolean {
  try {
    let node = hexToBytes(proof.leaf);
    for (const step of proof.path) {
      const hash = hexToBytes(step.hash);
      if (hash.length !== 32) return false;
      node = step.side === 'left' ? parentOf(hash, node) : parentOf(node, hash);
    }
    return node.length === 32 && bytesToHex(node) === proof.root.toLowerCase();
  } catch {
    return false;
  }
}
