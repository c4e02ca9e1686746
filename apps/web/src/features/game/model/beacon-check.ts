import { beaconRandomnessOf } from '@wallet/contract/game';
import type { NamedCheck } from './fairness-verdict';

/** The BLS check of `@wallet/contract/game/beacon-signature`, passed in: it is downloaded only when a period has a round to check. */
export type SignatureCheck = (publicKeyHex: string, round: number, signatureHex: string) => boolean;

export interface BeaconDraw {
  beaconRound: number;
  beaconRandomness: string | null;
  beaconSignature: string | null;
}

/**
 * The round mixed into the dice is the beacon's: its signature checks against
 * the key the server pins, and its randomness is the signature's SHA-256.
 * Without the key (`signatureHolds` is then not needed) it cannot be checked.
 */
export function beaconCheck(period: BeaconDraw, publicKey: string | null, signatureHolds: SignatureCheck | undefined): NamedCheck {
  const round = period.beaconRound;
  const named = (outcome: NamedCheck['outcome'], problem?: NamedCheck['problem']): NamedCheck => ({ name: 'beaconSignature', outcome, ...(problem && { problem }), params: { round } });
  const { beaconSignature: signature, beaconRandomness: randomness } = period;
  if (signature === null || randomness === null) return named('fails', 'beaconMissing');
  if (publicKey === null) return named('unchecked', 'noBeaconKey');
  if (!signatureHolds) return named('unchecked', 'loadFailed');
  if (!signatureHolds(publicKey, round, signature)) return named('fails', 'signatureInvalid');
  if (beaconRandomnessOf(signature) !== randomness.toLowerCase()) return named('fails', 'randomnessMismatch');
  return named('holds');
}
