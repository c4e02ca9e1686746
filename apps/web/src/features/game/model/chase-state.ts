import type { Chase } from '../api/game-queries';

export type ChaseState = 'running' | 'cancelled' | 'finished';

/** Running while a period waits or waits for its draw; else cancelled when the user cancelled it, else finished. */
export function chaseStateOf(chase: Pick<Chase, 'running' | 'periods'>): ChaseState {
  if (chase.running) return 'running';
  return chase.periods.some((period) => period.reason === 'CANCELLED') ? 'cancelled' : 'finished';
}

/** Periods done: ordered and drawn, skipped or cancelled; what is neither waiting nor waiting for its draw. */
export const periodsDone = (chase: Pick<Chase, 'periods'>) => chase.periods.filter((period) => period.state !== 'waiting' && period.state !== 'placed').length;

/** The user can still cancel what waits. */
export const canCancel = (chase: Pick<Chase, 'periods'>) => chase.periods.some((period) => period.state === 'waiting');
