import type { LateDraws } from '../game/index.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { createDashboard } from './operator-dashboard.js';
import { dashboardRoutes } from './operator-routes.js';
import { registerQueueGauges } from './queue-gauges.js';

export function dashboardModule({ db, config, metrics, now }: Platform, { lateDraws }: { lateDraws: LateDraws }): ModuleManifest {
  const dashboard = createDashboard(db, config.timeZone, lateDraws);
  registerQueueGauges(metrics, db, now);
  return { services: {}, operatorRoutes: (call) => dashboardRoutes(call, dashboard) };
}
