import type { ModuleManifest, Platform } from '../manifest.js';
import { createDashboard } from './operator-dashboard.js';
import { dashboardRoutes } from './operator-routes.js';
import { registerQueueGauges } from './queue-gauges.js';

export function dashboardModule({ db, config, metrics, now }: Platform): ModuleManifest {
  const dashboard = createDashboard(db, config.timeZone);
  registerQueueGauges(metrics, db, now);
  return { services: {}, operatorRoutes: (call) => dashboardRoutes(call, dashboard) };
}
