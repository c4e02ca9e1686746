import type { Dice } from './options.js';

/**
 * The provably fair draw (PRODUCT §6), on Web Crypto so the same code runs on
 * the server and in any browser:
 * - serverSeedHash = SHA-256 of the 32 seed bytes, lowercase hex, published
 *   before the period opens;
 * - the dice: HMAC-SHA256(key = seed bytes, message = "projectId:periodNo",
 *   or "projectId:periodNo:randomness" when a beacon round is mixed in),
 *   bytes read in order, bytes ≥ 252 skipped, die = byte mod 6 + 1, the first
 *   three; should 32 bytes not give three, the message gets ":1", ":2", … and
 *   the stream continues.
 */

export const SERVER_SEED_BYTES = 32;
/** 252 = 6 × 42: the largest multiple of 6 a byte can reach, so every face is equally likely. */
const FAIR_BYTE_LIMIT = 252;

const encoder = new TextEncoder();

type Subtle = (typeof globalThis.crypto)['subtle'];

function subtle(): Subtle {
  const found = globalThis.crypto?.subtle;
  if (!found) throw new Error('Web Crypto is not available (a browser needs https or localhost)');
  return found;
}

/** Copies into a fresh ArrayBuffer-backed array, the one kind of buffer Web Crypto accepts everywhere. */
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The seed as revealed (64 lowercase hex characters) back into its bytes; undefined for anything else. */
export function seedFromHex(hex: string): Uint8Array | undefined {
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

export async function seedHash(seed: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', own(seed))));
}

/** The message of the n-th block of the stream: the first has no suffix; a beacon's randomness (lowercase hex) follows the period. */
export const drawMessage = (projectId: string, periodNo: string, block: number, randomness: string | null = null) =>
  `${projectId}:${periodNo}${randomness === null ? '' : `:${randomness}`}${block === 0 ? '' : `:${block}`}`;

export async function drawDice(seed: Uint8Array, projectId: string, periodNo: string, randomness: string | null = null): Promise<Dice> {
  const key = await subtle().importKey('raw', own(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const dice: number[] = [];
  for (let block = 0; dice.length < 3; block += 1) {
    const bytes = new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(drawMessage(projectId, periodNo, block, randomness))));
    for (const byte of bytes) {
      if (byte >= FAIR_BYTE_LIMIT) continue;
      dice.push((byte % 6) + 1);
      if (dice.length === 3) break;
    }
  }
  return [dice[0]!, dice[1]!, dice[2]!];
}

export interface FairnessCheck {
  /** The revealed seed hashes to the hash published before the period. */
  hashMatches: boolean;
  /** The dice the seed gives, by the published algorithm, are the dice announced. */
  diceMatch: boolean;
}

/** What anyone can check of a drawn period from what was published: the hash before, the seed, the beacon's randomness (if any) and dice after. */
export async function checkPeriod(period: {
  projectId: string;
  periodNo: string;
  serverSeedHash: string;
  serverSeed: string;
  dice: Dice;
  beaconRandomness?: string | null;
}): Promise<FairnessCheck> {
  const seed = seedFromHex(period.serverSeed);
  if (!seed) return { hashMatches: false, diceMatch: false };
  const [hash, dice] = await Promise.all([seedHash(seed), drawDice(seed, period.projectId, period.periodNo, period.beaconRandomness ?? null)]);
  return { hashMatches: hash === period.serverSeedHash, diceMatch: dice.every((d, i) => d === period.dice[i]) };
}
