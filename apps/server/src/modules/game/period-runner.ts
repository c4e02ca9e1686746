import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { beaconRoundFor, nextPeriod, periodAt } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { periodicJob } from '../../scheduler/periodic-job.js';
import { runChaseRound } from './chase-placement.js';
import type { LiveEvents } from '../events/index.js';
import { periodAnnouncements } from './period-events.js';
import type { BeaconClient } from './beacon-client.js';
import { beaconVerdict } from './beacon-verdict.js';
import { lockDuePeriods } from './period-lock.js';
import { voidPeriod } from './period-void.js';
import { drawPeriod, ensurePeriod } from './periods.js';
import { loadProjects, timingAt } from './projects.js';

/** How often an instance looks for periods to create and to draw. */
export const RUNNER_INTERVAL_MS = 1000;
/** Overdue periods drawn per round: a long outage is caught up over a few rounds, never in one huge one. */
const DRAWS_PER_ROUND = 200;

/** Told how long each draw with its settlement took (for the metrics). */
export type ObserveSettlement = (projectId: string, seconds: number) => void;

/** The beacon mixed into every draw, and how long a period may wait for its round before it is void. */
export interface RunnerBeacon {
  client: BeaconClient;
  timeoutMs: number;
}

/**
 * Runs the periods of every project (PRODUCT §6): while a period runs, the
 * next one is created with its seed hash published (and, with a beacon, the
 * round its draw will wait for); once a period's lock time has come its
 * orders root is fixed; when its draw time has come it is drawn, overdue
 * ones first (after a restart, every one of them), or, its beacon round
 * never had, void. Any number of instances may run it at once: creating is
 * an insert that does nothing twice, locking, drawing and voiding guarded
 * UPDATEs that succeed once.
 */
export function createPeriodRunner(
  db: Kysely<Database>,
  dialect: DialectName,
  timeZone: string,
  log: FastifyBaseLogger,
  observeSettlement: ObserveSettlement = () => undefined,
  events?: LiveEvents,
  beacon?: RunnerBeacon,
) {
  const drawnListeners: (() => void)[] = [];
  // Live results: a period's creation and draw are told in their own transactions, its opening and lock as the clock passes them.
  const announce = events && periodAnnouncements(db, events);
  async function runRound(now: number): Promise<number> {
    for (const project of await loadProjects(db, 'enabled')) {
      // Only the next period is created: a period must have its hash published before it opens.
      const current = periodAt(timingAt(project, now), timeZone, now);
      const next = nextPeriod(timingAt(project, current.drawsAt), timeZone, current);
      if (beacon) {
        // No period without its round: until the chain's timing is known, none is created (asked for meanwhile).
        const chain = beacon.client.chain();
        if (chain) await ensurePeriod(db, project.id, next, now, announce?.created, beaconRoundFor(chain, next.locksAt));
      } else await ensurePeriod(db, project.id, next, now, announce?.created);
      // A status not told this round is told the next: it never holds up a draw.
      await announce?.status(project.id, current, now).catch((error: unknown) => log.warn({ err: error, projectId: project.id }, 'period status event failed'));
    }
    await lockDuePeriods(db, now, DRAWS_PER_ROUND, log).catch((error: unknown) => log.error({ err: error }, 'period lock failed'));
    const due = await db
      .selectFrom('periods')
      .selectAll()
      .where('drawn_at', 'is', null)
      .where('draws_at', '<=', now)
      .where('orders_root', 'is not', null)
      .orderBy('draws_at')
      .limit(DRAWS_PER_ROUND)
      .execute();
    let drawn = 0;
    for (const row of due) {
      // One period that cannot be drawn must not hold up the others: it is tried again next round.
      try {
        const startedAt = performance.now();
        const verdict = beaconVerdict(row, beacon?.client ?? null, beacon?.timeoutMs ?? 0, now);
        if (verdict.kind === 'wait') continue;
        const done =
          verdict.kind === 'void'
            ? await voidPeriod(db, dialect, row, verdict.reason, now, events)
            : await drawPeriod(db, dialect, row, now, announce?.drawnAt(now), verdict.beacon);
        if (done) {
          drawn += 1;
          observeSettlement(row.project_id, (performance.now() - startedAt) / 1000);
        }
      } catch (error) {
        log.error({ err: error, projectId: row.project_id, periodNo: row.period_no }, 'period draw failed');
      }
    }
    // After the draws: a stop-on-win chase whose period just won is stopped before its next period is placed.
    await runChaseRound(db, dialect, log, now, events).catch((error: unknown) => log.error({ err: error }, 'chase round failed'));
    if (drawn > 0) for (const listener of drawnListeners) listener();
    return drawn;
  }

  const rounds = periodicJob({ name: 'period round', intervalMs: RUNNER_INTERVAL_MS, run: runRound }, log);
  // One extra round at a time, however many asks for one come while it runs (then one more after it).
  let extra: Promise<void> | null = null;
  let askedAgain = false;
  function runSoon(now: () => number): void {
    if (extra) return void (askedAgain = true);
    extra = (async () => {
      do {
        askedAgain = false;
        await runRound(now()).catch((error: unknown) => log.error({ err: error }, 'period round failed'));
      } while (askedAgain);
      extra = null;
    })();
  }
  return {
    runRound,
    /** A round now, besides the timed ones (a beacon round just verified): never two of these at once. */
    runSoon,
    /** The extra round under way, ended. */
    settled: async () => void (await extra),
    job: rounds,
    /** Called after a round that drew a period, so what was read before the draw is read again. */
    onDrawn: (listener: () => void) => void drawnListeners.push(listener),
    /**
     * Before a period is read: at most one round a second per instance, never failing the read.
     * A round already running may have started before `now` and miss a draw due since; once it
     * ends, one more starts if a second has passed, so a reader after a long pause sees that draw.
     */
    catchUp: async (now: number) => {
      await rounds.runIfDue(now);
      await rounds.runIfDue(now);
    },
  };
}

