import type { VoidReason } from '@wallet/contract';
import { beaconRoundTime } from '@wallet/contract/game';
import type { PeriodsTable } from '../../db/schema.js';
import type { BeaconClient } from './beacon-client.js';
import type { BeaconDraw } from './periods.js';

export type BeaconVerdict = { kind: 'draw'; beacon: BeaconDraw | null } | { kind: 'wait' } | { kind: 'void'; reason: VoidReason };

/**
 * What a due period's draw does about its beacon round: none named, draw
 * as always; the round verified, draw with it; not had yet, wait, while
 * it is asked for in the background; still not had `timeoutMs` after the
 * period was due (its draw time, or the round's own time if later), and
 * asked for twice more since then in vain, void: a server back from an
 * outage first asks for the (long published) round rather than voiding
 * what it missed on one failed ask.
 */
export function beaconVerdict(row: Pick<PeriodsTable, 'beacon_round' | 'draws_at'>, beacon: BeaconClient | null, timeoutMs: number, now: number): BeaconVerdict {
  if (row.beacon_round === null) return { kind: 'draw', beacon: null };
  const round = Number(row.beacon_round);
  const had = beacon?.round(round);
  if (had) return { kind: 'draw', beacon: { randomness: had.randomness, signature: had.signature } };
  const chain = beacon?.chain() ?? null;
  const dueAt = Math.max(Number(row.draws_at), chain ? beaconRoundTime(chain, round) : 0);
  const deadline = dueAt + timeoutMs;
  if (now < deadline) return { kind: 'wait' };
  // The beacon no longer configured: nothing will ever bring the round.
  if (!beacon) return { kind: 'void', reason: 'BEACON_UNREACHABLE' };
  const failure = beacon.failure(round);
  const failedTwiceSince = failure !== undefined && failure.previousAt !== null && failure.previousAt >= deadline;
  return failedTwiceSince ? { kind: 'void', reason: failure.reason } : { kind: 'wait' };
}
