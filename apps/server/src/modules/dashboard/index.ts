import type { ModuleManifest, Platform } from '../manifest.js';
import { createDashboard } from './operator-dashboard.js';
import { dashboardRoutes } from './operator-routes.js';

export function dashboardModule({ db, config }: Platform): ModuleManifest {
  const dashboard = createDashboard(db, config.timeZone);
  return { services: {}, operatorRoutes: (call) => dashboardRoutes(call, dashboard) };
}
