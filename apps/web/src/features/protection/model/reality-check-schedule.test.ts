import { describe, expect, it } from 'vitest';
import { lastShownAt, nextRealityCheckAt, shownSlot } from './reality-check-schedule';

const MINUTE = 60_000;
const signedInAt = 1_800_000_000_000;
const every15 = { signedInAt, minutes: 15 };

describe('the next reality check', () => {
  it('is never due when the user chose none', () => {
    expect(nextRealityCheckAt({ signedInAt, minutes: 0 }, signedInAt, signedInAt + 90 * MINUTE)).toBeUndefined();
  });

  it('falls due one interval after sign-in, however late the page was opened within it', () => {
    expect(nextRealityCheckAt(every15, signedInAt, signedInAt)).toBe(signedInAt + 15 * MINUTE);
    expect(nextRealityCheckAt(every15, signedInAt, signedInAt + 14 * MINUTE)).toBe(signedInAt + 15 * MINUTE);
  });

  it('after one was shown, falls due at the next slot and not again at the same', () => {
    const shown = signedInAt + 15 * MINUTE;
    expect(nextRealityCheckAt(every15, shown, signedInAt + 15 * MINUTE + 1)).toBe(signedInAt + 30 * MINUTE);
    expect(nextRealityCheckAt(every15, shown, signedInAt + 29 * MINUTE)).toBe(signedInAt + 30 * MINUTE);
  });

  it('shows slots missed while the app was closed once, at once, as the latest', () => {
    const now = signedInAt + 52 * MINUTE;
    const due = nextRealityCheckAt(every15, signedInAt + 15 * MINUTE, now);
    expect(due).toBe(signedInAt + 45 * MINUTE);
    expect(due! <= now).toBe(true);
    expect(nextRealityCheckAt(every15, due!, now)).toBe(signedInAt + 60 * MINUTE);
  });

  it('counts a new interval on from the last one shown', () => {
    // Shown at 30 minutes, then changed to hourly: the next is at 60, not at 180.
    expect(nextRealityCheckAt({ signedInAt, minutes: 60 }, signedInAt + 30 * MINUTE, signedInAt + 35 * MINUTE)).toBe(signedInAt + 60 * MINUTE);
    // Shown at 60, then changed to every 15: the next is at 75.
    expect(nextRealityCheckAt(every15, signedInAt + 60 * MINUTE, signedInAt + 61 * MINUTE)).toBe(signedInAt + 75 * MINUTE);
  });
});

describe('the slot last shown, as kept for the tab', () => {
  it('reads back what was kept for the same sign-in', () => {
    expect(lastShownAt(shownSlot(signedInAt, signedInAt + 30 * MINUTE), signedInAt)).toBe(signedInAt + 30 * MINUTE);
  });

  it('counts as none when nothing was kept, it belongs to another sign-in, or it cannot be read', () => {
    expect(lastShownAt(null, signedInAt)).toBe(signedInAt);
    expect(lastShownAt(shownSlot(signedInAt - 1, signedInAt + 30 * MINUTE), signedInAt)).toBe(signedInAt);
    expect(lastShownAt('garbage', signedInAt)).toBe(signedInAt);
    expect(lastShownAt(`${signedInAt}:`, signedInAt)).toBe(signedInAt);
  });
});
