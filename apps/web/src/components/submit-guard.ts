/** The seed throttles submit buttons to one press per 500 ms. */
export const SUBMIT_THROTTLE_MS = 500;

export interface SubmitGuard {
  /**
   * True when the action may start now; it then counts as running until
   * `finish`. A press for another `scope` (say, an order confirmed anew) is
   * not throttled by the last start, though still refused while it runs.
   */
  tryStart(scope?: unknown): boolean;
  finish(): void;
}

/** Lets an action start only when it is not running and the last start is at least `intervalMs` ago. */
export function createSubmitGuard(intervalMs = SUBMIT_THROTTLE_MS, now: () => number = Date.now): SubmitGuard {
  let running = false;
  let lastStart = -Infinity;
  let lastScope: unknown;
  return {
    tryStart(scope) {
      const time = now();
      if (running || (scope === lastScope && time - lastStart < intervalMs)) return false;
      running = true;
      lastStart = time;
      lastScope = scope;
      return true;
    },
    finish() {
      running = false;
    },
  };
}
