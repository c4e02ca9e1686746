import type { FairnessCheck } from '@wallet/contract/game';

/** What Verify checks of a drawn period, in the order it shows them. */
export type CheckName = 'seedHash' | 'dice' | 'beaconSignature' | 'ordersInSet';

/** Why a check did not hold, or could not be made. */
export type CheckProblem =
  | 'hashMismatch'
  | 'diceMismatch'
  | 'beaconMissing'
  | 'roundMissing'
  | 'roundNotFixed'
  | 'signatureInvalid'
  | 'randomnessMismatch'
  | 'noBeaconKey'
  | 'leafMismatch'
  | 'proofBroken'
  | 'rootMismatch'
  | 'moreThanLocked'
  | 'loadFailed';

/** `unchecked`: what the check needs could not be had (a key the server does not name, a download that failed). */
export type CheckOutcome = 'holds' | 'fails' | 'unchecked';

export interface NamedCheck {
  name: CheckName;
  outcome: CheckOutcome;
  problem?: CheckProblem;
  /** What its sentence names: the beacon round, the order whose proof failed, the user's orders and the period's. */
  params?: { round?: number; expected?: number; orderNo?: string; mine?: number; total?: number };
}

/** The period as a whole: every check holds, one fails, or none fails but one could not be made. */
export type FairnessVerdict = 'verified' | 'failed' | 'incomplete';

export function fairnessVerdict(checks: readonly NamedCheck[]): FairnessVerdict {
  if (checks.some((check) => check.outcome === 'fails')) return 'failed';
  return checks.some((check) => check.outcome === 'unchecked') ? 'incomplete' : 'verified';
}

/** The seed against the hash published before the period, and the dice it gives (with the beacon's randomness, when it has a round). */
export function seedChecks(check: FairnessCheck, beaconRound: number | null): NamedCheck[] {
  const round = beaconRound === null ? undefined : { params: { round: beaconRound } };
  return [
    check.hashMatches ? { name: 'seedHash', outcome: 'holds' } : { name: 'seedHash', outcome: 'fails', problem: 'hashMismatch' },
    check.diceMatch ? { name: 'dice', outcome: 'holds', ...round } : { name: 'dice', outcome: 'fails', problem: 'diceMismatch', ...round },
  ];
}
