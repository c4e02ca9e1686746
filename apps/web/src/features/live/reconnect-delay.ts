/** The first retry comes after about a second; each failure doubles it, up to half a minute. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before the `attempt`-th reconnect (0 for the first):
 * exponential, capped, and spread between half and all of it, so the apps
 * of every user do not come back to a restarted server in the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
