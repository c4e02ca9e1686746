import type { LiveEvents } from '../events/index.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { createProtectionService } from './protection-service.js';
import { protectionRoutes } from './routes.js';

export { operatorProtectionView } from './operator-view.js';

/** Player protection (PRODUCT §12): limits, reality checks, time-outs and self-exclusion; the guard itself runs in each money write. */
export function protectionModule({ db, database }: Platform, { limiter, liveEvents }: { limiter: RateLimiter; liveEvents: LiveEvents }): ModuleManifest {
  const protection = createProtectionService({ db, dialect: database.dialect, limiter, liveEvents });
  return { services: {}, routes: (call) => protectionRoutes(call, protection) };
}
