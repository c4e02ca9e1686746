import type { FairnessCheck } from '@wallet/contract/game';

/** A check's outcome as the page says it: all good, or what did not match. */
export type FairnessVerdict = 'verified' | 'hashMismatch' | 'diceMismatch' | 'bothMismatch';

export function fairnessVerdict(check: FairnessCheck): FairnessVerdict {
  if (check.hashMatches && check.diceMatch) return 'verified';
  if (check.hashMatches) return 'diceMismatch';
  return check.diceMatch ? 'hashMismatch' : 'bothMismatch';
}
