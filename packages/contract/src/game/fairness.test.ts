import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPeriod, drawDice, seedFromHex, seedHash, toHex } from './fairness.js';

const doc = fs.readFileSync(new URL('../../../../docs/fairness.md', import.meta.url), 'utf8');

/** The vectors table of docs/fairness.md: seed, hash, dice. */
const VECTORS = [...doc.matchAll(/^\| `([0-9a-f]{64})` \| `([0-9a-f]{64})` \| (\d) (\d) (\d)/gm)].map((m) => ({
  seed: m[1]!,
  hash: m[2]!,
  dice: [Number(m[3]), Number(m[4]), Number(m[5])],
}));
const PROJECT = 'fast3-1m';
const PERIOD = '202611230001';

/** The algorithm written again from PRODUCT §6 with Node's own crypto, to check the Web Crypto one against. */
function independentDice(seed: Buffer, projectId: string, periodNo: string): number[] {
  const dice: number[] = [];
  for (let block = 0; dice.length < 3; block += 1) {
    const message = `${projectId}:${periodNo}${block === 0 ? '' : `:${block}`}`;
    for (const byte of createHmac('sha256', seed).update(message, 'utf8').digest()) if (byte < 252 && dice.length < 3) dice.push((byte % 6) + 1);
  }
  return dice;
}

describe('the fair draw', () => {
  it('gives the dice and hashes of the published test vectors', async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(4);
    for (const vector of VECTORS) {
      const seed = seedFromHex(vector.seed)!;
      expect(await seedHash(seed)).toBe(vector.hash);
      expect(await drawDice(seed, PROJECT, PERIOD)).toEqual(vector.dice);
    }
  });

  it('agrees with an independent implementation on 2 000 random seeds and periods', async () => {
    for (let i = 0; i < 2000; i += 1) {
      const seed = randomBytes(32);
      const periodNo = `2026112${i % 10}${String(i).padStart(4, '0')}`;
      expect(await drawDice(new Uint8Array(seed), 'p-1', periodNo)).toEqual(independentDice(seed, 'p-1', periodNo));
      if (i % 100 === 0) expect(await seedHash(new Uint8Array(seed))).toBe(createHash('sha256').update(seed).digest('hex'));
    }
  });

  it('gives every face about equally often', async () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 2000; i += 1) for (const die of await drawDice(new Uint8Array(randomBytes(32)), 'p', String(i))) counts[die - 1]! += 1;
    // 6000 dice: each face 1000 ± a generous 200.
    for (const count of counts) expect(count).toBeGreaterThan(800);
    for (const count of counts) expect(count).toBeLessThan(1200);
  });

  it('lets anyone check a period: a wrong seed, hash or dice shows', async () => {
    const seed = new Uint8Array(randomBytes(32));
    const period = { projectId: PROJECT, periodNo: PERIOD, serverSeed: toHex(seed), serverSeedHash: await seedHash(seed), dice: await drawDice(seed, PROJECT, PERIOD) };
    expect(await checkPeriod(period)).toEqual({ hashMatches: true, diceMatch: true });
    const otherDice = [(period.dice[0] % 6) + 1, period.dice[1], period.dice[2]] as const;
    expect(await checkPeriod({ ...period, dice: otherDice })).toEqual({ hashMatches: true, diceMatch: false });
    expect((await checkPeriod({ ...period, serverSeedHash: '0'.repeat(64) })).hashMatches).toBe(false);
    expect(await checkPeriod({ ...period, serverSeed: 'not hex' })).toEqual({ hashMatches: false, diceMatch: false });
  });

  it("matches the script in docs/fairness.md, run with plain Node", () => {
    const script = /```js\n([\s\S]*?)```/.exec(doc)![1]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairness-'));
    const file = path.join(dir, 'check.mjs');
    fs.writeFileSync(file, script);
    try {
      for (const vector of VECTORS) {
        const out = execFileSync(process.execPath, [file, PROJECT, PERIOD, vector.hash, vector.seed], { encoding: 'utf8' });
        expect(out.trim()).toBe(`hash matches; dice ${vector.dice.join(' ')} (sum ${vector.dice.reduce((a, b) => a + b, 0)})`);
      }
      const tampered = execFileSync(process.execPath, [file, PROJECT, PERIOD, '0'.repeat(64), VECTORS[0]!.seed], { encoding: 'utf8' });
      expect(tampered).toMatch(/DOES NOT match/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
