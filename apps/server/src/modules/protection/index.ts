import type { ModuleManifest, Platform } from '../manifest.js';
import { createProtectionService, type ProtectionServiceDependencies } from './protection-service.js';
import { protectionRoutes } from './routes.js';

export { operatorProtectionView } from './operator-view.js';
export { assertMayPlay, assertWithinLimits, guardMoneyWrite, limitsInForce, lockProtections } from './protection-lock.js';

/** Player protection (PRODUCT §12): limits, reality checks, time-outs and self-exclusion; the guard itself runs in each money write. */
export function protectionModule({ db, database }: Platform, deps: Omit<ProtectionServiceDependencies, 'db' | 'dialect'>): ModuleManifest {
  const protection = createProtectionService({ db, dialect: database.dialect, ...deps });
  return { services: {}, routes: (call) => protectionRoutes(call, protection) };
}
