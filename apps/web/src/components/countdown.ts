/** The seed's verification-code countdown. */
export const CODE_COUNTDOWN_SECONDS = 60;

/** Whole seconds left until `endsAt`, rounded up so the last second shows as 1, never below 0. */
export function remainingSeconds(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export type CodeButtonState = { kind: 'ready' } | { kind: 'counting'; seconds: number } | { kind: 'again' };

/** "get code" before the first send, "retry in X s" while counting, "retry again" afterwards. */
export function codeButtonState(sentOnce: boolean, secondsLeft: number): CodeButtonState {
  if (secondsLeft > 0) return { kind: 'counting', seconds: secondsLeft };
  return sentOnce ? { kind: 'again' } : { kind: 'ready' };
}
