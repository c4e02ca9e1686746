/**
 * An independent verifier of the provably-fair draw, written from PRODUCT.md §6 alone
 * ("Provably fair", "Orders root", "Public randomness beacon"), so that it can catch the
 * server and the app sharing the same mistake. It deliberately imports nothing of the project.
 */
import { createHash, createHmac } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';

export type Dice = [number, number, number];

export interface OrderLeafInput {
  orderNo: string;
  option: string;
  quantity: number;
  amount: string;
}

export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

export interface OrderProof {
  leaf: string;
  path: ProofStep[];
  root: string;
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const HASH_HEX = /^[0-9a-fA-F]{64}$/;
const MONEY = /^-?\d+\.\d{2}$/;

const QUICKNET_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const SIGNATURE_BYTES = 48;
const PUBLIC_KEY_BYTES = 96;

/** Bytes of a hex string, or null when it is not whole-byte hex (Buffer.from would silently truncate). */
function bytesOfHex(hex: string): Buffer | null {
  return HEX.test(hex) ? Buffer.from(hex, 'hex') : null;
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function sameHash(a: string, b: string): boolean {
  return HASH_HEX.test(a) && HASH_HEX.test(b) && a.toLowerCase() === b.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Provably fair: seed, hash, dice
// ---------------------------------------------------------------------------------------------

function seedBytes(serverSeedHex: string): Buffer | null {
  const bytes = bytesOfHex(serverSeedHex);
  return bytes?.length === 32 ? bytes : null;
}

export function seedMatchesHash(serverSeedHex: string, serverSeedHashHex: string): boolean {
  const seed = seedBytes(serverSeedHex);
  return seed !== null && sameHash(sha256(seed).toString('hex'), serverSeedHashHex);
}

/** The HMAC message of a period: `projectId:periodNo`, or `projectId:periodNo:randomness` with a beacon. */
export function drawMessage(projectId: string, periodNo: string, beaconRandomnessHex: string | null): string {
  const base = `${projectId}:${periodNo}`;
  return beaconRandomnessHex === null ? base : `${base}:${beaconRandomnessHex.toLowerCase()}`;
}

// A real HMAC needs more than one block with probability ~1e-50; the cap only guards against a broken `mac`.
const MAX_BLOCKS = 1000;

/**
 * The byte rule over the stream `mac(message)`, `mac(message + ":1")`, `mac(message + ":2")`, …:
 * bytes ≥ 252 are skipped (so that mod 6 is unbiased), die = byte mod 6 + 1, the first three dice.
 */
export function diceFromMessageStream(mac: (message: string) => Uint8Array, message: string): Dice {
  const dice: number[] = [];
  for (let block = 0; block < MAX_BLOCKS; block += 1) {
    const bytes = mac(block === 0 ? message : `${message}:${block}`);
    for (const byte of bytes) {
      if (byte >= 252) continue;
      dice.push((byte % 6) + 1);
      if (dice.length === 3) return dice as Dice;
    }
  }
  throw new Error(`no three dice in ${MAX_BLOCKS} blocks`);
}

export function diceOf(
  serverSeedHex: string,
  projectId: string,
  periodNo: string,
  beaconRandomnessHex: string | null,
): Dice {
  const key = seedBytes(serverSeedHex);
  if (key === null) throw new Error('the server seed must be 64 hex digits (32 bytes)');
  const mac = (message: string) => createHmac('sha256', key).update(message, 'utf8').digest();
  return diceFromMessageStream(mac, drawMessage(projectId, periodNo, beaconRandomnessHex));
}

// ---------------------------------------------------------------------------------------------
// Orders root
// ---------------------------------------------------------------------------------------------

export function orderLeafText(order: OrderLeafInput): string {
  // The leaf must be the API's own text: a verifier that reformatted "10" into "10.00" could hide a mismatch.
  if (!MONEY.test(order.amount)) throw new Error(`amount must be a two-decimal string, got "${order.amount}"`);
  if (!Number.isSafeInteger(order.quantity)) throw new Error(`quantity must be an integer, got ${order.quantity}`);
  return `${order.orderNo}:${order.option}:${order.quantity}:${order.amount}`;
}

function leafHash(order: OrderLeafInput): Buffer {
  return sha256(orderLeafText(order));
}

export function leafOf(order: OrderLeafInput): string {
  return leafHash(order).toString('hex');
}

function parentOf(left: Buffer, right: Buffer): Buffer {
  return sha256(Buffer.concat([left, right]));
}

function nextLevel(level: Buffer[]): Buffer[] {
  const parents: Buffer[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i]!;
    const right = level[i + 1];
    parents.push(right === undefined ? left : parentOf(left, right));
  }
  return parents;
}

function byOrderNo(a: OrderLeafInput, b: OrderLeafInput): number {
  if (a.orderNo < b.orderNo) return -1;
  return a.orderNo > b.orderNo ? 1 : 0;
}

export function ordersRootOf(orders: readonly OrderLeafInput[]): string {
  if (orders.length === 0) return sha256('').toString('hex');
  let level = [...orders].sort(byOrderNo).map(leafHash);
  while (level.length > 1) level = nextLevel(level);
  return level[0]!.toString('hex');
}

export function proofHolds(proof: OrderProof): boolean {
  if (!HASH_HEX.test(proof.leaf) || !HASH_HEX.test(proof.root)) return false;
  let current: Buffer = Buffer.from(proof.leaf, 'hex');
  for (const step of proof.path) {
    if (!HASH_HEX.test(step.hash)) return false;
    const sibling = Buffer.from(step.hash, 'hex');
    if (step.side === 'left') current = parentOf(sibling, current);
    else if (step.side === 'right') current = parentOf(current, sibling);
    else return false;
  }
  return sameHash(current.toString('hex'), proof.root);
}

// ---------------------------------------------------------------------------------------------
// Public randomness beacon (drand quicknet, bls-unchained-g1-rfc9380)
// ---------------------------------------------------------------------------------------------

export function beaconRoundFor(genesisTimeSeconds: number, periodSeconds: number, locksAtMs: number): number {
  if (![genesisTimeSeconds, periodSeconds, locksAtMs].every(Number.isFinite) || periodSeconds <= 0) {
    throw new RangeError('genesis, period and locksAt must be finite and the period positive');
  }
  // In milliseconds throughout, so that a lock time with milliseconds compares exactly with whole-second rounds.
  const afterGenesisMs = locksAtMs + 1000 - genesisTimeSeconds * 1000;
  if (afterGenesisMs <= 0) return 1;
  return Math.ceil(afterGenesisMs / (periodSeconds * 1000)) + 1;
}

/** drand's unchained message: SHA-256 of the round as an 8-byte big-endian unsigned integer. */
function roundMessage(round: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return sha256(bytes);
}

export function beaconSignatureHolds(publicKeyHex: string, round: number, signatureHex: string): boolean {
  const publicKey = bytesOfHex(publicKeyHex);
  const signature = bytesOfHex(signatureHex);
  if (publicKey?.length !== PUBLIC_KEY_BYTES || signature?.length !== SIGNATURE_BYTES) return false;
  if (!Number.isSafeInteger(round) || round < 1) return false;
  try {
    const signs = bls12_381.shortSignatures;
    return signs.verify(
      Uint8Array.from(signature),
      signs.hash(Uint8Array.from(roundMessage(round)), QUICKNET_DST),
      Uint8Array.from(publicKey),
    );
  } catch {
    // A point that does not decode (not on the curve, not in the subgroup, infinity) is simply not a valid signature.
    return false;
  }
}

export function beaconRandomnessHolds(signatureHex: string, randomnessHex: string): boolean {
  const signature = bytesOfHex(signatureHex);
  if (signature === null || signature.length === 0) return false;
  return sameHash(sha256(signature).toString('hex'), randomnessHex);
}
