import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderProofOf, ordersRootOf } from './orders-root.js';

/*
 * The scripts of docs/fairness.md for the orders root and the beacon, run
 * with plain Node on the vectors the page gives: a reader who copies them
 * gets the answers the page promises.
 */

const repoRoot = new URL('../../../../', import.meta.url);
const doc = fs.readFileSync(new URL('docs/fairness.md', repoRoot), 'utf8');

/** The page's script whose first line names it. */
function script(name: string): string {
  const found = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((body) => body.startsWith(`// ${name}`));
  if (!found) throw new Error(`docs/fairness.md has no ${name}`);
  return found;
}

/** Runs a script from inside node_modules, so its `import '@noble/curves/…'` resolves as after `npm install`. */
function run(name: string, args: string[]): string {
  const dir = fs.mkdtempSync(path.join(new URL('node_modules', repoRoot).pathname, '.fairness-doc-'));
  try {
    fs.writeFileSync(path.join(dir, name), script(name));
    return execFileSync(process.execPath, [path.join(dir, name), ...args], { encoding: 'utf8' }).trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ORDERS = [
  { orderNo: 'O3', option: 'big', quantity: 2, amount: '2.00' },
  { orderNo: 'O1', option: 'sum-10', quantity: 1, amount: '1.00' },
  { orderNo: 'O5', option: 'triple-6', quantity: 3, amount: '3.00' },
  { orderNo: 'O2', option: 'small', quantity: 10, amount: '10.00' },
  { orderNo: 'O4', option: 'odd', quantity: 1, amount: '1.00' },
];

describe('the scripts of docs/fairness.md', () => {
  it('check-order.mjs proves each order of the vectors in the published root, and no other', () => {
    const root = ordersRootOf(ORDERS);
    expect(doc).toContain(root);
    for (const order of ORDERS) {
      expect(run('check-order.mjs', [JSON.stringify(order), JSON.stringify(orderProofOf(ORDERS, order.orderNo)), root])).toBe('your order is in the locked set');
    }
    const changed = { ...ORDERS[0]!, amount: '2.01' };
    expect(run('check-order.mjs', [JSON.stringify(changed), JSON.stringify(orderProofOf(ORDERS, 'O3')), root])).toBe('the proof DOES NOT hold');
    expect(run('check-order.mjs', [JSON.stringify(ORDERS[0]), JSON.stringify(orderProofOf(ORDERS, 'O3')), ordersRootOf(ORDERS.slice(1))])).toBe('the proof DOES NOT hold');
  });

  it('check-round.mjs checks quicknet round 1000 and gives the dice the page states', () => {
    const publicKey = /public key\n`([0-9a-f]{192})`/.exec(doc)![1]!;
    const signature = /round 1000: signature\n`([0-9a-f]{96})`/.exec(doc)![1]!;
    const randomness = /randomness `([0-9a-f]{64})`/.exec(doc)![1]!;
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const hash = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
    const args = ['fast3-1m', '202611230001', hash, seed, '1000', randomness, signature, publicKey];
    expect(run('check-round.mjs', args)).toBe('signature checks; randomness matches; hash matches; dice 1 5 4 (sum 10)');
    expect(doc).toContain('the dice are **1 5 4**');
    const otherRound = [...args];
    otherRound[4] = '1001';
    expect(run('check-round.mjs', otherRound)).toMatch(/^signature DOES NOT check/);
  });
});
