import type { ModuleManifest, Platform } from '../manifest.js';
import type { LiveEvents } from '../events/index.js';
import type { PeriodReads } from '../game/index.js';
import { createOperatorContent } from './operator-content.js';
import { contentOperatorRoutes } from './operator-routes.js';
import { createPublicContent } from './public-content.js';
import { contentRoutes } from './routes.js';

export { ensureFirstContent } from './first-content.js';

/** Notices, activities, banners, about and the agreement: read in the app, published from the console. */
export function contentModule({ db, config }: Platform, { periodReads, liveEvents }: { periodReads: PeriodReads; liveEvents: LiveEvents }): ModuleManifest {
  const content = createPublicContent(db, periodReads, config.contentImageHosts);
  const admin = createOperatorContent(db, config.contentImageHosts, liveEvents);
  return { services: {}, routes: (call) => contentRoutes(call, content), operatorRoutes: (call) => contentOperatorRoutes(call, admin) };
}
