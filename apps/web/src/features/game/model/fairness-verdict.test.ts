import { checkPeriod } from '@wallet/contract/game';
import { describe, expect, it } from 'vitest';
import { fairnessVerdict } from './fairness-verdict';

// The first vector of docs/fairness.md.
const published = {
  projectId: 'fast3-1m',
  periodNo: '202611230001',
  serverSeedHash: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  dice: [1, 2, 3] as const,
};

describe('the fairness verdict of a period', () => {
  it('is verified when the seed hashes to the published hash and gives the announced dice', async () => {
    expect(fairnessVerdict(await checkPeriod(published))).toBe('verified');
  });

  it('names what did not match', async () => {
    expect(fairnessVerdict(await checkPeriod({ ...published, dice: [1, 2, 4] }))).toBe('diceMismatch');
    expect(fairnessVerdict(await checkPeriod({ ...published, serverSeedHash: '0'.repeat(64) }))).toBe('hashMismatch');
    expect(fairnessVerdict(await checkPeriod({ ...published, serverSeed: 'not a seed' }))).toBe('bothMismatch');
  });
});
