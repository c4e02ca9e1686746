import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  beaconRandomnessHolds,
  beaconRoundFor,
  beaconSignatureHolds,
  diceFromMessageStream,
  diceOf,
  leafOf,
  orderLeafText,
  ordersRootOf,
  proofHolds,
  seedMatchesHash,
  type OrderLeafInput,
  type OrderProof,
} from './independent-fairness-client.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_HASH = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

// drand quicknet, round 1000, as published by api.drand.sh.
const QUICKNET = {
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
  round: 1000,
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};

function hmacHex(message: string): string {
  return createHmac('sha256', Buffer.from(SEED, 'hex')).update(message).digest('hex');
}

function sha(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function pair(left: Buffer, right: Buffer): Buffer {
  return sha(Buffer.concat([left, right]));
}

function hex(buffer: Buffer): string {
  return buffer.toString('hex');
}

function flipByte(hexText: string, index: number): string {
  const bytes = Buffer.from(hexText, 'hex');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('hex');
}

describe('provably fair: seed and dice', () => {
  it('checks the seed against its published hash', () => {
    expect(seedMatchesHash(SEED, SEED_HASH)).toBe(true);
    expect(seedMatchesHash(SEED, SEED_HASH.toUpperCase())).toBe(true);
    expect(seedMatchesHash(SEED, flipByte(SEED_HASH, 31))).toBe(false);
    expect(seedMatchesHash(flipByte(SEED, 0), SEED_HASH)).toBe(false);
    // The seed is 32 bytes: a shorter one, or text that is not hex, never matches.
    expect(seedMatchesHash(SEED.slice(0, 62), hex(sha(Buffer.from(SEED.slice(0, 62), 'hex'))))).toBe(false);
    expect(seedMatchesHash(`${SEED.slice(0, 63)}g`, SEED_HASH)).toBe(false);
  });

  it('draws 1 2 3 from the plain message projectId:periodNo', () => {
    // HMAC = ea 67 80 …: 234 mod 6 = 0, 103 mod 6 = 1, 128 mod 6 = 2.
    expect(hmacHex('fast3-1m:202611230001').slice(0, 6)).toBe('ea6780');
    expect(diceOf(SEED, 'fast3-1m', '202611230001', null)).toEqual([1, 2, 3]);
  });

  it('skips bytes of 252 and above', () => {
    // 5d ff cd 5a: 93 → 4, 255 skipped, 205 → 2, 90 → 1.
    expect(hmacHex('fast3-1m:202611230048').slice(0, 8)).toBe('5dffcd5a');
    expect(diceOf(SEED, 'fast3-1m', '202611230048', null)).toEqual([4, 2, 1]);
    // ff cc 06 4d: 255 skipped, 204 → 1, 6 → 1, 77 → 6.
    expect(hmacHex('fast3-1m:202611230104').slice(0, 8)).toBe('ffcc064d');
    expect(diceOf(SEED, 'fast3-1m', '202611230104', null)).toEqual([1, 1, 6]);
  });

  it('appends the beacon randomness, in lowercase hex, to the message', () => {
    // c0 fa 33: 192 → 1, 250 → 5, 51 → 4.
    expect(hmacHex(`fast3-1m:202611230001:${QUICKNET.randomness}`).slice(0, 6)).toBe('c0fa33');
    expect(diceOf(SEED, 'fast3-1m', '202611230001', QUICKNET.randomness)).toEqual([1, 5, 4]);
    expect(diceOf(SEED, 'fast3-1m', '202611230001', QUICKNET.randomness.toUpperCase())).toEqual([1, 5, 4]);
  });

  it('continues the stream with the whole message followed by :1, :2, … when a block gives fewer than three dice', () => {
    const blocks: Record<string, number[]> = {
      'p:1:r': [...Array<number>(31).fill(252), 7],
      'p:1:r:1': [255, 253, 254, 252, 252, 252, 252, 252, 252, 252, 252, 252, 252, 252, 252, 252],
      'p:1:r:2': [11, 255, 0, 99],
    };
    const asked: string[] = [];
    const mac = (message: string) => {
      asked.push(message);
      return Uint8Array.from(blocks[message] ?? []);
    };
    // 7 → 2; block :1 gives nothing; 11 → 6, 0 → 1.
    expect(diceFromMessageStream(mac, 'p:1:r')).toEqual([2, 6, 1]);
    expect(asked).toEqual(['p:1:r', 'p:1:r:1', 'p:1:r:2']);
  });

  it('refuses a seed that is not 32 bytes of hex', () => {
    expect(() => diceOf(SEED.slice(2), 'fast3-1m', '202611230001', null)).toThrow();
    expect(() => diceOf('zz'.repeat(32), 'fast3-1m', '202611230001', null)).toThrow();
  });
});

describe('orders root', () => {
  // Given out of order; plain string comparison puts "…10" before "…9".
  const orders: OrderLeafInput[] = [
    { orderNo: 'D20261123000105', option: 'big', quantity: 3, amount: '30.00' },
    { orderNo: 'D2026112300019', option: 'sum-10', quantity: 1, amount: '10.00' },
    { orderNo: 'D20261123000101', option: 'small', quantity: 2, amount: '20.00' },
    { orderNo: 'D20261123000110', option: 'triple-any', quantity: 5, amount: '50.00' },
    { orderNo: 'D20261123000103', option: 'odd', quantity: 12, amount: '1200.50' },
  ];
  const sortedNos = ['D20261123000101', 'D20261123000103', 'D20261123000105', 'D20261123000110', 'D2026112300019'];
  const sorted = sortedNos.map((no) => orders.find((order) => order.orderNo === no)!);
  const leafTexts = [
    'D20261123000101:small:2:20.00',
    'D20261123000103:odd:12:1200.50',
    'D20261123000105:big:3:30.00',
    'D20261123000110:triple-any:5:50.00',
    'D2026112300019:sum-10:1:10.00',
  ];
  const [l0, l1, l2, l3, l4] = leafTexts.map((text) => sha(text)) as [Buffer, Buffer, Buffer, Buffer, Buffer];

  it('writes the leaf text orderNo:option:quantity:amount with the amount as the API writes it', () => {
    expect(sorted.map(orderLeafText)).toEqual(leafTexts);
    expect(leafOf(sorted[0]!)).toBe(hex(l0));
    expect(() => orderLeafText({ ...sorted[0]!, amount: '20' })).toThrow();
    expect(() => orderLeafText({ ...sorted[0]!, amount: '20.0' })).toThrow();
  });

  it('roots 0, 1, 2, 3 and 5 orders', () => {
    expect(ordersRootOf([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(ordersRootOf([])).toBe(hex(sha('')));
    expect(ordersRootOf([sorted[0]!])).toBe(hex(l0));
    expect(ordersRootOf([sorted[1]!, sorted[0]!])).toBe(hex(pair(l0, l1)));
    // Three: the third leaf is carried up unchanged and paired one level higher.
    expect(ordersRootOf([sorted[2]!, sorted[0]!, sorted[1]!])).toBe(hex(pair(pair(l0, l1), l2)));
    // Five: l4 is carried up twice.
    expect(ordersRootOf(orders)).toBe(hex(pair(pair(pair(l0, l1), pair(l2, l3)), l4)));
  });

  describe('proofs of a five-order set', () => {
    const h01 = pair(l0, l1);
    const h23 = pair(l2, l3);
    const h0123 = pair(h01, h23);
    const root = hex(pair(h0123, l4));
    const step = (side: 'left' | 'right', hash: Buffer) => ({ side, hash: hex(hash) });
    const proofs: OrderProof[] = [
      { leaf: hex(l0), path: [step('right', l1), step('right', h23), step('right', l4)], root },
      { leaf: hex(l1), path: [step('left', l0), step('right', h23), step('right', l4)], root },
      { leaf: hex(l2), path: [step('right', l3), step('left', h01), step('right', l4)], root },
      { leaf: hex(l3), path: [step('left', l2), step('left', h01), step('right', l4)], root },
      // Carried up twice: its only step is the last pairing.
      { leaf: hex(l4), path: [step('left', h0123)], root },
    ];

    it('holds for every leaf, and its leaf is that order', () => {
      expect(ordersRootOf(orders)).toBe(root);
      proofs.forEach((proof, index) => {
        expect(proof.leaf).toBe(leafOf(sorted[index]!));
        expect(proofHolds(proof)).toBe(true);
      });
    });

    it('fails when the leaf, a step, a side or the root is tampered with', () => {
      const proof = proofs[2]!;
      expect(proofHolds({ ...proof, leaf: flipByte(proof.leaf, 0) })).toBe(false);
      expect(proofHolds({ ...proof, root: flipByte(proof.root, 31) })).toBe(false);
      expect(proofHolds({ ...proof, path: [proof.path[0]!, { ...proof.path[1]!, hash: hex(h23) }, proof.path[2]!] })).toBe(
        false,
      );
      expect(proofHolds({ ...proof, path: [{ ...proof.path[0]!, side: 'left' }, ...proof.path.slice(1)] })).toBe(false);
      expect(proofHolds({ ...proof, path: proof.path.slice(0, 2) })).toBe(false);
      expect(proofHolds({ ...proof, path: [...proof.path, step('right', l4)] })).toBe(false);
      // Another order's leaf with this order's path.
      expect(proofHolds({ ...proof, leaf: hex(l3) })).toBe(false);
    });

    it('returns false on malformed hex', () => {
      const proof = proofs[0]!;
      expect(proofHolds({ ...proof, leaf: 'not hex' })).toBe(false);
      expect(proofHolds({ ...proof, root: proof.root.slice(2) })).toBe(false);
      expect(proofHolds({ ...proof, path: [{ side: 'right', hash: 'zz' }, ...proof.path.slice(1)] })).toBe(false);
    });
  });
});

describe('public randomness beacon', () => {
  const roundTime = (round: number) => QUICKNET.genesis + (round - 1) * QUICKNET.period;
  const roundFor = (locksAtMs: number) => beaconRoundFor(QUICKNET.genesis, QUICKNET.period, locksAtMs);

  it('names the first round at least one second after the lock', () => {
    // locksAt + 1 s falls exactly on round 1000's time.
    const onBoundary = (roundTime(1000) - 1) * 1000;
    expect(roundFor(onBoundary)).toBe(1000);
    expect(roundFor(onBoundary - 1)).toBe(1000);
    expect(roundFor(onBoundary - 2999)).toBe(1000);
    expect(roundFor(onBoundary - 3000)).toBe(999);
    expect(roundFor(onBoundary + 1)).toBe(1001);
    expect(roundFor(onBoundary + 3000)).toBe(1001);
  });

  it('never names a round below 1', () => {
    expect(roundFor((QUICKNET.genesis - 1) * 1000)).toBe(1);
    expect(roundFor((QUICKNET.genesis - 1) * 1000 + 1)).toBe(2);
    expect(roundFor((QUICKNET.genesis - 3600) * 1000)).toBe(1);
    expect(roundFor(0)).toBe(1);
  });

  it("checks quicknet round 1000's signature and randomness", () => {
    expect(beaconSignatureHolds(QUICKNET.publicKey, QUICKNET.round, QUICKNET.signature)).toBe(true);
    expect(beaconRandomnessHolds(QUICKNET.signature, QUICKNET.randomness)).toBe(true);
    expect(hex(sha(Buffer.from(QUICKNET.signature, 'hex')))).toBe(QUICKNET.randomness);
  });

  it('refuses a changed signature, round or key', () => {
    expect(beaconSignatureHolds(QUICKNET.publicKey, QUICKNET.round, flipByte(QUICKNET.signature, 47))).toBe(false);
    expect(beaconSignatureHolds(QUICKNET.publicKey, QUICKNET.round + 1, QUICKNET.signature)).toBe(false);
    // The G2 generator, compressed: a valid key, not quicknet's.
    const otherKey =
      '93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8';
    expect(beaconSignatureHolds(otherKey, QUICKNET.round, QUICKNET.signature)).toBe(false);
    expect(beaconRandomnessHolds(flipByte(QUICKNET.signature, 0), QUICKNET.randomness)).toBe(false);
    expect(beaconRandomnessHolds(QUICKNET.signature, flipByte(QUICKNET.randomness, 0))).toBe(false);
  });

  it('returns false, never throws, on malformed input', () => {
    const bad: [string, number, string][] = [
      ['', QUICKNET.round, QUICKNET.signature],
      [QUICKNET.publicKey, QUICKNET.round, ''],
      [QUICKNET.publicKey.slice(2), QUICKNET.round, QUICKNET.signature],
      [QUICKNET.publicKey, QUICKNET.round, `${QUICKNET.signature}00`],
      [QUICKNET.publicKey, QUICKNET.round, `${QUICKNET.signature.slice(0, 95)}x`],
      [QUICKNET.publicKey, QUICKNET.round, 'ff'.repeat(48)],
      [QUICKNET.publicKey, QUICKNET.round, `c0${'00'.repeat(47)}`],
      ['ff'.repeat(96), QUICKNET.round, QUICKNET.signature],
      [QUICKNET.publicKey, 0, QUICKNET.signature],
      [QUICKNET.publicKey, 1.5, QUICKNET.signature],
      [QUICKNET.publicKey, Number.NaN, QUICKNET.signature],
    ];
    for (const [key, round, signature] of bad) expect(beaconSignatureHolds(key, round, signature)).toBe(false);
    expect(beaconRandomnessHolds('xyz', QUICKNET.randomness)).toBe(false);
    expect(beaconRandomnessHolds(QUICKNET.signature, 'short')).toBe(false);
  });
});
