import { bls12_381 } from '@noble/curves/bls12-381.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { beaconMessage } from './beacon.js';

/** The hash-to-curve tag of `bls-unchained-g1-rfc9380`: signatures on G1, the key on G2. */
const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** The round's signature is the chain's, for that round; anything malformed does not hold. */
export function beaconSignatureHolds(publicKeyHex: string, round: number, signatureHex: string): boolean {
  try {
    const signatures = bls12_381.shortSignatures;
    return signatures.verify(hexToBytes(signatureHex), signatures.hash(beaconMessage(round), SIGNATURE_DST), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}
