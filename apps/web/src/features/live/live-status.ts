import { useSyncExternalStore } from 'react';

/**
 * Whether the live-results stream is open now. While it is, what it delivers
 * (periods, results, balances) is not polled for; while it is not (no
 * EventSource, an error, not connected yet, signed out), the app polls as it
 * would without a stream.
 */
let up = false;
const listeners = new Set<() => void>();

export function setLiveUp(next: boolean): void {
  if (next === up) return;
  up = next;
  for (const listener of listeners) listener();
}

export function isLiveUp(): boolean {
  return up;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLiveUp(): boolean {
  return useSyncExternalStore(subscribe, isLiveUp);
}

/** With the stream open, what it delivers is still asked for this often: a safety net for an event lost on the way. */
export const SAFETY_POLL_MS = 60_000;
