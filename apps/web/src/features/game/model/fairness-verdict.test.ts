import { beaconSignatureHolds } from '@wallet/contract/game/beacon-signature';
import { orderProofOf, ordersRootOf, type OrderProof } from '@wallet/contract/game';
import { describe, expect, it } from 'vitest';
import { fairnessVerdict, type NamedCheck } from './fairness-verdict';
import { verifyPeriod, type VerifiablePeriod, type VerifySources } from './verify-period';

// The first vector of docs/fairness.md, and drand quicknet's round 1000 mixed into the same seed (contract's beacon.test.ts).
const SEED = { serverSeedHash: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd', serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f' };
const QUICKNET_KEY =
  '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
const QUICKNET = { publicKey: QUICKNET_KEY, genesisTime: 1_692_803_367, period: 3 };
/** A second before round 1000's time: the lock that round 1000 is the first round after. */
const LOCKS_BEFORE_1000 = (1_692_803_367 + 999 * 3) * 1000 - 1000;
const ROUND_1000 = {
  beaconRound: 1000,
  beaconSignature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  beaconRandomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};

const mine = [
  { orderNo: 'G202611230001B', option: 'big', quantity: 2, amount: '2.00' },
  { orderNo: 'G202611230001D', option: 'sum-9', quantity: 1, amount: '1.00' },
];
const everyone = [...mine, { orderNo: 'G202611230001A', option: 'small', quantity: 5, amount: '5.00' }, { orderNo: 'G202611230001C', option: 'odd', quantity: 1, amount: '1.00' }];
const ROOT = ordersRootOf(everyone);

const plain: VerifiablePeriod = { projectId: 'fast3-1m', periodNo: '202611230001', locksAt: LOCKS_BEFORE_1000, ...SEED, dice: [1, 2, 3], ordersRoot: ROOT, orderCount: 4, beaconRound: null, beaconRandomness: null, beaconSignature: null };
const withBeacon: VerifiablePeriod = { ...plain, dice: [1, 5, 4], ...ROUND_1000 };

const proofOf = async (orderNo: string) => orderProofOf(everyone, orderNo)!;

function sources(changes: Partial<VerifySources> = {}): VerifySources & { signatureLoads: number } {
  const counted = {
    signatureLoads: 0,
    beacon: async () => QUICKNET,
    loadSignatureCheck: async () => {
      counted.signatureLoads += 1;
      return beaconSignatureHolds;
    },
    myOrders: async () => mine,
    proofOf,
    ...changes,
  };
  return counted;
}

const byName = (checks: NamedCheck[]) => Object.fromEntries(checks.map((check) => [check.name, check]));
const outcomes = (checks: NamedCheck[]) => Object.fromEntries(checks.map((check) => [check.name, check.outcome]));
const failOne = (proof: OrderProof, change: Partial<OrderProof>) => ({ ...proof, ...change });

