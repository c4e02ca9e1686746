import { describe, expect, it } from 'vitest';
import { beaconRandomnessOf, beaconRoundAt, beaconRoundFor, beaconRoundTime } from './beacon.js';
import { beaconSignatureHolds } from './beacon-signature.js';
import { drawDice, seedFromHex } from './fairness.js';

/*
 * drand's quicknet (scheme bls-unchained-g1-rfc9380), round 1000, as its
 * public API serves it: the pinned key checks it, its randomness is the
 * signature's hash, and with a fixed seed it gives fixed dice.
 */

const QUICKNET = {
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  chain: { genesisTime: 1_692_803_367, period: 3 },
};
const ROUND_1000 = {
  round: 1000,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('the quicknet beacon', () => {
  it("checks round 1000's signature against the pinned key, and nothing else", () => {
    expect(beaconSignatureHolds(QUICKNET.publicKey, ROUND_1000.round, ROUND_1000.signature)).toBe(true);
    expect(beaconSignatureHolds(QUICKNET.publicKey, 1001, ROUND_1000.signature)).toBe(false);
    const flipped = ROUND_1000.signature.slice(0, 40) + (ROUND_1000.signature[40] === '0' ? '1' : '0') + ROUND_1000.signature.slice(41);
    expect(beaconSignatureHolds(QUICKNET.publicKey, ROUND_1000.round, flipped)).toBe(false);
    expect(beaconSignatureHolds('00'.repeat(96), ROUND_1000.round, ROUND_1000.signature)).toBe(false);
    expect(beaconSignatureHolds(QUICKNET.publicKey, ROUND_1000.round, 'zz')).toBe(false);
  });

  it("takes a round's randomness as its signature's SHA-256", () => {
    expect(beaconRandomnessOf(ROUND_1000.signature)).toBe(ROUND_1000.randomness);
    expect(beaconRandomnessOf('not hex')).toBeUndefined();
  });

  it('names the first round at least a second after the lock', () => {
    const at1000 = beaconRoundTime(QUICKNET.chain, 1000);
    expect(at1000).toBe((1_692_803_367 + 999 * 3) * 1000);
    expect(beaconRoundFor(QUICKNET.chain, at1000 - 1000)).toBe(1000);
    expect(beaconRoundFor(QUICKNET.chain, at1000 - 999)).toBe(1001);
    expect(beaconRoundFor(QUICKNET.chain, at1000 - 3000)).toBe(1000);
    expect(beaconRoundFor(QUICKNET.chain, at1000 - 4000)).toBe(999);
    expect(beaconRoundFor(QUICKNET.chain, 0)).toBe(1);
    expect(beaconRoundAt(QUICKNET.chain, at1000)).toBe(1000);
    expect(beaconRoundAt(QUICKNET.chain, at1000 - 1)).toBe(999);
  });

  it('mixes the randomness into the draw: fixed seed, period and round give fixed dice', async () => {
    const seed = seedFromHex(SEED)!;
    expect(await drawDice(seed, 'fast3-1m', '202611230001')).toEqual([1, 2, 3]);
    expect(await drawDice(seed, 'fast3-1m', '202611230001', ROUND_1000.randomness)).toEqual([1, 5, 4]);
  });
});
