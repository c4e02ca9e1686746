import type { FindOperator } from '../../http/operator-calls.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { exportRoutes } from './operator-routes.js';

export function exportsModule(
  { db, config, now }: Platform,
  { findOperator }: { findOperator: FindOperator },
): ModuleManifest {
  return { services: {}, operatorRoutes: (_call, site) => exportRoutes(site, { db, timeZone: config.timeZone, findOperator, now }) };
}
