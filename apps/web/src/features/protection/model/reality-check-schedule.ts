const MINUTE_MS = 60_000;

/** When this session signed in and how often the user asked to be reminded (0: never). */
export interface RealityCheckPlan {
  signedInAt: number;
  minutes: number;
}

/**
 * When the next reality check falls due, by the server's clock: every
 * `minutes` after sign-in, the first slot after the last one shown (given as
 * the time it fell due, so a changed interval counts on from there). Slots
 * that passed while the app was closed are not caught up one by one: the
 * latest is due at once.
 */
export function nextRealityCheckAt({ signedInAt, minutes }: RealityCheckPlan, lastShownAt: number, now: number): number | undefined {
  if (minutes <= 0) return undefined;
  const interval = minutes * MINUTE_MS;
  const passed = Math.floor((now - signedInAt) / interval);
  const afterShown = Math.floor((lastShownAt - signedInAt) / interval) + 1;
  return signedInAt + Math.max(passed, afterShown, 1) * interval;
}

/** The stored last slot, as `<signedInAt>:<due time>`: one of another sign-in counts as none. */
export function lastShownAt(stored: string | null, signedInAt: number): number {
  const [, session, at] = /^(\d+):(\d+)$/.exec(stored ?? '') ?? [];
  return Number(session) === signedInAt ? Number(at) : signedInAt;
}

export const shownSlot = (signedInAt: number, at: number): string => `${signedInAt}:${at}`;
