import { useSyncExternalStore } from 'react';
import { prefersReducedMotion } from '../../components/reduced-motion';
import type { DrawOutcome } from '../game';

/** How long the dice tumble on the game page before their result is told (the CSS animation's length). */
export const LANDING_MS = 1400;

export interface ResultAnnouncement {
  key: string;
  projectId: string;
  periodNo: string;
  outcome: DrawOutcome;
}

/** Periods told in this visit of the app, by whichever source came first (the stream, a poll, the game page). */
const announced = new Set<string>();
let queue: readonly ResultAnnouncement[] = [];
const listeners = new Set<() => void>();

const changed = (next: readonly ResultAnnouncement[]) => {
  queue = next;
  for (const listener of listeners) listener();
};

export const resultKey = (projectId: string, periodNo: string) => `${projectId}:${periodNo}`;

/**
 * Tells the user what a draw did to their orders of a period, once per
 * period whatever told it; shown once the dice have landed, one after another.
 */
export function announceResult(projectId: string, periodNo: string, outcome: DrawOutcome): void {
  const key = resultKey(projectId, periodNo);
  if (announced.has(key)) return;
  announced.add(key);
  setTimeout(() => changed([...queue, { key, projectId, periodNo, outcome }]), prefersReducedMotion() ? 0 : LANDING_MS);
}

export const isAnnounced = (key: string): boolean => announced.has(key);

export function dismissResult(key: string): void {
  changed(queue.filter((item) => item.key !== key));
}

/** Forgets what was told and shown: the next account starts afresh. */
export function clearResults(): void {
  announced.clear();
  changed([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The announcement to show now, the oldest first. */
export function useCurrentResult(): ResultAnnouncement | undefined {
  return useSyncExternalStore(subscribe, () => queue[0]);
}
