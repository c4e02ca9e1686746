import type { BeaconChain } from '@wallet/contract/game';
import { openChangeFeed } from '../../db/change-feed.js';
import type { LiveEvents } from '../events/index.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { createGameOperatorReads } from './operator-game-reads.js';
import { createOperatorProjects } from './operator-projects.js';
import { gameOperatorRoutes } from './operator-routes.js';
import { cancelWaitingChasesOf, type CancelWaitingChases } from './chase-cancellation.js';
import { createChaseService } from './chases.js';
import { createOrderService } from './order-service.js';
import { createOrderProofs } from './order-proof.js';
import { createPeriodReads, type PeriodReads } from './period-reads.js';
import { drawLags } from './draw-lag.js';
import { createBeaconClient } from './beacon-client.js';
import { createFairnessReads } from './fairness-reads.js';
import { lateDraws, type LateDraws } from './late-draws.js';
import { createPeriodRunner } from './period-runner.js';
import { createProjectCache } from './project-cache.js';
import { gameRoutes } from './routes.js';

export type { PeriodReads } from './period-reads.js';
export type { LateDraws } from './late-draws.js';
export { ensureFirstProjects } from './projects.js';

/** Projects, their periods (created and drawn by the period round), orders and settlement. */
export function gameModule({ db, database, config, idempotency, log, metrics, now }: Platform, { liveEvents }: { liveEvents: LiveEvents }): ModuleManifest<{ periodReads: PeriodReads; cancelWaitingChases: CancelWaitingChases; lateDraws: LateDraws; beaconChain: () => BeaconChain | null }> {
  const projects = createProjectCache(db, (onChange) => openChangeFeed(database, 'projects', onChange, log));
  const beacon = config.fairnessBeacon && { client: createBeaconClient(config.fairnessBeacon, log, now), timeoutMs: config.fairnessBeacon.timeoutMs };
  const runner = createPeriodRunner(db, database.dialect, config.timeZone, log, (project, seconds) => metrics.observeSettlement(project, seconds), liveEvents, beacon);
  // The chain's timing is asked for at once: no period is made before it is known.
  beacon?.client.chain();
  // A round just verified: the draws waiting for it need not wait for the next period round.
  beacon?.client.onRound(() => runner.runSoon(now));
  metrics.gauge('draw_lag_seconds', 'How late the draw of each enabled project is: 0 when on time', ['project'], async (set) => {
    for (const { projectId, lagMs } of await drawLags(db, now())) set({ project: projectId }, lagMs / 1000);
  });
  const periodReads = createPeriodReads(db, config.timeZone, runner, projects);
  const orders = createOrderService({ db, dialect: database.dialect, idempotency, maxBatch: config.groupCommitMaxBatch });
  const chases = createChaseService({ db, dialect: database.dialect, idempotency, timeZone: config.timeZone, liveEvents, maxBatch: config.groupCommitMaxBatch });
  metrics.watchGroupCommit('orders', orders.groupCommitCounts);
  metrics.watchGroupCommit('chase starts', chases.groupCommitCounts);
  return {
    services: { periodReads, cancelWaitingChases: cancelWaitingChasesOf(database.dialect, liveEvents), lateDraws: (at: number) => lateDraws(db, at), beaconChain: () => beacon?.client.chain() ?? null },
    routes: (call) => gameRoutes(call, periodReads, orders, createOrderProofs(db, log), chases),
    operatorRoutes: (call) =>
      gameOperatorRoutes(
        call,
        createOperatorProjects({ db, dialect: database.dialect, timeZone: config.timeZone, projects, imageHosts: config.contentImageHosts }),
        createGameOperatorReads(db),
        createFairnessReads(db, beacon || undefined),
      ),
    jobs: [runner.job],
    close: async () => {
      projects.close();
      await beacon?.client.settled();
      await runner.settled();
    },
  };
}
