import { describe, expect, it } from 'vitest';
import { CODE_COUNTDOWN_SECONDS, codeButtonState, remainingSeconds } from './countdown';

describe('code countdown', () => {
  const start = 1_700_000_000_000;
  const endsAt = start + CODE_COUNTDOWN_SECONDS * 1000;

  it('starts at 60 and counts whole seconds down to 0', () => {
    expect(remainingSeconds(endsAt, start)).toBe(60);
    expect(remainingSeconds(endsAt, start + 1)).toBe(60);
    expect(remainingSeconds(endsAt, start + 1000)).toBe(59);
    expect(remainingSeconds(endsAt, endsAt - 1)).toBe(1);
    expect(remainingSeconds(endsAt, endsAt)).toBe(0);
    expect(remainingSeconds(endsAt, endsAt + 5_000)).toBe(0);
  });

  it('goes get code → retry in X s → retry again', () => {
    expect(codeButtonState(false, 0)).toEqual({ kind: 'ready' });
    expect(codeButtonState(true, 42)).toEqual({ kind: 'counting', seconds: 42 });
    expect(codeButtonState(true, 0)).toEqual({ kind: 'again' });
  });
});
