import type { FindOperator } from '../../http/operator-calls.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { exportRoutes } from './operator-routes.js';
import { userExportRoutes } from './user-routes.js';

/** CSV files: operators' exports of every list, and each user's own statement. */
export function exportsModule(
  { db, config, now }: Platform,
  { findOperator }: { findOperator: FindOperator },
): ModuleManifest {
  return {
    services: {},
    routes: (call) => userExportRoutes(call, db, config.timeZone),
    operatorRoutes: (_call, site) => exportRoutes(site, { db, timeZone: config.timeZone, findOperator, now }),
  };
}
