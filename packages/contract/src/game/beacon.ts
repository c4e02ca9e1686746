import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The public randomness beacon (PRODUCT §6): a drand chain whose rounds come
 * every `period` seconds from `genesisTime`, each signed by the chain's key
 * (scheme `bls-unchained-g1-rfc9380`, drand's "quicknet"). The signature
 * check itself lives in beacon-signature.ts, apart, so a page loads the
 * pairing code only when it checks one.
 */

export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';

export interface BeaconChain {
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
}

/** When a round is published, epoch ms. */
export const beaconRoundTime = (chain: BeaconChain, round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;

/** The first round whose time is at least one second after the lock: nobody can know it while orders go in. */
export function beaconRoundFor(chain: BeaconChain, locksAtMs: number): number {
  const earliest = locksAtMs + 1000;
  const round = Math.ceil((earliest - chain.genesisTime * 1000) / (chain.period * 1000)) + 1;
  return Math.max(1, round);
}

/** The newest round published by `nowMs`; 0 before genesis. */
export const beaconRoundAt = (chain: BeaconChain, nowMs: number) => Math.max(0, Math.floor((nowMs - chain.genesisTime * 1000) / (chain.period * 1000)) + 1);

/** A round's randomness is SHA-256 of its signature's bytes, lowercase hex; undefined for a signature that is not hex. */
export function beaconRandomnessOf(signatureHex: string): string | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(signatureHex)) return undefined;
  return bytesToHex(sha256(hexToBytes(signatureHex)));
}

/** What drand signs for a round: SHA-256 of the round as 8 bytes, big-endian. */
export function beaconMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}