describe('verifying a drawn period', () => {
  it('holds on every check: the seed, the dice, the beacon round and the viewer’s orders in the locked set', async () => {
    const checks = await verifyPeriod(withBeacon, sources());
    expect(checks.map((check) => check.name)).toEqual(['seedHash', 'dice', 'beaconSignature', 'ordersInSet']);
    expect(fairnessVerdict(checks)).toBe('verified');
    expect(byName(checks).ordersInSet).toEqual({ name: 'ordersInSet', outcome: 'holds', params: { mine: 2, total: 4 } });
    expect(byName(checks).beaconSignature).toEqual({ name: 'beaconSignature', outcome: 'holds', params: { round: 1000 } });
  });

  it('without a beacon round downloads no signature check and shows no beacon line', async () => {
    const source = sources();
    const checks = await verifyPeriod(plain, source);
    expect(checks.map((check) => check.name)).toEqual(['seedHash', 'dice', 'ordersInSet']);
    expect(fairnessVerdict(checks)).toBe('verified');
    expect(source.signatureLoads).toBe(0);
  });

  it('shows only the other checks to a viewer without orders in the period, or for a period drawn before roots were kept', async () => {
    expect((await verifyPeriod(plain, sources({ myOrders: async () => [] }))).map((check) => check.name)).toEqual(['seedHash', 'dice']);
    expect((await verifyPeriod({ ...plain, ordersRoot: null, orderCount: null }, sources())).map((check) => check.name)).toEqual(['seedHash', 'dice']);
  });

  it('names a seed that does not hash to the published hash, and dice the seed does not give', async () => {
    const badHash = await verifyPeriod({ ...plain, serverSeedHash: '0'.repeat(64) }, sources());
    expect(byName(badHash).seedHash).toMatchObject({ outcome: 'fails', problem: 'hashMismatch' });
    expect(byName(badHash).dice!.outcome).toBe('holds');
    expect(fairnessVerdict(badHash)).toBe('failed');

    const badDice = await verifyPeriod({ ...plain, dice: [1, 2, 4] }, sources());
    expect(outcomes(badDice)).toMatchObject({ seedHash: 'holds', dice: 'fails' });
    expect(byName(badDice).dice!.problem).toBe('diceMismatch');

    const notASeed = await verifyPeriod({ ...plain, serverSeed: 'not a seed' }, sources());
    expect(outcomes(notASeed)).toMatchObject({ seedHash: 'fails', dice: 'fails' });
  });

  it('takes the dice with the round’s randomness: the same dice without it do not match', async () => {
    const checks = await verifyPeriod({ ...withBeacon, dice: [1, 2, 3] }, sources());
    expect(byName(checks).dice).toMatchObject({ outcome: 'fails', problem: 'diceMismatch', params: { round: 1000 } });
  });

  it('fails a signature that is not the beacon’s for the round', async () => {
    const otherRound = await verifyPeriod({ ...withBeacon, beaconRound: 1001 }, sources());
    expect(byName(otherRound).beaconSignature).toEqual({ name: 'beaconSignature', outcome: 'fails', problem: 'signatureInvalid', params: { round: 1001 } });
    const otherKey = await verifyPeriod(withBeacon, sources({ beacon: async () => ({ ...QUICKNET, publicKey: '00'.repeat(96) }) }));
    expect(byName(otherKey).beaconSignature!.problem).toBe('signatureInvalid');
  });

  it('fails a true round that is not the one the rules fix, the first a second after the lock', async () => {
    const lockedEarlier = await verifyPeriod({ ...withBeacon, locksAt: LOCKS_BEFORE_1000 - 3000 }, sources());
    expect(byName(lockedEarlier).beaconSignature).toEqual({ name: 'beaconSignature', outcome: 'fails', problem: 'roundNotFixed', params: { round: 1000, expected: 999 } });
    expect(fairnessVerdict(lockedEarlier)).toBe('failed');
    const noTiming = await verifyPeriod(withBeacon, sources({ beacon: async () => ({ ...QUICKNET, genesisTime: null, period: null }) }));
    expect(byName(noTiming).beaconSignature).toMatchObject({ outcome: 'unchecked', problem: 'loadFailed' });
  });

  it('fails randomness mixed into the dice with no round named for it', async () => {
    const checks = await verifyPeriod({ ...withBeacon, beaconRound: null, beaconSignature: null }, sources());
    expect(byName(checks).beaconSignature).toEqual({ name: 'beaconSignature', outcome: 'fails', problem: 'roundMissing' });
    expect(fairnessVerdict(checks)).toBe('failed');
  });

  it('fails more of the viewer’s orders than the whole set fixed at the lock', async () => {
    const checks = await verifyPeriod({ ...plain, orderCount: 1 }, sources());
    expect(byName(checks).ordersInSet).toMatchObject({ outcome: 'fails', problem: 'moreThanLocked', params: { mine: 2, total: 1 } });
  });

  it('fails randomness that is not the signature’s SHA-256, even when the dice follow from it', async () => {
    const checks = await verifyPeriod({ ...withBeacon, beaconRandomness: '0'.repeat(64) }, sources());
    expect(byName(checks).beaconSignature).toMatchObject({ outcome: 'fails', problem: 'randomnessMismatch' });
  });

  it('fails a drawn period that names a round but shows no signature for it', async () => {
    const checks = await verifyPeriod({ ...withBeacon, beaconSignature: null }, sources());
    expect(byName(checks).beaconSignature).toMatchObject({ outcome: 'fails', problem: 'beaconMissing' });
  });

  it('cannot check the signature when the server names no key, or the check does not download: incomplete, not failed', async () => {
    const noKey = await verifyPeriod(withBeacon, sources({ beacon: async () => null }));
    expect(byName(noKey).beaconSignature).toMatchObject({ outcome: 'unchecked', problem: 'noBeaconKey' });
    expect(fairnessVerdict(noKey)).toBe('incomplete');
    const offline = await verifyPeriod(withBeacon, sources({ loadSignatureCheck: () => Promise.reject(new Error('chunk failed')) }));
    expect(byName(offline).beaconSignature).toMatchObject({ outcome: 'unchecked', problem: 'loadFailed' });
  });

  it('fails an order whose proof is for other fields than the order’s own', async () => {
    const checks = await verifyPeriod(plain, sources({ myOrders: async () => [mine[0]!, { ...mine[1]!, quantity: 9 }] }));
    expect(byName(checks).ordersInSet).toEqual({ name: 'ordersInSet', outcome: 'fails', problem: 'leafMismatch', params: { mine: 2, total: 4, orderNo: mine[1]!.orderNo } });
  });

  it('fails an order whose proof does not climb to its root', async () => {
    const broken = async (orderNo: string) => {
      const proof = await proofOf(orderNo);
      return failOne(proof, { path: proof.path.map((step, i) => (i === 0 ? { ...step, hash: 'ab'.repeat(32) } : step)) });
    };
    const checks = await verifyPeriod(plain, sources({ proofOf: broken }));
    expect(byName(checks).ordersInSet).toMatchObject({ outcome: 'fails', problem: 'proofBroken' });
  });

  it('fails an order proven into another set than the one published at the lock', async () => {
    const elsewhere = async (orderNo: string) => orderProofOf([...everyone, { orderNo: 'G202611230001E', option: 'even', quantity: 1, amount: '1.00' }], orderNo)!;
    const checks = await verifyPeriod(plain, sources({ proofOf: elsewhere }));
    expect(byName(checks).ordersInSet).toMatchObject({ outcome: 'fails', problem: 'rootMismatch' });
    const published = await verifyPeriod({ ...plain, ordersRoot: 'ab'.repeat(32) }, sources());
    expect(byName(published).ordersInSet).toMatchObject({ outcome: 'fails', problem: 'rootMismatch' });
  });

  it('leaves the orders unchecked when they or a proof could not be loaded', async () => {
    const noOrders = await verifyPeriod(plain, sources({ myOrders: () => Promise.reject(new Error('offline')) }));
    expect(byName(noOrders).ordersInSet).toMatchObject({ outcome: 'unchecked', problem: 'loadFailed' });
    const noProof = await verifyPeriod(plain, sources({ proofOf: () => Promise.reject(new Error('offline')) }));
    expect(byName(noProof).ordersInSet).toMatchObject({ outcome: 'unchecked', problem: 'loadFailed', params: { orderNo: mine[0]!.orderNo } });
    expect(fairnessVerdict(noProof)).toBe('incomplete');
  });
});
